//! One game as an arbiter sees it: the rules core's [`Game`] plus the clock, offers, claims,
//! violations, corrections and the result with its reason. Every change comes from a
//! [`LogEntry`]; time comes only from the entries' timestamps.
//!
//! ```
//! use shatar_arbiter::{ArbiterGame, log::{Actor, Event, Header, LogEntry}};
//! use shatar_rules::Color;
//! let header = Header::new("competition", "1800".parse()?);
//! let mut game = ArbiterGame::open(&LogEntry::new(0, Actor::Arbiter, Event::Open(header)))?;
//! game.apply(&LogEntry::new(0, Actor::Arbiter, Event::Start))?;
//! game.apply(&LogEntry::new(30_000, Actor::White, Event::Move("e2e4".into())))?;
//! assert_eq!(game.clock().face(Color::White).used_ms, 30_000);
//! assert!(game.apply(&LogEntry::new(20_000, Actor::Black, Event::Move("e7e5".into()))).is_err());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::claims::{
    self, ClaimAnswer, ClaimKind, ClaimRecord, FALSE_CLAIM_PENALTY_MS, TIME_TROUBLE_MS,
};
use crate::clock::Clock;
use crate::corrections::{self, CorrectionRecord};
use crate::error::ApplyError;
use crate::log::{Actor, Event, Header, LogEntry, RulesetSpec};
use crate::offers::{OfferRefusal, Offers};
use crate::violations::{
    LOSING_VIOLATIONS, ScoresheetPenalty, Violation, ViolationKind, scoresheet_penalty,
};
use shatar_rules::outcome::{self, Outcome, Termination};
use shatar_rules::{ByColor, Color, Game, Move, Preset, Ruleset, fen, uci};
use std::fmt;

/// How a player ran out of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeLoss {
    /// The flag fell.
    Flag,
    /// The player claimed after the flag had fallen (S4 ch.1 §5 二.4(3)).
    ClaimAfterFlag,
    /// The five minutes added for a false claim overstepped the time (二.4(2)).
    FalseClaimPenalty,
}

/// Why a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reason {
    /// By the rules (mate, stalemate, perpetual check, …), decided by the rules core.
    Rules(Termination),
    /// The move that used the last of the time mated or stalemated, and stands (S4 ch.2
    /// §3.5).
    LastMoveStands(Termination),
    /// A player resigned.
    Resignation,
    /// A draw offer was accepted.
    Agreement,
    /// Time ran out: a loss, or a draw when the opponent cannot mate (docs/rules.md §3).
    Time(TimeLoss),
    /// The third violation in the game (S4 ch.1 §5 一.4).
    ThirdViolation,
    /// Twelve rounds wrong or missing on the scoresheet (S4 ch.2 §1.3.6).
    Scoresheet,
    /// Late beyond the event's limit (S4 ch.1 §5 一.5).
    LateArrival,
    /// A draw claim granted.
    Claim(ClaimKind),
    /// The arbiter's decision, with the arbiter's reason.
    ArbiterDecision(String),
}

/// The end of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The result.
    pub outcome: Outcome,
    /// Why.
    pub reason: Reason,
    /// The player the reason concerns (who resigned, ran out of time, claimed, …).
    pub player: Option<Color>,
    /// When it ended.
    pub at_ms: u64,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.player.map_or("", |c| c.name());
        write!(f, "{} (", self.outcome)?;
        match &self.reason {
            Reason::Rules(t) => write!(f, "{t}")?,
            Reason::LastMoveStands(t) => {
                write!(f, "{t} on the move that used the last of the time stands")?;
            }
            Reason::Resignation => write!(f, "{who} resigned")?,
            Reason::Agreement => write!(f, "draw agreed")?,
            Reason::Time(loss) => {
                match loss {
                    TimeLoss::Flag => write!(f, "{who}'s flag fell")?,
                    TimeLoss::ClaimAfterFlag => write!(f, "{who} claimed after the flag fell")?,
                    TimeLoss::FalseClaimPenalty => {
                        write!(f, "{who}'s false-claim penalty overstepped the time")?;
                    }
                }
                if self.outcome == Outcome::Draw {
                    write!(f, ", but the opponent cannot mate")?;
                }
            }
            Reason::ThirdViolation => write!(f, "{who}'s third violation")?,
            Reason::Scoresheet => write!(f, "{who}'s scoresheet missed 12 rounds")?,
            Reason::LateArrival => write!(f, "{who} late beyond the limit: default")?,
            Reason::Claim(kind) => write!(f, "{who}'s {kind} claim granted")?,
            Reason::ArbiterDecision(why) => write!(f, "arbiter's decision: {why}")?,
        }
        f.write_str(")")
    }
}

/// One game under an arbiter.
#[derive(Debug, Clone)]
pub struct ArbiterGame {
    header: Header,
    game: Game,
    clock: Clock,
    /// What each ply played in this game earned on the clock, to withdraw on a take-back.
    credits: Vec<u64>,
    offers: Offers,
    claims: Vec<ClaimRecord>,
    pending_claim: Option<usize>,
    violations: Vec<Violation>,
    corrections: Vec<CorrectionRecord>,
    takeback: Option<Color>,
    started: bool,
    adjourned: bool,
    arrived: ByColor<Option<u64>>,
    result: Option<GameResult>,
    now_ms: u64,
    events: usize,
}

fn resolve_ruleset(spec: &RulesetSpec) -> Result<Ruleset, ApplyError> {
    match spec {
        RulesetSpec::Preset(name) => name
            .parse::<Preset>()
            .map(Preset::ruleset)
            .map_err(|e| ApplyError::Header(e.to_string())),
        RulesetSpec::Custom(r) => Ok(*r),
    }
}

impl ArbiterGame {
    /// Opens a game from its first entry (an `open` event by the arbiter).
    pub fn open(entry: &LogEntry) -> Result<ArbiterGame, ApplyError> {
        let Event::Open(header) = &entry.event else {
            return Err(ApplyError::Open);
        };
        if entry.by != Actor::Arbiter {
            return Err(ApplyError::Actor {
                actor: entry.by,
                event: "open",
            });
        }
        let ruleset = resolve_ruleset(&header.ruleset)?;
        let pos = match &header.fen {
            Some(text) => {
                fen::read(text, ruleset).map_err(|e| ApplyError::Header(e.to_string()))?
            }
            None => shatar_rules::Position::start(ruleset),
        };
        Ok(ArbiterGame {
            clock: Clock::new(header.time_control.clone()),
            header: header.clone(),
            game: Game::from_position(pos),
            credits: Vec::new(),
            offers: Offers::default(),
            claims: Vec::new(),
            pending_claim: None,
            violations: Vec::new(),
            corrections: Vec::new(),
            takeback: None,
            started: false,
            adjourned: false,
            arrived: ByColor::default(),
            result: None,
            now_ms: entry.t,
            events: 1,
        })
    }

    /// Applies one entry. On error the game is unchanged.
    pub fn apply(&mut self, entry: &LogEntry) -> Result<(), ApplyError> {
        let mut next = self.clone();
        next.apply_in_place(entry)?;
        *self = next;
        Ok(())
    }

    /// Applies one entry; on error the game may be half-changed (replay discards it).
    pub(crate) fn apply_in_place(&mut self, e: &LogEntry) -> Result<(), ApplyError> {
        if matches!(e.event, Event::Open(_)) {
            return Err(ApplyError::Open);
        }
        if e.t < self.now_ms {
            return Err(ApplyError::TimeBackwards {
                previous_ms: self.now_ms,
                now_ms: e.t,
            });
        }
        if let Some(result) = &self.result {
            self.after_end(e, result.clone())?;
        } else if let Some(flagged) = self.clock.out_of_time(e.t) {
            self.after_flag(flagged, e)?;
        } else {
            self.dispatch(e)?;
        }
        self.now_ms = e.t;
        self.events += 1;
        Ok(())
    }

    /// A claim by a player who has already lost by mate or time is recorded and changes
    /// nothing (S4 ch.1 §5 二.4(3)); any other event after the end is refused.
    fn after_end(&mut self, e: &LogEntry, result: GameResult) -> Result<(), ApplyError> {
        let lost_by_mate_or_time = matches!(
            result.reason,
            Reason::Rules(Termination::Checkmate)
                | Reason::LastMoveStands(Termination::Checkmate)
                | Reason::Time(_)
        );
        if let (Event::Claim { kind, .. }, Some(claimant)) = (&e.event, e.by.player()) {
            let loser = match result.outcome {
                Outcome::Decisive { winner } => Some(!winner),
                Outcome::Draw => None,
            };
            if lost_by_mate_or_time && loser == Some(claimant) {
                self.claims.push(ClaimRecord {
                    by: claimant,
                    kind: *kind,
                    at_ms: e.t,
                    answer: ClaimAnswer::ClaimantHadLost,
                });
                return Ok(());
            }
        }
        Err(ApplyError::AfterEnd(result.to_string()))
    }

    /// The side to move's time ran out before this event: the game ends on time, except that
    /// a move that mates or stalemates stands (S4 ch.2 §3.5).
    fn after_flag(&mut self, flagged: Color, e: &LogEntry) -> Result<(), ApplyError> {
        let flag_at = self.clock.flag_instant_ms().unwrap_or(e.t);
        match &e.event {
            Event::Move(text) if e.by == Actor::of(flagged) => {
                let m = self.parse_move(text)?;
                self.play(m, e.t)?;
                if let Some(result) = &mut self.result {
                    if matches!(
                        result.reason,
                        Reason::Rules(Termination::Checkmate | Termination::Stalemate)
                    ) {
                        if let Reason::Rules(t) = result.reason {
                            result.reason = Reason::LastMoveStands(t);
                        }
                        return Ok(());
                    }
                    self.result = None;
                }
                self.end_on_time(flagged, TimeLoss::Flag, flag_at);
            }
            Event::Claim { kind, .. } if e.by == Actor::of(flagged) => {
                self.claims.push(ClaimRecord {
                    by: flagged,
                    kind: *kind,
                    at_ms: e.t,
                    answer: ClaimAnswer::ClaimantHadLost,
                });
                self.end_on_time(flagged, TimeLoss::ClaimAfterFlag, flag_at);
            }
            _ => self.end_on_time(flagged, TimeLoss::Flag, flag_at),
        }
        Ok(())
    }

    fn dispatch(&mut self, e: &LogEntry) -> Result<(), ApplyError> {
        let t = e.t;
        if self.pending_claim.is_some()
            && !matches!(e.event, Event::Ruling { .. } | Event::Decide { .. })
        {
            return Err(ApplyError::ClaimPending);
        }
        match &e.event {
            Event::Open(_) => return Err(ApplyError::Open),
            Event::Arrive => {
                let p = player(e)?;
                if self.arrived[p].is_some() {
                    return Err(ApplyError::Arrival(format!("{p} has already arrived")));
                }
                self.arrived[p] = Some(t);
                if let Some(s) = self.header.scheduled_start_ms
                    && t.saturating_sub(s) > self.header.late_limit_ms
                {
                    self.finish(
                        Outcome::Decisive { winner: !p },
                        Reason::LateArrival,
                        Some(p),
                        t,
                    );
                }
            }
            Event::NoShow { player: p } => {
                arbiter(e)?;
                let p = *p;
                let Some(s) = self.header.scheduled_start_ms else {
                    return Err(ApplyError::Arrival(
                        "no scheduled start in the header".into(),
                    ));
                };
                if self.arrived[p].is_some() {
                    return Err(ApplyError::Arrival(format!("{p} has arrived")));
                }
                let late = t.saturating_sub(s);
                if late <= self.header.late_limit_ms {
                    return Err(ApplyError::Arrival(format!(
                        "{p} is {late} ms late; the limit is {} ms",
                        self.header.late_limit_ms
                    )));
                }
                self.finish(
                    Outcome::Decisive { winner: !p },
                    Reason::LateArrival,
                    Some(p),
                    t,
                );
            }
            Event::Start => {
                arbiter(e)?;
                if self.started {
                    return Err(ApplyError::AlreadyStarted);
                }
                let since = match self.header.scheduled_start_ms {
                    Some(s) if self.header.clock_from_schedule && s <= t => s,
                    _ => t,
                };
                self.started = true;
                self.clock.start(self.turn(), since);
            }
            Event::Move(text) => {
                let p = player(e)?;
                self.in_play()?;
                if self.header.clock_only {
                    return Err(ApplyError::ClockOnly(
                        "a clock-only board records no moves: press the clock",
                    ));
                }
                if p != self.turn() {
                    return Err(ApplyError::NotYourTurn(p));
                }
                let m = self.parse_move(text)?;
                self.play(m, t)?;
            }
            Event::Press => {
                let p = player(e)?;
                self.in_play()?;
                if !self.header.clock_only {
                    return Err(ApplyError::ClockOnly(
                        "a press without its move is for clock-only boards",
                    ));
                }
                if p != self.turn() {
                    return Err(ApplyError::NotYourTurn(p));
                }
                self.press(p, t);
            }
            Event::Offer => {
                let p = player(e)?;
                self.in_play()?;
                match self.offers.offer(p, t) {
                    Ok(()) => {}
                    // S4 ch.2 §1.3.7: repeating a refused offer is a violation.
                    Err(OfferRefusal::OpponentsTurnToOffer) => self.record_violation(
                        p,
                        ViolationKind::RepeatedDrawOffer,
                        "draw offer repeated before the opponent offered".into(),
                        t,
                    ),
                    Err(refusal) => return Err(refusal.into()),
                }
            }
            Event::Accept => {
                let p = player(e)?;
                self.offers.accept(p)?;
                self.finish(Outcome::Draw, Reason::Agreement, None, t);
            }
            Event::Decline => {
                let p = player(e)?;
                self.offers.decline(p)?;
            }
            Event::Claim { kind, mv } => {
                let p = player(e)?;
                self.in_play()?;
                self.claim(p, *kind, mv.as_deref(), t)?;
            }
            Event::Ruling { granted, .. } => {
                arbiter(e)?;
                let Some(i) = self.pending_claim.take() else {
                    return Err(ApplyError::NoClaimPending);
                };
                let Some(record) = self.claims.get_mut(i) else {
                    return Err(ApplyError::NoClaimPending);
                };
                if *granted {
                    record.answer = ClaimAnswer::Granted;
                    let (by, kind) = (record.by, record.kind);
                    self.finish(Outcome::Draw, Reason::Claim(kind), Some(by), t);
                } else {
                    record.answer = ClaimAnswer::Refused;
                    self.clock.resume(t);
                }
            }
            Event::Resign => {
                let p = player(e)?;
                self.finish(
                    Outcome::Decisive { winner: !p },
                    Reason::Resignation,
                    Some(p),
                    t,
                );
            }
            Event::Flag => {
                let turn = self.turn();
                return Err(ApplyError::NoFlag {
                    color: turn,
                    remaining_ms: self.clock.remaining_ms(turn, t),
                });
            }
            Event::Violation {
                player: p,
                kind,
                note,
            } => {
                arbiter(e)?;
                self.record_violation(*p, *kind, note.clone(), t);
            }
            Event::Scoresheet {
                player: p,
                rounds,
                note,
            } => {
                arbiter(e)?;
                match scoresheet_penalty(*rounds) {
                    ScoresheetPenalty::Violations(n) => {
                        for _ in 0..n {
                            self.record_violation(*p, ViolationKind::Scoresheet, note.clone(), t);
                        }
                    }
                    ScoresheetPenalty::Loss => self.finish(
                        Outcome::Decisive { winner: !*p },
                        Reason::Scoresheet,
                        Some(*p),
                        t,
                    ),
                }
            }
            Event::AddTime { player: p, ms } => {
                arbiter(e)?;
                self.clock.add_ms(*p, *ms);
            }
            Event::ProposeTakeback => {
                let p = player(e)?;
                self.in_play()?;
                if !self.header.takebacks {
                    return Err(ApplyError::Takeback("the event does not allow take-backs"));
                }
                if self.header.clock_only {
                    return Err(ApplyError::Takeback(
                        "a clock-only board has no recorded move to take back",
                    ));
                }
                if self.credits.is_empty() || self.turn() == p {
                    return Err(ApplyError::Takeback(
                        "only the player who made the last move may ask to take it back",
                    ));
                }
                if self.takeback.is_some() {
                    return Err(ApplyError::Takeback("a take-back is already proposed"));
                }
                self.takeback = Some(p);
            }
            Event::AcceptTakeback => {
                let p = player(e)?;
                self.in_play()?;
                if self.takeback != Some(!p) {
                    return Err(ApplyError::Takeback(
                        "no take-back proposed by the opponent",
                    ));
                }
                self.takeback = None;
                self.clock.abandon(t);
                self.undo_ply();
                self.offers.lapse();
                self.clock.start(self.turn(), t);
            }
            Event::DeclineTakeback => {
                let p = player(e)?;
                if self.takeback != Some(!p) {
                    return Err(ApplyError::Takeback(
                        "no take-back proposed by the opponent",
                    ));
                }
                self.takeback = None;
            }
            Event::Correct {
                move_number,
                side,
                note,
            } => {
                arbiter(e)?;
                self.in_play()?;
                if self.header.clock_only {
                    return Err(ApplyError::Correction(
                        "a clock-only board has no record to correct; decide or add time instead"
                            .into(),
                    ));
                }
                self.correct(*move_number, *side, note.clone(), t)?;
            }
            Event::Adjourn => {
                arbiter(e)?;
                self.in_play()?;
                self.clock.stop(t);
                self.adjourned = true;
            }
            Event::Resume => {
                arbiter(e)?;
                if !self.adjourned {
                    return Err(ApplyError::Adjournment("the game is not adjourned"));
                }
                self.adjourned = false;
                self.clock.resume(t);
            }
            Event::Decide { result, reason } => {
                arbiter(e)?;
                let outcome = parse_outcome(result)?;
                self.pending_claim = None;
                self.finish(outcome, Reason::ArbiterDecision(reason.clone()), None, t);
            }
        }
        Ok(())
    }

    /// The game must be under way: started and not adjourned.
    fn in_play(&self) -> Result<(), ApplyError> {
        if !self.started {
            return Err(ApplyError::NotStarted);
        }
        if self.adjourned {
            return Err(ApplyError::Adjournment("the game is adjourned"));
        }
        Ok(())
    }

    fn parse_move(&self, text: &str) -> Result<Move, ApplyError> {
        let pos = self.game.position();
        uci::parse_move(pos, text).map_err(|err| ApplyError::IllegalMove {
            text: text.to_owned(),
            color: pos.turn(),
            move_number: pos.fullmoves(),
            reason: err.to_string(),
        })
    }

    /// Plays a move by the side to move at `t`, presses the clock, and ends the game if the
    /// rules end it.
    fn play(&mut self, m: Move, t: u64) -> Result<(), ApplyError> {
        let pos = self.game.position();
        let (mover, move_number) = (pos.turn(), pos.fullmoves());
        self.game.play(m).map_err(|err| ApplyError::IllegalMove {
            text: uci::write(&m, self.game.ruleset()),
            color: mover,
            move_number,
            reason: err.to_string(),
        })?;
        self.press(mover, t);
        if let Some(end) = self.game.end() {
            self.finish(end.outcome, Reason::Rules(end.termination), None, t);
        }
        Ok(())
    }

    /// `mover` presses the clock at `t` after a move: their time is charged and the
    /// opponent's runs; a draw offer the mover did not make lapses.
    fn press(&mut self, mover: Color, t: u64) {
        let press = self.clock.press(mover, t);
        self.credits.push(press.credit_ms);
        self.offers.moved(mover);
        self.takeback = None;
    }

    /// The side to move: the position's, or on a clock-only board (whose position stays
    /// the start) the start's side after as many presses as were made.
    pub fn turn(&self) -> Color {
        let start = self.game.position().turn();
        if self.header.clock_only && self.credits.len() % 2 == 1 {
            !start
        } else {
            start
        }
    }

    /// Takes back the last ply with what it earned on the clock.
    fn undo_ply(&mut self) {
        if self.game.undo().is_some() {
            let credit = self.credits.pop().unwrap_or(0);
            let mover = self.game.position().turn();
            self.clock.withdraw(mover, credit);
        }
    }

    fn claim(
        &mut self,
        p: Color,
        kind: ClaimKind,
        mv: Option<&str>,
        t: u64,
    ) -> Result<(), ApplyError> {
        let mut record = ClaimRecord {
            by: p,
            kind,
            at_ms: t,
            answer: ClaimAnswer::Refused,
        };
        if self.header.clock_only {
            // Nothing on the device to examine the claim against: the arbiter rules, with
            // the clock stopped, from the players' score sheets and the board.
            if mv.is_some() {
                return Err(ApplyError::ClockOnly(
                    "a clock-only board records no moves: claim without the move, for the arbiter",
                ));
            }
            self.claim_for_ruling(record);
            return Ok(());
        }
        let available = match mv {
            Some(text) => {
                if self.turn() != p {
                    return Err(ApplyError::ClaimOutOfTurn(p));
                }
                let m = self.parse_move(text)?;
                // FIDE 9.2.1.1: the claim with the move that produces the repetition.
                let after = self.game.claimable_after(m);
                self.play(m, t)?;
                if self.result.is_some() {
                    record.answer = ClaimAnswer::Moot;
                    self.claims.push(record);
                    return Ok(());
                }
                after
            }
            None => self.game.claimable(),
        };
        if let Some(needed) = kind.record_claim() {
            if available.contains(&needed) {
                record.answer = ClaimAnswer::Granted;
                self.claims.push(record);
                self.finish(Outcome::Draw, Reason::Claim(kind), Some(p), t);
            } else {
                // S4 ch.1 §5 二.4(2): a violation, and 5 minutes on the claimant's clock.
                record.answer = ClaimAnswer::False;
                self.claims.push(record);
                self.clock.penalise_ms(p, FALSE_CLAIM_PENALTY_MS);
                self.record_violation(
                    p,
                    ViolationKind::FalseClaim,
                    format!("{kind} claim not supported by the record"),
                    t,
                );
                if self.result.is_none()
                    && !self.clock.control().is_untimed()
                    && self.clock.remaining_ms(p, t) <= 0
                {
                    self.end_on_time(p, TimeLoss::FalseClaimPenalty, t);
                }
            }
            return Ok(());
        }
        if kind.needs_ruling() {
            self.claim_for_ruling(record);
            return Ok(());
        }
        let holds = claims::material_case_holds(self.game.position(), p, kind).unwrap_or(false);
        if holds {
            record.answer = ClaimAnswer::Granted;
            self.claims.push(record);
            self.finish(Outcome::Draw, Reason::Claim(kind), Some(p), t);
        } else {
            self.claims.push(record);
        }
        Ok(())
    }

    /// A claim the arbiter rules on: it waits, with the clock stopped to examine it (S4
    /// ch.1 §5 二.4(1)); a time-trouble claim only with less than two minutes left.
    fn claim_for_ruling(&mut self, mut record: ClaimRecord) {
        let (p, t) = (record.by, record.at_ms);
        let eligible = record.kind != ClaimKind::TimeTrouble
            || (!self.clock.control().is_untimed()
                && self.clock.remaining_ms(p, t) < TIME_TROUBLE_MS);
        if eligible {
            record.answer = ClaimAnswer::AwaitingRuling;
            self.pending_claim = Some(self.claims.len());
            self.clock.stop(t);
        }
        self.claims.push(record);
    }

    fn correct(
        &mut self,
        move_number: u32,
        side: Color,
        note: String,
        t: u64,
    ) -> Result<(), ApplyError> {
        let initial = self.game.initial().clone();
        let played = self.credits.len();
        let index = corrections::ply_index(&initial, move_number, side)
            .filter(|&i| i < played)
            .ok_or_else(|| {
                ApplyError::Correction(format!(
                    "{side}'s move {move_number} has not been played in this game"
                ))
            })?;
        let last_move_number = corrections::move_number_of_ply(&initial, played - 1);
        self.clock.abandon(t);
        let used = |c: &Clock| (c.face(Color::White).used_ms, c.face(Color::Black).used_ms);
        let used_before_ms = used(&self.clock);
        let ratio = corrections::scale_ratio(move_number, last_move_number);
        if let Some((num, den)) = ratio {
            self.clock.scale_used(num, den);
        }
        while self.credits.len() > index {
            self.undo_ply();
        }
        self.offers.lapse();
        self.takeback = None;
        self.clock.start(self.game.position().turn(), t);
        self.corrections.push(CorrectionRecord {
            at_ms: t,
            move_number,
            side,
            last_move_number,
            ratio,
            used_before_ms,
            used_after_ms: used(&self.clock),
            note,
        });
        Ok(())
    }

    fn record_violation(&mut self, p: Color, kind: ViolationKind, note: String, t: u64) {
        self.violations.push(Violation {
            player: p,
            kind,
            note,
            at_ms: t,
        });
        if self.result.is_none() && self.violation_totals()[p] >= LOSING_VIOLATIONS {
            self.finish(
                Outcome::Decisive { winner: !p },
                Reason::ThirdViolation,
                Some(p),
                t,
            );
        }
    }

    /// Ends the game on `flagged`'s time: a loss, or a draw when the opponent cannot win by
    /// any series of legal moves under the ruleset (docs/rules.md §3; FIDE 6.9) — by a mate that
    /// counts, or by a mate that loses for the mater (the `fsf` horse mate).
    ///
    /// On a clock-only board the position is not known to the log: the flag loses, and an
    /// opponent who could not mate is the arbiter's to find (a decision before the flag).
    fn end_on_time(&mut self, flagged: Color, loss: TimeLoss, at_ms: u64) {
        let outcome = if self.header.clock_only || outcome::can_win(self.game.position(), !flagged)
        {
            Outcome::Decisive { winner: !flagged }
        } else {
            Outcome::Draw
        };
        self.finish(outcome, Reason::Time(loss), Some(flagged), at_ms);
    }

    fn finish(&mut self, outcome: Outcome, reason: Reason, player: Option<Color>, at_ms: u64) {
        self.clock.halt(at_ms);
        self.offers.lapse();
        self.takeback = None;
        self.pending_claim = None;
        self.result = Some(GameResult {
            outcome,
            reason,
            player,
            at_ms,
        });
    }

    /// The header the game was opened with.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The game on the board, with its history.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The offers.
    pub fn offers(&self) -> &Offers {
        &self.offers
    }

    /// Whether `color` may offer a draw now, and why not (alternation, S4 ch.1 §5 二.3).
    pub fn may_offer(&self, color: Color) -> Result<(), OfferRefusal> {
        self.offers.may_offer(color)
    }

    /// The claims made.
    pub fn claims(&self) -> &[ClaimRecord] {
        &self.claims
    }

    /// The violations recorded.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Violations per player (a tie-break of the tournament, docs/competition.md §3).
    pub fn violation_totals(&self) -> ByColor<u32> {
        let mut totals = ByColor::default();
        for v in &self.violations {
            totals[v.player] += 1;
        }
        totals
    }

    /// The corrections made.
    pub fn corrections(&self) -> &[CorrectionRecord] {
        &self.corrections
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Whether the clock has been started.
    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the game is adjourned.
    pub fn is_adjourned(&self) -> bool {
        self.adjourned
    }

    /// Who proposed a take-back that waits for an answer.
    pub fn takeback_proposed_by(&self) -> Option<Color> {
        self.takeback
    }

    /// The time of the last event.
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// Entries applied, the opening one included.
    pub fn events(&self) -> usize {
        self.events
    }

    /// Time left for `color` at the last event.
    pub fn remaining_ms(&self, color: Color) -> i64 {
        self.clock.remaining_ms(color, self.now_ms)
    }
}

fn player(e: &LogEntry) -> Result<Color, ApplyError> {
    e.by.player().ok_or(ApplyError::Actor {
        actor: e.by,
        event: e.event.name(),
    })
}

fn arbiter(e: &LogEntry) -> Result<(), ApplyError> {
    if e.by == Actor::Arbiter {
        Ok(())
    } else {
        Err(ApplyError::Actor {
            actor: e.by,
            event: e.event.name(),
        })
    }
}

fn parse_outcome(text: &str) -> Result<Outcome, ApplyError> {
    match text {
        "½-½" => Ok(Outcome::Draw),
        _ => Outcome::from_pgn(text).ok_or_else(|| ApplyError::BadResult(text.to_owned())),
    }
}
