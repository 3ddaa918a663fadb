//! Errors of the engine tools, named by operation.

use thiserror::Error;

/// A time control or option text given to the match runner that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseMatchError {
    /// A time control like `40/60+0.6`, `10+0.1`, `movetime=100`, `nodes=1000`, `depth=6`.
    #[error("time control {text:?}: {reason}")]
    TimeControl {
        /// The text given.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// An engine option that is not `name=value`.
    #[error("engine option {0:?}: expected name=value")]
    EngineOption(String),
    /// An SPRT bound that is not `elo0=X` / `elo1=Y`.
    #[error("sprt {0:?}: expected elo0=X elo1=Y")]
    Sprt(String),
    /// An openings file line that is not a FEN of a legal position, with its line number.
    #[error("openings line {line}: {reason}")]
    Opening {
        /// 1-based line number.
        line: usize,
        /// Why.
        reason: String,
    },
}

/// Talking to an outside UCI engine failed.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The process could not be started.
    #[error("cannot start engine {command:?}: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// Writing to the engine failed (it has probably exited).
    #[error("engine {name}: cannot write: {source}")]
    Write {
        /// The engine's name.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine closed its output (crashed or exited).
    #[error("engine {0}: exited")]
    Exited(String),
    /// The engine did not answer in time.
    #[error("engine {name}: no {awaited} within {waited_ms} ms")]
    Timeout {
        /// The engine's name.
        name: String,
        /// What we waited for.
        awaited: &'static str,
        /// How long.
        waited_ms: u64,
    },
}
