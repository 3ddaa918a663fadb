//! Space, after Stockfish 11's `Evaluation::space()`: while much non-pawn material is on
//! the board, the safe squares of the four central files on our second to fourth ranks
//! (not our pawns, not attacked by an enemy pawn), the ones behind our pawns and not
//! attacked at all counting twice, weighted by the square of the number of our men less
//! three plus the pawns blocked on both sides (at most nine). Middlegame only.

use super::Score;
use super::params::{P, Params, get};
use super::pawns::double_pawn_attacks;
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

/// Stockfish 11's `blockedCount` of both sides: pawns whose square ahead holds an enemy
/// pawn or is attacked by two enemy pawns.
pub fn blocked_pawns(pos: &Position) -> i32 {
    let b = pos.board();
    let white = b.pieces(Color::White, Role::Pawn);
    let black = b.pieces(Color::Black, Role::Pawn);
    let w = white.shift_up() & (black | double_pawn_attacks(Color::Black, black));
    let k = black.shift_down() & (white | double_pawn_attacks(Color::White, white));
    (w.count() + k.count()) as i32
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
    let weight = pos.board().by_color(us).count() as i32 - 3 + blocked_pawns(pos).min(9);
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
        // bonus 8. Blocked: e4 by e5 and e5 by e4, 2. Weight 16 − 3 + 2 = 15.
        // 8 · 15² · 66 / 1600 = 74.
        let pos = fen::read(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        let map = AttackMap::new(&pos);
        assert_eq!(blocked_pawns(&pos), 2);
        assert_eq!(space_count(&pos, Color::White, &map), 8);
        assert_eq!(space(&HAND, &pos, Color::White, &map), s(74, 0));
        // Black's mirror image: the same.
        assert_eq!(space(&HAND, &pos, Color::Black, &map), s(74, 0));
    }

    #[test]
    fn a_pawn_attacked_by_two_pawns_ahead_is_blocked() {
        // White pawn d4; black pawns c6 and e6 both attack d5: the d4 pawn is blocked.
        // Black's c6 and e6: c5 and e5 are attacked by the d4 pawn once only: not blocked.
        let pos = fen::read("4k3/8/2p1p3/8/3P4/8/8/4K3 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        assert_eq!(blocked_pawns(&pos), 1);
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
