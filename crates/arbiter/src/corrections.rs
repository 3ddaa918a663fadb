//! Corrections of an illegal sequence found later (S4 ch.2 §1.4 and §3.4): the game goes
//! back to the position before the erroneous move and both clocks' used time is scaled by
//! (the erroneous move's number ÷ the number of the last move played), unless the error is
//! within the last two rounds.
//!
//! S4's worked example — Blue has played move 30, the error was at move 20, White has
//! used 30 minutes and Blue 20 — gives White 30 × 20/30 = 20 minutes and Blue 20 × 20/30 =
//! 40/3 minutes, which is exactly 13:20 (800 000 ms). Scaling is done on integer milliseconds
//! and rounds down ([`crate::Clock::scale_used`]), so a player is never charged a fraction of
//! a millisecond the ratio does not give.
//!
//! ```
//! use shatar_arbiter::corrections::scale_ratio;
//! assert_eq!(scale_ratio(20, 30), Some((20, 30)));
//! assert_eq!(scale_ratio(29, 30), None); // within the last two rounds
//! assert_eq!(30 * 60_000 * 20 / 30, 20 * 60_000);
//! assert_eq!(20 * 60_000 * 20 / 30, 13 * 60_000 + 20_000);
//! ```

use serde::Serialize;
use shatar_rules::{ByColor, Color, Position};

/// Rounds within which an error leaves the clocks as they are (S4 ch.2 §3.4
/// "仅仅是在最近两回合之内").
pub const NO_ADJUSTMENT_ROUNDS: u32 = 2;

/// The ratio (numerator, denominator) for scaling the clocks when the error was at move
/// `error_move` and the last move played is number `last_move`; `None` when the error is
/// within the last two rounds (`last_move − error_move < 2`) and the clocks stay.
pub fn scale_ratio(error_move: u32, last_move: u32) -> Option<(u64, u64)> {
    if last_move.saturating_sub(error_move) < NO_ADJUSTMENT_ROUNDS || last_move == 0 {
        return None;
    }
    Some((u64::from(error_move), u64::from(last_move)))
}

/// The index (from 0, counting plies from `initial`) of `side`'s move number `move_number`.
pub fn ply_index(initial: &Position, move_number: u32, side: Color) -> Option<usize> {
    let f0 = i64::from(initial.fullmoves());
    let idx = 2 * (i64::from(move_number) - f0) + i64::from(side == Color::Black)
        - i64::from(initial.turn() == Color::Black);
    usize::try_from(idx).ok()
}

/// The move number of ply `index` from `initial`.
pub fn move_number_of_ply(initial: &Position, index: usize) -> u32 {
    let offset = u32::try_from(index).unwrap_or(u32::MAX);
    initial
        .fullmoves()
        .saturating_add((offset.saturating_add(u32::from(initial.turn() == Color::Black))) / 2)
}

/// The side that makes ply `index` from `initial`.
pub fn color_of_ply(initial: &Position, index: usize) -> Color {
    if index.is_multiple_of(2) {
        initial.turn()
    } else {
        !initial.turn()
    }
}

/// A correction made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CorrectionRecord {
    /// When.
    pub at_ms: u64,
    /// The erroneous move's number.
    pub move_number: u32,
    /// Who made it.
    #[serde(with = "crate::log::color_serde")]
    pub side: Color,
    /// The number of the last move played when the error was found.
    pub last_move_number: u32,
    /// The scaling applied, or `None` within the last two rounds.
    pub ratio: Option<(u64, u64)>,
    /// Used time before the correction (White, Black).
    pub used_before_ms: (u64, u64),
    /// Used time after it.
    pub used_after_ms: (u64, u64),
    /// The arbiter's note.
    pub note: String,
}

impl CorrectionRecord {
    /// The used times as a pair by colour.
    pub fn used_after(&self) -> ByColor<u64> {
        ByColor {
            white: self.used_after_ms.0,
            black: self.used_after_ms.1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn plies_and_move_numbers() {
        let start = Position::start(Ruleset::COMPETITION);
        assert_eq!(ply_index(&start, 1, Color::White), Some(0));
        assert_eq!(ply_index(&start, 20, Color::White), Some(38));
        assert_eq!(ply_index(&start, 20, Color::Black), Some(39));
        assert_eq!(move_number_of_ply(&start, 59), 30);
        assert_eq!(color_of_ply(&start, 59), Color::Black);
        let black_first =
            fen::read("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", Ruleset::COMPETITION).unwrap();
        assert_eq!(ply_index(&black_first, 7, Color::White), None);
        assert_eq!(ply_index(&black_first, 7, Color::Black), Some(0));
        assert_eq!(ply_index(&black_first, 8, Color::White), Some(1));
        assert_eq!(move_number_of_ply(&black_first, 1), 8);
    }

    #[test]
    fn last_two_rounds_keep_the_clocks() {
        assert_eq!(scale_ratio(28, 30), Some((28, 30)));
        assert_eq!(scale_ratio(29, 30), None);
        assert_eq!(scale_ratio(30, 30), None);
    }
}
