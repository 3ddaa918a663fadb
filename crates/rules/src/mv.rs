//! Moves.

use crate::{Role, Square};
use std::fmt;

/// A move as played on a board: the man, where from and to, what it took and what a pawn
/// became. Shatar has no castling, no en passant and no drops (docs/rules.md §2), so this is all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The man that moves.
    pub role: Role,
    /// Where from.
    pub from: Square,
    /// Where to.
    pub to: Square,
    /// The man taken on `to`, if any.
    pub capture: Option<Role>,
    /// What a pawn reaching the last rank becomes.
    pub promotion: Option<Role>,
}

impl Move {
    /// Whether it takes a man.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether it resets the fifty-move counter (a pawn move or a capture, FIDE 9.3).
    #[inline]
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role, Role::Pawn) || self.capture.is_some()
    }

    /// Whether it is a promotion.
    #[inline]
    pub const fn is_promotion(&self) -> bool {
        self.promotion.is_some()
    }
}

impl fmt::Display for Move {
    /// Long algebraic with the English letters: `Ng1-f3`, `Nf3xd4`, `e7-e8=Q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.role != Role::Pawn {
            write!(f, "{}", self.role.upper_char())?;
        }
        write!(
            f,
            "{}{}{}",
            self.from,
            if self.is_capture() { 'x' } else { '-' },
            self.to
        )?;
        if let Some(p) = self.promotion {
            write!(f, "={}", p.upper_char())?;
        }
        Ok(())
    }
}

/// The legal moves of a position. A legal position has at most 16 men a side, so at most
/// 15 × 27 + 8 = 413 moves: 512 always suffices.
pub type MoveList = arrayvec::ArrayVec<Move, 512>;
