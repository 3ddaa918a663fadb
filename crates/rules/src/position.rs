//! A legal position under a ruleset: the board, the side to move, the counters and the
//! first-round state. Moves are generated in `movegen.rs`; game-level rules that need the
//! history (repetition, the shak series) live in `game.rs`.

use crate::attacks;
use crate::ruleset::{BersMove, FirstRound, StartPosition};
use crate::{Bitboard, Board, Color, File, Move, Piece, Rank, Role, Ruleset, Square, zobrist};

/// Where a game stands in its first round (S1 §1.2; S4 ch.1 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstRoundState {
    /// The first round is over, or the game began from a set-up position.
    Over,
    /// The start array, White to open.
    WhiteOpens,
    /// White has opened two steps on this file; Black must mirror.
    BlackMirrors(File),
}

/// A position that is legal to play from, under a ruleset.
///
/// ```
/// use shatar_rules::{Position, Ruleset};
/// let pos = Position::start(Ruleset::OFFICIAL);
/// // The first round: only e2-e4 and d2-d4.
/// assert_eq!(pos.legal_moves().len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) first_round: FirstRoundState,
    pub(crate) ruleset: Ruleset,
    pub(crate) key: u64,
}

/// A set-up that is not a legal position, with the reason (the first one found).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0} has {1} kings, expected one")]
    TooManyKings(Color, u32),
    /// A pawn on the first or last rank.
    #[error("{color} pawn on {square}: pawns cannot stand on the first or last rank")]
    PawnOnBackRank {
        /// Whose pawn.
        color: Color,
        /// Where.
        square: Square,
    },
    /// The side that just moved left its king attacked.
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    /// More than 16 men a side.
    #[error("{0} has {1} men, at most 16 are possible")]
    TooManyMen(Color, u32),
    /// A returning pawn (`P~`) in a ruleset whose pawns promote at once.
    #[error(
        "{color} returning pawn on {square}: only a ruleset with last-rank = \"step-back\" has returning pawns"
    )]
    ReturningPawnNotInRuleset {
        /// Whose pawn.
        color: Color,
        /// Where.
        square: Square,
    },
    /// A returning pawn further than two ranks from its last rank: its third step back
    /// would already have made it a bers.
    #[error(
        "{color} returning pawn on {square}: a returning pawn stands at most two ranks back from its last rank"
    )]
    ReturningPawnTooFarBack {
        /// Whose pawn.
        color: Color,
        /// Where.
        square: Square,
    },
}

impl Position {
    /// The start position of the ruleset.
    pub fn start(ruleset: Ruleset) -> Position {
        let mut board = Board::start();
        if ruleset.steps_back() && ruleset.bers == BersMove::Weak {
            // The start array's bers is the ruleset's: weak, beside any full bers to come.
            for sq in board.by_role(Role::Bers) {
                board.mark_weak(sq);
            }
        }
        if ruleset.start == StartPosition::AfterD4D5 {
            // 1.d4 d5 already played; Fairy-Stockfish calls this move 1 of its game, as we do.
            let [_, second, _, fourth, fifth, _, seventh, _] = Rank::ALL;
            board.clear(Square::from_coords(File::D, second));
            board.set(
                Square::from_coords(File::D, fourth),
                Piece {
                    color: Color::White,
                    role: Role::Pawn,
                },
            );
            board.clear(Square::from_coords(File::D, seventh));
            board.set(
                Square::from_coords(File::D, fifth),
                Piece {
                    color: Color::Black,
                    role: Role::Pawn,
                },
            );
        }
        Position::new_unchecked(board, Color::White, 0, 1, ruleset)
    }

    /// Builds a position from parts and checks it is legal (a set-up position).
    pub fn from_parts(
        board: Board,
        turn: Color,
        halfmoves: u32,
        fullmoves: u32,
        ruleset: Ruleset,
    ) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let kings = board.pieces(color, Role::King).count();
            if kings == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings(color, kings));
            }
            let men = board.by_color(color).count();
            if men > 16 {
                return Err(PositionError::TooManyMen(color, men));
            }
        }
        let back_ranks = Bitboard::rank(Rank::FIRST) | Bitboard::rank(Rank::EIGHTH);
        let returning = board.returning();
        if let Some(square) = (board.by_role(Role::Pawn).without(returning) & back_ranks).first() {
            let color = board.piece_at(square).map_or(Color::White, |p| p.color);
            return Err(PositionError::PawnOnBackRank { color, square });
        }
        for square in returning {
            let color = board.piece_at(square).map_or(Color::White, |p| p.color);
            if !ruleset.steps_back() {
                return Err(PositionError::ReturningPawnNotInRuleset { color, square });
            }
            if steps_back_taken(color, square) > 2 {
                return Err(PositionError::ReturningPawnTooFarBack { color, square });
            }
        }
        let mut board = board;
        if !ruleset.steps_back() {
            // `J` and `Q` both name the ruleset's one kind of bers.
            board.unmark_weak();
        }
        let pos = Position::new_unchecked(board, turn, halfmoves, fullmoves.max(1), ruleset);
        if let Some(their_king) = pos.board.king_of(!turn)
            && pos
                .attackers_to(their_king, turn, pos.board.occupied())
                .any()
        {
            return Err(PositionError::OppositeCheck(!turn));
        }
        Ok(pos)
    }

    /// Builds a position without checking legality (kings present, side not to move not in
    /// check). Legal-move generation assumes both.
    pub fn new_unchecked(
        board: Board,
        turn: Color,
        halfmoves: u32,
        fullmoves: u32,
        ruleset: Ruleset,
    ) -> Position {
        let mut key = zobrist::turn(turn);
        for (s, p) in board.iter() {
            key ^= zobrist::piece_square(p, s);
            if board.returning().contains(s) {
                key ^= zobrist::returning(p.color, s);
            }
            if board.marked_weak().contains(s) {
                key ^= zobrist::weak_bers(p.color, s);
            }
        }
        let first_round = detect_first_round(&board, turn, &ruleset);
        Position {
            board,
            turn,
            halfmoves,
            fullmoves,
            first_round,
            ruleset,
            key,
        }
    }

    /// The placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last pawn move or capture.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, grows after Black moves).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The ruleset.
    #[inline]
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The first-round state.
    #[inline]
    pub fn first_round(&self) -> FirstRoundState {
        self.first_round
    }

    /// The Zobrist key (placement and side to move).
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (for checking the incremental one).
    pub fn zobrist_from_scratch(&self) -> u64 {
        Position::new_unchecked(self.board.clone(), self.turn, 0, 1, self.ruleset).key
    }

    /// The bers that move as the weak bers: all or none by the ruleset's bers, or under a
    /// step-back ruleset those marked weak.
    #[inline]
    pub fn weak_bers(&self) -> Bitboard {
        if self.ruleset.steps_back() {
            return self.board.marked_weak();
        }
        match self.ruleset.bers {
            BersMove::Queen => Bitboard::EMPTY,
            BersMove::Weak => self.board.by_role(Role::Bers),
        }
    }

    /// The squares from which men of `attacker` attack `sq`, with the given occupancy.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let them = b.by_color(attacker);
        let bers = b.by_role(Role::Bers);
        let rook_like = b.by_role(Role::Rook) | bers;
        let stepping_bers = self.weak_bers();
        let camel_like = b.by_role(Role::Camel) | bers.without(stepping_bers);
        // A pawn attacks forward diagonally; a returning pawn backward, as a pawn of the
        // other colour would.
        let returning = b.returning();
        let pawns = b.by_role(Role::Pawn);
        them & ((attacks::pawn_attacks(!attacker, sq) & pawns.without(returning))
            | (attacks::pawn_attacks(attacker, sq) & returning)
            | (attacks::horse_attacks(sq) & b.by_role(Role::Horse))
            | (attacks::king_attacks(sq) & b.by_role(Role::King))
            | (attacks::diagonal_step_attacks(sq) & stepping_bers)
            | (attacks::rook_attacks(sq, occupied) & rook_like)
            | (attacks::camel_attacks(sq, occupied) & camel_like))
    }

    /// The squares a man attacks from `sq` in this position's ruleset, whether or not it
    /// stands there (a search asks where a man would attack after its move). The bers moves
    /// as the ruleset's bers; only under a step-back ruleset, where both kinds share the
    /// board, do the marks of the man on `sq` decide its kind and a pawn's direction.
    #[inline]
    pub fn attacks_from(&self, piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
        match piece.role {
            Role::Pawn if self.board.returning().contains(sq) => {
                attacks::pawn_attacks(!piece.color, sq)
            }
            Role::Pawn => attacks::pawn_attacks(piece.color, sq),
            Role::Horse => attacks::horse_attacks(sq),
            Role::Camel => attacks::camel_attacks(sq, occupied),
            Role::Rook => attacks::rook_attacks(sq, occupied),
            Role::Bers => {
                let weak = if self.ruleset.steps_back() {
                    self.board.marked_weak().contains(sq)
                } else {
                    self.ruleset.bers == BersMove::Weak
                };
                if weak {
                    attacks::weak_bers_attacks(sq, occupied)
                } else {
                    attacks::queen_attacks(sq, occupied)
                }
            }
            Role::King => attacks::king_attacks(sq),
        }
    }

    /// The men giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(k) => self.attackers_to(k, !self.turn, self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Plays a move that must be legal here (from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let mover = Piece {
            color: us,
            role: m.role,
        };
        // The marks the mover carries (step-back rulesets only) leave with it.
        let was_returning = self.board.returning().contains(m.from);
        let was_weak = self.board.marked_weak().contains(m.from);
        self.unmark(us, m.from);
        self.board.remove_unchecked(m.from, mover);
        self.key ^= zobrist::piece_square(mover, m.from);
        if let Some(role) = m.capture {
            let victim = Piece { color: !us, role };
            self.unmark(!us, m.to);
            self.board.remove_unchecked(m.to, victim);
            self.key ^= zobrist::piece_square(victim, m.to);
        }
        let arriving = Piece {
            color: us,
            role: m.promotion.unwrap_or(m.role),
        };
        self.board.put_unchecked(m.to, arriving);
        self.key ^= zobrist::piece_square(arriving, m.to);
        if self.ruleset.steps_back() {
            let (returning, weak) = match (m.role, m.promotion) {
                // A pawn reaching its last rank, or a returning pawn's plain step.
                (Role::Pawn, None) => (was_returning || m.to.rank() == last_rank(us), false),
                // A returning pawn's first step may make a weak bers; its third a full one.
                (Role::Pawn, Some(_)) => (false, steps_back_taken(us, m.to) == 1),
                (Role::Bers, _) => (false, was_weak),
                _ => (false, false),
            };
            if returning {
                self.board.mark_returning(m.to);
                self.key ^= zobrist::returning(us, m.to);
            }
            if weak {
                self.board.mark_weak(m.to);
                self.key ^= zobrist::weak_bers(us, m.to);
            }
        }
        self.halfmoves = if m.is_zeroing() {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.first_round = match self.first_round {
            FirstRoundState::WhiteOpens => FirstRoundState::BlackMirrors(m.from.file()),
            _ => FirstRoundState::Over,
        };
        self.turn = !us;
        self.key ^= zobrist::turn(Color::Black);
    }

    /// Takes the marks off the man of `color` on `sq`, in the key too (the board drops them
    /// with the man).
    #[inline]
    fn unmark(&mut self, color: Color, sq: Square) {
        if self.board.returning().contains(sq) {
            self.key ^= zobrist::returning(color, sq);
        }
        if self.board.marked_weak().contains(sq) {
            self.key ^= zobrist::weak_bers(color, sq);
        }
    }

    /// Plays `m` after checking it is legal; on error the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), crate::IllegalMove> {
        if self.legal_moves().contains(&m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(crate::IllegalMove {
                mv: m,
                fen: crate::fen::write(self),
            })
        }
    }

    /// A copy with `m` played (which must be legal).
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// The position with the turn passed to the other side, as a search's null-move
    /// pruning needs it: the key changes by the side-to-move key alone, and the half-move
    /// count advances as after any quiet move.
    ///
    /// `None` when passing would not leave a legal position: the side to move is in check
    /// (the opponent could take the king), or the first round is still running (its moves
    /// are forced, S1 §1.2; S4 ch.1 §3 一.6).
    ///
    /// ```
    /// use shatar_rules::{fen, Color, Ruleset};
    ///
    /// let pos = fen::read("startpos", Ruleset::FSF)?;
    /// let passed = pos.null_move().expect("not in check");
    /// assert_eq!(passed.turn(), !pos.turn());
    /// assert_eq!(passed.zobrist(), passed.zobrist_from_scratch());
    /// assert_eq!(passed.null_move().map(|p| p.zobrist()), Some(pos.zobrist()));
    /// # Ok::<(), shatar_rules::FenError>(())
    /// ```
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() || self.first_round != FirstRoundState::Over {
            return None;
        }
        let mut next = self.clone();
        next.halfmoves = next.halfmoves.saturating_add(1);
        if next.turn == Color::Black {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.turn = !next.turn;
        next.key ^= zobrist::turn(Color::Black);
        Some(next)
    }
}

/// The first round applies only to the start array (White to move) or the start array after
/// exactly one allowed two-step opening (Black to move); any other set-up is past it.
fn detect_first_round(board: &Board, turn: Color, ruleset: &Ruleset) -> FirstRoundState {
    let FirstRound::Mirrored { files } = ruleset.first_round else {
        return FirstRoundState::Over;
    };
    let start = Board::start();
    match turn {
        Color::White if *board == start => FirstRoundState::WhiteOpens,
        Color::Black => {
            for file in files.files() {
                let mut opened = start.clone();
                let from = Square::from_coords(file, Rank::ALL[1]);
                let to = Square::from_coords(file, Rank::ALL[3]);
                opened.clear(from);
                opened.set(
                    to,
                    Piece {
                        color: Color::White,
                        role: Role::Pawn,
                    },
                );
                if *board == opened {
                    return FirstRoundState::BlackMirrors(file);
                }
            }
            FirstRoundState::Over
        }
        Color::White => FirstRoundState::Over,
    }
}

/// A side's last rank: where its pawns promote, or turn back under a step-back ruleset.
#[inline]
pub(crate) const fn last_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::EIGHTH,
        Color::Black => Rank::FIRST,
    }
}

/// How many steps back a returning pawn of `color` on `sq` has made: its distance from its
/// last rank (docs/rules.md §2, step-back pawn).
#[inline]
pub(crate) const fn steps_back_taken(color: Color, sq: Square) -> u32 {
    let rank = sq.rank().index() as u32;
    match color {
        Color::White => 7 - rank,
        Color::Black => rank,
    }
}
