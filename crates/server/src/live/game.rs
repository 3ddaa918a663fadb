//! One live game in memory: the rules' `Game`, the clock, the draw offers and the result.
//! It is a cache of the stored game: [`LiveGame::load`] rebuilds it from the database, and
//! each step is stored (committed) before it changes the cache or is sent to anyone.

use super::clock::Clock;
use super::lag::LagQuota;
use super::presence::Presence;
use crate::board_view;
use crate::db::games::{Ending, EventRow, GameRow, MoveRow, Status};
use crate::error::{ActionError, AppError, OfferRefusal};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shatar_arbiter::Offers;
use shatar_rules::outcome::{GameEnd, Outcome};
use shatar_rules::{Color, Game, PlayError, Ruleset, fen, uci};

/// How a game ended, in storable words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// The result, or none when aborted.
    pub result: Option<Outcome>,
    /// How it ended.
    pub termination: Ending,
}

/// A player's act in a live game. Its JSON (relayed between processes) has the form of the
/// socket's messages (`{"t":"move","uci":"e2e4","ply":0}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// A move in UCI text for the position after `ply` moves.
    Move {
        /// UCI text.
        uci: String,
        /// Moves played before it.
        ply: u32,
    },
    /// Offer a draw.
    DrawOffer,
    /// Accept the opponent's offer.
    DrawAccept,
    /// Decline the opponent's offer.
    DrawDecline,
    /// Resign.
    Resign,
    /// Abort before the first round is complete.
    Abort,
    /// Claim a draw by repetition or the move rule.
    Claim,
    /// Claim the win of a game the opponent has left (see [`super::presence`]).
    ClaimVictory,
    /// Berserk (an arena game, before one's first move): half one's time, no increment,
    /// an extra arena point for a win.
    Berserk,
}

/// The step kind stored when a player berserks.
pub const BERSERK: &str = "berserk";

/// A live game.
#[derive(Debug)]
pub struct LiveGame {
    /// The stored header.
    pub row: GameRow,
    /// The rules' game.
    pub game: Game,
    /// The clock.
    pub clock: Clock,
    /// Draw offers.
    pub offers: Offers,
    /// The end, once ended.
    pub finish: Option<Finish>,
    /// The clocks after each move (for the move list).
    pub move_clocks: Vec<(i64, i64)>,
    /// The ply the computer is thinking about, if it is.
    pub computer_thinking: Option<u32>,
    /// Whether the computer is weighing the opponent's draw offer.
    pub computer_answering: bool,
    /// The side that declined the last draw offer (in words or by moving), until the next
    /// move or offer: the page says so.
    pub draw_declined: Option<Color>,
    /// When the game was created or its last move was played (the first round's deadline
    /// counts from it).
    pub last_step_ms: i64,
    /// Who has asked for a rematch (kept in memory only: a restart forgets the request).
    pub rematch_offer: Option<Color>,
    /// The rematch game, once both asked.
    pub rematch_game: Option<String>,
    /// Each side's lag quota (White, Black; in memory: a restart gives fresh quotas).
    pub lag_quota: [LagQuota; 2],
    /// When each player was last at the game: read from the database just before a claim
    /// of victory is planned (`None` until then: no claim).
    pub presence: Option<Presence>,
    /// Whether the game is an arena's, where a player may berserk (looked up when the
    /// game is loaded).
    pub berserk_allowed: bool,
}

/// How long each of the first round's two moves may wait: `base_ms` (the configured
/// `--first-move-seconds`) for games of up to 10 minutes, once more for each further 10
/// minutes on the clock, at most five times (lichess waits longer in slow games too).
///
/// ```
/// use shatar_server::live::game::first_move_ms;
/// assert_eq!(first_move_ms(30_000, 300_000), 30_000);
/// assert_eq!(first_move_ms(30_000, 900_000), 60_000);
/// assert_eq!(first_move_ms(30_000, 5_400_000), 150_000);
/// ```
pub fn first_move_ms(base_ms: i64, initial_ms: i64) -> i64 {
    base_ms * (1 + initial_ms.max(0) / 600_000).min(5)
}

fn win_for(color: Color) -> Outcome {
    Outcome::Decisive { winner: color }
}

fn finish_by_rules(end: GameEnd) -> Finish {
    Finish {
        result: Some(end.outcome),
        termination: Ending::by_rules(end.termination),
    }
}

/// The arbiter library's refusal of a draw-offer step, as told to `color`.
fn offer_error(color: Color, refusal: shatar_arbiter::OfferRefusal) -> ActionError {
    use shatar_arbiter::OfferRefusal as Why;
    match refusal {
        Why::Pending(by) if by == color => ActionError::CannotOffer(OfferRefusal::OwnPending),
        Why::Pending(_) => ActionError::CannotOffer(OfferRefusal::AnswerFirst),
        Why::OpponentsTurnToOffer => ActionError::CannotOffer(OfferRefusal::NotYourChance),
        Why::NothingToAnswer => ActionError::NoOffer,
    }
}

/// The ruleset of a stored preset name.
pub fn ruleset_of(name: &str) -> Result<Ruleset, AppError> {
    name.parse::<shatar_rules::Preset>()
        .map(|p| p.ruleset())
        .map_err(|_| AppError::BadRequest(crate::i18n::unknown_ruleset(name)))
}

/// What one action does, to be stored and then applied.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The move row to store.
    pub mv: Option<MoveRow>,
    /// The event to store: kind and acting colour.
    pub event: Option<(&'static str, Option<Color>)>,
    /// The time given with a `time-given` event.
    pub given_ms: Option<i64>,
    /// The end to store.
    pub finish: Option<Finish>,
    /// The new state (applied after the commit).
    next: Box<NextState>,
}

#[derive(Debug, Clone)]
struct NextState {
    game: Game,
    clock: Clock,
    offers: Offers,
    draw_declined: Option<Color>,
    lag_quota: [LagQuota; 2],
}

impl LiveGame {
    /// A fresh game from its stored header.
    pub fn new(row: GameRow) -> Result<LiveGame, AppError> {
        let ruleset = ruleset_of(&row.ruleset)?;
        let pos = fen::read(&row.initial_fen, ruleset)
            .map_err(|e| AppError::Internal(format!("game {}: initial FEN: {e}", row.id)))?;
        let clock = Clock::new(row.initial_ms, row.increment_ms);
        let finish = match row.status {
            Status::Started => None,
            Status::Ended | Status::Aborted => Some(Finish {
                result: row.result,
                termination: row.termination.ok_or_else(|| {
                    AppError::Internal(format!("game {}: ended without a termination", row.id))
                })?,
            }),
        };
        Ok(LiveGame {
            game: Game::from_position(pos),
            clock,
            offers: Offers::default(),
            finish,
            move_clocks: Vec::new(),
            computer_thinking: None,
            computer_answering: false,
            draw_declined: None,
            last_step_ms: row.created_ms,
            rematch_offer: None,
            rematch_game: None,
            lag_quota: [LagQuota::default(); 2],
            presence: None,
            berserk_allowed: false,
            row,
        })
    }

    /// Rebuilds a game from its stored header, moves and events.
    pub fn load(
        row: GameRow,
        moves: &[MoveRow],
        events: &[EventRow],
    ) -> Result<LiveGame, AppError> {
        let mut live = LiveGame::new(row)?;
        let mut pending = events.iter().peekable();
        for k in 0..=moves.len() {
            while let Some(e) = pending.next_if(|e| usize::try_from(e.ply).ok() == Some(k)) {
                let color = match e.color.as_deref() {
                    Some("white") => Color::White,
                    Some("black") => Color::Black,
                    _ => continue,
                };
                // Stored steps were valid when made; replaying them cannot fail.
                let at_ms = u64::try_from(e.at_ms).unwrap_or(0);
                let _ = match e.kind.as_str() {
                    "draw-offer" => live.offers.offer(color, at_ms),
                    "draw-decline" => live.offers.decline(color),
                    "draw-accept" => live.offers.accept(color),
                    _ => Ok(()),
                };
            }
            let Some(m) = moves.get(k) else { break };
            let mover = live.game.position().turn();
            let mv = uci::parse_move(live.game.position(), &m.uci).map_err(|e| {
                AppError::Internal(format!(
                    "game {}: stored move {} {:?}: {e}",
                    live.row.id, k, m.uci
                ))
            })?;
            live.game.play_unchecked(mv);
            live.offers.moved(mover);
            live.move_clocks.push((m.white_ms, m.black_ms));
            live.last_step_ms = m.played_ms;
        }
        // The clock replays the presses at the stored times of the moves (see `clock`),
        // and the time given between them.
        let given = |ply: usize| {
            events
                .iter()
                .filter(move |e| e.kind == "time-given" && usize::try_from(e.ply).ok() == Some(ply))
                .filter_map(|e| {
                    let color = match e.color.as_deref() {
                        Some("white") => Color::White,
                        Some("black") => Color::Black,
                        _ => return None,
                    };
                    Some((color, e.ms?))
                })
        };
        for e in events.iter().filter(|e| e.kind == BERSERK) {
            match e.color.as_deref() {
                Some("white") => live.clock.berserk(Color::White),
                Some("black") => live.clock.berserk(Color::Black),
                _ => {}
            }
        }
        for (k, m) in moves.iter().enumerate() {
            for (color, ms) in given(k) {
                live.clock.add_ms(color, ms);
            }
            let mover = if k % 2 == 0 {
                live.game.initial().turn()
            } else {
                !live.game.initial().turn()
            };
            match k {
                0 => {}
                1 => live.clock.start(!mover, m.played_ms),
                _ => {
                    let _ = live.clock.press_with_credit(mover, m.played_ms, m.lag_ms);
                }
            }
        }
        for (color, ms) in given(moves.len()) {
            live.clock.add_ms(color, ms);
        }
        if live.finish.is_some() {
            let end_ms = events
                .iter()
                .rev()
                .find(|e| {
                    matches!(
                        e.kind.as_str(),
                        "flag"
                            | "resign"
                            | "draw-accept"
                            | "claim"
                            | "claim-victory"
                            | "abort"
                            | "no-show"
                            | "decision"
                    )
                })
                .map(|e| e.at_ms)
                .or_else(|| moves.last().map(|m| m.played_ms))
                .unwrap_or(live.row.created_ms);
            live.clock.stop(end_ms);
        }
        Ok(live)
    }

    /// Moves played.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX)
    }

    /// Whether the game is still being played.
    pub fn is_live(&self) -> bool {
        self.finish.is_none()
    }

    /// The colour of a visitor (an account or a guest token hash) in this game.
    pub fn color_of(&self, user_id: Option<i64>, guest: Option<&str>) -> Option<Color> {
        let is = |id: Option<i64>, g: &Option<String>| {
            (id.is_some() && id == user_id) || (g.is_some() && g.as_deref() == guest)
        };
        if is(self.row.white_id, &self.row.white_guest) {
            Some(Color::White)
        } else if is(self.row.black_id, &self.row.black_guest) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The computer's side and level, in a game against it.
    pub fn computer(&self) -> Option<(Color, u8)> {
        let level = u8::try_from(self.row.computer_level?).ok()?;
        if self.row.white_id.is_none() && self.row.white_guest.is_none() {
            Some((Color::White, level))
        } else if self.row.black_id.is_none() && self.row.black_guest.is_none() {
            Some((Color::Black, level))
        } else {
            None
        }
    }

    /// Works out what `color` doing `action` at `now_ms` would store, without changing
    /// anything. `lag_ms` is the estimated lag of the connection the action came on: a move
    /// is credited with it within the bound of [`super::lag`].
    pub fn plan(
        &self,
        color: Color,
        action: &Action,
        now_ms: i64,
        lag_ms: i64,
    ) -> Result<Plan, ActionError> {
        if !self.is_live() {
            return Err(ActionError::GameOver);
        }
        let mut next = NextState {
            game: self.game.clone(),
            clock: self.clock.clone(),
            offers: self.offers.clone(),
            draw_declined: self.draw_declined,
            lag_quota: self.lag_quota,
        };
        let event = |next: NextState, kind: &'static str, finish: Option<Finish>| Plan {
            mv: None,
            event: Some((kind, Some(color))),
            given_ms: None,
            finish,
            next: Box::new(next),
        };
        match action {
            Action::Move { uci: text, ply } => {
                if next.game.position().turn() != color {
                    return Err(ActionError::NotYourTurn);
                }
                if *ply != self.ply() {
                    return Err(ActionError::StalePly {
                        current: self.ply(),
                        sent: *ply,
                    });
                }
                let m = uci::parse_move(next.game.position(), text).map_err(|e| {
                    ActionError::IllegalMove {
                        uci: text.clone(),
                        reason: crate::refusals::uci_error(&e),
                    }
                })?;
                // The clock runs from the end of the first round (see `clock`): the first
                // two moves cost no time, and Black's first move starts White's clock.
                let mut credit = 0;
                match self.ply() {
                    0 => {}
                    1 => next.clock.start(Color::White, now_ms),
                    _ => {
                        let quota = &mut next.lag_quota[side(color)];
                        credit = quota.credit(lag_ms, next.clock.spent_ms(now_ms));
                        if next.clock.press_with_credit(color, now_ms, credit).is_err() {
                            return Ok(self.flag_plan(color, now_ms));
                        }
                    }
                }
                next.game.play(m).map_err(|e| match e {
                    PlayError::GameOver(_) => ActionError::GameOver,
                    PlayError::Illegal(_) => ActionError::IllegalMove {
                        uci: text.clone(),
                        reason: crate::i18n::Msg::new("move-illegal").arg("text", text),
                    },
                })?;
                // A move declines the opponent's pending offer.
                next.draw_declined = (next.offers.pending_by() == Some(!color)).then_some(color);
                next.offers.moved(color);
                let reading = next.clock.reading(now_ms);
                let finish = next.game.end().map(finish_by_rules);
                if finish.is_some() {
                    next.clock.stop(now_ms);
                }
                let row = MoveRow {
                    ply: i64::from(self.ply()),
                    uci: uci::write(&m, next.game.ruleset()),
                    white_ms: reading.white_ms,
                    black_ms: reading.black_ms,
                    played_ms: now_ms,
                    lag_ms: credit,
                };
                Ok(Plan {
                    mv: Some(row),
                    event: None,
                    given_ms: None,
                    finish,
                    next: Box::new(next),
                })
            }
            Action::DrawOffer => {
                next.offers
                    .offer(color, u64::try_from(now_ms).unwrap_or(0))
                    .map_err(|r| offer_error(color, r))?;
                next.draw_declined = None;
                Ok(event(next, "draw-offer", None))
            }
            Action::DrawDecline => {
                next.offers
                    .decline(color)
                    .map_err(|r| offer_error(color, r))?;
                next.draw_declined = Some(color);
                Ok(event(next, "draw-decline", None))
            }
            Action::DrawAccept => {
                next.offers
                    .accept(color)
                    .map_err(|r| offer_error(color, r))?;
                next.clock.stop(now_ms);
                let finish = Finish {
                    result: Some(Outcome::Draw),
                    termination: Ending::Agreement,
                };
                Ok(event(next, "draw-accept", Some(finish)))
            }
            Action::Resign => {
                next.clock.stop(now_ms);
                let finish = Finish {
                    result: Some(win_for(!color)),
                    termination: Ending::Resign,
                };
                Ok(event(next, "resign", Some(finish)))
            }
            Action::Abort => {
                if self.row.default_ms.is_some() {
                    return Err(ActionError::EventGameAbort);
                }
                if self.ply() >= 2 {
                    return Err(ActionError::TooLateToAbort);
                }
                next.clock.stop(now_ms);
                let finish = Finish {
                    result: None,
                    termination: Ending::Aborted,
                };
                Ok(event(next, "abort", Some(finish)))
            }
            Action::Berserk => {
                if !self.berserk_allowed {
                    return Err(ActionError::NoBerserk);
                }
                // Before one's own first move: White at ply 0, Black at ply 0 or 1.
                let own_first = usize::from(color == Color::Black);
                if next.clock.has_berserked(color) || self.game.moves().len() > own_first {
                    return Err(ActionError::TooLateToBerserk);
                }
                next.clock.berserk(color);
                Ok(event(next, BERSERK, None))
            }
            Action::ClaimVictory => {
                if self.ply() < 2 || self.computer().is_some_and(|(c, _)| c == !color) {
                    // The first round has its own wait (the game is aborted), and the
                    // computer never leaves.
                    return Err(ActionError::OpponentHere);
                }
                self.presence
                    .ok_or(ActionError::OpponentHere)?
                    .claimable_against(!color, self.last_step_ms, now_ms)?;
                next.clock.stop(now_ms);
                let finish = Finish {
                    result: Some(win_for(color)),
                    termination: Ending::Abandoned,
                };
                Ok(event(next, "claim-victory", Some(finish)))
            }
            Action::Claim => {
                if next.game.position().turn() != color || next.game.claimable().is_empty() {
                    return Err(ActionError::NothingToClaim);
                }
                next.clock.stop(now_ms);
                let finish = Finish {
                    result: Some(Outcome::Draw),
                    termination: Ending::Claim,
                };
                Ok(event(next, "claim", Some(finish)))
            }
        }
    }

    /// The time by which the first round's next move must be played
    /// ([`first_move_ms`] after the last step, or an event game's default time), while the
    /// first round lasts; `None` after.
    pub fn first_move_deadline_ms(&self, base_ms: i64) -> Option<i64> {
        let wait = self
            .row
            .default_ms
            .unwrap_or_else(|| first_move_ms(base_ms, self.row.initial_ms));
        (self.is_live() && self.ply() < 2).then(|| self.last_step_ms + wait)
    }

    /// Whether the first round's stall loses by default (an event game) rather than
    /// aborting the game.
    pub fn stall_is_a_default(&self) -> bool {
        self.row.default_ms.is_some()
    }

    /// The state with the clock stopped at `now_ms` and no declined offer: a first round
    /// that stalled.
    fn stopped(&self, now_ms: i64) -> NextState {
        let mut next = NextState {
            game: self.game.clone(),
            clock: self.clock.clone(),
            offers: self.offers.clone(),
            draw_declined: None,
            lag_quota: self.lag_quota,
        };
        next.clock.stop(now_ms);
        next
    }

    /// The plan for an event game whose player to move did not make a first move in the
    /// default time: that player loses by default; when it is White's first move and Black
    /// never came to the game either, neither played (a double default, no result).
    pub fn no_show_plan(&self, now_ms: i64, opponent_came: bool) -> Plan {
        let next = self.stopped(now_ms);
        let absent = self.game.position().turn();
        let result = (self.ply() > 0 || opponent_came).then(|| win_for(!absent));
        Plan {
            mv: None,
            event: Some(("no-show", Some(absent))),
            given_ms: None,
            finish: Some(Finish {
                result,
                termination: Ending::NoShow,
            }),
            next: Box::new(next),
        }
    }

    /// The plan that ends the game by the event's decision (an arbiter's result or default,
    /// a withdrawal): `finish` as decided, the clock stopped now; the event has no colour.
    pub fn decision_plan(&self, finish: Finish, now_ms: i64) -> Plan {
        Plan {
            mv: None,
            event: Some(("decision", None)),
            given_ms: None,
            finish: Some(finish),
            next: Box::new(self.stopped(now_ms)),
        }
    }

    /// The plan that gives `color` `ms` more time (an arbiter's decision), now; the
    /// acting colour stored is the one receiving it.
    pub fn give_time_plan(&self, color: Color, ms: i64) -> Result<Plan, ActionError> {
        if !self.is_live() {
            return Err(ActionError::GameOver);
        }
        let mut next = NextState {
            game: self.game.clone(),
            clock: self.clock.clone(),
            offers: self.offers.clone(),
            draw_declined: self.draw_declined,
            lag_quota: self.lag_quota,
        };
        next.clock.add_ms(color, ms);
        Ok(Plan {
            mv: None,
            event: Some(("time-given", Some(color))),
            given_ms: Some(ms),
            finish: None,
            next: Box::new(next),
        })
    }

    /// The plan that aborts a game whose first round stalled: nobody acted, so the event
    /// has no colour; termination `no-start`.
    pub fn no_start_plan(&self, now_ms: i64) -> Plan {
        let next = self.stopped(now_ms);
        Plan {
            mv: None,
            event: Some(("abort", None)),
            given_ms: None,
            finish: Some(Finish {
                result: None,
                termination: Ending::NoStart,
            }),
            next: Box::new(next),
        }
    }

    /// The plan for `color`'s flag falling: a loss, or a draw when the opponent cannot mate
    /// by any series of legal moves (FIDE 6.9).
    pub fn flag_plan(&self, color: Color, now_ms: i64) -> Plan {
        let mut next = NextState {
            game: self.game.clone(),
            clock: self.clock.clone(),
            offers: self.offers.clone(),
            draw_declined: self.draw_declined,
            lag_quota: self.lag_quota,
        };
        next.clock.stop(now_ms);
        let result = if shatar_rules::outcome::can_mate(self.game.position(), !color) {
            win_for(!color)
        } else {
            Outcome::Draw
        };
        Plan {
            mv: None,
            event: Some(("flag", Some(color))),
            given_ms: None,
            finish: Some(Finish {
                result: Some(result),
                termination: Ending::Flag,
            }),
            next: Box::new(next),
        }
    }

    /// Applies a stored plan.
    pub fn apply(&mut self, plan: Plan) {
        let next = *plan.next;
        self.game = next.game;
        self.clock = next.clock;
        self.offers = next.offers;
        self.draw_declined = next.draw_declined;
        self.lag_quota = next.lag_quota;
        if let Some(m) = plan.mv {
            self.last_step_ms = m.played_ms;
            self.move_clocks.push((m.white_ms, m.black_ms));
        }
        if let Some(f) = plan.finish {
            self.row.status = if f.result.is_some() {
                Status::Ended
            } else {
                Status::Aborted
            };
            self.row.result = f.result;
            self.row.termination = Some(f.termination);
            self.finish = Some(f);
        }
    }

    /// The state sent to clients: position, legal destinations, clocks, offers, result.
    pub fn snapshot(&self, now_ms: i64) -> Value {
        let pos = self.game.position();
        let ruleset = *self.game.ruleset();
        let board = board_view::men(pos);
        let (dests, promotions) = if self.is_live() {
            board_view::dests(&self.game, &ruleset)
        } else {
            Default::default()
        };
        let moves: Vec<String> = self
            .game
            .moves()
            .iter()
            .map(|m| uci::write(m, &ruleset))
            .collect();
        let last = self.last_move();
        let check = board_view::checked_king(pos);
        let reading = self.clock.reading(now_ms);
        let can_offer = |c: Color| self.is_live() && self.offers.may_offer(c).is_ok();
        json!({
            "t": "state",
            "id": self.row.id,
            "ruleset": self.row.ruleset,
            "initial_fen": self.row.initial_fen,
            "ply": self.ply(),
            "fen": fen::write(pos),
            "board": board,
            "turn": pos.turn().name(),
            "moves": moves,
            "last": last,
            "check": check,
            "dests": dests,
            "promotions": promotions,
            "first_round": !matches!(pos.first_round(), shatar_rules::position::FirstRoundState::Over),
            "clock": {
                "white_ms": reading.white_ms,
                "black_ms": reading.black_ms,
                "running": reading.running.map(Color::name),
                "initial_ms": self.row.initial_ms,
                "increment_ms": self.row.increment_ms,
            },
            "players": {
                "white": self.row.white_name,
                "black": self.row.black_name,
            },
            "status": self.row.status.name(),
            "result": self.finish.as_ref().and_then(|f| f.result.map(Outcome::pgn)),
            "termination": self.finish.as_ref().map(|f| f.termination.as_str()),
            "draw_offer": self.offers.pending_by().map(Color::name),
            "draw_declined": self.draw_declined.filter(|_| self.is_live()).map(Color::name),
            "can_offer": { "white": can_offer(Color::White), "black": can_offer(Color::Black) },
            "abortable": self.is_live() && self.ply() < 2 && !self.stall_is_a_default(),
            "computer": self.computer().map(|(c, level)| json!({"color": c.name(), "level": level})),
            "claimable": self.is_live() && !self.game.claimable().is_empty(),
            "rematch": {"offer": self.rematch_offer.map(Color::name), "game": self.rematch_game},
            "berserk": {
                "allowed": self.berserk_allowed,
                "white": self.clock.has_berserked(Color::White),
                "black": self.clock.has_berserked(Color::Black),
            },
        })
    }
}

impl LiveGame {
    /// What a live board on an event page shows of this game: the men, the last move, the
    /// checked king, the side to move, both clocks and how it stands — no legal moves and
    /// no move list, so that a page of many boards stays small.
    pub fn glance(&self, now_ms: i64) -> Value {
        let pos = self.game.position();
        let reading = self.clock.reading(now_ms);
        json!({
            "board_men": board_view::men(pos),
            "last": self.last_move(),
            "check": board_view::checked_king(pos),
            "turn": pos.turn().name(),
            "ply": self.ply(),
            "clock": {
                "white_ms": reading.white_ms,
                "black_ms": reading.black_ms,
                "running": reading.running.map(Color::name),
            },
            "status": self.row.status.name(),
            "result": self.finish.as_ref().and_then(|f| f.result.map(Outcome::pgn)),
        })
    }

    /// The last move's squares, as the board script marks them.
    fn last_move(&self) -> Option<Value> {
        self.game.moves().last().map(board_view::squares)
    }
}

/// The index of a side's entry in per-side arrays.
const fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}
