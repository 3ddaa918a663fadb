//! Legal move generation.
//!
//! Fully legal, not pseudo-legal: the generator knows the checkers and the pinned men, so
//! every move it emits keeps the mover's king safe (S1 §3.8). Without castling and en
//! passant (docs/rules.md §2) the only special cases are the first round, promotion, the weak
//! bers and the regional "king moves only in check" option.

use crate::attacks;
use crate::position::{FirstRoundState, last_rank, steps_back_taken};
use crate::ruleset::BareKing;
use crate::{Bitboard, Color, Move, MoveList, Piece, Position, Rank, Role, Square};

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Every legal move, into `moves` (cleared first): a search reuses one list per node
    /// instead of moving a fresh one around.
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(moves, Bitboard::FULL);
    }

    /// The number of legal moves, counted without listing them (the leaves of perft).
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(&mut counter, Bitboard::FULL);
        counter.0
    }

    /// The legal moves that take a man or promote (for quiescence search).
    pub fn legal_captures_and_promotions(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_captures_and_promotions_into(&mut moves);
        moves
    }

    /// The legal moves that take a man or promote, into `moves` (cleared first).
    pub fn legal_captures_and_promotions_into(&self, moves: &mut MoveList) {
        moves.clear();
        let them = self.board.by_color(!self.turn);
        // A returning pawn promotes by a step back to any rank it can reach.
        let wanted = if self.ruleset.steps_back() {
            Bitboard::FULL
        } else {
            them | Bitboard::rank(last_rank(self.turn))
        };
        self.generate(moves, wanted);
        moves.retain(|m| m.is_capture() || m.is_promotion());
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Generates the legal moves whose destination is in `wanted`.
    fn generate<S: Sink>(&self, moves: &mut S, wanted: Bitboard) {
        // Where a bare king ends the game at once (S3 *nutʃgən*; Fairy-Stockfish's
        // extinction rule) there is nothing left to play: no legal moves, as Fairy-Stockfish
        // generates none, so perft and move lists agree with it.
        if self.ruleset.bare_king == BareKing::Draw && self.has_bare_king() {
            return;
        }
        match self.first_round {
            FirstRoundState::Over => {}
            FirstRoundState::WhiteOpens => return self.first_round_moves(moves, None, wanted),
            FirstRoundState::BlackMirrors(file) => {
                return self.first_round_moves(moves, Some(file), wanted);
            }
        }
        let us = self.turn;
        let them = !us;
        let b = &self.board;
        let Some(king) = b.king_of(us) else { return };
        let ours = b.by_color(us);
        let occupied = b.occupied();
        let checkers = self.attackers_to(king, them, occupied);

        // King moves: a square is safe if no enemy attacks it once the king has left its
        // square (so sliders see through the king's old square).
        if checkers.any() || !self.ruleset.king_moves_only_in_check {
            let without_king = occupied.without(Bitboard::from_square(king));
            let mut safe = Bitboard::EMPTY;
            for to in attacks::king_attacks(king) & !ours & wanted {
                if self.attackers_to(to, them, without_king).is_empty() {
                    safe.add(to);
                }
            }
            moves.add(self, Role::King, king, safe);
        }
        if checkers.more_than_one() {
            return;
        }
        // Destinations that resolve a single check: take the checker or block its line.
        let mut target = !ours & wanted;
        if let Some(checker) = checkers.first() {
            target &= attacks::between(king, checker) | Bitboard::from_square(checker);
        }
        let pinned = self.pinned(us, king);

        // Pawns. Under a step-back ruleset a pawn reaching its last rank does not promote:
        // it becomes a returning pawn (its mark is set when the move is played).
        let forward: i8 = match us {
            Color::White => 8,
            Color::Black => -8,
        };
        let promotes_at_once = !self.ruleset.steps_back();
        let returning = b.returning();
        for from in b.pieces(us, Role::Pawn).without(returning) {
            let allowed = if pinned.contains(from) {
                attacks::line(king, from)
            } else {
                Bitboard::FULL
            };
            let dests = allowed & target;
            let mut to_squares = attacks::pawn_attacks(us, from) & b.by_color(them);
            if let Some(to) = Square::new((from.index() as i8 + forward) as u8)
                && !occupied.contains(to)
            {
                to_squares.add(to);
            }
            let promotes = promotes_at_once
                && from
                    .offset(0, forward.signum())
                    .is_some_and(|s| s.rank() == last_rank(us));
            moves.add_pawn(self, from, to_squares & dests, promotes);
        }

        // Returning pawns: one square diagonally backward, onto an empty square or taking
        // (docs/rules.md §2, step-back pawn). The step's number is the distance from the last rank.
        for from in b.pieces(us, Role::Pawn) & returning {
            let mut dests = attacks::pawn_attacks(them, from) & target;
            if pinned.contains(from) {
                dests &= attacks::line(king, from);
            }
            let choices: &[Option<Role>] = match steps_back_taken(us, from) {
                // The first step: the player makes it a weak bers, or leaves it a pawn.
                0 => &[Some(Role::Bers), None],
                // The third step makes it a full bers.
                2 => &[Some(Role::Bers)],
                _ => &[None],
            };
            moves.add_returning(self, from, dests, choices);
        }

        // Pieces.
        for role in [Role::Horse, Role::Camel, Role::Rook, Role::Bers] {
            for from in b.pieces(us, role) {
                let mut dests =
                    self.attacks_from(Piece { color: us, role }, from, occupied) & target;
                if pinned.contains(from) {
                    dests &= attacks::line(king, from);
                }
                moves.add(self, role, from, dests);
            }
        }
    }

    /// Whether a side has only its king.
    #[inline]
    fn has_bare_king(&self) -> bool {
        let b = &self.board;
        b.non_king(Color::White).is_empty() || b.non_king(Color::Black).is_empty()
    }

    /// Men of `us` pinned to their king by an enemy slider.
    fn pinned(&self, us: Color, king: Square) -> Bitboard {
        let b = &self.board;
        let them = b.by_color(!us);
        let bers = b.by_role(Role::Bers);
        // The weak bers slides only along ranks and files; its diagonal step cannot pin.
        let diagonal_bers = bers.without(self.weak_bers());
        let snipers = them
            & ((attacks::rook_attacks(king, Bitboard::EMPTY) & (b.by_role(Role::Rook) | bers))
                | (attacks::camel_attacks(king, Bitboard::EMPTY)
                    & (b.by_role(Role::Camel) | diagonal_bers)));
        let occupied = b.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & b.by_color(us);
            }
        }
        pinned
    }

    /// The first round: White's allowed two-step openings, or Black's mirror move.
    fn first_round_moves<S: Sink>(
        &self,
        moves: &mut S,
        mirror_of: Option<crate::File>,
        wanted: Bitboard,
    ) {
        let (files, from_rank, to_rank) = match (mirror_of, &self.ruleset.first_round) {
            (Some(file), _) => (
                crate::ruleset::FileSet(1 << file.index()),
                Rank::ALL[6],
                Rank::ALL[4],
            ),
            (None, crate::ruleset::FirstRound::Mirrored { files }) => {
                (*files, Rank::ALL[1], Rank::ALL[3])
            }
            (None, crate::ruleset::FirstRound::None) => return,
        };
        for file in files.files() {
            let from = Square::from_coords(file, from_rank);
            let to = Square::from_coords(file, to_rank);
            moves.add(self, Role::Pawn, from, Bitboard::from_square(to) & wanted);
        }
    }
}

/// Where generated moves go: a list, or a counter for perft leaves.
trait Sink {
    /// Moves of a man from `from` to each of `dests`.
    fn add(&mut self, pos: &Position, role: Role, from: Square, dests: Bitboard);
    /// Pawn moves from `from` to each of `dests`, one per promotion choice if `promotes`.
    fn add_pawn(&mut self, pos: &Position, from: Square, dests: Bitboard, promotes: bool);
    /// A returning pawn's steps from `from` to each of `dests`, one per choice.
    fn add_returning(
        &mut self,
        pos: &Position,
        from: Square,
        dests: Bitboard,
        choices: &[Option<Role>],
    );
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, pos: &Position, role: Role, from: Square, dests: Bitboard) {
        for to in dests {
            let capture = pos.board.piece_at(to).map(|p| p.role);
            self.push(Move {
                role,
                from,
                to,
                capture,
                promotion: None,
            });
        }
    }

    #[inline]
    fn add_returning(
        &mut self,
        pos: &Position,
        from: Square,
        dests: Bitboard,
        choices: &[Option<Role>],
    ) {
        for to in dests {
            let capture = pos.board.piece_at(to).map(|p| p.role);
            for &promotion in choices {
                self.push(Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion,
                });
            }
        }
    }

    #[inline]
    fn add_pawn(&mut self, pos: &Position, from: Square, dests: Bitboard, promotes: bool) {
        for to in dests {
            let capture = pos.board.piece_at(to).map(|p| p.role);
            if promotes {
                for &promotion in pos.ruleset.promotion.roles() {
                    self.push(Move {
                        role: Role::Pawn,
                        from,
                        to,
                        capture,
                        promotion: Some(promotion),
                    });
                }
            } else {
                self.push(Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                });
            }
        }
    }
}

struct Counter(usize);

impl Sink for Counter {
    #[inline]
    fn add_returning(
        &mut self,
        _: &Position,
        _: Square,
        dests: Bitboard,
        choices: &[Option<Role>],
    ) {
        self.0 += dests.count() as usize * choices.len();
    }

    #[inline]
    fn add(&mut self, _: &Position, _: Role, _: Square, dests: Bitboard) {
        self.0 += dests.count() as usize;
    }

    #[inline]
    fn add_pawn(&mut self, pos: &Position, _: Square, dests: Bitboard, promotes: bool) {
        let per_square = if promotes {
            pos.ruleset.promotion.roles().len()
        } else {
            1
        };
        self.0 += dests.count() as usize * per_square;
    }
}
