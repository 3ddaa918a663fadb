//! The changes an event goes through, one [`Action`] per history entry, and how each one
//! changes the state. Every rule of pairing, scoring and entry is the tournament
//! library's; this file only says which library call each change is.

use super::state::{EventState, Person};
use super::words;
use serde::{Deserialize, Serialize};
use shatar_tournament::{
    BoardNo, ByeKind, Entered, EntrantNo, Entrants, Event, EventError, GameResult, LineupMode,
    Player, PlayerDetails, RoundNo, System, WithdrawalTreatment,
};

/// What a new event is made with (the `POST /api/events` body and the creation form).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// A player to register (the `POST /api/events/{id}/players` body).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A late entry (after the draw, Swiss systems): what each round already paired is
    /// worth to the newcomer (`zero` by default, `half` or `full`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed: Option<ByeKind>,
}

/// One change of an event, as its history keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Action {
    /// The event is created by its organiser.
    Create {
        /// The settings.
        event: NewEvent,
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
    },
}

/// Why a change is refused; `field` names the input at fault where there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// An input is invalid.
    #[error("{message}")]
    Invalid {
        /// The field at fault.
        field: &'static str,
        /// What is wrong.
        message: String,
    },
    /// Something named does not exist.
    #[error("{0}")]
    NotFound(String),
    /// A different result is already entered (send `replace` to change it).
    #[error(
        "round {round} board {board} already has the result {existing}; send \"replace\": true to change it{affects}"
    )]
    ResultConflict {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The result there.
        existing: String,
        /// What changing it affects (later rounds paired from it), or empty.
        affects: String,
    },
    /// The tournament library refused it.
    #[error("{0}")]
    Event(#[from] EventError),
}

impl ActionError {
    fn invalid(field: &'static str, message: impl Into<String>) -> ActionError {
        ActionError::Invalid {
            field,
            message: message.into(),
        }
    }

    /// The input field at fault, if any.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ActionError::Invalid { field, .. } => Some(field),
            ActionError::ResultConflict { .. } => Some("result"),
            ActionError::NotFound(_) | ActionError::Event(_) => None,
        }
    }
}

/// What applying an action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// The state changed; the summary says how ("round 2 board 3: Bat 1 – 0 Dorj, was ½-½").
    Changed(String),
    /// Nothing to change (the same result entered again).
    Unchanged(String),
}

impl Action {
    /// Whether this change can be applied on a state that has moved on by `other` since the
    /// author saw it, with the same outcome: results on different boards, publishing, and
    /// corrections of a player's details or violations never get in each other's way, nor
    /// does the staff list. Anything else made on a stale view is refused.
    pub fn commutes_with(&self, other: &Action) -> bool {
        use Action::{
            AddPlayer, AppointArbiter, CorrectPlayer, Publish, RemoveArbiter, SetResult,
            SetViolations,
        };
        match (self, other) {
            (
                SetResult {
                    round: r1,
                    board: b1,
                    ..
                },
                SetResult {
                    round: r2,
                    board: b2,
                    ..
                },
            ) => (r1, b1) != (r2, b2),
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

    /// What the author is told when it is done, where that is more than the history's
    /// summary: a board's result as said at the board, "Board 3: Batbayar 1 – 0 Dorj".
    pub fn echo(&self, state: &EventState) -> Option<String> {
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
        Some(format!("Board {board}: {}", said.join(", ")))
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
                _ => Err(ActionError::NotFound("no such event".into())),
            };
        };
        let mut next = state.clone();
        let applied = match self {
            Action::Create { .. } | Action::Import { .. } => {
                return Err(ActionError::invalid("event", "the event already exists"));
            }
            Action::AppointArbiter { arbiter } => {
                if next.is_arbiter(arbiter.id) {
                    Applied::Unchanged(format!("{} is already an arbiter", arbiter.name))
                } else {
                    next.arbiters.push(arbiter.clone());
                    Applied::Changed(format!("{} appointed arbiter", arbiter.name))
                }
            }
            Action::AddPlayer { player, account } => add_player(&mut next, player, account)?,
            Action::Start => {
                next.event.start()?;
                Applied::Changed(format!(
                    "registration closed with {} players; {} rounds",
                    next.event.entrant_numbers().len(),
                    next.event.rounds_planned
                ))
            }
            Action::PairRound => {
                let round = next.event.pair_next_round()?;
                Applied::Changed(format!(
                    "round {} paired ({} boards)",
                    round.number,
                    round.pairings.len()
                ))
            }
            Action::Publish { round } => {
                if round.index() >= next.event.rounds.len() {
                    return Err(ActionError::NotFound(format!(
                        "round {round} is not paired"
                    )));
                }
                if next.is_published(*round) {
                    Applied::Unchanged(format!("round {round} is already published"))
                } else {
                    next.published.push(*round);
                    Applied::Changed(format!("round {round} published"))
                }
            }
            Action::HandOver { organiser } => {
                if next.organiser.id == organiser.id {
                    Applied::Unchanged(format!("{} already organises the event", organiser.name))
                } else {
                    let was = std::mem::replace(&mut next.organiser, organiser.clone());
                    next.arbiters.retain(|a| a.id != organiser.id);
                    Applied::Changed(format!(
                        "event handed over to {} (was {})",
                        organiser.name, was.name
                    ))
                }
            }
            Action::RemoveArbiter { arbiter } => {
                if next.is_arbiter(arbiter.id) {
                    next.arbiters.retain(|a| a.id != arbiter.id);
                    Applied::Changed(format!("{} is no longer an arbiter", arbiter.name))
                } else {
                    Applied::Unchanged(format!("{} is not an arbiter", arbiter.name))
                }
            }
            Action::CorrectPlayer { number, player } => correct_player(&mut next, *number, player)?,
            Action::RequestBye {
                entrant,
                round,
                bye,
            } => {
                next.event.request_bye(*entrant, *round, *bye)?;
                Applied::Changed(format!(
                    "{} asked for a {} in round {round}",
                    named(&next.event, *entrant),
                    bye_words(*bye)
                ))
            }
            Action::Withdraw { entrant, reason } => {
                let name = named(&next.event, *entrant);
                let treatment = next.event.withdraw(*entrant, reason.trim())?;
                Applied::Changed(format!("{name} withdrawn: {}", treatment_words(treatment)))
            }
            Action::SetViolations { entrant, count } => {
                let before = next.event.violations(*entrant);
                next.event.set_violations(*entrant, *count)?;
                if before == *count {
                    Applied::Unchanged(format!(
                        "{} has {count} violation(s)",
                        named(&next.event, *entrant)
                    ))
                } else {
                    Applied::Changed(format!(
                        "{}: {count} violation(s) (was {before})",
                        named(&next.event, *entrant)
                    ))
                }
            }
            Action::UnpairRound { round } => {
                let last = next.event.rounds.last().map(|r| r.number);
                if last != Some(*round) {
                    return Err(ActionError::invalid(
                        "round",
                        match last {
                            Some(last) => format!(
                                "round {round} is not the last round paired ({last}): only the last can be unpaired"
                            ),
                            None => "no round is paired".to_owned(),
                        },
                    ));
                }
                next.event.unpair_last_round()?;
                next.published.retain(|r| r != round);
                Applied::Changed(format!("round {round} unpaired"))
            }
            Action::Exchange { round, a, b } => {
                let done = next.event.exchange(*round, *a, *b)?;
                let boards: Vec<String> = done.boards.iter().map(ToString::to_string).collect();
                let mut summary = format!(
                    "round {round}: {} and {} exchanged by hand (board {})",
                    named(&next.event, *a),
                    named(&next.event, *b),
                    boards.join(", ")
                );
                if !done.warnings.is_empty() {
                    summary.push_str(&format!("; note: {}", done.warnings.join("; ")));
                }
                Applied::Changed(summary)
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
                    "an undo is made from the history, not on a state",
                ));
            }
            Action::SetResult {
                round,
                board,
                games,
                replace,
            } => set_result(&mut next, *round, *board, games, *replace)?,
        };
        Ok((next, applied))
    }
}

fn create(new: &NewEvent, organiser: &Person) -> Result<(EventState, Applied), ActionError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(ActionError::invalid(
            "name",
            "the event's name must have 1 to 200 characters",
        ));
    }
    let system = System::from_code(&new.system).ok_or_else(|| {
        let known: Vec<&str> = System::ALL.iter().map(|s| s.code()).collect();
        ActionError::invalid(
            "system",
            format!(
                "unknown system {:?}; expected one of {}",
                new.system,
                known.join(", ")
            ),
        )
    })?;
    let mut event = Event::new(name, system);
    event.games_per_pairing = system.default_games_per_pairing();
    if let Some(rounds) = new.rounds {
        if rounds > 100 {
            return Err(ActionError::invalid(
                "rounds",
                format!("{rounds} rounds: at most 100"),
            ));
        }
        event.rounds_planned = rounds;
    }
    if let Some(ruleset) = &new.ruleset {
        let preset: shatar_rules::ruleset::Preset = ruleset.parse().map_err(|_| {
            ActionError::invalid(
                "ruleset",
                format!(
                    "unknown ruleset {ruleset:?}; expected official, competition, traditional or fsf"
                ),
            )
        })?;
        event.ruleset = preset.name().to_owned();
    }
    if let Some(tc) = &new.time_control {
        tc.parse::<shatar_arbiter::TimeControl>()
            .map_err(|e| ActionError::invalid("time_control", e.to_string()))?;
        event.time_control = tc.clone();
    }
    match (new.boards, &new.lineup) {
        (Some(boards), lineup) => {
            if !(1..=20).contains(&boards) {
                return Err(ActionError::invalid(
                    "boards",
                    format!("{boards} boards: 1 to 20"),
                ));
            }
            let lineup = match lineup {
                None => LineupMode::default(),
                Some(code) => LineupMode::from_code(code).ok_or_else(|| {
                    ActionError::invalid("lineup", format!("unknown line-up mode {code:?}"))
                })?,
            };
            event.entrants = Entrants::Team { boards, lineup };
        }
        (None, Some(_)) => {
            return Err(ActionError::invalid(
                "lineup",
                "a line-up mode needs \"boards\" (a team event)",
            ));
        }
        (None, None) => {}
    }
    let summary = format!("event {name:?} created ({})", system.code());
    Ok((
        EventState {
            event,
            organiser: organiser.clone(),
            arbiters: Vec::new(),
            published: Vec::new(),
            accounts: Default::default(),
        },
        Applied::Changed(summary),
    ))
}

fn import(
    event: &Event,
    organiser: &Person,
    source: &str,
) -> Result<(EventState, Applied), ActionError> {
    event.validate()?;
    let summary = format!(
        "event {:?} imported from {source}: {} entrants, {} rounds",
        event.name,
        event.entrant_numbers().len(),
        event.rounds.len()
    );
    // Rounds that come in with the file were played: they are public facts.
    let published = event.rounds.iter().map(|r| r.number).collect();
    Ok((
        EventState {
            event: event.clone(),
            organiser: organiser.clone(),
            arbiters: Vec::new(),
            published,
            accounts: Default::default(),
        },
        Applied::Changed(summary),
    ))
}

fn add_player(
    state: &mut EventState,
    new: &NewPlayer,
    account: &Option<Person>,
) -> Result<Applied, ActionError> {
    let name = player_name(new)?;
    if let Some(a) = account
        && let Some(n) = state.entrant_of(a.id)
    {
        return Err(ActionError::invalid(
            "username",
            format!("{} is already registered as player {n}", a.name),
        ));
    }
    let mut player = Player::named(name);
    player.rating = new.rating;
    player.club = text_field("club", &new.club)?;
    player.region = text_field("region", &new.region)?;
    player.birth_year = new.birth_year;
    let late = state.event.started;
    let missed = new.missed.unwrap_or(ByeKind::Zero);
    let number = state.event.add_late_player(player, missed)?;
    if let Some(a) = account {
        state.accounts.insert(number, a.clone());
    }
    let paired = state.event.rounds.len();
    Ok(Applied::Changed(if late && paired > 0 {
        format!(
            "player {number} {name} entered late; round(s) 1–{paired} missed, each a {}",
            bye_words(missed)
        )
    } else if late {
        format!("player {number} {name} entered after the draw")
    } else {
        format!("player {number} {name} registered")
    }))
}

/// An entrant as a history entry names them: "7 Batbayar".
fn named(event: &Event, n: EntrantNo) -> String {
    format!("{n} {}", event.distinguished_name(n))
}

fn bye_words(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Half => "half-point bye",
        ByeKind::Full => "full-point bye",
        ByeKind::Zero => "zero-point bye",
    }
}

fn treatment_words(t: WithdrawalTreatment) -> &'static str {
    match t {
        WithdrawalTreatment::CancelAll => "their games are cancelled",
        WithdrawalTreatment::KeepAndForfeit => "results played stand, remaining games forfeited",
    }
}

fn text_field(field: &'static str, value: &Option<String>) -> Result<String, ActionError> {
    let v = value.as_deref().unwrap_or("").trim();
    if v.chars().count() > 100 {
        return Err(ActionError::invalid(field, "at most 100 characters"));
    }
    Ok(v.to_owned())
}

fn player_name(new: &NewPlayer) -> Result<&str, ActionError> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ActionError::invalid(
            "name",
            "a player's name must have 1 to 100 characters",
        ));
    }
    Ok(name)
}

fn correct_player(
    state: &mut EventState,
    number: EntrantNo,
    new: &NewPlayer,
) -> Result<Applied, ActionError> {
    let name = player_name(new)?;
    let before = state
        .event
        .player(number)
        .cloned()
        .ok_or_else(|| ActionError::NotFound(format!("no player {number}")))?;
    let details = PlayerDetails {
        name: name.to_owned(),
        club: text_field("club", &new.club)?,
        region: text_field("region", &new.region)?,
        rating: new.rating,
        birth_year: new.birth_year,
    };
    state.event.correct_player(number, details)?;
    let after = state
        .event
        .player(number)
        .ok_or_else(|| ActionError::NotFound(format!("no player {number}")))?;
    let mut changes = Vec::new();
    let mut note = |what: &str, was: String, now: String| {
        if was != now {
            changes.push(format!("{what} {now:?} (was {was:?})"));
        }
    };
    let num = |n: Option<u32>| n.map_or(String::new(), |n| n.to_string());
    note("name", before.name.clone(), after.name.clone());
    note("club", before.club.clone(), after.club.clone());
    note("region", before.region.clone(), after.region.clone());
    note("rating", num(before.rating), num(after.rating));
    note(
        "birth year",
        num(before.birth_year.map(u32::from)),
        num(after.birth_year.map(u32::from)),
    );
    Ok(if changes.is_empty() {
        Applied::Unchanged(format!("player {number}: nothing to correct"))
    } else {
        Applied::Changed(format!("player {number}: {}", changes.join(", ")))
    })
}

fn decide_match(
    state: &mut EventState,
    round: RoundNo,
    board: BoardNo,
    winner: EntrantNo,
) -> Result<Applied, ActionError> {
    let pairing = state
        .event
        .rounds
        .get(round.index())
        .and_then(|r| r.pairings.iter().find(|p| p.board == board))
        .ok_or_else(|| ActionError::NotFound(format!("round {round} has no board {board}")))?;
    let Some(black) = pairing.black else {
        return Err(ActionError::invalid(
            "board",
            format!("round {round} board {board} is a bye"),
        ));
    };
    let white = pairing.white;
    if pairing.decided_for == Some(winner) {
        return Ok(Applied::Unchanged(format!(
            "round {round} board {board} is already decided for {}",
            named(&state.event, winner)
        )));
    }
    if winner != white && winner != black {
        return Err(ActionError::invalid(
            "winner",
            format!("{winner} does not play on round {round} board {board} ({white} – {black})"),
        ));
    }
    state.event.decide_match(round, white, black, winner)?;
    Ok(Applied::Changed(format!(
        "round {round} board {board}: the level match is decided for {}",
        named(&state.event, winner)
    )))
}

/// The rounds paired after a result's round, as a clause for a message.
fn paired_from_it(later: &[RoundNo]) -> String {
    match later {
        [] => String::new(),
        [one] => format!(" (round {one} was paired from it)"),
        [first, .., last] => format!(" (rounds {first}–{last} were paired from it)"),
    }
}

/// Enters a board's result. Which result counts as the same, a different one or one given
/// with the colours reversed is the library's rule ([`Event::set_result_at`]); this only
/// finds the pairing by its board and words the outcome.
fn set_result(
    state: &mut EventState,
    round: RoundNo,
    board: BoardNo,
    games: &[GameResult],
    replace: bool,
) -> Result<Applied, ActionError> {
    let event = &state.event;
    let r = event
        .rounds
        .get(round.index())
        .ok_or_else(|| ActionError::NotFound(format!("round {round} is not paired")))?;
    let pairing = r
        .pairings
        .iter()
        .find(|p| p.board == board)
        .ok_or_else(|| ActionError::NotFound(format!("round {round} has no board {board}")))?;
    let (white, black): (EntrantNo, EntrantNo) = match pairing.black {
        Some(black) => (pairing.white, black),
        None => {
            return Err(ActionError::invalid(
                "board",
                format!("round {round} board {board} is a bye: there is no result to enter"),
            ));
        }
    };
    if pairing.team_match.is_some() || event.is_team_event() {
        return Err(ActionError::invalid(
            "board",
            "a team match's result is entered with both line-ups, board by board",
        ));
    }
    let names = (event.entrant_name(white), event.entrant_name(black));
    let said = |games: &[GameResult]| -> String {
        games
            .iter()
            .map(|g| words::spoken(g, &names.0, &names.1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let written = |games: &[GameResult]| -> String {
        games.iter().map(words::write).collect::<Vec<_>>().join(" ")
    };
    let there = written(&pairing.games);
    let entered = state
        .event
        .set_result_at(round, white, black, games.to_vec(), replace)
        .map_err(|e| match e {
            EventError::ResultAlreadyEntered { later_rounds, .. } => ActionError::ResultConflict {
                round,
                board,
                existing: there.clone(),
                affects: paired_from_it(&later_rounds),
            },
            e => ActionError::Event(e),
        })?;
    Ok(match entered {
        Entered::New => Applied::Changed(format!("round {round} board {board}: {}", said(games))),
        Entered::Unchanged => Applied::Unchanged(format!("Board {board}: {}", said(games))),
        Entered::Replaced {
            previous,
            later_rounds,
        } => Applied::Changed(format!(
            "round {round} board {board}: {} (was {}){}",
            said(games),
            written(&previous),
            paired_from_it(&later_rounds)
        )),
    })
}

/// The history entries an undo leaves in force: every change but the undos and the
/// entries they undid. Because an undo takes back the latest change still in force, what
/// is left is a history of its own, and replaying it gives the state.
pub fn in_force<'a>(
    entries: impl IntoIterator<Item = (i64, &'a Action)>,
) -> Vec<(i64, &'a Action)> {
    let entries: Vec<(i64, &Action)> = entries.into_iter().collect();
    let undone: std::collections::HashSet<i64> = entries
        .iter()
        .filter_map(|(_, a)| match a {
            Action::Undo { seq } => Some(*seq),
            _ => None,
        })
        .collect();
    entries
        .into_iter()
        .filter(|(seq, a)| !matches!(a, Action::Undo { .. }) && !undone.contains(seq))
        .collect()
}

/// Replays a history from the start (each entry with its `seq`): the state it leads to.
pub fn replay<'a>(
    entries: impl IntoIterator<Item = (i64, &'a Action)>,
) -> Result<Option<EventState>, ActionError> {
    let mut state: Option<EventState> = None;
    for (_, action) in in_force(entries) {
        let (next, _) = action.apply(state.as_ref())?;
        state = Some(next);
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn organiser() -> Person {
        Person {
            id: 1,
            name: "Saraa".into(),
        }
    }

    fn swiss(players: usize) -> Vec<Action> {
        let mut h = vec![Action::Create {
            event: NewEvent {
                name: "Naadam".into(),
                system: "swiss".into(),
                rounds: Some(3),
                ruleset: None,
                time_control: Some("1800+30".into()),
                boards: None,
                lineup: None,
            },
            organiser: organiser(),
        }];
        for i in 0..players {
            h.push(Action::AddPlayer {
                player: NewPlayer {
                    name: format!("P{i}"),
                    rating: Some(2000 - i as u32 * 10),
                    club: None,
                    region: None,
                    birth_year: None,
                    missed: None,
                },
                account: None,
            });
        }
        h.push(Action::Start);
        h.push(Action::PairRound);
        h
    }

    fn numbered(h: &[Action]) -> impl Iterator<Item = (i64, &Action)> {
        h.iter().enumerate().map(|(i, a)| (i as i64 + 1, a))
    }

    fn step(state: &EventState, a: &Action) -> Result<EventState, ActionError> {
        a.apply(Some(state)).map(|(s, _)| s)
    }

    #[test]
    fn a_result_on_a_taken_board_needs_replace_and_names_what_it_affects() {
        let state = replay(numbered(&swiss(4))).unwrap().unwrap();
        let one = RoundNo::FIRST;
        let b1 = BoardNo::FIRST;
        let set = |games: Vec<GameResult>, replace| Action::SetResult {
            round: one,
            board: b1,
            games,
            replace,
        };
        let s = step(&state, &set(vec![GameResult::WhiteWins], false)).unwrap();
        // The same result again changes nothing.
        let (_, applied) = set(vec![GameResult::WhiteWins], false)
            .apply(Some(&s))
            .unwrap();
        assert!(matches!(applied, Applied::Unchanged(_)));
        let err = step(&s, &set(vec![GameResult::Draw], false)).unwrap_err();
        assert!(matches!(err, ActionError::ResultConflict { .. }), "{err}");
        assert_eq!(
            err.to_string(),
            "round 1 board 1 already has the result 1-0; send \"replace\": true to change it"
        );
        let s = step(&s, &set(vec![GameResult::Draw], true)).unwrap();
        assert_eq!(s.event.rounds[0].pairings[0].games, vec![GameResult::Draw]);
    }

    #[test]
    fn a_bye_and_a_missing_board_are_refused_by_name() {
        let state = replay(numbered(&swiss(5))).unwrap().unwrap();
        let round = &state.event.rounds[0];
        let bye = round.pairings.iter().find(|p| p.black.is_none()).unwrap();
        let err = step(
            &state,
            &Action::SetResult {
                round: RoundNo::FIRST,
                board: bye.board,
                games: vec![GameResult::WhiteWins],
                replace: false,
            },
        )
        .unwrap_err();
        assert_eq!(err.field(), Some("board"));
        let err = step(
            &state,
            &Action::SetResult {
                round: RoundNo::FIRST,
                board: BoardNo::try_from(9).unwrap(),
                games: vec![GameResult::WhiteWins],
                replace: false,
            },
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "round 1 has no board 9");
    }

    #[test]
    fn results_on_different_boards_commute_and_other_changes_do_not() {
        let r = |board: u32| Action::SetResult {
            round: RoundNo::FIRST,
            board: BoardNo::try_from(board).unwrap(),
            games: vec![GameResult::Draw],
            replace: false,
        };
        assert!(r(1).commutes_with(&r(2)));
        assert!(!r(1).commutes_with(&r(1)));
        assert!(!r(1).commutes_with(&Action::PairRound));
        assert!(!Action::PairRound.commutes_with(&r(1)));
        assert!(r(1).commutes_with(&Action::Publish {
            round: RoundNo::FIRST
        }));
    }

    #[test]
    fn bad_settings_name_their_field() {
        let mut new = NewEvent {
            name: "X".into(),
            system: "swizz".into(),
            rounds: None,
            ruleset: None,
            time_control: None,
            boards: None,
            lineup: None,
        };
        let field = |new: &NewEvent| create(new, &organiser()).err().and_then(|e| e.field());
        assert_eq!(field(&new), Some("system"));
        new.system = "dutch".into();
        assert_eq!(field(&new), None);
        new.time_control = Some("soon".into());
        assert_eq!(field(&new), Some("time_control"));
        new.time_control = None;
        new.ruleset = Some("chess".into());
        assert_eq!(field(&new), Some("ruleset"));
        new.ruleset = None;
        new.lineup = Some("fixed-boards".into());
        assert_eq!(field(&new), Some("lineup"));
    }
}
