//! The seed's Swiss score-group system (积分编排制, 003 ch.2 §5.5).

use crate::error::PairingError;
use crate::event::{Event, Round};

/// Pairs a round.
pub fn pair_round(_event: &Event, _number: u32) -> Result<Round, PairingError> {
    Err(PairingError::Unsupported(
        "swiss is not available yet".into(),
    ))
}
