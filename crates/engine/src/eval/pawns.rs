//! Pawn structure: doubled, isolated and passed pawns.

use super::{Score, s};
use shatar_rules::{Bitboard, Color, File, Position, Role};

const DOUBLED: Score = s(-12, -20);
const ISOLATED: Score = s(-12, -16);
/// By the pawn's rank counted from its own side.
const PASSED: [Score; 8] = [
    s(0, 0),
    s(5, 10),
    s(8, 15),
    s(14, 25),
    s(25, 45),
    s(40, 70),
    s(60, 110),
    s(0, 0),
];

fn file_mask(file: u8) -> Bitboard {
    File::new(file).map_or(Bitboard::EMPTY, Bitboard::file)
}

fn adjacent_files(file: u8) -> Bitboard {
    let left = if file > 0 {
        file_mask(file - 1)
    } else {
        Bitboard::EMPTY
    };
    left | file_mask(file + 1)
}

/// The squares strictly in front of `rank` (from `us`'s side) on any file.
fn ahead(us: Color, rank: u8) -> Bitboard {
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
pub fn pawn_structure(pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(!us, Role::Pawn);
    let mut total = Score::default();
    for sq in ours {
        let file = sq.file().index();
        let rank = sq.rank().index();
        let front = ahead(us, rank);
        if (ours & file_mask(file) & front).any() {
            total += DOUBLED;
        }
        if (ours & adjacent_files(file)).is_empty() {
            total += ISOLATED;
        }
        if (theirs & (file_mask(file) | adjacent_files(file)) & front).is_empty() {
            let relative = if us == Color::White { rank } else { 7 - rank };
            total += PASSED[usize::from(relative.min(7))];
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
        let w = pawn_structure(&pos, Color::White);
        assert_eq!(w, PASSED[5] + ISOLATED);
        let bl = pawn_structure(&pos, Color::Black);
        assert_eq!(bl, PASSED[1] + ISOLATED);
    }
}
