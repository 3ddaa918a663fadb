//! Move-ordering memories: killer moves per ply and the butterfly history (from-square,
//! to-square) per colour, updated with the "history gravity" formula so values stay in
//! `±HISTORY_MAX` (chessprogramming.org, *History Heuristic*; Stockfish `history.h`).

use shatar_rules::{Color, Move};

/// The bound of a history value.
pub const HISTORY_MAX: i32 = 16384;

/// The butterfly history of quiet moves.
#[derive(Debug, Clone)]
pub struct ButterflyHistory {
    table: Vec<i32>,
}

impl Default for ButterflyHistory {
    fn default() -> Self {
        ButterflyHistory {
            table: vec![0; 2 * 64 * 64],
        }
    }
}

impl ButterflyHistory {
    fn slot(color: Color, m: &Move) -> usize {
        color.index() * 4096 + m.from.index() * 64 + m.to.index()
    }

    /// The value of a quiet move.
    pub fn get(&self, color: Color, m: &Move) -> i32 {
        self.table.get(Self::slot(color, m)).copied().unwrap_or(0)
    }

    /// Adds `bonus` (negative for a malus) with gravity towards zero.
    pub fn update(&mut self, color: Color, m: &Move, bonus: i32) {
        if let Some(v) = self.table.get_mut(Self::slot(color, m)) {
            let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            *v += b - *v * b.abs() / HISTORY_MAX;
        }
    }

    /// Halves every value (between searches, so old games fade).
    pub fn age(&mut self) {
        for v in &mut self.table {
            *v /= 2;
        }
    }
}

/// The bonus for a quiet move that caused a cut-off at `depth`.
pub fn stat_bonus(depth: i32) -> i32 {
    (depth * depth * 16 + 32 * depth).min(1600)
}

/// Two killer moves per ply: quiet moves that refuted a sibling.
#[derive(Debug, Clone, Copy, Default)]
pub struct Killers(pub [Option<Move>; 2]);

impl Killers {
    /// Remembers `m` as the newest killer.
    pub fn push(&mut self, m: Move) {
        if self.0[0] != Some(m) {
            self.0[1] = self.0[0];
            self.0[0] = Some(m);
        }
    }

    /// Whether `m` is one of the two.
    pub fn contains(&self, m: &Move) -> bool {
        self.0[0].as_ref() == Some(m) || self.0[1].as_ref() == Some(m)
    }
}
