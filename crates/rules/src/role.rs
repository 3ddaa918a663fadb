//! The men: roles and pieces.

use crate::Color;
use std::ops::{Index, IndexMut};

/// What a man is (docs/rules.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (dog, son; 夫/兵; Huu). Letter `P`.
    Pawn = 0,
    /// Horse (knight; 马; Mori). Letter `N`.
    Horse = 1,
    /// Camel (bishop; 驼/象; Temee). Letter `B`.
    Camel = 2,
    /// Rook (cart; 车; Terge). Letter `R`.
    Rook = 3,
    /// Bers (queen; 虎/狮/后; Bers). Letter `Q`, or `J` for the weak bers.
    Bers = 4,
    /// King (noyan; 王). Letter `K`.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Horse,
        Role::Camel,
        Role::Rook,
        Role::Bers,
        Role::King,
    ];

    /// `0..6`, pawn first.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English upper-case letter (`K Q R B N P`), with `Q` for the bers.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Horse => 'N',
            Role::Camel => 'B',
            Role::Rook => 'R',
            Role::Bers => 'Q',
            Role::King => 'K',
        }
    }

    /// The English lower-case letter (`k q r b n p`).
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// From an English letter of either case; `J`/`j` is the bers too (Fairy-Stockfish).
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Horse),
            'B' => Some(Role::Camel),
            'R' => Some(Role::Rook),
            'Q' | 'J' => Some(Role::Bers),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Horse => "horse",
            Role::Camel => "camel",
            Role::Rook => "rook",
            Role::Bers => "bers",
            Role::King => "king",
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A man of a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// `0..12`: White's roles, then Black's.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }
}

/// One value per role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByRole<T>(pub [T; 6]);

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    #[inline]
    fn index(&self, role: Role) -> &T {
        &self.0[role.index()]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    #[inline]
    fn index_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role.index()]
    }
}
