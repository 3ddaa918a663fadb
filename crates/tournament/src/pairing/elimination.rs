//! Single and double elimination (003 ch.2 §5.1–2, ch.4 §1).

use serde::{Deserialize, Serialize};

use crate::error::{EventError, PairingError};
use crate::event::{Event, Round};

/// A knock-out bracket: entrant in each draw position (`None`: a bye slot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// Draw positions 1..=size, entrant numbers.
    pub positions: Vec<Option<u32>>,
}

/// Draws the bracket.
pub fn start(_event: &mut Event) -> Result<(), EventError> {
    Err(PairingError::Unsupported("elimination is not available yet".into()).into())
}

/// Pairs a round.
pub fn pair_round(_event: &Event, _number: u32) -> Result<Round, EventError> {
    Err(PairingError::Unsupported("elimination is not available yet".into()).into())
}
