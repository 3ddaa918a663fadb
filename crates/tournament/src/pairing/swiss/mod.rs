//! Swiss-type systems.

pub mod score_group;
