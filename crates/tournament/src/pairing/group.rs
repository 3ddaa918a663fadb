//! Group round robin (分组循环, 003 ch.2 §5.4): seeded groups by snake, each a Berger
//! round robin played in parallel; then the top entrants of each group play a final
//! round robin.

use crate::error::{EventError, PairingError};
use crate::event::{Event, Round};

/// Draws the groups.
pub fn start(_event: &mut Event) -> Result<(), EventError> {
    Err(PairingError::Unsupported("group round robin is not available yet".into()).into())
}

/// Pairs a round.
pub fn pair_round(_event: &Event, _number: u32) -> Result<Round, EventError> {
    Err(PairingError::Unsupported("group round robin is not available yet".into()).into())
}
