//! The tools around the Shatar engine, kept out of `shatar-engine` so that what plays (the
//! server, `shatar uci`) does not compile a referee and a tuner:
//!
//! - [`client`]: drives an outside UCI engine (ours, Fairy-Stockfish, any other);
//! - [`match_runner`]: plays engines against each other by the rules, with time controls,
//!   adjudication, SPRT and PGN output (`shatar match`);
//! - [`nnue_data`]: self-play training data for the neural evaluation (`shatar nnue data`);
//! - [`nnue_train`]: the trainer of the neural evaluation on the CPU (`shatar nnue train`);
//! - [`tuning`]: what the tuning examples (`texel_data`, `texel_tune`, `fsf_label`) share.

pub mod client;
pub mod error;
pub mod match_runner;
pub mod nnue_data;
pub mod nnue_train;
pub mod tuning;

pub use error::{ClientError, ParseMatchError};
