//! Swiss-type systems.

pub mod acceleration;
pub mod dutch;
pub mod score_group;
