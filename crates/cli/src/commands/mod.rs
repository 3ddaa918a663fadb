//! One module per command group.

pub mod arbiter;
pub mod perft;
