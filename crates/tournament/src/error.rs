//! Errors, one enum per operation: reading/writing the event file, changing an event,
//! pairing, reading TRF and reading CSV player lists.

use std::path::PathBuf;

use thiserror::Error;

use crate::numbers::{BoardNo, EntrantNo, RoundNo};

/// Reading or writing an event file failed.
#[derive(Debug, Error)]
pub enum EventFileError {
    /// The file could not be read.
    #[error("cannot read event file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying I/O error.
        source: std::io::Error,
    },
    /// The file is not valid JSON or does not have the event shape.
    #[error("event file {path} is corrupt at line {line}, column {column}: {message}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line of the defect.
        line: usize,
        /// 1-based column of the defect.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The file is not a Shatar event file (wrong `format` field).
    #[error("{path} is not a Shatar event file (format field is {found:?})")]
    WrongFormat {
        /// The file.
        path: PathBuf,
        /// The value found in the `format` field.
        found: Option<String>,
    },
    /// The file was written by a newer or unknown version of the format.
    #[error("{path} has event format version {found}; this program reads version {supported}")]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// Version found in the file.
        found: u64,
        /// Version this program reads and writes.
        supported: u64,
    },
    /// The file parsed but its content is inconsistent.
    #[error("event file {path} is invalid: {source}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The first inconsistency found.
        source: EventError,
    },
    /// The file could not be written; the previous file, if any, is unchanged.
    #[error("cannot write event file {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying I/O error.
        source: std::io::Error,
    },
    /// The event file's lock could not be taken.
    #[error("cannot lock event file {path}: {source}")]
    Lock {
        /// The file.
        path: PathBuf,
        /// The underlying I/O error.
        source: std::io::Error,
    },
    /// Another command kept the event file locked longer than the wait.
    #[error(
        "event file {path} is being changed by another command (waited {waited_s} s); nothing was changed, try again"
    )]
    Busy {
        /// The file.
        path: PathBuf,
        /// Seconds waited.
        waited_s: u64,
    },
    /// The event could not be serialised.
    #[error("cannot serialise event: {0}")]
    Serialise(#[from] serde_json::Error),
}

/// A change to an event was refused; the event is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum EventError {
    /// A player nothing tells apart (the same name, club, region and birth year) is
    /// already registered.
    #[error(
        "duplicate player: {name:?} is already registered as player {existing} with the same club, region and birth year; give one of them to tell the two apart"
    )]
    DuplicatePlayer {
        /// The name given.
        name: String,
        /// Start number of the player already registered.
        existing: EntrantNo,
    },
    /// A team with the same name is already registered.
    #[error("duplicate team: {name:?} is already registered as team {existing}")]
    DuplicateTeam {
        /// The name given.
        name: String,
        /// Number of the team already registered.
        existing: EntrantNo,
    },
    /// A player number that does not exist.
    #[error("no player number {0} in this event")]
    UnknownPlayer(EntrantNo),
    /// A team number that does not exist.
    #[error("no team number {0} in this event")]
    UnknownTeam(EntrantNo),
    /// A round number that does not exist (yet).
    #[error("round {round} does not exist (the event has {rounds} paired round(s))")]
    UnknownRound {
        /// The round asked for.
        round: RoundNo,
        /// Rounds paired so far.
        rounds: u32,
    },
    /// A result was given for a pairing that is not in the round.
    #[error("round {round} has no game between {white} and {black}")]
    UnpairedGame {
        /// Round number.
        round: RoundNo,
        /// First number given.
        white: EntrantNo,
        /// Second number given.
        black: EntrantNo,
    },
    /// A result given with the two entrants' colours exchanged.
    #[error("round {round} board {board} is {white} (White) – {black} (Black)")]
    ColoursReversed {
        /// Round number.
        round: RoundNo,
        /// Board of the pairing.
        board: BoardNo,
        /// The entrant the pairing lists first (White in game 1).
        white: EntrantNo,
        /// The entrant the pairing lists second.
        black: EntrantNo,
    },
    /// A different result is already entered and replacing it was not asked for.
    #[error(
        "round {round} board {board} already has the result {existing}{}",
        later_clause(*round, later_rounds)
    )]
    ResultAlreadyEntered {
        /// Round number.
        round: RoundNo,
        /// Board of the pairing.
        board: BoardNo,
        /// The result there, games in order (e.g. "1-0 ½-½").
        existing: String,
        /// Rounds paired after this round (their pairings used the result there).
        later_rounds: Vec<RoundNo>,
    },
    /// A result for a board that does not exist.
    #[error("round {round} has no board {board}")]
    UnknownBoard {
        /// Round number.
        round: RoundNo,
        /// Board number.
        board: BoardNo,
    },
    /// The number of game results does not match the games per pairing.
    #[error("expected {expected} game result(s) for this pairing, got {found}")]
    WrongGameCount {
        /// Games per pairing in this event.
        expected: usize,
        /// Results given.
        found: usize,
    },
    /// A line-up breaks the team's registered order.
    #[error("team {team}: line-up {lineup:?} breaks the registered order {registered:?} ({why})")]
    LineupOutOfOrder {
        /// Team number.
        team: EntrantNo,
        /// The line-up given (player numbers, board 1 first).
        lineup: Vec<EntrantNo>,
        /// The registered order.
        registered: Vec<EntrantNo>,
        /// Which rule is broken.
        why: String,
    },
    /// A line-up with the wrong number of players or a non-member.
    #[error("{}invalid line-up: {why}", team.map_or_else(String::new, |t| format!("team {t}: ")))]
    InvalidLineup {
        /// Team number; `None` for a team not yet registered.
        team: Option<EntrantNo>,
        /// What is wrong.
        why: String,
    },
    /// The operation needs the event not yet started (or already started).
    #[error("event state: {0}")]
    State(String),
    /// A setting or argument has an invalid value.
    #[error("invalid {what}: {why}")]
    Invalid {
        /// Which setting or field.
        what: String,
        /// Why it is invalid.
        why: String,
    },
    /// Pairing the round failed.
    #[error(transparent)]
    Pairing(#[from] PairingError),
}

/// Pairing a round failed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing meets the absolute criteria (no rematch, colour bounds).
    #[error("round {round}: no valid pairing exists for the {players} active entrant(s) ({why})")]
    NoValidPairing {
        /// Round being paired.
        round: RoundNo,
        /// Entrants to pair.
        players: usize,
        /// The reason.
        why: String,
    },
    /// All announced rounds have already been paired.
    #[error("all {0} rounds are already paired")]
    EventComplete(u32),
    /// The previous round still has games without a result.
    #[error("round {round} still has {missing} game(s) without a result")]
    RoundIncomplete {
        /// Round number.
        round: RoundNo,
        /// Games without a result.
        missing: usize,
    },
    /// Too few entrants for the system.
    #[error("{system} needs at least {needed} entrants, the event has {found}")]
    TooFewEntrants {
        /// System name.
        system: String,
        /// Minimum number.
        needed: usize,
        /// Number present.
        found: usize,
    },
    /// The system cannot pair this kind of event.
    #[error("{0}")]
    Unsupported(String),
}

/// A TRF file could not be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TrfError {
    /// A line is malformed.
    #[error("TRF line {line}, columns {columns}: {message}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// 1-based column range, e.g. "5-8".
        columns: String,
        /// What is wrong.
        message: String,
    },
    /// A record contradicts another record or the players' games (team events: a
    /// player in two teams, a board colour against `352`, `310` points against the
    /// games…).
    #[error("TRF line {line}, columns {columns}: {message}")]
    Inconsistent {
        /// 1-based line number of the record at fault.
        line: usize,
        /// 1-based column range of the field, e.g. "55-60".
        columns: String,
        /// What disagrees with what.
        message: String,
    },
    /// The file parsed but does not make a consistent event.
    #[error("TRF: {0}")]
    Meaning(String),
    /// No line of the file is a player line (`001`): nothing to import.
    #[error("TRF: none of the {lines} line(s) read is a player line (001); nothing to import")]
    NoPlayers {
        /// Lines read (LF, CRLF or CR ending each).
        lines: usize,
    },
}

/// A CSV player list could not be read.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CsvError {
    /// A row is malformed.
    #[error("CSV line {line}, column {column:?}: {message}")]
    Row {
        /// 1-based line number.
        line: usize,
        /// Column name.
        column: String,
        /// What is wrong.
        message: String,
    },
    /// The header is missing a required column.
    #[error("CSV header lacks the required column {0:?}")]
    MissingColumn(String),
    /// A row names a duplicate player.
    #[error("CSV line {line}: {source}")]
    Event {
        /// 1-based line number.
        line: usize,
        /// The refused change.
        source: EventError,
    },
}

/// " (rounds 3–4 were paired after round 2)", or nothing when no round followed.
fn later_clause(round: RoundNo, later: &[RoundNo]) -> String {
    match later {
        [] => String::new(),
        [one] => format!(" (round {one} was paired after round {round})"),
        [first, .., last] => {
            format!(" (rounds {first}–{last} were paired after round {round})")
        }
    }
}
