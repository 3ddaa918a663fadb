//! A game: a start position and the moves played, with the history that the rules need —
//! repetition (Zobrist key, verified square by square), the series of checks before a mate
//! (the shak rule, tuuxəi), and the claims a player may make.
//!
//! ```
//! use shatar_rules::{Game, Ruleset, uci, outcome::{Outcome, Termination}};
//! let mut game = Game::new(Ruleset::OFFICIAL);
//! for text in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"] {
//!     let m = uci::parse_move(game.position(), text)?;
//!     game.play(m)?;
//! }
//! let end = game.end().expect("scholar's mate");
//! assert_eq!(end.termination, Termination::Checkmate);
//! assert_eq!(end.outcome, Outcome::Decisive { winner: shatar_rules::Color::White });
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use crate::outcome::{self, GameEnd, Outcome, Termination};
use crate::ruleset::{BareKing, DeadPosition, PerpetualCheck};
use crate::{Board, Color, Move, Position, Ruleset};

/// A claim a player may make under the ruleset (FIDE 9.2, 9.3; S1 §5.2(4)(5)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The position has occurred the ruleset's claim count of times.
    Repetition,
    /// The ruleset's claim count of moves by each side without pawn move or capture.
    MoveRule,
}

/// Why a move could not be played in a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// Not legal in the position.
    #[error(transparent)]
    Illegal(#[from] crate::IllegalMove),
    /// The game has already ended by the rules.
    #[error("the game is over: {0}")]
    GameOver(GameEnd),
}

/// What the rules remember of one position reached in a game.
#[derive(Debug, Clone)]
struct Reached {
    key: u64,
    board: Board,
    turn: Color,
    /// The side to move is in check.
    check: bool,
    /// That check is a shak (given by bers, rook or horse, among other men).
    shak: bool,
    /// Half-moves since a pawn move or capture.
    halfmoves: u32,
}

impl Reached {
    fn of(pos: &Position) -> Reached {
        let checkers = pos.checkers();
        Reached {
            key: pos.zobrist(),
            board: pos.board().clone(),
            turn: pos.turn(),
            check: checkers.any(),
            shak: outcome::is_shak(pos, checkers),
            halfmoves: pos.halfmoves(),
        }
    }

    fn same_position(&self, other: &Reached) -> bool {
        self.key == other.key && self.turn == other.turn && self.board == other.board
    }
}

/// A game from a start position.
#[derive(Debug, Clone)]
pub struct Game {
    initial: Position,
    position: Position,
    moves: Vec<Move>,
    reached: Vec<Reached>,
}

impl Game {
    /// A new game from the ruleset's start position.
    pub fn new(ruleset: Ruleset) -> Game {
        Game::from_position(Position::start(ruleset))
    }

    /// A game from any legal position (a set-up position is never in its first round unless
    /// it is the start array).
    pub fn from_position(pos: Position) -> Game {
        Game {
            reached: vec![Reached::of(&pos)],
            initial: pos.clone(),
            position: pos,
            moves: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn initial(&self) -> &Position {
        &self.initial
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        self.position.ruleset()
    }

    /// The legal moves now (empty once the game has ended by the rules).
    pub fn legal_moves(&self) -> crate::MoveList {
        if self.end().is_some() {
            crate::MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays a legal move; refuses when the game is over or the move is illegal.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(end) = self.end() {
            return Err(PlayError::GameOver(end));
        }
        self.position.play(m)?;
        self.moves.push(m);
        self.reached.push(Reached::of(&self.position));
        Ok(())
    }

    /// Plays a move known to be legal, without checking, even after the game's end (for
    /// analysis and perft-like walks).
    pub fn play_unchecked(&mut self, m: Move) {
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.reached.push(Reached::of(&self.position));
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.reached.pop();
        let mut pos = self.initial.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        self.position = pos;
        Some(m)
    }

    /// The indices in `reached` of the current position's occurrences, earliest first.
    /// Positions before the last pawn move or capture cannot recur, so only those since are
    /// compared.
    fn occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let last = self.reached.len().saturating_sub(1);
        let window = self
            .reached
            .last()
            .map_or(0, |now| (now.halfmoves as usize).min(last));
        (last - window..self.reached.len())
            .filter(move |&i| self.reached[i].same_position(&self.reached[last]))
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        self.occurrences().count()
    }

    /// The index in `reached` of the earliest of the current position's occurrences.
    fn first_occurrence(&self) -> usize {
        self.occurrences().next().unwrap_or(self.reached.len() - 1)
    }

    /// Whether one side gave check with every one of its moves since the current position
    /// first occurred (perpetual check, S4 ch.1 §5 二.1).
    fn is_perpetual_check(&self) -> bool {
        let from = self.first_occurrence();
        let last = self.reached.len() - 1;
        if from == last {
            return false;
        }
        Color::ALL.into_iter().any(|side| {
            // The move from reached[i] to reached[i+1] was made by reached[i].turn.
            let mut made_any = false;
            let all_checks = (from..last)
                .filter(|&i| self.reached[i].turn == side)
                .all(|i| {
                    made_any = true;
                    self.reached[i + 1].check
                });
            made_any && all_checks
        })
    }

    /// Whether the series of consecutive checks that the side not to move has given, up to
    /// now, contains a shak (check by bers, rook or horse). The series may reach back into
    /// the start position if the game began in check, as Fairy-Stockfish counts it.
    pub fn shak_in_series(&self) -> bool {
        self.check_series().iter().any(|&i| self.reached[i].shak)
    }

    /// Indices into the reached positions of the series of consecutive checks by the side not
    /// to move, latest first.
    fn check_series(&self) -> Vec<usize> {
        let mut series = Vec::new();
        let mut i = self.reached.len() as isize - 1;
        while i >= 0 && self.reached[i as usize].check {
            series.push(i as usize);
            i -= 2;
        }
        series
    }

    /// The moves of the series of consecutive checks that ended in the current position,
    /// first check first (for tuuxəi scoring). Empty if the side to move is not in check.
    pub fn check_series_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self
            .check_series()
            .into_iter()
            .filter(|&i| i > 0)
            .filter_map(|i| self.moves.get(i - 1).copied())
            .collect();
        moves.reverse();
        moves
    }

    /// How the game has ended by the rules, if it has. Checked in this order: bare king (it
    /// ends the game "at once", even on a capture that mates), checkmate and stalemate, dead
    /// position, perpetual check, repetition, the move rule (a mate on the last move
    /// stands, FIDE 9.6.2).
    pub fn end(&self) -> Option<GameEnd> {
        let pos = &self.position;
        let r = pos.ruleset();
        let draw = |termination| {
            Some(GameEnd {
                outcome: Outcome::Draw,
                termination,
            })
        };
        if r.bare_king == BareKing::Draw && outcome::bare_king(pos).is_some() {
            return draw(Termination::BareKing);
        }
        if !pos.has_legal_moves() {
            return if pos.is_check() {
                Some(outcome::classify_mate(pos, self.shak_in_series()))
            } else {
                draw(Termination::Stalemate)
            };
        }
        if r.dead_position == DeadPosition::Draw && outcome::is_dead_position(pos) {
            return draw(Termination::DeadPosition);
        }
        let reps = self.repetitions();
        if r.perpetual_check == PerpetualCheck::AutomaticDraw
            && reps >= 3
            && self.is_perpetual_check()
        {
            return draw(Termination::PerpetualCheck);
        }
        if r.repetition
            .automatic
            .is_some_and(|n| reps >= usize::from(n))
        {
            return draw(Termination::Repetition);
        }
        if r.move_rule
            .automatic
            .is_some_and(|n| pos.halfmoves() >= 2 * u32::from(n))
        {
            return draw(Termination::MoveRule);
        }
        None
    }

    /// The claims the player to move could make now.
    pub fn claimable(&self) -> Vec<Claim> {
        let r = self.ruleset();
        let mut claims = Vec::new();
        if self.end().is_some() {
            return claims;
        }
        if r.repetition
            .claim
            .is_some_and(|n| self.repetitions() >= usize::from(n))
        {
            claims.push(Claim::Repetition);
        }
        if r.move_rule
            .claim
            .is_some_and(|n| self.position.halfmoves() >= 2 * u32::from(n))
        {
            claims.push(Claim::MoveRule);
        }
        claims
    }

    /// The claims that playing `m` would make available (FIDE 9.2.1.1: a player may claim
    /// with the move that produces the repetition, writing it down first).
    pub fn claimable_after(&self, m: Move) -> Vec<Claim> {
        let mut next = self.clone();
        match next.play(m) {
            Ok(()) => next.claimable(),
            Err(_) => Vec::new(),
        }
    }
}
