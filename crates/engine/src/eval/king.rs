//! King safety without castling: a pawn shield in front of the king and a penalty that
//! grows with the square of the weight of enemy men attacking the squares around it, to
//! which safe checks add (Stockfish's `KnightSafeCheck` … `QueenSafeCheck`: a square from
//! which an enemy man could give check, that it reaches and that we do not defend).

use super::params::{P, Params, get};
use super::threats::AttackMap;
use super::{Score, s};
use shatar_rules::{Color, Piece, Position, Role, attacks};

fn attack_weight(p: &Params, role: Role) -> i32 {
    match role {
        Role::Horse => get(p, P::AttackHorse),
        Role::Camel => get(p, P::AttackCamel),
        Role::Rook => get(p, P::AttackRook),
        Role::Bers => get(p, P::AttackBers),
        Role::Pawn | Role::King => 0,
    }
}

/// The king-safety score of `us` (middlegame only).
pub fn king_safety(p: &Params, pos: &Position, us: Color, map: &AttackMap) -> Score {
    let b = pos.board();
    let Some(ksq) = b.king_of(us) else {
        return Score::default();
    };
    let zone = attacks::king_attacks(ksq) | shatar_rules::Bitboard::from_square(ksq);
    let occupied = b.occupied();
    let mut attackers = 0;
    let mut weight = 0;
    for role in [Role::Horse, Role::Camel, Role::Rook, Role::Bers] {
        let piece = Piece { color: !us, role };
        for sq in b.pieces(!us, role) {
            let hits = (pos.attacks_from(piece, sq, occupied) & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                weight += attack_weight(p, role) * hits;
            }
        }
    }
    // Safe checks: the pieces are symmetric movers, so the squares a man of a role would
    // check our king from are those it attacks from the king's square.
    let unsafe_for_them = map.all[us.index()] | b.by_color(!us);
    for (role, w) in [
        (Role::Horse, P::SafeCheckHorse),
        (Role::Camel, P::SafeCheckCamel),
        (Role::Rook, P::SafeCheckRook),
        (Role::Bers, P::SafeCheckBers),
    ] {
        let from = pos.attacks_from(Piece { color: us, role }, ksq, occupied);
        if (from & map.of(!us, role)).without(unsafe_for_them).any() {
            weight += get(p, w);
        }
    }
    let danger = if attackers >= 2 {
        // The weights are in tenths.
        (weight * weight / 300).min(500)
    } else {
        0
    };
    // The shield: own pawns on the king's file and its neighbours, one or two ranks ahead.
    let mut shield = 0;
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    for df in -1..=1 {
        for dr in 1..=2 {
            if let Some(sq) = ksq.offset(df, dr * forward) {
                if b.piece_at(sq)
                    == Some(Piece {
                        color: us,
                        role: Role::Pawn,
                    })
                {
                    let full = get(p, P::KingShield);
                    shield += if dr == 1 { full } else { full / 2 };
                }
            }
        }
    }
    s(shield - danger, 0)
}
