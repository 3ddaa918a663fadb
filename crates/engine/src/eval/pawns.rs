//! Pawn structure: doubled, isolated and passed pawns.

use super::params::{P, Params, nth, pair};
use super::{Score, s};
use shatar_rules::{Bitboard, Color, Position, Role, Square};

/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The squares of a file (0 = a); none for a file off the board. Worked out by shifts:
/// the evaluation asks for these masks for every pawn of every position.
#[inline]
pub(super) fn file_mask(file: u8) -> Bitboard {
    Bitboard(
        FILE_A
            .checked_shl(u32::from(file))
            .filter(|_| file < 8)
            .unwrap_or(0),
    )
}

/// The squares of the files beside `file`.
#[inline]
pub(super) fn adjacent_files(file: u8) -> Bitboard {
    let f = file_mask(file).0;
    Bitboard(((f >> 1) & !(FILE_A << 7)) | ((f << 1) & !FILE_A))
}

/// The squares strictly in front of `rank` (from `us`'s side) on any file.
#[inline]
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

/// Whether a pawn of `us` on `sq` would be passed: no pawn of `theirs` stands ahead of
/// it on its own file or the files beside it.
#[inline]
pub fn is_passed(us: Color, sq: Square, theirs: Bitboard) -> bool {
    let file = sq.file().index();
    (theirs & (file_mask(file) | adjacent_files(file)) & ahead(us, sq.rank().index())).is_empty()
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
        if is_passed(us, sq, theirs) {
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
    use shatar_rules::{File, Ruleset, fen};

    #[test]
    fn file_masks() {
        assert_eq!(file_mask(0), Bitboard::file(File::new(0).unwrap()));
        assert_eq!(file_mask(7), Bitboard::file(File::new(7).unwrap()));
        assert_eq!(file_mask(8), Bitboard::EMPTY);
        assert_eq!(adjacent_files(0), file_mask(1));
        assert_eq!(adjacent_files(7), file_mask(6));
        assert_eq!(adjacent_files(4), file_mask(3) | file_mask(5));
    }

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
