//! Space, after Stockfish 11's `Evaluation::space()`: while much non-pawn material is on
//! the board, the safe squares of the four central files on our second to fourth ranks
//! (not our pawns, not attacked by an enemy pawn), the ones behind our pawns and not
//! attacked at all counting twice, weighted by the square of the number of our men less
//! one (Stockfish 11's weight, which Fairy-Stockfish 11.1 evaluates; Stockfish 12 added
//! the blocked pawns to it). Middlegame only.

use super::Score;
use super::params::{P, Params, get};
use super::threats::AttackMap;
use shatar_rules::{Bitboard, Color, Position, Role};

/// Stockfish's non-pawn material values (middlegame, its units) of horse, camel, rook
/// and bers (its knight, bishop, rook and queen; the weak bers counts as the queen it
/// stands for in the array).
const NON_PAWN: [(Role, i32); 4] = [
    (Role::Horse, 781),
    (Role::Camel, 825),
    (Role::Rook, 1276),
    (Role::Bers, 2538),
];

/// Stockfish's `SpaceThreshold`: the non-pawn material of both sides below which space
/// is not scored (16,604 in the start array).
const THRESHOLD: i32 = 12222;

/// The c- to f-files.
const CENTRAL_FILES: u64 = 0x3c3c_3c3c_3c3c_3c3c;

/// The non-pawn material of both sides in Stockfish's units.
fn non_pawn_material(pos: &Position) -> i32 {
    let b = pos.board();
    NON_PAWN
        .iter()
        .map(|&(role, v)| b.by_role(role).count() as i32 * v)
        .sum()
}

/// The space bonus of `us` before weighting: the safe central squares of our half's
/// three ranks nearest us, plus those behind our pawns that the enemy does not attack.
pub fn space_count(pos: &Position, us: Color, map: &AttackMap) -> i32 {
    let b = pos.board();
    let ranks: u64 = match us {
        Color::White => 0x0000_0000_ffff_ff00,
        Color::Black => 0x00ff_ffff_0000_0000,
    };
    let pawns = b.pieces(us, Role::Pawn);
    let safe = Bitboard(CENTRAL_FILES & ranks).without(pawns | map.of(!us, Role::Pawn));
    // At most three squares behind one of our pawns.
    let mut behind = pawns;
    let back = |bb: Bitboard| match us {
        Color::White => bb.shift_down(),
        Color::Black => bb.shift_up(),
    };
    behind |= back(behind);
    behind |= back(back(behind));
    (safe.count() + (behind & safe).without(map.all[(!us).index()]).count()) as i32
}

/// The space score of `us` (middlegame): Stockfish's `bonus · weight² / 16`, scaled by
/// `SpaceMg` per cent (85/128 of it for our pawn).
pub fn space(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    if non_pawn_material(pos) < THRESHOLD {
        return Score::default();
    }
    let bonus = space_count(pos, us, map);
    let weight = pos.board().by_color(us).count() as i32 - 1;
    super::s(bonus * weight * weight * get(p, P::SpaceMg) / 1600, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::HAND;
    use crate::eval::s;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn space_after_e4_e5() {
        // 1.e4 e5 (as a placement; official). White's c2–f4 block: c2 d2 f2 e4 are our
        // pawns, d4 f4 are attacked by the e5 pawn: safe e2 c3 d3 e3 f3 c4 (6). Behind our
        // pawns (up to three squares): e3 e2 from e4, and the second and first ranks:
        // e2 e3 are safe and not attacked by Black (the f8 camel reaches a3, not e3):
        // bonus 8. Weight 16 − 1 = 15.
        // 8 · 15² · 66 / 1600 = 74.
        let pos = fen::read(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        let map = AttackMap::new(&pos);
        assert_eq!(space_count(&pos, Color::White, &map), 8);
        assert_eq!(space(&HAND, &pos, Color::White, &map), s(74, 0));
        // Black's mirror image: the same.
        assert_eq!(space(&HAND, &pos, Color::Black, &map), s(74, 0));
    }

    #[test]
    fn weight_is_our_men_less_one() {
        let pos = fen::read(
            "2rqn2r/3bppbk/p5p1/p2pP2p/2pP1B1P/2P2PP1/1PB1Q1K1/R4N1R b - - 2 30",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        let map = AttackMap::new(&pos);
        let bonus = space_count(&pos, Color::White, &map);
        // Safe: c2 d2 e2 f2, e3, f4 (c3 d4 f3 are our pawns, d3 c4 e4 attacked by
        // Black's pawns); behind our pawns and not attacked by Black: c2 d2 e2 e3 f2.
        assert_eq!(bonus, 11);
        // 14 men: weight 13; 11 · 13² · 66 / 1600 = 76.
        assert_eq!(space(&HAND, &pos, Color::White, &map), s(76, 0));
    }

    #[test]
    fn no_space_with_little_material() {
        // Pawns and kings only: no non-pawn material, no space.
        let pos = fen::read(
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        let map = AttackMap::new(&pos);
        assert_eq!(space(&HAND, &pos, Color::White, &map), s(0, 0));
    }
}
