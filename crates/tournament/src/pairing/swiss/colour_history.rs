//! The colours a player has had: both Swiss systems read their colour preferences and
//! differences from the same history.

use crate::result::Color;
use crate::scoring::{Encounter, EncounterKind};

/// The colours of a player's games played over the board, oldest first (byes and
/// forfeits have none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct ColourHistory(Vec<Color>);

impl ColourHistory {
    /// The colours of the games played among `encounters`, in their order.
    pub(crate) fn of<'a>(encounters: impl IntoIterator<Item = &'a Encounter>) -> ColourHistory {
        ColourHistory(
            encounters
                .into_iter()
                .filter(|e| e.kind == EncounterKind::Played)
                .filter_map(|e| e.color)
                .collect(),
        )
    }

    /// The colours, oldest first.
    pub(crate) fn as_slice(&self) -> &[Color] {
        &self.0
    }

    /// The colour of the last game played.
    pub(crate) fn last(&self) -> Option<Color> {
        self.0.last().copied()
    }

    /// The colour difference: Whites minus Blacks.
    pub(crate) fn difference(&self) -> i32 {
        self.0.iter().map(|c| step(*c)).sum()
    }

    /// The colour difference once a game with `c` is added.
    pub(crate) fn difference_after(&self, c: Color) -> i32 {
        self.difference() + step(c)
    }
}

/// What one game with `c` adds to the colour difference.
fn step(c: Color) -> i32 {
    if c == Color::White { 1 } else { -1 }
}
