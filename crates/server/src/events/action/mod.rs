//! The changes an event goes through, one [`Action`] per history entry, and how each one
//! changes the state. Every rule of pairing, scoring and entry is the tournament
//! library's; this file only says which library call each change is.

use super::state::{EventState, Person};
use super::words;
use crate::i18n::Msg;
use serde::{Deserialize, Serialize};
use shatar_tournament::{
    BoardNo, ByeKind, Entered, EntrantNo, Entrants, Event, EventError, GameResult, LineupMode,
    Player, PlayerDetails, RoundNo, System, WithdrawalTreatment,
};

/// What a new event is made with (the `POST /api/events` body and the creation form).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewEvent {
    /// Its name.
    pub name: String,
    /// The pairing system, as the CLI's `--system` spells it (`swiss`, `dutch` …).
    pub system: String,
    /// Rounds to play; 0 or absent for the system's default.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// The ruleset preset (`official` by default).
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The time control, in the arbiter library's form (`5400`, `1800+30`).
    #[serde(default)]
    pub time_control: Option<String>,
    /// Boards per team match: a team event when given.
    #[serde(default)]
    pub boards: Option<u8>,
    /// The team line-up mode (`fixed-boards`, `ordered-substitutes` …).
    #[serde(default)]
    pub lineup: Option<String>,
    /// The organiser's other settings; each left out keeps S4's default.
    #[serde(default, flatten)]
    pub settings: EventSettings,
    /// Played live on the site: accounts join themselves and the server runs the rounds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online: bool,
    /// An online event's own settings; each left out keeps its default.
    #[serde(default, flatten)]
    pub online_settings: OnlineSettings,
}

/// An online event's settings, each optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineSettings {
    /// Whether its games are rated (yes by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<bool>,
    /// Seconds between a round's last game ending and the next round (60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause_s: Option<u32>,
    /// The most players who may join (1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// When round 1 starts by itself, RFC 3339; without it the organiser starts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_at: Option<String>,
    /// Seconds a player may take over the first move before losing by default (a quarter
    /// of the clock's time, from 30 seconds to 15 minutes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_s: Option<u32>,
    /// An arena's duration in minutes (60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_min: Option<u32>,
}

/// The organiser's settings beyond the system: each is optional, and one left out keeps
/// S4's default as the tournament library has it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    /// The tie-break order, by the library's codes (`SB`, `BH-C1` …); S4's order for the
    /// system when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<String>>,
    /// Games a pairing (1 or 2; knock-out matches are two games by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u8>,
    /// Knock-out: how a level match is decided (`extra-games` or `armageddon`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn_match: Option<String>,
    /// FIDE Dutch: `baku` for the Baku acceleration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acceleration: Option<String>,
    /// Group round robin: the number of groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<u32>,
    /// Group round robin: entrants of each group in the final.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance_per_group: Option<u32>,
    /// Swiss with elimination: the first round after which the lowest are dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminate_after: Option<u32>,
    /// Swiss with elimination: how many are dropped each round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminate_per_round: Option<u32>,
    /// Double elimination: a second final when the losers' bracket wins the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket_reset: Option<bool>,
    /// The seed of every lot drawn in the event (recorded, so the replay draws the same).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot_seed: Option<u64>,
    /// Minutes a player may be late before losing by default (S4 ch.2 §6: 15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_time_min: Option<u32>,
    /// Over-the-board boards keep an electronic score sheet (true unless said); false: the
    /// tablet is a clock only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_sheet: Option<bool>,
}

/// A player to register (the `POST /api/events/{id}/players` body).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPlayer {
    /// The name as written, in any script.
    pub name: String,
    /// A rating.
    #[serde(default)]
    pub rating: Option<u32>,
    /// Club or unit.
    #[serde(default)]
    pub club: Option<String>,
    /// Region.
    #[serde(default)]
    pub region: Option<String>,
    /// Year of birth.
    #[serde(default)]
    pub birth_year: Option<u16>,
    /// The name in traditional Mongolian script, where it is written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_traditional: Option<String>,
    /// Knock-out seed class (1 the strongest), kept apart in the first rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_class: Option<u8>,
    /// A late entry (after the draw, Swiss systems): what each round already paired is
    /// worth to the newcomer (`zero` by default, `half` or `full`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed: Option<ByeKind>,
}

/// A team to register (the `POST /api/events/{id}/teams` body).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewTeam {
    /// The team's name.
    pub name: String,
    /// Its region or unit.
    #[serde(default)]
    pub region: Option<String>,
    /// Its members, board players first, then the reserves in their order.
    pub members: Vec<NewPlayer>,
}

/// One change of an event, as its history keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Action {
    /// The event is created by its organiser.
    Create {
        /// The settings.
        event: Box<NewEvent>,
        /// The account creating it.
        organiser: Person,
    },
    /// The event is brought in whole from another program's file (the CLI's event file,
    /// TRF) by its organiser: its rounds and results are facts the history starts from.
    Import {
        /// The event as the file gives it.
        event: Box<Event>,
        /// The account importing it.
        organiser: Person,
        /// What it came from ("TRF", "event file"), for the history.
        source: String,
    },
    /// The organiser appoints an arbiter.
    AppointArbiter {
        /// The arbiter's account.
        arbiter: Person,
    },
    /// A player is registered.
    AddPlayer {
        /// The player.
        player: NewPlayer,
        /// The player's own account, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<Person>,
    },
    /// Registration closes and the draw is made.
    Start,
    /// The next round is paired.
    PairRound,
    /// A round is shown to the public.
    Publish {
        /// The round.
        round: RoundNo,
    },
    /// The organiser hands the event to another account, who becomes its organiser.
    HandOver {
        /// The new organiser.
        organiser: Person,
    },
    /// The organiser removes an arbiter.
    RemoveArbiter {
        /// The arbiter's account.
        arbiter: Person,
    },
    /// A player's details are corrected (name, club, region, rating, birth year).
    CorrectPlayer {
        /// The start number.
        number: EntrantNo,
        /// The details as they should be.
        player: NewPlayer,
    },
    /// A player asks not to be paired in a round to come (Swiss systems).
    RequestBye {
        /// Who.
        entrant: EntrantNo,
        /// Which round.
        round: RoundNo,
        /// What the bye is worth.
        bye: ByeKind,
    },
    /// An entrant withdraws; the tournament library decides what happens to their games.
    Withdraw {
        /// Who.
        entrant: EntrantNo,
        /// Why, for the record.
        #[serde(default)]
        reason: String,
    },
    /// A player's violations in the whole event (a tie-break) are set.
    SetViolations {
        /// Who.
        entrant: EntrantNo,
        /// The total.
        count: u32,
    },
    /// The last round's pairings are taken back, to be paired again.
    UnpairRound {
        /// The round (the last one).
        round: RoundNo,
    },
    /// Two entrants exchange their places in a round not yet played (a pairing changed by
    /// hand); two of one pairing exchange colours.
    Exchange {
        /// The round (the last one).
        round: RoundNo,
        /// One entrant.
        a: EntrantNo,
        /// The other.
        b: EntrantNo,
    },
    /// A knock-out match left level is decided for one of its two (extra games,
    /// armageddon or lot, as the organiser's rule says).
    DecideMatch {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// Who goes through.
        winner: EntrantNo,
    },
    /// The latest change not yet undone is undone: the event is as if it had not been
    /// made. Its entry stays in the history, marked undone by this one.
    Undo {
        /// The history entry undone (its `seq`).
        seq: i64,
    },
    /// Players registered together from a CSV file (the tournament library's reader:
    /// a `name` column, and `name_traditional`, `club`, `region`, `rating`, `seed_class`,
    /// `birth_year` where given); all or none.
    ImportPlayers {
        /// The file's text.
        csv: String,
    },
    /// The organiser opens or closes self-registration.
    OpenRegistration {
        /// Open or closed.
        open: bool,
    },
    /// An account asks to play; the staff approve or decline.
    Register {
        /// The account asking (always the author).
        account: Person,
        /// The details the account gives.
        player: NewPlayer,
    },
    /// An account joins an online event as a player (no approval: up to the limit).
    Join {
        /// The account joining (always the author).
        account: Person,
        /// Its rating on the site in the event's kind of game, for the seeding.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<u32>,
    },
    /// A captain registers a team of accounts in an online team event (no approval: up to
    /// the limit); the captain need not play.
    JoinTeam {
        /// The captain (always the author).
        captain: Person,
        /// The team, its members named as their accounts are, board players first.
        team: NewTeam,
        /// The members' accounts, in the team's order.
        members: Vec<Person>,
    },
    /// An account leaves an online event: before the start its entry is taken back, after
    /// it the player withdraws.
    Leave {
        /// The account leaving (always the author).
        account: Person,
    },
    /// An arbiter gives a player of an online event's game being played more time.
    GiveTime {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The side given time (in the pairing's game: the first-listed has White).
        color: shatar_tournament::Color,
        /// How much, in seconds.
        seconds: u32,
    },
    /// A player of an online Swiss pauses (is not paired in the next rounds, without a
    /// bye) or comes back.
    Pause {
        /// The player's account (the author, or the staff for a player).
        account: Person,
        /// Paused, or back.
        paused: bool,
    },
    /// The staff take a request to play: the account is registered as a player.
    Approve {
        /// The account whose request it is.
        account: Person,
    },
    /// A request to play is declined by the staff, or taken back by its account.
    Decline {
        /// The account whose request it is.
        account: Person,
        /// Why, for the record.
        #[serde(default)]
        reason: String,
    },
    /// A player reports (or is marked absent) at the check-in before round 1.
    CheckIn {
        /// Who.
        entrant: EntrantNo,
        /// Present, or no longer.
        present: bool,
    },
    /// A team is registered with its members, board players first, then the reserves in
    /// their order.
    AddTeam {
        /// The team.
        team: NewTeam,
        /// Its captain's account, who submits its line-ups.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        captain: Option<Person>,
    },
    /// A team's captain is appointed (or removed).
    SetCaptain {
        /// The team.
        team: EntrantNo,
        /// The captain's account; none removes the captain.
        captain: Option<Person>,
    },
    /// A team's line-up for a round, by its captain or the staff, checked against the
    /// event's line-up mode.
    SubmitLineup {
        /// The round (paired, its match not yet entered).
        round: RoundNo,
        /// The team.
        team: EntrantNo,
        /// Its players, board 1 first.
        players: Vec<EntrantNo>,
    },
    /// The round's line-ups are closed: captains can no longer change them, and they are
    /// shown to everyone.
    CloseLineups {
        /// The round.
        round: RoundNo,
    },
    /// The time by which the round's line-ups are due (or none, to take it away): after it
    /// captains can no longer change them, and they are shown to everyone.
    SetLineupDeadline {
        /// The round.
        round: RoundNo,
        /// The time, in milliseconds since the Unix epoch.
        at_ms: Option<i64>,
    },
    /// A team match is entered: each board's games, with both line-ups (the submitted
    /// ones, or the registered order, when not given).
    SetTeamResult {
        /// The round.
        round: RoundNo,
        /// The match's table number.
        board: BoardNo,
        /// Each board's games, board 1 first; in a board's games, the White of that game
        /// first.
        boards: Vec<Vec<GameResult>>,
        /// The first-named team's players, board 1 first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        white_lineup: Option<Vec<EntrantNo>>,
        /// The second-named team's players.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        black_lineup: Option<Vec<EntrantNo>>,
        /// Whether a different result already there may be replaced.
        #[serde(default)]
        replace: bool,
    },
    /// An online arena's clock starts (the runner, just after the start).
    ArenaBegin {
        /// When, in milliseconds since the Unix epoch.
        at_ms: i64,
        /// When it ends.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ends_ms: Option<i64>,
    },
    /// An online arena pairs the players who wait now (the runner): the library's arena
    /// pairing on the state, as pairing call `wave` (the next one).
    ArenaPair {
        /// The pairing call, 1, 2, …
        wave: u32,
    },
    /// A game an online arena paired ended (the runner).
    ArenaResult {
        /// Its pairing call.
        wave: u32,
        /// Its board in that call.
        board: u32,
        /// How it ended.
        #[serde(flatten)]
        end: ArenaGameEnd,
    },
    /// An online arena's time is up (the runner).
    ArenaEnd,
    /// A board's result is entered (or changed, with `replace`).
    SetResult {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// Each game's result, White of that game first.
        games: Vec<GameResult>,
        /// Whether a different result already there may be replaced.
        #[serde(default)]
        replace: bool,
        /// The start numbers as the score sheet gives them (White first), checked against
        /// the board's pairing, colours included.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sheet: Option<(EntrantNo, EntrantNo)>,
    },
}

/// Why a change is refused; `field` names the input at fault where there is one. Its text
/// is the [`Msg`] of [`ActionError::message`], written in the reader's language by the
/// pages and the API; `Display` is the English text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// An input is invalid.
    Invalid {
        /// The field at fault.
        field: &'static str,
        /// What is wrong.
        message: Msg,
    },
    /// Something named does not exist.
    NotFound(Msg),
    /// A different result is already entered (send `replace` to change it).
    ResultConflict {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The result there.
        existing: String,
        /// The rounds paired after the result's round (their pairings used it).
        later: Vec<RoundNo>,
    },
    /// The tournament library refused it.
    Event(EventError),
}

impl ActionError {
    pub(in crate::events) fn invalid(field: &'static str, message: Msg) -> ActionError {
        ActionError::Invalid { field, message }
    }

    /// The input field at fault, if any.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ActionError::Invalid { field, .. } => Some(field),
            ActionError::ResultConflict { .. } => Some("result"),
            ActionError::NotFound(_) | ActionError::Event(_) => None,
        }
    }

    /// What the author is told.
    pub fn message(&self) -> Msg {
        match self {
            ActionError::Invalid { message, .. } | ActionError::NotFound(message) => {
                message.clone()
            }
            ActionError::ResultConflict {
                round,
                board,
                existing,
                later,
            } => {
                let msg = match paired_from_it(later) {
                    None => Msg::new("event-error-result-conflict"),
                    Some(affects) => {
                        Msg::new("event-error-result-conflict-later").arg_msg("affects", affects)
                    }
                };
                msg.arg("round", round)
                    .arg("board", board)
                    .arg("existing", existing)
            }
            ActionError::Event(e) => crate::refusals::event_error(e),
        }
    }
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text(crate::i18n::Lang::En))
    }
}

impl std::error::Error for ActionError {}

impl From<EventError> for ActionError {
    fn from(e: EventError) -> ActionError {
        ActionError::Event(e)
    }
}

/// The rounds paired after a result's round, said after it: "(round 3 was paired from
/// it)", "(rounds 3–5 were paired from it)"; `None` when no round followed.
pub fn paired_from_it(later: &[RoundNo]) -> Option<Msg> {
    match later {
        [] => None,
        [one] => Some(Msg::new("event-paired-from-it").arg("round", one)),
        [first, .., last] => Some(
            Msg::new("event-paired-from-it-many")
                .arg("first", first)
                .arg("last", last),
        ),
    }
}

/// What applying an action did. The summary is a [`Msg`]: the history keeps its English
/// text, and the author is told it in their language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// The state changed; the summary says how ("round 2 board 3: Bat 1 – 0 Dorj, was ½-½").
    Changed(Msg),
    /// Nothing to change (the same result entered again).
    Unchanged(Msg),
}

impl Applied {
    /// The summary.
    pub fn summary(&self) -> &Msg {
        match self {
            Applied::Changed(m) | Applied::Unchanged(m) => m,
        }
    }
}

impl Action {
    /// Whether this change can be applied on a state that has moved on by `other` since the
    /// author saw it, with the same outcome: results on different boards, publishing, and
    /// corrections of a player's details or violations never get in each other's way, nor
    /// does the staff list. Anything else made on a stale view is refused.
    pub fn commutes_with(&self, other: &Action) -> bool {
        use Action::{
            AddPlayer, AppointArbiter, CheckIn, CorrectPlayer, Publish, RemoveArbiter,
            SetLineupDeadline, SetResult, SetTeamResult, SetViolations, SubmitLineup,
        };
        if let (Some(a), Some(b)) = (self.result_key(), other.result_key()) {
            return a != b;
        }
        match (self, other) {
            (
                SubmitLineup {
                    round: r1,
                    team: t1,
                    ..
                },
                SubmitLineup {
                    round: r2,
                    team: t2,
                    ..
                },
            ) => (r1, t1) != (r2, t2),
            (CheckIn { entrant: a, .. }, CheckIn { entrant: b, .. }) => a != b,
            // Ending an arena means "now", whatever the runner did since the page was shown.
            (
                Action::ArenaEnd,
                Action::ArenaBegin { .. } | Action::ArenaPair { .. } | Action::ArenaResult { .. },
            ) => true,
            // A line-up's due time is checked on the latest state whenever it was set.
            (SubmitLineup { .. }, SetLineupDeadline { .. })
            | (SetLineupDeadline { .. }, SubmitLineup { .. }) => true,
            (
                SubmitLineup { .. } | SetTeamResult { .. },
                SetResult { .. }
                | SubmitLineup { .. }
                | Publish { .. }
                | CorrectPlayer { .. }
                | SetViolations { .. },
            )
            | (
                SetResult { .. }
                | SubmitLineup { .. }
                | Publish { .. }
                | CorrectPlayer { .. }
                | SetViolations { .. },
                SubmitLineup { .. } | SetTeamResult { .. },
            )
            | (CheckIn { .. }, AddPlayer { .. } | CorrectPlayer { .. } | SetViolations { .. })
            | (AddPlayer { .. } | CorrectPlayer { .. } | SetViolations { .. }, CheckIn { .. }) => {
                true
            }
            (SetResult { .. } | Publish { .. }, Publish { .. })
            | (Publish { .. }, SetResult { .. })
            | (SetResult { .. } | Publish { .. }, CorrectPlayer { .. } | SetViolations { .. })
            | (CorrectPlayer { .. } | SetViolations { .. }, SetResult { .. } | Publish { .. })
            | (AppointArbiter { .. } | RemoveArbiter { .. }, _)
            | (_, AppointArbiter { .. } | RemoveArbiter { .. })
            | (AddPlayer { .. }, AddPlayer { .. }) => true,
            _ => false,
        }
    }

    /// The board a result is entered on, for a result (a board's or a team match's).
    fn result_key(&self) -> Option<(RoundNo, BoardNo)> {
        match self {
            Action::SetResult { round, board, .. } | Action::SetTeamResult { round, board, .. } => {
                Some((*round, *board))
            }
            _ => None,
        }
    }

    /// What the author is told when it is done, where that is more than the history's
    /// summary: a board's result as said at the board, "Board 3: Batbayar 1 – 0 Dorj".
    pub fn echo(&self, state: &EventState) -> Option<Msg> {
        let Action::SetResult {
            round,
            board,
            games,
            ..
        } = self
        else {
            return None;
        };
        let pairing = state
            .event
            .rounds
            .get(round.index())?
            .pairings
            .iter()
            .find(|p| p.board == *board)?;
        let white = state.event.entrant_name(pairing.white);
        let black = state.event.entrant_name(pairing.black?);
        let said: Vec<String> = games
            .iter()
            .map(|g| words::spoken(g, &white, &black))
            .collect();
        Some(
            Msg::new("event-done-board")
                .arg("board", board)
                .arg("said", said.join(", ")),
        )
    }

    /// Applies the action: `state` is `None` only for [`Action::Create`].
    pub fn apply(&self, state: Option<&EventState>) -> Result<(EventState, Applied), ActionError> {
        let Some(state) = state else {
            return match self {
                Action::Create { event, organiser } => create(event, organiser),
                Action::Import {
                    event,
                    organiser,
                    source,
                } => import(event, organiser, source),
                _ => Err(ActionError::NotFound(Msg::new("event-error-no-such-event"))),
            };
        };
        let mut next = state.clone();
        let applied = match self {
            Action::Create { .. } | Action::Import { .. } => {
                return Err(ActionError::invalid(
                    "event",
                    Msg::new("event-error-event-exists"),
                ));
            }
            Action::AppointArbiter { arbiter } => {
                if next.is_arbiter(arbiter.id) {
                    Applied::Unchanged(
                        Msg::new("event-done-already-arbiter").arg("name", &arbiter.name),
                    )
                } else {
                    next.arbiters.push(arbiter.clone());
                    Applied::Changed(
                        Msg::new("event-done-arbiter-appointed").arg("name", &arbiter.name),
                    )
                }
            }
            Action::AddPlayer { player, account } => add_player(&mut next, player, account)?,
            Action::Start => {
                let moved = next.event.start_renumbered()?;
                next.renumbered(&moved);
                Applied::Changed(
                    Msg::new("event-done-started")
                        .arg("players", next.event.entrant_numbers().len())
                        .arg("rounds", next.event.rounds_planned),
                )
            }
            Action::PairRound => {
                online::absent_while_paused(&mut next)?;
                let round = next.event.pair_next_round()?;
                Applied::Changed(
                    Msg::new("event-done-paired")
                        .arg("round", round.number)
                        .arg("boards", round.pairings.len()),
                )
            }
            Action::Publish { round } => {
                if round.index() >= next.event.rounds.len() {
                    return Err(ActionError::NotFound(not_paired(*round)));
                }
                if next.is_published(*round) {
                    Applied::Unchanged(Msg::new("event-done-already-published").arg("round", round))
                } else {
                    next.published.push(*round);
                    Applied::Changed(Msg::new("event-done-published").arg("round", round))
                }
            }
            Action::HandOver { organiser } => {
                if next.organiser.id == organiser.id {
                    Applied::Unchanged(
                        Msg::new("event-done-already-organiser").arg("name", &organiser.name),
                    )
                } else {
                    let was = std::mem::replace(&mut next.organiser, organiser.clone());
                    next.arbiters.retain(|a| a.id != organiser.id);
                    Applied::Changed(
                        Msg::new("event-done-handed-over")
                            .arg("name", &organiser.name)
                            .arg("was", &was.name),
                    )
                }
            }
            Action::RemoveArbiter { arbiter } => {
                if next.is_arbiter(arbiter.id) {
                    next.arbiters.retain(|a| a.id != arbiter.id);
                    Applied::Changed(
                        Msg::new("event-done-arbiter-removed").arg("name", &arbiter.name),
                    )
                } else {
                    Applied::Unchanged(
                        Msg::new("event-done-not-arbiter").arg("name", &arbiter.name),
                    )
                }
            }
            Action::CorrectPlayer { number, player } => correct_player(&mut next, *number, player)?,
            Action::RequestBye {
                entrant,
                round,
                bye,
            } => {
                next.event.request_bye(*entrant, *round, *bye)?;
                Applied::Changed(
                    Msg::new("event-done-bye-requested")
                        .arg("name", named(&next.event, *entrant))
                        .arg_id("bye", bye_id(*bye))
                        .arg("round", round),
                )
            }
            Action::Withdraw { entrant, reason } => {
                let name = named(&next.event, *entrant);
                let treatment = withdraw_entrant(&mut next, *entrant, reason.trim())?;
                Applied::Changed(
                    Msg::new("event-done-withdrawn")
                        .arg("name", name)
                        .arg_id("treatment", treatment_id(treatment)),
                )
            }
            Action::SetViolations { entrant, count } => {
                let before = next.event.violations(*entrant);
                next.event.set_violations(*entrant, *count)?;
                let name = named(&next.event, *entrant);
                if before == *count {
                    Applied::Unchanged(
                        Msg::new("event-done-violations-same")
                            .arg("name", name)
                            .arg("count", count),
                    )
                } else {
                    Applied::Changed(
                        Msg::new("event-done-violations")
                            .arg("name", name)
                            .arg("count", count)
                            .arg("was", before),
                    )
                }
            }
            Action::UnpairRound { round } => {
                let last = next.event.rounds.last().map(|r| r.number);
                if last != Some(*round) {
                    return Err(ActionError::invalid(
                        "round",
                        match last {
                            Some(last) => Msg::new("event-error-unpair-not-last")
                                .arg("round", round)
                                .arg("last", last),
                            None => Msg::new("event-error-no-round-paired"),
                        },
                    ));
                }
                next.event.unpair_last_round()?;
                next.published.retain(|r| r != round);
                Applied::Changed(Msg::new("event-done-unpaired").arg("round", round))
            }
            Action::Exchange { round, a, b } => {
                let done = next.event.exchange(*round, *a, *b)?;
                let boards: Vec<String> = done.boards.iter().map(ToString::to_string).collect();
                let msg = if done.warnings.is_empty() {
                    Msg::new("event-done-exchanged")
                } else {
                    // The library's warnings (a rematch, a second bye, a third colour in a
                    // row) are its English phrases.
                    Msg::new("event-done-exchanged-note").arg("note", done.warnings.join("; "))
                };
                Applied::Changed(
                    msg.arg("round", round)
                        .arg("a", named(&next.event, *a))
                        .arg("b", named(&next.event, *b))
                        .arg("boards", boards.join(", ")),
                )
            }
            Action::DecideMatch {
                round,
                board,
                winner,
            } => decide_match(&mut next, *round, *board, *winner)?,
            Action::Undo { .. } => {
                // Undoing replays the history without the entry: see `replay`.
                return Err(ActionError::invalid(
                    "undo",
                    Msg::new("event-error-undo-on-state"),
                ));
            }
            Action::SetResult {
                round,
                board,
                games,
                replace,
                sheet,
            } => set_result(&mut next, *round, *board, games, *replace, *sheet)?,
            Action::ImportPlayers { csv } => players::import_players(&mut next, csv)?,
            Action::OpenRegistration { open } => players::open_registration(&mut next, *open),
            Action::Register { account, player } => players::register(&mut next, account, player)?,
            Action::Join { account, rating } => online::join(&mut next, account, *rating)?,
            Action::Leave { account } => online::leave(&mut next, account)?,
            Action::JoinTeam {
                captain,
                team,
                members,
            } => online::join_team(&mut next, captain, team, members)?,
            Action::Pause { account, paused } => online::pause(&mut next, account, *paused)?,
            Action::GiveTime {
                round,
                board,
                color,
                seconds,
            } => online::give_time(&next, *round, *board, *color, *seconds)?,
            Action::ArenaBegin { at_ms, ends_ms } => arena::begin(&mut next, *at_ms, *ends_ms)?,
            Action::ArenaPair { wave } => arena::pair(&mut next, *wave)?,
            Action::ArenaResult { wave, board, end } => {
                arena::result(&mut next, *wave, *board, end)?
            }
            Action::ArenaEnd => arena::end(&mut next)?,
            Action::Approve { account } => players::approve(&mut next, account)?,
            Action::Decline { account, reason } => players::decline(&mut next, account, reason)?,
            Action::CheckIn { entrant, present } => {
                players::check_in(&mut next, *entrant, *present)?
            }
            Action::AddTeam { team, captain } => teams::add_team(&mut next, team, captain)?,
            Action::SetCaptain { team, captain } => teams::set_captain(&mut next, *team, captain)?,
            Action::SubmitLineup {
                round,
                team,
                players,
            } => teams::submit_lineup(&mut next, *round, *team, players)?,
            Action::CloseLineups { round } => teams::close_lineups(&mut next, *round)?,
            Action::SetLineupDeadline { round, at_ms } => {
                teams::set_lineup_deadline(&mut next, *round, *at_ms)?
            }
            Action::SetTeamResult {
                round,
                board,
                boards,
                white_lineup,
                black_lineup,
                replace,
            } => teams::set_team_result(
                &mut next,
                *round,
                *board,
                boards,
                [white_lineup.as_deref(), black_lineup.as_deref()],
                *replace,
            )?,
        };
        Ok((next, applied))
    }
}

/// The reason kept for a request to play that its account took back.
pub const TAKEN_BACK: &str = "taken back";

/// An entrant as a history entry names them: "7 Batbayar".
pub(super) fn named(event: &Event, n: EntrantNo) -> String {
    format!("{n} {}", event.distinguished_name(n))
}

/// "round 3 is not paired".
pub(super) fn not_paired(round: RoundNo) -> Msg {
    Msg::new("event-error-round-not-paired").arg("round", round)
}

/// The message id of a bye's kind ("half-point bye").
pub(super) fn bye_id(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Half => "event-bye-half",
        ByeKind::Full => "event-bye-full",
        ByeKind::Zero => "event-bye-zero",
    }
}

/// Withdraws entrant `n` by the library's rule (`Event::withdraw`). Where the library took
/// the entrant out and numbered the others again (a round robin before its play, drawn
/// again if the draw was made), the event's own records by entrant number (accounts,
/// captains, check-ins, pauses) follow.
fn withdraw_entrant(
    state: &mut EventState,
    n: EntrantNo,
    reason: &str,
) -> Result<WithdrawalTreatment, ActionError> {
    let e = &state.event;
    if state.online.is_some() && e.withdrawal_is_before_play() && !e.rounds.is_empty() {
        // The library would draw the round robin again (S4 ch.2 §7.1: no game played
        // yet), but an online event's round 1 has its live games already.
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-online-redraw"),
        ));
    }
    let entrants = state.event.entrant_numbers().len();
    let (treatment, moved) = state.event.withdraw_renumbered(n, reason)?;
    if state.event.entrant_numbers().len() < entrants {
        state.forget(n);
        state.renumbered(&moved);
    }
    Ok(treatment)
}

fn treatment_id(t: WithdrawalTreatment) -> &'static str {
    match t {
        WithdrawalTreatment::CancelAll => "event-treatment-cancel-all",
        WithdrawalTreatment::KeepAndForfeit => "event-treatment-keep-and-forfeit",
    }
}

/// "at most 100 characters".
pub(super) fn at_most_chars(max: usize) -> Msg {
    Msg::new("event-error-at-most-chars").arg("max", max)
}

pub(super) fn text_field(
    field: &'static str,
    value: &Option<String>,
) -> Result<String, ActionError> {
    let v = value.as_deref().unwrap_or("").trim();
    if v.chars().count() > 100 {
        return Err(ActionError::invalid(field, at_most_chars(100)));
    }
    Ok(v.to_owned())
}

pub(super) fn player_name(new: &NewPlayer) -> Result<&str, ActionError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ActionError::invalid(
            "name",
            Msg::new("event-error-player-name"),
        ));
    }
    Ok(name)
}

mod arena;
mod create;
mod history;
mod online;
mod players;
mod results;
mod teams;
#[cfg(test)]
mod tests;

pub use arena::ArenaGameEnd;
use create::{create, import};
pub use history::{in_force, replay, worded};
pub use online::{MAX_TIME_GIVEN_S, WITHDREW};
pub use players::MAX_CSV_BYTES;
use players::{add_player, correct_player};
use results::{decide_match, set_result};
pub use teams::{MAX_TEAM_MEMBERS, lineup_for, match_points};
