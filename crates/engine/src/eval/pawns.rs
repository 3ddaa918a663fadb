//! Pawn structure: doubled and isolated pawns, and the pawn sets and masks the other
//! terms share (passed pawns are scored in `passed.rs`).

use super::params::{P, Params, get, pair};
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
    let file = sq.file().index();
    (theirs & (file_mask(file) | adjacent_files(file)) & ahead(us, sq.rank().index())).is_empty()
}

/// Stockfish 11's `Connected[rank]` seed, by the pawn's rank counted from its own side.
const CONNECTED: [i32; 8] = [0, 7, 8, 12, 29, 48, 86, 0];

/// The pawn-structure score of `us`, Stockfish 11's `pawns.cpp` `evaluate()`: connected
/// pawns (a pawn beside it or supporting it), isolated, backward, doubled (a pawn right
/// behind and none supporting), the weak-unopposed addition for isolated and backward
/// pawns no enemy pawn faces, and a pawn two enemy pawns can take (`WeakLever`).
pub fn pawn_structure(p: &Params, pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(!us, Role::Pawn);
    let mut total = Score::default();
    for sq in ours {
        let file = sq.file().index();
        let rank = sq.rank().index();
        let relative = if us == Color::White { rank } else { 7 - rank };
        let rank_mask = Bitboard(0xFFu64 << (8 * u32::from(rank)));
        // One rank behind and one ahead, from our side; an edge rank has none.
        let (behind_rank, ahead_rank) = match us {
            Color::White => (rank_mask.shift_down(), rank_mask.shift_up()),
            Color::Black => (rank_mask.shift_up(), rank_mask.shift_down()),
        };
        let own_file = file_mask(file);
        let opposed = (theirs & own_file & ahead(us, rank)).any();
        let blocked = (theirs & own_file & ahead_rank).any();
        let lever = theirs & pawn_attacks_of(us, Bitboard::from_square(sq));
        let doubled = (ours & own_file & behind_rank).any();
        let neighbours = ours & adjacent_files(file);
        let phalanx = neighbours & rank_mask;
        let support = neighbours & behind_rank;
        // The enemy pawns the pawn would attack after one step (no double step here).
        let lever_push = theirs & pawn_attacks_of(us, own_file & ahead_rank);
        // Stockfish's backward: no pawn of ours beside it on its rank or behind, and the
        // push runs into a lever or an enemy pawn.
        let backward = (neighbours & !ahead(us, rank)).is_empty() && (lever_push.any() || blocked);
        if (support | phalanx).any() {
            let seed = CONNECTED[usize::from(relative)];
            let v = seed * (2 + i32::from(phalanx.any()) - i32::from(opposed))
                + get(p, P::Pawn2Support) * support.count() as i32;
            total += s(
                v * get(p, P::Pawn2ConnectedMg) / 100,
                v * (i32::from(relative) - 2) * get(p, P::Pawn2ConnectedEg) / 400,
            );
        } else if neighbours.is_empty() {
            total += pair(p, P::IsolatedMg);
            if !opposed {
                total += pair(p, P::Pawn2WeakUnopposedMg);
            }
        } else if backward {
            total += pair(p, P::Pawn2BackwardMg);
            if !opposed {
                total += pair(p, P::Pawn2WeakUnopposedMg);
            }
        }
        if support.is_empty() {
            if doubled {
                total += pair(p, P::DoubledMg);
            }
            if lever.more_than_one() {
                total += pair(p, P::Pawn2WeakLeverMg);
            }
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

    fn structure(text: &str) -> (Score, Score) {
        let pos = fen::read(text, Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        (
            pawn_structure(p, &pos, Color::White),
            pawn_structure(p, &pos, Color::Black),
        )
    }

    #[test]
    fn phalanx_and_an_isolated_opposed_pawn() {
        // White c4 d4 (a phalanx), Black d5. Hand-set weights: connected 66% mg, 52% eg,
        // support 21, isolated (−12, −16).
        // c4: rank index 3, seed 12, unopposed: v = 12·(2 + 1 − 0) = 36; mg 36·66/100 =
        // 23, eg 36·(3 − 2)·52/400 = 4. Its one lever (d5) is no weak lever.
        // d4: opposed by d5: v = 12·(2 + 1 − 1) = 24; mg 15, eg 24·52/400 = 3.
        // d5: no pawn beside it, opposed by d4: isolated only, (−12, −16).
        let (white, black) = structure("4k3/8/8/3p4/2PP4/8/8/4K3 w - - 0 1");
        assert_eq!(white, s(23 + 15, 4 + 3));
        assert_eq!(black, s(-12, -16));
    }

    #[test]
    fn doubled_isolated_and_a_weak_lever() {
        // White c4 c3, Black b5 d5. Hand-set weights: isolated (−12, −16), unopposed
        // (−9, −14), doubled (−12, −20), weak lever (0, −29).
        // c4: isolated and unopposed (−21, −30); c3 right behind and no support: doubled
        // (−12, −20); b5 and d5 both attack it: weak lever (0, −29). (−33, −79).
        // c3: isolated and unopposed (c4 is ours): (−21, −30).
        // b5 and d5: isolated (no Black pawn on a, c or e), unopposed: (−21, −30) each;
        // each has one lever (c4) only.
        let (white, black) = structure("4k3/8/8/1p1p4/2P5/2P5/8/4K3 w - - 0 1");
        assert_eq!(white, s(-33 - 21, -79 - 30));
        assert_eq!(black, s(-42, -60));
    }

    #[test]
    fn backward_and_supported_pawns() {
        // White c3 d4, Black b5. Hand-set weights: backward (−6, −12), unopposed
        // (−9, −14), support 21, connected 66% / 52%, isolated (−12, −16).
        // c3: d4 is its only neighbour and stands ahead, and after c3–c4 it would meet
        // b5's capture (lever push): backward, unopposed: (−15, −26).
        // d4: supported by c3, unopposed, seed 12: v = 12·2 + 21 = 45; mg 45·66/100 =
        // 29, eg 45·1·52/400 = 5.
        // b5: isolated, unopposed: (−21, −30).
        let (white, black) = structure("4k3/8/8/1p6/3P4/2P5/8/4K3 w - - 0 1");
        assert_eq!(white, s(-15 + 29, -26 + 5));
        assert_eq!(black, s(-21, -30));
    }
}
