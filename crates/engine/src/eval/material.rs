//! Material and piece-square tables.
//!
//! The values are the starting point of the tuning note in `crates/engine/README.md`; the
//! weak bers (rook plus one diagonal step) is valued a little above a rook, far below the
//! queen-like bers.

use super::{Score, s};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Color, Position, Role, Square};

/// The sum of [`phase_weight`] over the start array.
pub const PHASE_TOTAL: i32 = 24;

/// How much a man counts towards the middlegame phase.
pub const fn phase_weight(role: Role) -> i32 {
    match role {
        Role::Horse | Role::Camel => 1,
        Role::Rook => 2,
        Role::Bers => 4,
        Role::Pawn | Role::King => 0,
    }
}

/// The material value of a man (middlegame, endgame) under the bers's move.
pub const fn piece_score(role: Role, bers: BersMove) -> Score {
    match role {
        Role::Pawn => s(85, 110),
        Role::Horse => s(310, 290),
        Role::Camel => s(320, 310),
        Role::Rook => s(480, 540),
        Role::Bers => match bers {
            BersMove::Queen => s(920, 980),
            BersMove::Weak => s(600, 650),
        },
        Role::King => s(0, 0),
    }
}

/// A single centipawn value for exchanges (SEE, MVV-LVA, delta pruning).
pub const fn piece_value(role: Role, bers: BersMove) -> i32 {
    let sc = piece_score(role, bers);
    (sc.mg + sc.eg) / 2
}

/// The piece-square bonus for a man of `us` of this role on `sq`.
fn psqt(role: Role, bers: BersMove, us: Color, sq: Square) -> Score {
    // Tables are written from White's side; Black's man reads the mirrored square.
    let sq = if us == Color::White {
        sq
    } else {
        sq.flip_vertical()
    };
    let f = i32::from(sq.file().index());
    let r = i32::from(sq.rank().index());
    let cf = f.min(7 - f);
    let cr = r.min(7 - r);
    match role {
        Role::Pawn => {
            const MG: [i32; 8] = [0, 0, 4, 10, 18, 28, 45, 0];
            const EG: [i32; 8] = [0, 0, 4, 10, 20, 34, 55, 0];
            let rank = r as usize;
            let centre = if (3..=4).contains(&f) && (2..=4).contains(&r) {
                12
            } else {
                0
            };
            s(MG[rank] + centre, EG[rank])
        }
        Role::Horse => s((cf + cr) * 8 - 22, (cf + cr) * 5 - 15),
        Role::Camel => s(cf.min(cr) * 6 + (cf + cr) * 2 - 12, (cf + cr) * 3 - 9),
        Role::Rook => s(
            if r == 6 { 15 } else { 0 } + if (2..=5).contains(&f) { 4 } else { 0 },
            if r == 6 { 10 } else { 0 },
        ),
        Role::Bers => match bers {
            BersMove::Queen => s((cf + cr) * 2 - 6, (cf + cr) * 4 - 12),
            BersMove::Weak => s((cf + cr) * 4 - 12, (cf + cr) * 5 - 15),
        },
        Role::King => {
            // No castling in Shatar (rules.md §2): the king is safest on its first rank.
            let mg = match r {
                0 => 10,
                1 => -10,
                _ => -25 * r.min(4),
            };
            s(mg, (cf + cr) * 8 - 24)
        }
    }
}

/// Material plus piece-square bonus of `us`.
pub fn material_and_psqt(pos: &Position, us: Color) -> Score {
    let bers = pos.ruleset().bers;
    let mut total = Score::default();
    for role in Role::ALL {
        let value = piece_score(role, bers);
        for sq in pos.board().pieces(us, role) {
            total += value + psqt(role, bers, us, sq);
        }
    }
    total
}
