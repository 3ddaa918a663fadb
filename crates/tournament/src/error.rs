//! Errors, one enum per operation: reading/writing the event file, changing an event,
//! pairing, reading TRF and reading CSV player lists.
//!
//! A refusal's reason is typed too ([`StateReason`], [`InvalidReason`], the line-up's and
//! the pairing's reasons), one variant per rule, so that an application can word it in
//! its reader's language; each one's `Display` is the English text the CLI prints.

use std::path::PathBuf;

use thiserror::Error;

use crate::event::System;
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
        why: LineupOrderRule,
    },
    /// A line-up with the wrong number of players or a non-member.
    #[error("{}invalid line-up: {why}", team.map_or_else(String::new, |t| format!("team {t}: ")))]
    InvalidLineup {
        /// Team number; `None` for a team not yet registered.
        team: Option<EntrantNo>,
        /// What is wrong.
        why: InvalidLineupReason,
    },
    /// The operation needs the event not yet started (or already started).
    #[error("event state: {0}")]
    State(StateReason),
    /// A setting or argument has an invalid value; the reason names which and why.
    #[error("{0}")]
    Invalid(InvalidReason),
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
        why: NoPairingReason,
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
    Unsupported(UnsupportedPairing),
}

/// Why the event's state refuses a change ([`EventError::State`]): the draw made or not,
/// the kind of event, a round or board already played.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StateReason {
    /// The draw is made once; registration is closed by it.
    #[error("the draw has already been made")]
    AlreadyDrawn,
    /// Pairing needs the draw's numbers and the number of rounds.
    #[error("make the draw (start) before pairing")]
    NotDrawn,
    /// The draw fixed the field; a Swiss event takes a newcomer as a late entry instead.
    #[error("players cannot be added after the draw")]
    PlayersAfterDraw,
    /// Teams with boards and line-ups belong to a team event.
    #[error("teams can only be added to a team event")]
    TeamsOnlyInTeamEvent,
    /// In an individual event, a team is its members' results added up; a team event
    /// registers teams with their members instead.
    #[error("member teams belong to individual events; use add_team")]
    MemberTeamsInTeamEvent,
    /// A team event's player comes with their team, never alone (a late entry too).
    #[error("a team event's players are entered with their team")]
    PlayerWithoutTeam,
    /// Line-ups and match results by board are for team events.
    #[error("not a team event")]
    NotTeamEvent,
    /// A team match's result is its boards' games, each with the players of both line-ups.
    #[error("a team match's result is entered board by board with both line-ups")]
    TeamResultByBoards,
    /// A knock-out pairs from its bracket, drawn at the start.
    #[error("the bracket has not been drawn")]
    BracketNotDrawn,
    /// The knock-out's next round needs a winner of every match of the last.
    #[error(
        "round {round} board {board}: the match is level; enter the extra games or the decision"
    )]
    MatchLevel {
        /// Round of the match.
        round: RoundNo,
        /// Board of the match.
        board: BoardNo,
    },
    /// A requested bye is for a round not yet paired: the pairing of a paired round is done.
    #[error("round {round} is already paired; a bye is requested for a round to come")]
    ByeForPairedRound {
        /// The round asked for.
        round: RoundNo,
    },
    /// An entrant withdraws once.
    #[error("{entrant} has already withdrawn")]
    AlreadyWithdrawn {
        /// The entrant.
        entrant: EntrantNo,
    },
    /// An arena pairs players as their games end (`crate::arena`), never by rounds.
    #[error("an arena is not paired by rounds: its players are paired as their games end")]
    ArenaHasNoRounds,
    /// The round just paired is not there (pairing always adds one: a defect, not a rule).
    #[error("no round")]
    PairedRoundMissing,
    /// Unpairing needs a paired round.
    #[error("no round is paired")]
    NoRoundPaired,
    /// A round with results is played; only the forfeits of withdrawn entrants do not count.
    #[error(
        "round {round} has results on board(s) {}: a round with results cannot be unpaired",
        comma_separated(boards)
    )]
    UnpairRoundWithResults {
        /// The round.
        round: RoundNo,
        /// The boards with a result, in board order.
        boards: Vec<BoardNo>,
    },
    /// Pairings change by hand only in the last round: later rounds were paired from the
    /// earlier ones.
    #[error("round {round} is over: only the last round ({last}) can be changed")]
    RoundOver {
        /// The round asked for.
        round: RoundNo,
        /// The last round paired.
        last: RoundNo,
    },
    /// An exchange names entrants of the round's pairings.
    #[error("{entrant} is not in round {round}'s pairings")]
    NotInPairings {
        /// The entrant.
        entrant: EntrantNo,
        /// The round.
        round: RoundNo,
    },
    /// A pairing with a result is played and is not exchanged.
    #[error("board {board} already has a result")]
    BoardHasResult {
        /// The board.
        board: BoardNo,
    },
    /// An entrant who asked for the bye does not play that round.
    #[error("{entrant} asked for a bye in round {round}")]
    ByeRequested {
        /// The entrant.
        entrant: EntrantNo,
        /// The round.
        round: RoundNo,
    },
}

/// Which setting or argument is invalid and why ([`EventError::Invalid`]); the text
/// names both, "invalid player name: empty".
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum InvalidReason {
    /// A player has a name.
    #[error("invalid player name: empty")]
    EmptyPlayerName,
    /// Swiss systems pair a game or a mini-match of two games (round robins any number).
    #[error("invalid games per pairing: 1 or 2")]
    GamesPerPairingNotOneOrTwo,
    /// A pairing is played in one game at least.
    #[error("invalid games per pairing: at least 1")]
    NoGamesPerPairing,
    /// A group round robin sends at least one of each group to the final.
    #[error("invalid advance per group: at least 1")]
    NoAdvancePerGroup,
    /// More entrants than a round number can count.
    #[error("invalid field: too many entrants")]
    TooManyEntrants,
    /// A double-elimination field of more than 64 players: its bracket runs too long (the
    /// text advises 32).
    #[error("invalid field: {players} players; double elimination is advised for at most 32")]
    DoubleEliminationFieldTooLarge {
        /// Players in the field.
        players: usize,
    },
    /// Only Swiss systems leave an entrant out of a round by request.
    #[error(
        "invalid requested bye: {} pairs by a fixed table or bracket; only Swiss systems grant requested byes",
        system.code()
    )]
    RequestedByeOutsideSwiss {
        /// The event's system.
        system: System,
    },
    /// A bye is requested for one of the event's rounds.
    #[error("invalid requested bye: round {round}: the event has {rounds} rounds")]
    RequestedByeAfterLastRound {
        /// The round asked for.
        round: RoundNo,
        /// Rounds announced.
        rounds: u32,
    },
    /// Only Swiss systems can pair a newcomer after the draw.
    #[error(
        "invalid late entry: {} pairs by a table or bracket fixed at the draw; only Swiss systems take late entries",
        system.code()
    )]
    LateEntryOutsideSwiss {
        /// The event's system.
        system: System,
    },
    /// Knock-outs and group round robins move on with each round; their rounds are not
    /// paired again.
    #[error(
        "invalid unpairing: {} advances its bracket or groups with each round; enter the round's results instead",
        system.code()
    )]
    UnpairingAdvancingSystem {
        /// The event's system.
        system: System,
    },
    /// A knock-out's pairings follow from its bracket.
    #[error("invalid pairing change: a knock-out's bracket decides its pairings")]
    PairingChangeInKnockOut,
    /// An exchange takes two entrants.
    #[error("invalid pairing change: {entrant} cannot be exchanged with themselves")]
    ExchangeWithItself {
        /// The entrant named twice.
        entrant: EntrantNo,
    },
    /// A level match is decided for one of its two.
    #[error("invalid decision: {winner} is not in the match {first}-{second}")]
    DecisionForOutsider {
        /// The entrant named winner.
        winner: EntrantNo,
        /// The match's first entrant.
        first: EntrantNo,
        /// The match's second entrant.
        second: EntrantNo,
    },
    /// A player plays for one team.
    #[error("invalid team members: player {player} already belongs to team {team}")]
    MemberOfAnotherTeam {
        /// The player.
        player: EntrantNo,
        /// The team they belong to.
        team: EntrantNo,
    },
    /// An event file numbers each player once.
    #[error("invalid players: start number {number} used twice")]
    StartNumberTwice {
        /// The number.
        number: EntrantNo,
    },
    /// An event file's team lists registered players.
    #[error("invalid team {team}: member {member} is not a registered player")]
    MemberNotRegistered {
        /// The team.
        team: EntrantNo,
        /// The member's number.
        member: EntrantNo,
    },
    /// An event file's pairing has two entrants.
    #[error("invalid round {round} board {board}: entrant {entrant} is paired against himself")]
    PairedWithItself {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The entrant.
        entrant: EntrantNo,
    },
    /// An event file's pairing has registered entrants.
    #[error("invalid round {round} board {board}: entrant {entrant} is not registered")]
    PairedEntrantNotRegistered {
        /// The round.
        round: RoundNo,
        /// The board.
        board: BoardNo,
        /// The entrant.
        entrant: EntrantNo,
    },
}

/// What is wrong with a line-up or a team's members ([`EventError::InvalidLineup`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum InvalidLineupReason {
    /// A line-up has a player for each board (all the members where all play all).
    #[error("{given} player(s) given, {needed} needed")]
    WrongPlayerCount {
        /// Players given.
        given: usize,
        /// Players the match needs.
        needed: usize,
    },
    /// A line-up has the team's members only.
    #[error("player {player} is not a member of the team")]
    NotAMember {
        /// The player.
        player: EntrantNo,
    },
    /// A player sits on one board.
    #[error("player {player} appears twice")]
    PlayerTwice {
        /// The player.
        player: EntrantNo,
    },
    /// A team registers enough members to fill its boards.
    #[error("{registered} member(s) registered, {needed} needed")]
    TooFewMembers {
        /// Members given.
        registered: usize,
        /// Members the event needs.
        needed: usize,
    },
}

/// Which rule of the registered order a line-up breaks ([`EventError::LineupOutOfOrder`]),
/// by the event's line-up mode (S4 ch.2 §4).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LineupOrderRule {
    /// Fixed boards, fixed players.
    #[error("fixed boards: board k must be the k-th registered member")]
    FixedBoards,
    /// A reserve takes a board but the order of registration holds.
    #[error("a player registered later sits on a higher board")]
    RegisteredOrder,
}

/// Why no pairing exists ([`PairingError::NoValidPairing`]).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NoPairingReason {
    /// FIDE Dutch: no rematch and no colour beyond its bounds (C.1, C.3) for the field.
    #[error("no pairing meets the absolute criteria (C.1, C.3)")]
    AbsoluteCriteria,
    /// FIDE Dutch: the players left after the brackets above cannot be paired.
    #[error("the last players cannot be paired")]
    LastPlayers,
    /// An odd field: the bye goes to a player who has not had it, and the rest must pair.
    #[error("every player has had the bye or no bye leaves a pairable field")]
    NoByeLeavesPairableField,
    /// Score groups: no rematch, and colour differences within ±2.
    #[error("no pairing without a rematch keeps every colour difference within ±2")]
    NoRematchFreeWithinColourBounds,
}

/// What the pairing program cannot pair ([`PairingError::Unsupported`]): limits of this
/// version, not rules of the game.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum UnsupportedPairing {
    /// The Dutch pairing's weights are sized for a field of at most `max` players.
    #[error(
        "the Dutch pairing in this version handles fields up to {max} players; this round has {players}"
    )]
    DutchFieldTooLarge {
        /// The most players.
        max: usize,
        /// Players in the round.
        players: usize,
    },
    /// A score bracket whose weights need more bits than the Dutch pairing's numbers hold.
    #[error(
        "the Dutch pairing in this version handles fields up to {max_players} players and score brackets whose weights fit {max_bits} bits; this bracket of {players} players needs {bits}"
    )]
    DutchBracketTooLarge {
        /// The most players in a field.
        max_players: usize,
        /// The most bits of a weight.
        max_bits: u32,
        /// Players in the bracket.
        players: usize,
        /// Bits its weights need.
        bits: u32,
    },
    /// The Dutch pairing answered a number that is no start number (a defect, not a rule).
    #[error("player id {id} is not a start number")]
    NotAStartNumber {
        /// The number answered.
        id: u32,
    },
}

/// A change to an arena ([`crate::arena::Arena`]) was refused; the arena is unchanged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ArenaError {
    /// A player number that was never added.
    #[error("no player number {0} in this arena")]
    UnknownPlayer(EntrantNo),
    /// A game of a player against himself.
    #[error("player {0} cannot play against himself")]
    AgainstHimself(EntrantNo),
    /// An arbiter's adjusted result: an arena scores a win, a draw or a loss, and a split
    /// of points has no arena score.
    #[error(
        "game {white}-{black}: an arena scores wins, draws and losses only; enter the ruling as 1-0, 0-1, 1/2 or a forfeit"
    )]
    AdjustedResult {
        /// White.
        white: EntrantNo,
        /// Black.
        black: EntrantNo,
    },
    /// A player named twice in one waiting list: he could be paired twice.
    #[error("player {0} is in the waiting list twice")]
    WaitingTwice(EntrantNo),
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

/// "3, 5, 8": the items in order, separated by commas.
fn comma_separated<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n<T: std::str::FromStr>(text: &str) -> T
    where
        T::Err: std::fmt::Debug,
    {
        text.parse().expect("a number from 1")
    }

    /// Each reason's refusal reads as the text it had when the reason was a string.
    #[test]
    fn every_reason_keeps_its_english() {
        let state = |r| EventError::State(r).to_string();
        let invalid = |r| EventError::Invalid(r).to_string();
        let cases = [
            (
                state(StateReason::AlreadyDrawn),
                "event state: the draw has already been made",
            ),
            (
                state(StateReason::NotDrawn),
                "event state: make the draw (start) before pairing",
            ),
            (
                state(StateReason::MatchLevel {
                    round: n("2"),
                    board: n("1"),
                }),
                "event state: round 2 board 1: the match is level; enter the extra games or the decision",
            ),
            (
                state(StateReason::UnpairRoundWithResults {
                    round: n("3"),
                    boards: vec![n("1"), n("4")],
                }),
                "event state: round 3 has results on board(s) 1, 4: a round with results cannot be unpaired",
            ),
            (
                state(StateReason::RoundOver {
                    round: n("1"),
                    last: n("2"),
                }),
                "event state: round 1 is over: only the last round (2) can be changed",
            ),
            (
                state(StateReason::NotInPairings {
                    entrant: n("9"),
                    round: n("2"),
                }),
                "event state: 9 is not in round 2's pairings",
            ),
            (
                invalid(InvalidReason::EmptyPlayerName),
                "invalid player name: empty",
            ),
            (
                invalid(InvalidReason::RequestedByeOutsideSwiss {
                    system: System::RoundRobin,
                }),
                "invalid requested bye: round-robin pairs by a fixed table or bracket; only Swiss systems grant requested byes",
            ),
            (
                invalid(InvalidReason::PairedWithItself {
                    round: n("1"),
                    board: n("2"),
                    entrant: n("2"),
                }),
                "invalid round 1 board 2: entrant 2 is paired against himself",
            ),
            (
                invalid(InvalidReason::DecisionForOutsider {
                    winner: n("7"),
                    first: n("3"),
                    second: n("5"),
                }),
                "invalid decision: 7 is not in the match 3-5",
            ),
            (
                EventError::InvalidLineup {
                    team: None,
                    why: InvalidLineupReason::TooFewMembers {
                        registered: 2,
                        needed: 4,
                    },
                }
                .to_string(),
                "invalid line-up: 2 member(s) registered, 4 needed",
            ),
            (
                EventError::LineupOutOfOrder {
                    team: n("1"),
                    lineup: vec![n("12"), n("11")],
                    registered: vec![n("11"), n("12")],
                    why: LineupOrderRule::RegisteredOrder,
                }
                .to_string(),
                "team 1: line-up [12, 11] breaks the registered order [11, 12] (a player registered later sits on a higher board)",
            ),
            (
                PairingError::NoValidPairing {
                    round: n("4"),
                    players: 6,
                    why: NoPairingReason::NoRematchFreeWithinColourBounds,
                }
                .to_string(),
                "round 4: no valid pairing exists for the 6 active entrant(s) (no pairing without a rematch keeps every colour difference within ±2)",
            ),
            (
                PairingError::Unsupported(UnsupportedPairing::DutchBracketTooLarge {
                    max_players: 1000,
                    max_bits: 118,
                    players: 400,
                    bits: 130,
                })
                .to_string(),
                "the Dutch pairing in this version handles fields up to 1000 players and score brackets whose weights fit 118 bits; this bracket of 400 players needs 130",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(text, expected);
        }
    }
}
