//! One module per command group.

pub mod perft;
