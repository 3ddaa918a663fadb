//! Helpers shared by the rules tests.

pub mod brute;
