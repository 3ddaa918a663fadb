//! Piece placement.

use crate::{Bitboard, ByColor, Color, Piece, Role, Square};

/// Where the men stand: one bitboard per role and per colour, plus a square-indexed array
/// for fast look-up, and the marks a step-back ruleset puts on some men (returning pawns,
/// weak bers). Says nothing about legality.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    squares: [Option<Piece>; 64],
    /// Pawns that reached their last rank and step back (docs/rules.md §2, step-back pawn).
    returning: Bitboard,
    /// Bers marked as moving like the weak bers (only a step-back ruleset reads it).
    marked_weak: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// No men.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            squares: [None; 64],
            returning: Bitboard::EMPTY,
            marked_weak: Bitboard::EMPTY,
        }
    }

    /// The start array (docs/rules.md §1).
    pub fn start() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Camel,
            Role::Bers,
            Role::King,
            Role::Camel,
            Role::Horse,
            Role::Rook,
        ];
        for (file, role) in crate::File::ALL.into_iter().zip(back) {
            for (color, back_rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                let r = crate::Rank::ALL[back_rank];
                let p = crate::Rank::ALL[pawn_rank];
                board.set(Square::from_coords(file, r), Piece { color, role });
                board.set(
                    Square::from_coords(file, p),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
        }
        board
    }

    /// The man on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Puts `piece` on an empty square; replaces whatever stood there.
    pub fn set(&mut self, sq: Square, piece: Piece) {
        self.clear(sq);
        self.put_unchecked(sq, piece);
    }

    /// Empties `sq`, returning what stood there.
    pub fn clear(&mut self, sq: Square) -> Option<Piece> {
        let old = self.squares[sq.index()];
        if let Some(p) = old {
            self.remove_unchecked(sq, p);
        }
        old
    }

    /// Puts `piece` on `sq`, which must be empty.
    #[inline]
    pub(crate) fn put_unchecked(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none());
        self.by_role[piece.role.index()].add(sq);
        self.by_color[piece.color.index()].add(sq);
        self.squares[sq.index()] = Some(piece);
    }

    /// Removes `piece`, which must stand on `sq`, with its marks.
    #[inline]
    pub(crate) fn remove_unchecked(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.squares[sq.index()], Some(piece));
        self.by_role[piece.role.index()].discard(sq);
        self.by_color[piece.color.index()].discard(sq);
        self.squares[sq.index()] = None;
        self.returning.discard(sq);
        self.marked_weak.discard(sq);
    }

    /// Returning pawns, both colours: pawns that reached their last rank under a step-back
    /// ruleset and now step diagonally backward (docs/rules.md §2, step-back pawn).
    #[inline]
    pub fn returning(&self) -> Bitboard {
        self.returning
    }

    /// Marks the pawn on `sq` as a returning pawn; `false` (and no change) if no pawn
    /// stands there.
    pub fn mark_returning(&mut self, sq: Square) -> bool {
        let is_pawn = self.by_role(Role::Pawn).contains(sq);
        if is_pawn {
            self.returning.add(sq);
        }
        is_pawn
    }

    /// Bers marked as weak: under a step-back ruleset, the bers that move as the weak bers
    /// (`J`); the others move as the full bers (`Q`). Other rulesets never mark a bers.
    #[inline]
    pub fn marked_weak(&self) -> Bitboard {
        self.marked_weak
    }

    /// Marks the bers on `sq` as weak; `false` (and no change) if no bers stands there.
    pub fn mark_weak(&mut self, sq: Square) -> bool {
        let is_bers = self.by_role(Role::Bers).contains(sq);
        if is_bers {
            self.marked_weak.add(sq);
        }
        is_bers
    }

    /// Removes every weak mark (a ruleset whose bers are all alike).
    pub(crate) fn unmark_weak(&mut self) {
        self.marked_weak = Bitboard::EMPTY;
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The men of a role, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The men of a colour.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The men of one colour and role.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// The king of `color`, if exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).single()
    }

    /// How many men of each colour.
    pub fn counts(&self) -> ByColor<u32> {
        ByColor {
            white: self.by_color[0].count(),
            black: self.by_color[1].count(),
        }
    }

    /// Men of `color` other than the king.
    #[inline]
    pub fn non_king(&self, color: Color) -> Bitboard {
        self.by_color(color).without(self.by_role(Role::King))
    }

    /// Every man with its square, `a1` first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}
