//! Mobility, Stockfish 11's way: for each man the squares it reaches in the mobility area
//! (not our king or bers, not our pawns that are blocked or still on their second or
//! third rank, not a square an enemy pawn attacks), scored by a concave curve of the count
//! per role, `base + slope · √n` (Stockfish's `MobilityBonus` tables have this shape: a
//! fit of `a + b·√n` to them is within 8–21 of their values, which are 128 to a pawn).
//! A full table per role would be 2 × 9 to 2 × 28 weights each, too many for the data the
//! tuner has; the curve has four per role.

use super::params::{P, Params, pair};
use super::threats::AttackMap;
use super::{Score, s};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Bitboard, Color, Piece, Position, Rank, Role};

/// `round(10 · √n)` for the square counts a man can have (the queen-like bers at most 27).
const SQRT_TENTHS: [i32; 28] = [
    0, 10, 14, 17, 20, 22, 24, 26, 28, 30, 32, 33, 35, 36, 37, 39, 40, 41, 42, 44, 45, 46, 47, 48,
    49, 50, 51, 52,
];

/// The first weight of a role's curve: slope (mg, eg) then base (mg, eg).
fn curve(role: Role, bers: BersMove) -> Option<P> {
    match role {
        Role::Horse => Some(P::MobHorseSqrtMg),
        Role::Camel => Some(P::MobCamelSqrtMg),
        Role::Rook => Some(P::MobRookSqrtMg),
        Role::Bers => Some(match bers {
            BersMove::Queen => P::MobBersQueenSqrtMg,
            BersMove::Weak => P::MobBersWeakSqrtMg,
        }),
        Role::Pawn | Role::King => None,
    }
}

/// The bonus of a man of `role` reaching `n` squares of the mobility area.
pub fn bonus(p: &Params, role: Role, bers: BersMove, n: usize) -> Score {
    let Some(first) = curve(role, bers) else {
        return Score::default();
    };
    let root = SQRT_TENTHS
        .get(n)
        .copied()
        .unwrap_or(SQRT_TENTHS[SQRT_TENTHS.len() - 1]);
    let slope = pair(p, first);
    let base = super::s(
        super::params::nth(p, first, 2),
        super::params::nth(p, first, 3),
    );
    s(
        base.mg + slope.mg * root / 10,
        base.eg + slope.eg * root / 10,
    )
}

/// Stockfish 11's `mobilityArea` of `us` (without its pinned men); the enemy pawns'
/// attacks come from the evaluation's attack maps.
pub fn mobility_area(pos: &Position, us: Color, map: &AttackMap) -> Bitboard {
    let b = pos.board();
    let pawns = b.pieces(us, Role::Pawn);
    let occupied = b.occupied();
    // Our pawns with a man in front of them, or on our second or third rank.
    let (in_front, low_ranks) = match us {
        Color::White => (occupied.shift_down(), rank_mask(1) | rank_mask(2)),
        Color::Black => (occupied.shift_up(), rank_mask(6) | rank_mask(5)),
    };
    let stuck = pawns & (in_front | low_ranks);
    !(stuck | b.pieces(us, Role::King) | b.pieces(us, Role::Bers) | map.of(!us, Role::Pawn))
}

fn rank_mask(index: u8) -> Bitboard {
    Rank::new(index).map_or(Bitboard::EMPTY, Bitboard::rank)
}

/// The mobility score of `us`.
pub fn mobility(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    let b = pos.board();
    let bers = pos.ruleset().bers;
    let area = mobility_area(pos, us, map);
    let occupied = b.occupied();
    let mut total = Score::default();
    for role in [Role::Horse, Role::Camel, Role::Rook, Role::Bers] {
        let piece = Piece { color: us, role };
        for sq in b.pieces(us, role) {
            let n = (pos.attacks_from(piece, sq, occupied) & area).count() as usize;
            total += bonus(p, role, bers, n);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::HAND;
    use crate::eval::squares;
    use shatar_rules::{Ruleset, fen};

    #[test]
    fn square_roots_in_tenths() {
        for (n, v) in SQRT_TENTHS.iter().enumerate() {
            assert_eq!(*v, (10.0 * (n as f64).sqrt()).round() as i32, "{n}");
        }
    }

    #[test]
    fn area_leaves_out_stuck_pawns_king_bers_and_pawn_attacks() {
        // White: king e1, bers d1, pawns a2 (second rank), c4 (blocked by the black pawn
        // on c5), h4 (free). Black: king e8, pawns c5 and g5 (attacking f4 and h4).
        let pos = fen::read("4k3/8/8/2p3p1/2P4P/8/P7/3JK3 w - - 0 1", Ruleset::FSF).unwrap();
        let area = mobility_area(&pos, Color::White, &AttackMap::new(&pos));
        let out = squares("e1 d1 a2 c4 b4 d4 f4 h4");
        assert_eq!(area, !out);
        // Black: e8, pawns c5 (blocked by c4) and g5 (free, fifth rank); White's pawns
        // attack b5, d5 (c4), g5 (h4), b3 (a2).
        let area = mobility_area(&pos, Color::Black, &AttackMap::new(&pos));
        assert_eq!(area, !squares("e8 c5 b5 d5 g5 b3"));
    }

    #[test]
    fn horse_mobility_by_the_curve() {
        // The white horse on a1 reaches b3 and c2, both in the area: n = 2,
        // √2 in tenths 14. With the hand weights (slope 24/23, base −47/−45):
        // 24·14/10 − 47 = 33 − 47 = −14 mg; 23·14/10 − 45 = 32 − 45 = −13 eg.
        let pos = fen::read("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", Ruleset::FSF).unwrap();
        assert_eq!(
            mobility(&HAND, &pos, Color::White, &AttackMap::new(&pos)),
            s(-14, -13)
        );
        // A black pawn on a4 attacks b3: n = 1, 24 − 47 = −23 mg, 23 − 45 = −22 eg.
        let pos = fen::read("4k3/8/8/8/p7/8/8/N3K3 w - - 0 1", Ruleset::FSF).unwrap();
        assert_eq!(
            mobility(&HAND, &pos, Color::White, &AttackMap::new(&pos)),
            s(-23, -22)
        );
    }
}
