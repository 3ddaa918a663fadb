//! Swiss-type systems.

pub mod acceleration;
mod colour_history;
pub mod dutch;
pub mod score_group;
