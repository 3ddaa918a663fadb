//! Errors: reading a time control, reading a log line, applying an event, replaying a log.

use crate::log::Actor;
use shatar_rules::Color;

/// A PGN `TimeControl` tag that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseTimeControlError {
    /// Nothing given.
    #[error("empty time control")]
    Empty,
    /// `?`: the PGN form for an unknown control, which cannot be arbitrated.
    #[error("time control \"?\" (unknown) cannot be arbitrated")]
    Unknown,
    /// A sandclock period (`*N`), not supported.
    #[error("period {period}: sandclock periods (*N) are not supported")]
    Sandclock {
        /// The period, from 1.
        period: usize,
    },
    /// A number that is not a whole non-negative count (or a zero move count).
    #[error("period {period}: {what} {text:?} is not a valid whole number")]
    Number {
        /// The period, from 1.
        period: usize,
        /// Which number.
        what: &'static str,
        /// The text found.
        text: String,
    },
    /// A sudden-death period followed by another period.
    #[error("period {period}: a period without a move count must be the last")]
    SuddenDeathNotLast {
        /// The period, from 1.
        period: usize,
    },
}

/// A log line that is not a well-formed entry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseLogEntryError {
    /// A blank line.
    #[error("empty line")]
    Empty,
    /// Not JSON, or not an entry (unknown event, field or value).
    #[error("not a log entry: {0}")]
    Json(String),
    /// No `v` field.
    #[error("no format version (\"v\")")]
    NoVersion,
    /// A version this crate does not read.
    #[error("format version {0} is not supported (this reader knows version 1)")]
    Version(u64),
}

/// An event that cannot happen in the game as it stands. The game is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The first entry must open the game, and only the first.
    #[error("the log must begin with one \"open\" event, and only the first line may open")]
    Open,
    /// The header names no usable ruleset or position.
    #[error("bad header: {0}")]
    Header(String),
    /// A timestamp earlier than the previous one.
    #[error("time went backwards: {now_ms} ms after {previous_ms} ms")]
    TimeBackwards {
        /// The previous timestamp.
        previous_ms: u64,
        /// This one.
        now_ms: u64,
    },
    /// The game had already ended.
    #[error("the game has already ended: {0}")]
    AfterEnd(String),
    /// The actor may not cause this event.
    #[error("{actor} may not {event}")]
    Actor {
        /// Who tried.
        actor: Actor,
        /// What.
        event: &'static str,
    },
    /// The clock has not been started.
    #[error("the clock has not been started")]
    NotStarted,
    /// The clock was already started.
    #[error("the clock has already been started")]
    AlreadyStarted,
    /// A player moved out of turn.
    #[error("{0} moved, but it is not {0}'s turn")]
    NotYourTurn(Color),
    /// A move that is not legal (or not readable) in the position.
    #[error("move {text:?} by {color} at move {move_number}: {reason}")]
    IllegalMove {
        /// The text.
        text: String,
        /// Who.
        color: Color,
        /// The move number.
        move_number: u32,
        /// Why it fails.
        reason: String,
    },
    /// An offer or answer out of place.
    #[error("draw offer: {0}")]
    Offer(#[from] crate::offers::OfferRefusal),
    /// A `flag` event while the side to move still has time.
    #[error("no flag has fallen: {color} has {remaining_ms} ms left")]
    NoFlag {
        /// The side to move.
        color: Color,
        /// Its time left.
        remaining_ms: i64,
    },
    /// A claim waits for the arbiter's ruling; nothing else may happen first.
    #[error("a claim waits for the arbiter's ruling")]
    ClaimPending,
    /// A ruling with no claim waiting.
    #[error("no claim waits for a ruling")]
    NoClaimPending,
    /// A claim with a move by the player not to move.
    #[error("{0} cannot claim with a move: it is not {0}'s turn")]
    ClaimOutOfTurn(Color),
    /// Take-backs are not allowed by the event, or not possible now.
    #[error("take-back: {0}")]
    Takeback(&'static str),
    /// A correction that cannot be made.
    #[error("correction: {0}")]
    Correction(String),
    /// The game is adjourned (or not).
    #[error("{0}")]
    Adjournment(&'static str),
    /// A late-arrival event that does not fit.
    #[error("arrival: {0}")]
    Arrival(String),
    /// A move on a clock-only board, or a press without a move on a board with a record.
    #[error("{0}")]
    ClockOnly(&'static str),
    /// A result that is not `1-0`, `0-1` or `1/2-1/2`.
    #[error("result {0:?} is not 1-0, 0-1 or 1/2-1/2")]
    BadResult(String),
}

/// Why a log does not replay, and on which line (counted from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The log has no lines.
    #[error("the log is empty")]
    Empty,
    /// A line that is not an entry.
    #[error("line {line}: {error}")]
    Parse {
        /// The line number.
        line: usize,
        /// What is wrong.
        error: ParseLogEntryError,
    },
    /// A line whose event cannot happen at that point.
    #[error("line {line}: {error}")]
    Apply {
        /// The line number.
        line: usize,
        /// What is wrong.
        error: ApplyError,
    },
    /// `--at N` beyond the log.
    #[error("the log has {lines} lines; cannot stop after line {at}")]
    Beyond {
        /// Lines in the log.
        lines: usize,
        /// Requested.
        at: usize,
    },
}

impl LogError {
    /// The line number the error is on, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            LogError::Parse { line, .. } | LogError::Apply { line, .. } => Some(*line),
            LogError::Empty | LogError::Beyond { .. } => None,
        }
    }
}
