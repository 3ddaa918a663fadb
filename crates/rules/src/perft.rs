//! Perft: the number of leaf nodes of the legal move tree, the standard exactness test for
//! move generators. Perft counts moves only: it does not stop at game ends that need the
//! history (repetition, the move rules) or that only decide the result of a mate, exactly as
//! Fairy-Stockfish's `go perft` does. Where the ruleset's bare-king rule ends the game, a
//! position with a bare king has no legal moves, in perft as in play (and in
//! Fairy-Stockfish).

use crate::{Move, Position};

/// Leaf nodes at `depth`.
///
/// ```
/// use shatar_rules::{perft, Position, Ruleset};
/// // The official first round: 1.e4 e5 or 1.d4 d5.
/// assert_eq!(perft(&Position::start(Ruleset::OFFICIAL), 2), 2);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| perft(&pos.after(m), depth - 1))
            .sum(),
    }
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}
