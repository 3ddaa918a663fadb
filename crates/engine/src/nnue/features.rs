//! The network's inputs: one feature for each man, by the side that looks (its
//! perspective), the man's colour as seen from that side, its kind and its square as seen
//! from that side (the board turned for Black, so that both sides see their men moving
//! up the board).
//!
//! The kinds tell apart what moves differently, whatever the ruleset calls it: the full
//! and the weak bers (both may share a board under a step-back ruleset), and a pawn that
//! has turned back (a returning pawn) from one going forward. So one feature set serves
//! every ruleset; a network is trained per bers family all the same, since the game ends
//! and the worth of the men differ between them.

use shatar_rules::{Color, Position, Role, Square};

/// The kinds of men the network tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// A pawn going forward.
    Pawn = 0,
    /// The horse.
    Horse = 1,
    /// The camel.
    Camel = 2,
    /// The rook.
    Rook = 3,
    /// The bers that moves as a queen.
    FullBers = 4,
    /// The bers that steps one square diagonally.
    WeakBers = 5,
    /// The king.
    King = 6,
    /// A pawn that reached its last rank under a step-back ruleset and steps back.
    ReturningPawn = 7,
}

impl Kind {
    /// All kinds, by their number.
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Horse,
        Kind::Camel,
        Kind::Rook,
        Kind::FullBers,
        Kind::WeakBers,
        Kind::King,
        Kind::ReturningPawn,
    ];

    /// The kind with this number (0–7).
    pub const fn from_index(i: usize) -> Option<Kind> {
        if i < KINDS { Some(Kind::ALL[i]) } else { None }
    }

    /// The kind of the man on `sq` in `pos`, if a man stands there.
    #[inline]
    pub fn at(pos: &Position, sq: Square) -> Option<(Color, Kind)> {
        let piece = pos.board().piece_at(sq)?;
        let kind = match piece.role {
            Role::Pawn if pos.board().returning().contains(sq) => Kind::ReturningPawn,
            Role::Pawn => Kind::Pawn,
            Role::Horse => Kind::Horse,
            Role::Camel => Kind::Camel,
            Role::Rook => Kind::Rook,
            Role::Bers if pos.weak_bers().contains(sq) => Kind::WeakBers,
            Role::Bers => Kind::FullBers,
            Role::King => Kind::King,
        };
        Some((piece.color, kind))
    }
}

/// The number of kinds.
pub const KINDS: usize = 8;

/// The number of features of one perspective: own and the other side's men, by kind and
/// square.
pub const FEATURES: usize = 2 * KINDS * 64;

/// The most features active at once in one perspective: one per square (a game holds at
/// most 32 men, a set-up may hold more).
pub const MAX_ACTIVE: usize = 64;

/// The feature of a man of `color` and `kind` on square `sq` (0 = a1 … 63 = h8) as seen
/// by `perspective`.
///
/// ```
/// use shatar_engine::nnue::features::{index, Kind};
/// use shatar_rules::Color;
/// // White's king on e1 is, for Black, the other side's king on e8.
/// assert_eq!(index(Color::White, Color::White, Kind::King, 4), 6 * 64 + 4);
/// assert_eq!(index(Color::Black, Color::White, Kind::King, 4), (8 + 6) * 64 + 60);
/// ```
#[inline]
pub const fn index(perspective: Color, color: Color, kind: Kind, sq: usize) -> usize {
    let sq = match perspective {
        Color::White => sq,
        Color::Black => sq ^ 56,
    };
    let own = matches!(
        (perspective, color),
        (Color::White, Color::White) | (Color::Black, Color::Black)
    );
    let side = if own { 0 } else { KINDS };
    (side + kind as usize) * 64 + sq
}

/// The active features of `pos` for `perspective`, one per man.
pub fn active(pos: &Position, perspective: Color) -> arrayvec::ArrayVec<u16, MAX_ACTIVE> {
    let mut out = arrayvec::ArrayVec::new();
    for sq in pos.board().occupied() {
        if let Some((color, kind)) = Kind::at(pos, sq) {
            out.push(index(perspective, color, kind, sq.index()) as u16);
        }
    }
    out
}
