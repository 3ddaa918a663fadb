//! Errors of the engine library, named by operation.

use thiserror::Error;

/// A UCI command that could not be understood or applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    /// A command word the protocol does not know.
    #[error("unknown command {0:?}")]
    UnknownCommand(String),
    /// A `position` command that is malformed or names an illegal move.
    #[error("position: {0}")]
    Position(String),
    /// A `go` argument that is missing or not a number.
    #[error("go: {0}")]
    Go(String),
    /// A `setoption` that names no option or gives a bad value.
    #[error("setoption: {0}")]
    SetOption(String),
}
