//! Pawn structure: doubled and isolated pawns, and the pawn sets and masks the other
//! terms share (passed pawns are scored in `passed.rs`).

use super::Score;
use super::params::{P, Params, pair};
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

/// The captures of the pawns in `pawns` of `color`, towards the a-file and towards the
/// h-file. a1 = 0: one rank up is +8, so a capture towards the a-file is +7 (White) or
/// −9 (Black), towards the h-file +9 or −7; pawns on the edge file lose that capture.
#[inline]
fn pawn_captures(color: Color, pawns: Bitboard) -> (u64, u64) {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    let p = pawns.0;
    match color {
        Color::White => ((p & NOT_A) << 7, (p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9, (p & NOT_H) >> 7),
    }
}

/// The squares the pawns in `pawns` of `color` attack.
#[inline]
pub(super) fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let (towards_a, towards_h) = pawn_captures(color, pawns);
    Bitboard(towards_a | towards_h)
}

/// The squares two of the pawns in `pawns` of `color` attack.
#[inline]
pub(super) fn double_pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let (towards_a, towards_h) = pawn_captures(color, pawns);
    Bitboard(towards_a & towards_h)
}

/// Whether a pawn of `us` on `sq` would be passed: no pawn of `theirs` stands ahead of
/// it on its own file or the files beside it.
#[inline]
pub fn is_passed(us: Color, sq: Square, theirs: Bitboard) -> bool {
    (theirs & passed_pawn_span(us, sq)).is_empty()
}

/// Stockfish's `passed_pawn_span(us, sq)`: the squares ahead of `sq` on its file and the
/// files beside it.
#[inline]
pub(super) fn passed_pawn_span(us: Color, sq: Square) -> Bitboard {
    let file = sq.file().index();
    (file_mask(file) | adjacent_files(file)) & ahead(us, sq.rank().index())
}

/// `bb` moved one rank toward `us`'s side (the squares behind, for `us`).
#[inline]
pub(super) fn toward_us(us: Color, bb: Bitboard) -> Bitboard {
    match us {
        Color::White => bb.shift_down(),
        Color::Black => bb.shift_up(),
    }
}

/// The pawn-structure score of `us`.
pub fn pawn_structure(p: &Params, pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let ours = b.pieces(us, Role::Pawn);
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
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::s;
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
    fn pawn_attacks_of_a_set() {
        let set = crate::eval::squares("a2 h2 d4 f4");
        assert_eq!(
            pawn_attacks_of(Color::White, set),
            crate::eval::squares("b3 g3 c5 e5 g5")
        );
        assert_eq!(
            pawn_attacks_of(Color::Black, set),
            crate::eval::squares("b1 g1 c3 e3 g3")
        );
        // d4 and f4 both attack e5 (White) and e3 (Black).
        assert_eq!(
            double_pawn_attacks(Color::White, set),
            crate::eval::squares("e5")
        );
        assert_eq!(
            double_pawn_attacks(Color::Black, set),
            crate::eval::squares("e3")
        );
    }

    #[test]
    fn isolated_pawns_of_both_sides() {
        // White's e6 and Black's a7 each have no pawn of their side beside them:
        // isolated, (−12, −16) each with the hand-set weights; the passed-pawn bonus is
        // `passed.rs`'s.
        let pos = fen::read("4k3/p7/4P3/8/8/8/8/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        assert_eq!(pawn_structure(p, &pos, Color::White), s(-12, -16));
        assert_eq!(pawn_structure(p, &pos, Color::Black), s(-12, -16));
    }
}
