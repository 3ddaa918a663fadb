//! Passed pawns, Stockfish 11's `Evaluation::passed()`: the bonus by rank, the kings'
//! distances to the square in front of the pawn, a free path to the last rank, and the
//! pawn's distance from the edge. Which pawns count as passed is Stockfish 11's
//! `pawns.cpp` rule, which also takes in candidates that a lever or a supported push turns
//! into passed pawns.

use super::params::{P, Params, get, nth, pair};
use super::pawns::{
    adjacent_files, ahead, double_pawn_attacks, file_mask, is_passed, passed_pawn_span, toward_us,
};
use super::threats::AttackMap;
use super::{Score, s};
use shatar_rules::{Bitboard, Color, Position, Role, Square, attacks};

/// The square in front of `sq` for a pawn of `us` (Stockfish's `s + Up`).
fn step(us: Color, sq: Square) -> Option<Square> {
    sq.offset(0, if us == Color::White { 1 } else { -1 })
}

/// Stockfish's `forward_file_bb(us, sq)`: the squares ahead of `sq` on its file.
fn forward_file(us: Color, sq: Square) -> Bitboard {
    file_mask(sq.file().index()) & ahead(us, sq.rank().index())
}

/// The passed pawns of `us` as Stockfish 11's `pawns.cpp` flags them: (a) no enemy pawn
/// stops it but those it can take, (b) the only stoppers are those attacking the square
/// in front of it and our pawns beside it outnumber them, or (c) from the fifth rank on,
/// the one stopper stands right in front and a supporting pawn can step up safely.
pub fn passed_pawns(pos: &Position, us: Color) -> Bitboard {
    let b = pos.board();
    let ours = b.pieces(us, Role::Pawn);
    let theirs = b.pieces(!us, Role::Pawn);
    let double_attacked = double_pawn_attacks(!us, theirs);
    let mut passed = Bitboard::EMPTY;
    for sq in ours {
        let Some(up) = step(us, sq) else { continue };
        let file = sq.file().index();
        let rank_mask = Bitboard::rank(sq.rank());
        let neighbours = ours & adjacent_files(file);
        let phalanx = neighbours & rank_mask;
        let support = neighbours & toward_us(us, rank_mask);
        let stoppers = theirs & passed_pawn_span(us, sq);
        let lever = theirs & attacks::pawn_attacks(us, sq);
        let lever_push = theirs & attacks::pawn_attacks(us, up);
        let blocked = theirs & Bitboard::from_square(up);
        // One rank up for us is one rank toward their side.
        let support_up = toward_us(!us, support);
        if stoppers == lever
            || (stoppers == lever_push && phalanx.count() >= lever_push.count())
            || (stoppers == blocked
                && usize::from(sq.relative_rank(us)) >= 4
                && (support_up & !(theirs | double_attacked)).any())
        {
            passed.add(sq);
        }
    }
    passed
}

/// The passed-pawn score of `us` (Stockfish 11's `Evaluation::passed()`). The weights of
/// the king distances and of the free path are in eighths, of Stockfish's scaled by
/// 85/128 (mg) and 110/213 (eg).
pub fn passed(p: &Params, pos: &Position, us: Color, map: &AttackMap, passers: Bitboard) -> Score {
    let b = pos.board();
    let them = !us;
    let theirs = b.pieces(them, Role::Pawn);
    let occupied = b.occupied();
    let heavy = b.by_role(Role::Rook) | b.by_role(Role::Bers);
    // Stockfish's `king_proximity`: the king's distance, at most 5.
    let proximity =
        |c: Color, sq: Square| b.king_of(c).map_or(5, |k| i32::from(k.distance(sq)).min(5));
    let mut total = Score::default();
    for sq in passers {
        let Some(block) = step(us, sq) else { continue };
        let r = usize::from(sq.relative_rank(us));
        let mut bonus = if (1..=6).contains(&r) {
            s(nth(p, P::Passed2Mg, r - 1), nth(p, P::Passed2Eg, r - 1))
        } else {
            Score::default()
        };
        if r > 2 {
            let w = 5 * r as i32 - 13;
            let mut mg8 = 0;
            let mut eg8 = (proximity(them, block) * get(p, P::PassedSFKingThemEg)
                - proximity(us, block) * get(p, P::PassedSFKingUsEg))
                * w;
            // Not on the seventh: the square after the next push counts too.
            if r != 6
                && let Some(next) = step(us, block)
            {
                eg8 -= proximity(us, next) * get(p, P::PassedSFKingUsNextEg) * w;
            }
            if !occupied.contains(block) {
                let to_queen = forward_file(us, sq);
                let mut unsafe_squares = passed_pawn_span(us, sq);
                // A rook or bers of either side behind the pawn on its file.
                let behind = forward_file(them, sq) & heavy;
                if (b.by_color(them) & behind).is_empty() {
                    unsafe_squares &= map.all[them.index()];
                }
                let k = if unsafe_squares.is_empty() {
                    Some(P::PassedSFFreeMg)
                } else if (unsafe_squares & to_queen).is_empty() {
                    Some(P::PassedSFPathMg)
                } else if !unsafe_squares.contains(block) {
                    Some(P::PassedSFBlockMg)
                } else {
                    None
                };
                let mut k = k.map_or(Score::default(), |i| pair(p, i));
                if (b.by_color(us) & behind).any() || map.all[us.index()].contains(block) {
                    k += pair(p, P::PassedSFDefendedMg);
                }
                mg8 += k.mg * w;
                eg8 += k.eg * w;
            }
            bonus += s(mg8 / 8, eg8 / 8);
        }
        // Candidates that need more than this push, or a pawn in front: half.
        if !is_passed(us, block, theirs) || b.by_role(Role::Pawn).contains(block) {
            bonus = s(bonus.mg / 2, bonus.eg / 2);
        }
        let file = sq.file().index();
        let edge = i32::from(file.min(7 - file));
        total += bonus - pair(p, P::PassedSFFileMg).times(edge);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen};

    fn passed_of(text: &str, us: Color) -> Score {
        let pos = fen::read(text, Ruleset::OFFICIAL).unwrap();
        let map = AttackMap::new(&pos);
        passed(
            &crate::eval::params::HAND,
            &pos,
            us,
            &map,
            passed_pawns(&pos, us),
        )
    }

    #[test]
    fn free_passed_pawn_with_the_kings_far() {
        // d5, relative rank index 4: rank bonus Passed5 (25, 45); w = 5·4 − 13 = 7.
        // Block square d6: Black's king a8 is 3 away, White's g1 5; d7 is 6 away (5).
        // eg eighths: (3·21 − 5·8)·7 − 5·4·7 = 161 − 140 = 21.
        // d6 empty; the span c6–e8 is not attacked by Black (king a8: a7 b7 b8) and no
        // heavy man stands behind: Free, 186·7 = 1302 mg, 145·7 = 1015 eg; d6 is not
        // ours to defend (the pawn takes c6 and e6).
        // mg 1302 / 8 = 162, eg (21 + 1015) / 8 = 129: (187, 174); d-file 3 from the
        // edge: − 3·(7, 4) = (166, 162).
        let text = "k7/8/8/3P4/8/8/8/6K1 w - - 0 1";
        assert_eq!(passed_of(text, Color::White), s(166, 162));
        assert_eq!(passed_of(text, Color::Black), s(0, 0));
    }

    #[test]
    fn candidate_blocked_by_a_pawn_is_halved() {
        // d5 faces d6 (the only stopper, right in front) from the fifth rank, and e4
        // supports it with e5 free and not attacked twice: a candidate by rule (c).
        // Kings as in the test above: eg eighths 21; d6 is occupied, no path bonus.
        // (25, 45 + 21 / 8) = (25, 47), halved (a pawn in front) = (12, 23), less the
        // file (21, 12): (−9, 11). e4 is not passed: d6 stops it, it is d6's lever push,
        // and no pawn of ours beside it outnumbers that. d6 is not passed either.
        let text = "k7/8/3p4/3P4/4P3/8/8/6K1 w - - 0 1";
        assert_eq!(passed_of(text, Color::White), s(-9, 11));
        assert_eq!(passed_of(text, Color::Black), s(0, 0));
    }

    #[test]
    fn rook_behind_and_an_attacked_path() {
        // d5 again (w = 7); White's king on e1 is 5 from d6, 6 (5) from d7: eg eighths
        // 21. Black's rook h7 attacks c7 d7 e7 of the span (d7 on the pawn's path), not
        // d6: Block, (48, 37); White's rook d1 behind it: Defended, + (27, 21).
        // (75·7, 21 + 58·7) = (525, 427) / 8 = (65, 53); + (25, 45) = (90, 98); less
        // the file (21, 12): (69, 86).
        let text = "k7/7r/8/3P4/8/8/8/3RK3 w - - 0 1";
        assert_eq!(passed_of(text, Color::White), s(69, 86));
    }

    #[test]
    fn passed_pawns_by_stockfish_rules() {
        let pos = |t: &str| fen::read(t, Ruleset::OFFICIAL).unwrap();
        let white = |t: &str| passed_pawns(&pos(t), Color::White);
        // (b): b4's only stopper is a6, which attacks b5 (its lever push), and c4 beside
        // it makes one against one; c4's only stopper d6 attacks c5, b4 beside it: both.
        assert_eq!(
            white("4k3/8/p2p4/8/1PP5/8/8/4K3 w - - 0 1"),
            crate::eval::squares("b4 c4")
        );
        // b4 against a6 and c6 (both attack b5) with one pawn beside it: not passed;
        // c4 is stopped by c6, which neither it nor its push can take: not passed.
        assert_eq!(
            white("4k3/8/p1p5/8/1PP5/8/8/4K3 w - - 0 1"),
            Bitboard::EMPTY
        );
        // (a): e5's only stopper d6 is a man it can take, and the other way round.
        let p = pos("4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1");
        assert_eq!(passed_pawns(&p, Color::White), crate::eval::squares("e5"));
        assert_eq!(passed_pawns(&p, Color::Black), crate::eval::squares("d6"));
    }
}
