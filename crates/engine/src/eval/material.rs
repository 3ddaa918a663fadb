//! Material and piece-square tables.
//!
//! The weights are in `params` (tuned, see `crates/engine/README.md`); the weak bers (rook
//! plus one diagonal step) and the queen-like bers have separate values.

use super::params::{P, Params, TUNED, get, nth, pair};
use super::{Score, s};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Color, Position, Role, Square};
use std::sync::LazyLock;

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
pub fn piece_score(p: &Params, role: Role, bers: BersMove) -> Score {
    match role {
        Role::Pawn => pair(p, P::MatPawnMg),
        Role::Horse => pair(p, P::MatHorseMg),
        Role::Camel => pair(p, P::MatCamelMg),
        Role::Rook => pair(p, P::MatRookMg),
        Role::Bers => match bers {
            BersMove::Queen => pair(p, P::MatBersQueenMg),
            BersMove::Weak => pair(p, P::MatBersWeakMg),
        },
        Role::King => s(0, 0),
    }
}

/// A single centipawn value for exchanges (SEE, MVV-LVA, delta pruning).
pub fn piece_value(role: Role, bers: BersMove) -> i32 {
    let sc = piece_score(&TUNED, role, bers);
    (sc.mg + sc.eg) / 2
}

/// The piece-square bonus for a man of `us` of this role on `sq`.
fn psqt(p: &Params, role: Role, bers: BersMove, us: Color, sq: Square) -> Score {
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
    let g = |i: P| get(p, i);
    match role {
        Role::Pawn => {
            // Ranks 3 to 7 (index 2 to 6); a pawn on its second rank has no bonus.
            let (mg, eg) = if (2..=6).contains(&r) {
                let k = (r - 2) as usize;
                (nth(p, P::PawnRank3Mg, k), nth(p, P::PawnRank3Eg, k))
            } else {
                (0, 0)
            };
            let centre = if (3..=4).contains(&f) && (2..=4).contains(&r) {
                g(P::PawnCentreMg)
            } else {
                0
            };
            s(mg + centre, eg)
        }
        Role::Horse => s(
            (cf + cr) * g(P::HorseCentreMg) + g(P::HorseOffsetMg),
            (cf + cr) * g(P::HorseCentreEg) + g(P::HorseOffsetEg),
        ),
        Role::Camel => s(
            cf.min(cr) * g(P::CamelMinMg) + (cf + cr) * g(P::CamelSumMg) + g(P::CamelOffsetMg),
            (cf + cr) * g(P::CamelSumEg) + g(P::CamelOffsetEg),
        ),
        Role::Rook => s(
            if r == 6 { g(P::RookSeventhMg) } else { 0 }
                + if (2..=5).contains(&f) {
                    g(P::RookCentreFileMg)
                } else {
                    0
                },
            if r == 6 { g(P::RookSeventhEg) } else { 0 },
        ),
        Role::Bers => match bers {
            BersMove::Queen => s(
                (cf + cr) * g(P::BersQueenCentreMg) + g(P::BersQueenOffsetMg),
                (cf + cr) * g(P::BersQueenCentreEg) + g(P::BersQueenOffsetEg),
            ),
            BersMove::Weak => s(
                (cf + cr) * g(P::BersWeakCentreMg) + g(P::BersWeakOffsetMg),
                (cf + cr) * g(P::BersWeakCentreEg) + g(P::BersWeakOffsetEg),
            ),
        },
        Role::King => {
            // No castling in Shatar (rules.md §2): the king is safest on its first rank.
            let mg = match r {
                0 => g(P::KingFirstRankMg),
                1 => g(P::KingSecondRankMg),
                _ => g(P::KingAdvanceMg) * r.min(4),
            };
            s(mg, (cf + cr) * g(P::KingCentreEg) + g(P::KingOffsetEg))
        }
    }
}

/// Material plus piece-square bonus of `us`, worked out from the weights `p`.
pub fn material_and_psqt(p: &Params, pos: &Position, us: Color) -> Score {
    let bers = pos.ruleset().bers;
    let mut total = Score::default();
    for role in Role::ALL {
        let value = piece_score(p, role, bers);
        for sq in pos.board().pieces(us, role) {
            total += value + psqt(p, role, bers, us, sq);
        }
    }
    total
}

/// Material plus piece-square value of every man on every square, for one table of
/// weights and one bers move: the evaluation with the weights in play looks them up
/// instead of working [`psqt`] out for every man of every position it evaluates.
pub struct PsqtTable {
    /// `values[color][role][square]`.
    values: [[[Score; 64]; 6]; 2],
}

impl PsqtTable {
    /// The table of the weights `p` under the bers move `bers`.
    pub fn new(p: &Params, bers: BersMove) -> PsqtTable {
        let mut values = [[[Score::default(); 64]; 6]; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                let value = piece_score(p, role, bers);
                for sq in Square::all() {
                    values[color.index()][role.index()][sq.index()] =
                        value + psqt(p, role, bers, color, sq);
                }
            }
        }
        PsqtTable { values }
    }

    /// Material plus piece-square bonus of `us`, as [`material_and_psqt`] with this
    /// table's weights.
    pub fn score(&self, pos: &Position, us: Color) -> Score {
        let b = pos.board();
        let mut total = Score::default();
        let by_role = &self.values[us.index()];
        for role in Role::ALL {
            let by_square = &by_role[role.index()];
            for sq in b.pieces(us, role) {
                total += by_square[sq.index()];
            }
        }
        total
    }
}

/// The tables of the weights in play ([`TUNED`]) for the bers move `bers`.
pub fn in_play(bers: BersMove) -> &'static PsqtTable {
    static QUEEN: LazyLock<PsqtTable> = LazyLock::new(|| PsqtTable::new(&TUNED, BersMove::Queen));
    static WEAK: LazyLock<PsqtTable> = LazyLock::new(|| PsqtTable::new(&TUNED, BersMove::Weak));
    match bers {
        BersMove::Queen => &QUEEN,
        BersMove::Weak => &WEAK,
    }
}
