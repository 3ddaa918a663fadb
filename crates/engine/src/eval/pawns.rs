//! Pawn structure: doubled, isolated and passed pawns.

use super::params::{P, Params, nth, pair};
use super::{Score, s};
use shatar_rules::{Bitboard, Color, File, Position, Role};

pub(super) fn file_mask(file: u8) -> Bitboard {
    File::new(file).map_or(Bitboard::EMPTY, Bitboard::file)
}

pub(super) fn adjacent_files(file: u8) -> Bitboard {
    let left = if file > 0 {
        file_mask(file - 1)
    } else {
        Bitboard::EMPTY
    };
    left | file_mask(file + 1)
}

/// The squares strictly in front of `rank` (from `us`'s side) on any file.
pub(super) fn ahead(us: Color, rank: u8) -> Bitboard {
    let below_or_on = if rank >= 7 {
        !0u64
    } else {
        (1u64 << (8 * (u32::from(rank) + 1))) - 1
    };
    match us {
        Color::White => Bitboard(!below_or_on),
        Color::Black => Bitboard((1u64 << (8 * u32::from(rank))) - 1),
    }
}

/// The pawn-structure score of `us`.
pub fn pawn_structure(p: &Params, pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(!us, Role::Pawn);
    let mut total = Score::default();
    for sq in ours {
        let file = sq.file().index();
        let rank = sq.rank().index();
        let front = ahead(us, rank);
        if (ours & file_mask(file) & front).any() {
            total += pair(p, P::DoubledMg);
        }
        if (ours & adjacent_files(file)).is_empty() {
            total += pair(p, P::IsolatedMg);
        }
        if (theirs & (file_mask(file) | adjacent_files(file)) & front).is_empty() {
            // By the pawn's rank counted from its own side (2 to 7).
            let relative = usize::from(if us == Color::White { rank } else { 7 - rank });
            if (1..=6).contains(&relative) {
                total += s(
                    nth(p, P::Passed2Mg, relative - 1),
                    nth(p, P::Passed2Eg, relative - 1),
                );
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn passed_pawn_scores_by_rank() {
        // White pawn on e6 (relative rank 6), Black pawn on a7 far away: both passed.
        let pos = fen::read("4k3/p7/4P3/8/8/8/8/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        let w = pawn_structure(p, &pos, Color::White);
        assert_eq!(w, s(40, 70) + s(-12, -16));
        let bl = pawn_structure(p, &pos, Color::Black);
        assert_eq!(bl, s(5, 10) + s(-12, -16));
    }
}
