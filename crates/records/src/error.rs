//! Errors of reading and replaying records. Syntax (text that is not a move, a malformed tag)
//! and meaning (a move that is illegal or ambiguous where it stands) are different types, as
//! in shakmaty's `ParseSanError` and `SanError`.

use shatar_rules::Color;

/// Text that cannot be a move in any notation (a syntax error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a move: {reason}")]
pub struct ParseMoveError {
    /// The text read.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

/// A well-formed move that does not name exactly one legal move of the position (a meaning
/// error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// No legal move fits the text.
    #[error("{text} is illegal: {reason}")]
    Illegal {
        /// The text as written.
        text: String,
        /// Why, e.g. `no king on d8`, `the king would be in check on d7`.
        reason: String,
    },
    /// More than one legal move fits the text.
    #[error("{text} is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text as written.
        text: String,
        /// The moves it could be, in full notation.
        candidates: Vec<String>,
    },
}

/// Either kind of error of one move read against a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not a move at all.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// Not one legal move here.
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// A move of a record that could not be replayed: where (move number and side) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: move {number}, {side_name}: {error}")]
pub struct ReplayError {
    /// The move number (as in the record: `(6)`, `6.`).
    pub number: u32,
    /// The side that was to move.
    pub side: Color,
    /// That side's name in the record's colours (`Blue` in S4's records).
    pub side_name: &'static str,
    /// The line of the text it was read from (1-based).
    pub line: usize,
    /// What is wrong with it.
    pub error: MoveTextError,
}

/// A record that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Bad text in the tags or move text (not a move, an unclosed comment, …).
    #[error("line {line}, column {column}: {reason}")]
    Syntax {
        /// Line (1-based).
        line: usize,
        /// Column in characters (1-based).
        column: usize,
        /// What is wrong.
        reason: String,
    },
    /// A move that is not a move.
    #[error("line {line}: {error}")]
    MoveSyntax {
        /// Line (1-based).
        line: usize,
        /// The error.
        error: ParseMoveError,
    },
    /// A move that cannot be played.
    #[error(transparent)]
    Replay(Box<ReplayError>),
    /// A tag whose value cannot be used (`Ruleset`, `FEN`, `Variant`).
    #[error("tag {tag}: {reason}")]
    Tag {
        /// The tag name.
        tag: String,
        /// Why.
        reason: String,
    },
}

/// A game of a many-game file that was skipped, with its number in the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {game} (from line {first_line}): {error}")]
pub struct GameError {
    /// The game's number in the file (1-based).
    pub game: usize,
    /// The line the game starts on.
    pub first_line: usize,
    /// What is wrong.
    pub error: RecordError,
}

/// A language name that is not one of `en`, `zh`, `zh-000`, `mn`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected en, zh, zh-000 or mn")]
pub struct UnknownLang(pub String);

/// A notation name that is not one of `san`, `uci`, `full`, `short`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation {0:?}: expected san, uci, full or short")]
pub struct UnknownNotation(pub String);

/// An `Opening` tag value that names neither opening.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown opening {0:?}: expected open (Chahar) or closed (Ujumchin)")]
pub struct UnknownOpening(pub String);
