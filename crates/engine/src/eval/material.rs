//! Material and piece-square tables.
//!
//! The weights are in `params` (tuned, see `crates/engine/README.md`); the weak bers (rook
//! plus one diagonal step) and the queen-like bers have separate values.

use super::params::{P, Params, TUNED, pair};
use super::{Score, s};
use shatar_rules::ruleset::BersMove;
use shatar_rules::{Color, Position, Role, Square};
use std::sync::LazyLock;

/// The sum of `phase_weight` over the start array.
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
pub(super) fn psqt(p: &Params, role: Role, bers: BersMove, us: Color, sq: Square) -> Score {
    match psqt_index(role, bers, us, sq) {
        Some(i) => s(
            p.get(i).copied().unwrap_or(0),
            p.get(i + 1).copied().unwrap_or(0),
        ),
        None => Score::default(),
    }
}

/// Where the piece-square value of a man of `us` of this role on `sq` lies in the
/// weights: the index of its middlegame value (the endgame value follows). `None` for a
/// pawn on its first or last rank, where no pawn stands.
///
/// The tables are written from White's side for files a to d: Black's man reads the
/// square mirrored across the middle rank, a man on files e to h the one mirrored across
/// the middle file (no file is better than its mirror for either side, as there is no
/// castling to make one wing the king's).
///
/// ```
/// use shatar_engine::eval::params::{P, NAMES};
/// use shatar_engine::eval::psqt_index;
/// use shatar_rules::ruleset::BersMove;
/// use shatar_rules::{Color, Role};
///
/// let i = psqt_index(Role::Horse, BersMove::Queen, Color::Black, "g6".parse().unwrap());
/// // Black's horse on g6 reads White's b3.
/// assert_eq!(i.map(|i| NAMES[i]), Some("PsqHorseB3Mg"));
/// assert_eq!(psqt_index(Role::Pawn, BersMove::Weak, Color::White, "e1".parse().unwrap()), None);
/// ```
pub fn psqt_index(role: Role, bers: BersMove, us: Color, sq: Square) -> Option<usize> {
    let sq = if us == Color::White {
        sq
    } else {
        sq.flip_vertical()
    };
    let file = usize::from(sq.file().index());
    let file = file.min(7 - file);
    let rank = usize::from(sq.rank().index());
    let (first, row) = match role {
        // The pawn's table starts on its second rank.
        Role::Pawn if (1..=6).contains(&rank) => (P::PsqPawnA2Mg, rank - 1),
        Role::Pawn => return None,
        Role::Horse => (P::PsqHorseA1Mg, rank),
        Role::Camel => (P::PsqCamelA1Mg, rank),
        Role::Rook => (P::PsqRookA1Mg, rank),
        Role::Bers => match bers {
            BersMove::Queen => (P::PsqBersQueenA1Mg, rank),
            BersMove::Weak => (P::PsqBersWeakA1Mg, rank),
        },
        Role::King => (P::PsqKingA1Mg, rank),
    };
    Some(first as usize + 2 * (row * 4 + file))
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
