//! A UCI engine for Shatar (Mongolian chess) that knows every ruleset's game ends, with the
//! UCI protocol as a testable library. The match runner, the UCI client and the tuning
//! tools are in `shatar-engine-tools`.
//!
//! ```
//! use shatar_engine::{Engine, Limits};
//! use shatar_rules::{Position, Ruleset, fen};
//!
//! // White mates with the rook: a mate that counts in the official rules.
//! let pos = fen::read("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Ruleset::OFFICIAL)?;
//! let result = Engine::new().think(&pos, &Limits::depth(4));
//! assert_eq!(result.best.map(|m| m.to.to_string()), Some("a8".to_string()));
//! # Ok::<_, shatar_rules::FenError>(())
//! ```
//!
//! Layout (Stockfish's): [`search`] and `qsearch` (the alpha-beta search), [`movepick`]
//! (ordering), [`history`], [`eval`], [`tt`], [`timeman`], [`limits`], [`bench`](mod@bench), the
//! [`Engine`] API, [`uci`] (protocol and options), [`rng`] (the seeded generator the
//! tests and tuning tools share).

pub mod bench;
pub mod engine;
pub mod error;
pub mod eval;
pub mod history;
pub mod limits;
pub mod movepick;
pub mod nnue;
mod qsearch;
pub mod rng;
pub mod search;
pub mod timeman;
pub mod tt;
pub mod uci;

pub use engine::Engine;
pub use error::UciError;
pub use limits::Limits;
pub use search::{Info, ScoreReport, SearchConfig, SearchResult, SearchRoot};
