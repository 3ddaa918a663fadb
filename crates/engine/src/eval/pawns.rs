//! Pawn structure, Stockfish 11's: connected, isolated, backward, doubled pawns and weak
//! levers, and the pawn sets and masks the other
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

/// Stockfish 11's `Connected` bonus by relative rank (its units; the second rank is 1).
const CONNECTED: [i32; 8] = [0, 7, 8, 12, 29, 48, 86, 0];

/// The pawn-structure score of `us`, Stockfish 11's `Pawns::evaluate()` (the passed
/// pawns are `passed.rs`'s): a pawn beside one of ours on its rank (phalanx) or defended
/// by one (support) is connected, worth `Connected[rank] · (2 + phalanx − opposed) +
/// 21 · supporters` (`Connected…`, per cent, the endgame value times `(rank − 2) / 4`);
/// otherwise a pawn with no pawn of ours on the files beside it is isolated, and one
/// behind all of them with an enemy pawn right in front is backward, each worse on a
/// file without an enemy pawn ahead
/// (`WeakUnopposed`); a pawn without support is doubled with one of ours right behind
/// it, and a weak lever when two enemy pawns attack it.
pub fn pawn_structure(p: &Params, pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(!us, Role::Pawn);
    let connected = pair(p, P::ConnectedMg);
    let mut total = Score::default();
    for sq in ours {
        let file = sq.file().index();
        let rank = sq.rank().index();
        let relative = sq.relative_rank(us);
        let here = Bitboard::from_square(sq);
        let front = ahead(us, rank);
        let opposed = (theirs & file_mask(file) & front).any();
        let lever = theirs & pawn_attacks_of(us, here);
        // One rank up for us is one rank toward their side.
        let blocked = (theirs & toward_us(!us, here)).any();
        let doubled = (ours & toward_us(us, here)).any();
        let neighbours = ours & adjacent_files(file);
        let rank_here = Bitboard::rank(sq.rank());
        let phalanx = neighbours & rank_here;
        let support = neighbours & toward_us(us, rank_here);
        // Behind every pawn of ours on the files beside it, and blocked by an enemy pawn.
        // Stockfish 11's source also names the squares ahead that enemy pawns attack
        // (`leverPush`), but Fairy-Stockfish 11.1 counts a pawn backward only when it is
        // blocked (its `eval` on such positions); this follows the engine played against.
        let backward = neighbours.without(front).is_empty() && blocked;
        if (support | phalanx).any() {
            let r = relative as i32;
            let v = CONNECTED[relative as usize]
                * (2 + i32::from(phalanx.any()) - i32::from(opposed))
                + 21 * support.count() as i32;
            total += Score {
                mg: v * connected.mg / 100,
                eg: v * (r - 2) / 4 * connected.eg / 100,
            };
        } else if neighbours.is_empty() {
            total += pair(p, P::IsolatedMg);
            if !opposed {
                total += pair(p, P::WeakUnopposedMg);
            }
        } else if backward {
            total += pair(p, P::BackwardMg);
            if !opposed {
                total += pair(p, P::WeakUnopposedMg);
            }
        }
        if support.is_empty() {
            if doubled {
                total += pair(p, P::DoubledMg);
            }
            if lever.more_than_one() {
                total += pair(p, P::WeakLeverMg);
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

    #[test]
    fn isolated_pawns_of_both_sides() {
        // White's e6 and Black's a7 each have no pawn of their side beside them and no
        // enemy pawn ahead: isolated (−12, −16) and unopposed (−9, −14) each with the
        // hand-set weights; the passed-pawn bonus is `passed.rs`'s.
        let pos = fen::read("4k3/p7/4P3/8/8/8/8/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let p = &crate::eval::params::HAND;
        assert_eq!(pawn_structure(p, &pos, Color::White), s(-21, -30));
        assert_eq!(pawn_structure(p, &pos, Color::Black), s(-21, -30));
    }

    /// Stockfish 11's own weights (its units), for comparing with Fairy-Stockfish.
    fn stockfish_weights() -> Params {
        let mut p = crate::eval::params::HAND;
        for (w, v) in [
            (P::DoubledMg, [-11, -56]),
            (P::IsolatedMg, [-5, -15]),
            (P::BackwardMg, [-9, -24]),
            (P::WeakUnopposedMg, [-13, -27]),
            (P::WeakLeverMg, [0, -56]),
            (P::ConnectedMg, [100, 100]),
        ] {
            p[w as usize] = v[0];
            p[w as usize + 1] = v[1];
        }
        p
    }

    /// Fairy-Stockfish 11.1, `UCI_Variant shatarofficial`, `eval`: the "Pawns" row
    /// (White mg, eg, Black mg, eg, in pawns of 213) of these positions.
    #[test]
    fn matches_fairy_stockfish_pawns_row() {
        let p = stockfish_weights();
        for (fen, expected) in [
            (
                "4k3/pp3p1p/2p1p1p1/3p4/3P1P2/2P1P3/PP4PP/4K3 w - - 0 1",
                [81, 4, 89, 3],
            ),
            (
                "4k3/p1p2ppp/1p6/3pP3/2PP4/8/P4PPP/4K3 w - - 0 1",
                [77, 13, 47, -4],
            ),
            (
                "4k3/8/2p5/1pPp4/1P1P4/p7/P7/4K3 w - - 0 1",
                [25, -6, 27, -4],
            ),
            (
                "4k3/p4p1p/5p2/8/2P5/2P5/P6P/4K3 w - - 0 1",
                [-27, -80, -27, -80],
            ),
            (
                "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R w - - 0 7",
                [85, -1, 79, 1],
            ),
            (
                "4k3/3p4/2p1p3/1p3p2/1P3P2/2P1P3/3P4/4K3 w - - 0 1",
                [58, 8, 58, 8],
            ),
            // Backward only when blocked: e3 behind d4 and f4 with d5 attacking e4 is
            // not; e2 behind d4 and blocked by e3 is (opposed: −9, −24).
            ("4k3/8/8/3p4/3P1P2/4P3/8/4K3 w - - 0 1", [37, 9, -2, -7]),
            ("4k3/8/8/3p1p2/3P4/4P3/8/4K3 w - - 0 1", [15, 4, -11, -27]),
            ("4k3/8/8/8/3P1p2/8/4P3/4K3 w - - 0 1", [0, 0, -8, -20]),
            ("4k3/8/8/8/3P4/4p3/4P3/4K3 w - - 0 1", [-4, -11, -2, -7]),
        ] {
            let pos = fen::read(fen, Ruleset::OFFICIAL).unwrap();
            let pawns = |v: i32| (f64::from(v) * 100.0 / 213.0).round() as i32;
            let w = pawn_structure(&p, &pos, Color::White);
            let b = pawn_structure(&p, &pos, Color::Black);
            assert_eq!(
                [pawns(w.mg), pawns(w.eg), pawns(b.mg), pawns(b.eg)],
                expected,
                "{fen}"
            );
        }
    }
}
