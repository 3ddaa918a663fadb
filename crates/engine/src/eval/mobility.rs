//! Mobility: the squares a man reaches that are not taken by its own men nor attacked by
//! enemy pawns.

use super::params::{P, Params, pair};
use super::{Score, s};
use shatar_rules::attacks;
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Bitboard, Color, Piece, Position, Role};

/// Bonus per reachable square, and the count below which a man is penalised.
fn weight(p: &Params, role: Role, bers: BersMove) -> (Score, i32) {
    match role {
        Role::Horse => (pair(p, P::MobHorseMg), 4),
        Role::Camel => (pair(p, P::MobCamelMg), 6),
        Role::Rook => (pair(p, P::MobRookMg), 6),
        Role::Bers => match bers {
            BersMove::Queen => (pair(p, P::MobBersQueenMg), 10),
            BersMove::Weak => (pair(p, P::MobBersWeakMg), 8),
        },
        Role::Pawn | Role::King => (s(0, 0), 0),
    }
}

/// The squares attacked by `color`'s pawns.
pub fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in pos.board().pieces(color, Role::Pawn) {
        out |= attacks::pawn_attacks(color, sq);
    }
    out
}

/// The mobility score of `us`.
pub fn mobility(p: &Params, pos: &Position, us: Color) -> Score {
    let b = pos.board();
    let bers = pos.ruleset().bers;
    let safe = !(b.by_color(us) | pawn_attacks(pos, !us));
    let occupied = b.occupied();
    let mut total = Score::default();
    for role in [Role::Horse, Role::Camel, Role::Rook, Role::Bers] {
        let (w, base) = weight(p, role, bers);
        let piece = Piece { color: us, role };
        for sq in b.pieces(us, role) {
            let n = (pos.attacks_from(piece, sq, occupied) & safe).count() as i32;
            total += w.times(n - base);
        }
    }
    total
}
