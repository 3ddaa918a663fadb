//! Swiss-type systems.

pub mod dutch;
pub mod score_group;
