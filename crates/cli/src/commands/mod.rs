//! One module per command group.

pub mod admin;
pub mod arbiter;
pub mod engine_match;
pub mod nnue;
pub mod perft;
pub mod record;
pub mod serve;
pub mod tournament;
pub mod uci;
