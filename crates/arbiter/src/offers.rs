//! Draw offers and their alternation (S4 ch.1 §5 二.3): a player whose offer was refused —
//! by words or by a move — may not offer again until the opponent has offered once and been
//! refused; with equal counts either may offer. An offer cannot be withdrawn before the
//! answer, and an accepted offer is final.
//!
//! ```
//! use shatar_arbiter::{Offers, OfferRefusal};
//! use shatar_rules::Color::{White, Black};
//! let mut offers = Offers::default();
//! offers.offer(White, 1_000)?;
//! offers.decline(Black)?;
//! assert_eq!(offers.may_offer(White), Err(OfferRefusal::OpponentsTurnToOffer));
//! assert_eq!(offers.may_offer(Black), Ok(()));
//! # Ok::<_, OfferRefusal>(())
//! ```

use serde::Serialize;
use shatar_rules::{ByColor, Color};
use std::fmt;

/// How an offer was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OfferAnswer {
    /// Accepted: the game is drawn.
    Accepted,
    /// Refused in words.
    Declined,
    /// Refused by making a move (S4 ch.1 §5 二.3 "走出轮走的一着棋").
    DeclinedByMove,
    /// Left unanswered when the game ended or went back (a correction or take-back).
    Lapsed,
}

/// One draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OfferRecord {
    /// Who offered.
    #[serde(with = "crate::log::color_serde")]
    pub by: Color,
    /// When.
    pub at_ms: u64,
    /// The answer, once given.
    pub answer: Option<OfferAnswer>,
}

/// Why a player may not offer a draw now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum OfferRefusal {
    /// The player has made more offers than the opponent: the opponent must offer first.
    #[error("a refused offer may not be repeated until the opponent has offered once")]
    OpponentsTurnToOffer,
    /// An offer is already waiting for an answer.
    #[error("{0}'s offer is waiting for an answer")]
    Pending(Color),
    /// There is no offer for this player to answer.
    #[error("no draw offer to answer")]
    NothingToAnswer,
}

/// The offers of one game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Offers {
    made: ByColor<u32>,
    history: Vec<OfferRecord>,
    pending: Option<usize>,
}

impl Offers {
    /// Whether `color` may offer a draw now, and why not.
    pub fn may_offer(&self, color: Color) -> Result<(), OfferRefusal> {
        if let Some(by) = self.pending_by() {
            return Err(OfferRefusal::Pending(by));
        }
        // S4 ch.1 §5 二.3: "非经对方提和一次（也被拒绝），不得再次提出 … 若双方提和次数对等，
        // 即可由任何一方再次提和".
        if self.made[color] > self.made[!color] {
            return Err(OfferRefusal::OpponentsTurnToOffer);
        }
        Ok(())
    }

    /// `color` offers a draw.
    pub fn offer(&mut self, color: Color, at_ms: u64) -> Result<(), OfferRefusal> {
        self.may_offer(color)?;
        self.made[color] += 1;
        self.pending = Some(self.history.len());
        self.history.push(OfferRecord {
            by: color,
            at_ms,
            answer: None,
        });
        Ok(())
    }

    /// Who made the offer waiting for an answer.
    pub fn pending_by(&self) -> Option<Color> {
        self.pending.and_then(|i| self.history.get(i)).map(|r| r.by)
    }

    fn answer(&mut self, responder: Color, answer: OfferAnswer) -> Result<(), OfferRefusal> {
        match self.pending_by() {
            Some(by) if by != responder => {
                if let Some(r) = self.pending.take().and_then(|i| self.history.get_mut(i)) {
                    r.answer = Some(answer);
                }
                Ok(())
            }
            _ => Err(OfferRefusal::NothingToAnswer),
        }
    }

    /// `responder` accepts the opponent's offer.
    pub fn accept(&mut self, responder: Color) -> Result<(), OfferRefusal> {
        self.answer(responder, OfferAnswer::Accepted)
    }

    /// `responder` declines the opponent's offer in words.
    pub fn decline(&mut self, responder: Color) -> Result<(), OfferRefusal> {
        self.answer(responder, OfferAnswer::Declined)
    }

    /// `mover` has moved: an offer waiting for `mover`'s answer is refused by it.
    pub fn moved(&mut self, mover: Color) {
        let _ = self.answer(mover, OfferAnswer::DeclinedByMove);
    }

    /// A waiting offer lapses (the game ended or went back).
    pub fn lapse(&mut self) {
        if let Some(r) = self.pending.take().and_then(|i| self.history.get_mut(i)) {
            r.answer = Some(OfferAnswer::Lapsed);
        }
    }

    /// Offers made by each player.
    pub fn made(&self) -> ByColor<u32> {
        self.made
    }

    /// Every offer, in order.
    pub fn history(&self) -> &[OfferRecord] {
        &self.history
    }
}

impl fmt::Display for OfferAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OfferAnswer::Accepted => "accepted",
            OfferAnswer::Declined => "declined",
            OfferAnswer::DeclinedByMove => "declined by a move",
            OfferAnswer::Lapsed => "lapsed",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn seed_alternation() {
        let mut o = Offers::default();
        // Equal counts (0–0): either may offer.
        assert_eq!(o.may_offer(White), Ok(()));
        assert_eq!(o.may_offer(Black), Ok(()));
        o.offer(White, 0).unwrap();
        // Pending: no second offer, by either side, and no withdrawal.
        assert_eq!(o.may_offer(White), Err(OfferRefusal::Pending(White)));
        assert_eq!(o.may_offer(Black), Err(OfferRefusal::Pending(White)));
        assert_eq!(o.decline(White), Err(OfferRefusal::NothingToAnswer));
        // Refused by a move.
        o.moved(Black);
        assert_eq!(o.history()[0].answer, Some(OfferAnswer::DeclinedByMove));
        assert_eq!(o.may_offer(White), Err(OfferRefusal::OpponentsTurnToOffer));
        assert_eq!(o.may_offer(Black), Ok(()));
        o.offer(Black, 5).unwrap();
        o.decline(White).unwrap();
        // 1–1: either may offer again.
        assert_eq!(o.may_offer(White), Ok(()));
        assert_eq!(o.may_offer(Black), Ok(()));
        o.offer(Black, 9).unwrap();
        o.moved(White);
        assert_eq!(o.may_offer(Black), Err(OfferRefusal::OpponentsTurnToOffer));
        assert_eq!(o.made(), ByColor { white: 1, black: 2 });
    }

    #[test]
    fn the_offerers_own_move_does_not_refuse() {
        let mut o = Offers::default();
        o.offer(White, 0).unwrap();
        o.moved(White);
        assert_eq!(o.pending_by(), Some(White));
        o.accept(Black).unwrap();
        assert_eq!(o.history()[0].answer, Some(OfferAnswer::Accepted));
    }
}
