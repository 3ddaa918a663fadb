//! Draw offers with the alternation of S4 (“提议作和，应使双方机会均等”): a player whose offer
//! was declined may not offer again until the opponent has offered once too; with equal
//! counts either may offer. An offer cannot be withdrawn; the opponent declines it in words
//! or by making a move. Kept apart so the arbiter library can take it over.

use crate::error::ActionError;
use shatar_rules::{ByColor, Color};

/// The offers made in a game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DrawOffers {
    made: ByColor<u32>,
    pending: Option<Color>,
}

impl DrawOffers {
    /// The side whose offer awaits an answer.
    pub fn pending(&self) -> Option<Color> {
        self.pending
    }

    /// Whether `color` may offer now.
    pub fn can_offer(&self, color: Color) -> Result<(), ActionError> {
        match self.pending {
            Some(c) if c == color => Err(ActionError::CannotOffer("your offer is still pending")),
            Some(_) => Err(ActionError::CannotOffer(
                "answer the opponent's offer first",
            )),
            None if self.made.get(color) > self.made.get(!color) => Err(ActionError::CannotOffer(
                "after a declined offer, the opponent must offer before you may again",
            )),
            None => Ok(()),
        }
    }

    /// `color` offers a draw.
    pub fn offer(&mut self, color: Color) -> Result<(), ActionError> {
        self.can_offer(color)?;
        *self.made.get_mut(color) += 1;
        self.pending = Some(color);
        Ok(())
    }

    /// `color` answers the opponent's pending offer (accept or decline alike end it).
    pub fn answer(&mut self, color: Color) -> Result<(), ActionError> {
        if self.pending != Some(!color) {
            return Err(ActionError::NoOffer);
        }
        self.pending = None;
        Ok(())
    }

    /// `mover` made a move: a pending offer of the opponent's is declined by it.
    pub fn on_move(&mut self, mover: Color) {
        if self.pending == Some(!mover) {
            self.pending = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn alternation_of_003() {
        let mut o = DrawOffers::default();
        o.offer(White).unwrap();
        assert_eq!(
            o.offer(White),
            Err(ActionError::CannotOffer("your offer is still pending"))
        );
        // Black declines by moving.
        o.on_move(Black);
        assert_eq!(o.pending(), None);
        // White may not offer again until Black has offered.
        assert!(o.can_offer(White).is_err());
        o.offer(Black).unwrap();
        o.answer(White).unwrap();
        // Counts equal (1–1): either may offer.
        assert!(o.can_offer(White).is_ok());
        assert!(o.can_offer(Black).is_ok());
        // The offerer's own move does not withdraw its offer.
        o.offer(Black).unwrap();
        o.on_move(Black);
        assert_eq!(o.pending(), Some(Black));
        assert_eq!(o.answer(Black), Err(ActionError::NoOffer));
    }
}
