//! Time management: how long to think on one move, for sudden death (S4's 90, 60 or
//! 30 minutes for the game), a Fischer increment, or moves-to-go controls.
//!
//! Two budgets, as in Stockfish `timeman.cpp`: the *optimum* time, after which no new
//! iteration starts, and the *maximum* time, at which the search stops in the middle of an
//! iteration. The optimum is scaled when an iteration ends (Stockfish 11's `fallingEval`,
//! `timeReduction` and `bestMoveInstability`): longer when the score falls or the best
//! move keeps changing, shorter when the best move has stood for many iterations.

use crate::limits::Limits;
use shatar_rules::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Kept back from `go movetime N`: the milliseconds between the search stopping and
/// `bestmove` reaching the GUI (the last iteration's unwinding and the reply).
pub const MOVETIME_REPLY_MS: u64 = 2;

/// Moves still to play assumed in sudden death.
const SUDDEN_DEATH_MOVES: u64 = 35;

/// The share of the optimum time a search takes when the best move and the score are
/// steady (Stockfish's optimum is the time over 50 moves, ours over 35).
const STEADY_SHARE: f64 = 0.7;

/// What one search of a game hands to the next (Stockfish's `previousScore` and
/// `previousTimeReduction`): the time of a move depends on how the last one went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeMemory {
    /// The score the previous search ended with (none at the start of a game).
    pub previous_score: Option<i32>,
    /// The previous search's `time_reduction`: a stable best move then saved time that
    /// this one may partly spend.
    pub previous_time_reduction: f64,
}

impl Default for TimeMemory {
    fn default() -> Self {
        TimeMemory {
            previous_score: None,
            previous_time_reduction: 1.0,
        }
    }
}

/// When an iteration ends, the time it may take next to the optimum (Stockfish 11's
/// `fallingEval`, `timeReduction` and `bestMoveInstability`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IterationOutlook {
    /// The score of the iteration just ended.
    pub score: i32,
    /// The score four iterations before (the previous search's when fewer ran).
    pub score_four_back: i32,
    /// The last depth at which the best move changed.
    pub best_move_depth: u32,
    /// The depth just completed.
    pub completed_depth: u32,
    /// Best-move changes inside the recent iterations, halved at every iteration.
    pub best_move_changes: f64,
}

impl IterationOutlook {
    /// More time when the score falls against the last move's and the recent iterations,
    /// less when the best move has stood for ten plies, more when it keeps changing. Also
    /// the `time_reduction` that the next search of the game remembers.
    pub fn time_factor(&self, memory: &TimeMemory) -> (f64, f64) {
        // Stockfish's 10 and 6 per unit of a pawn of 128, for a pawn of 85: 15 and 9.
        let falling_eval = match memory.previous_score {
            Some(previous) => {
                (f64::from(354 + 15 * (previous - self.score))
                    + f64::from(9 * (self.score_four_back - self.score)))
                    / 692.0
            }
            None => 1.5,
        }
        .clamp(0.5, 1.5);
        let time_reduction = if self.best_move_depth + 9 < self.completed_depth {
            1.97
        } else {
            0.98
        };
        let reduction = (1.36 + memory.previous_time_reduction) / (2.29 * time_reduction);
        let instability = 1.0 + self.best_move_changes;
        (falling_eval * reduction * instability, time_reduction)
    }
}

/// The time budget of one search.
#[derive(Debug, Clone)]
pub struct TimeManager {
    start: Instant,
    optimum_ms: Option<u64>,
    maximum_ms: Option<u64>,
    pondering: Arc<AtomicBool>,
    was_pondering: bool,
}

impl TimeManager {
    /// The budget for `us` under `limits`; `overhead_ms` is kept back per move for the
    /// time the moves take to reach the clock.
    pub fn new(
        limits: &Limits,
        us: Color,
        overhead_ms: u64,
        pondering: Arc<AtomicBool>,
    ) -> TimeManager {
        let start = Instant::now();
        let (time, inc) = match us {
            Color::White => (limits.wtime_ms, limits.winc_ms.unwrap_or(0)),
            Color::Black => (limits.btime_ms, limits.binc_ms.unwrap_or(0)),
        };
        let (optimum_ms, maximum_ms) = if limits.infinite {
            (None, None)
        } else if let Some(mt) = limits.movetime_ms {
            // A fixed time a move is the GUI's to spend, as in Stockfish: the whole of it but
            // the reply's own moment. The Move Overhead is for clocks (the time the move
            // takes to reach the clock), which a fixed move time has none of.
            let t = mt.saturating_sub(MOVETIME_REPLY_MS).max(1);
            (Some(t), Some(t))
        } else if let Some(time) = time {
            let left = time.saturating_sub(overhead_ms).max(1);
            let mtg = limits
                .movestogo
                .map_or(SUDDEN_DEATH_MOVES, |m| u64::from(m).clamp(1, 50));
            let optimum = (left / mtg + inc * 3 / 4).min(left / 2).max(1);
            let maximum = (optimum * 4).min(left * 3 / 4).max(optimum);
            (Some(optimum), Some(maximum))
        } else {
            (None, None)
        };
        let was_pondering = pondering.load(Ordering::Relaxed);
        TimeManager {
            start,
            optimum_ms,
            maximum_ms,
            pondering,
            was_pondering,
        }
    }

    /// Milliseconds since the search started (or since `ponderhit`).
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Notices `ponderhit`: the clock starts now.
    fn refresh(&mut self) -> bool {
        if self.pondering.load(Ordering::Relaxed) {
            return false;
        }
        if self.was_pondering {
            self.was_pondering = false;
            self.start = Instant::now();
        }
        true
    }

    /// Whether the maximum time is used up (stop now).
    pub fn hard_limit_reached(&mut self) -> bool {
        if !self.refresh() {
            return false;
        }
        self.maximum_ms.is_some_and(|m| self.elapsed_ms() >= m)
    }

    /// Whether to start no further iteration: the time used passes the optimum scaled by
    /// `factor` (from [`IterationOutlook::time_factor`]).
    pub fn soft_limit_reached(&mut self, factor: f64) -> bool {
        if !self.refresh() {
            return false;
        }
        // A fixed move time is used to the end: no early stop.
        if self.optimum_ms == self.maximum_ms {
            return false;
        }
        self.optimum_ms
            .is_some_and(|o| self.elapsed_ms() as f64 >= o as f64 * STEADY_SHARE * factor)
    }

    /// Whether the search is bounded by a clock at all.
    pub fn is_timed(&self) -> bool {
        self.maximum_ms.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        let limits = Limits {
            wtime_ms: Some(60_000),
            winc_ms: Some(1000),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::White, 0, Arc::default());
        // 60 s / 35 moves + 3/4 of the increment.
        assert_eq!(tm.optimum_ms, Some(60_000 / 35 + 750));
        assert_eq!(tm.maximum_ms, Some((60_000 / 35 + 750) * 4));
        let limits = Limits {
            btime_ms: Some(10_000),
            movestogo: Some(5),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::Black, 50, Arc::default());
        assert_eq!(tm.optimum_ms, Some(9_950 / 5));
        let tm = TimeManager::new(&Limits::depth(3), Color::White, 0, Arc::default());
        assert!(!tm.is_timed());
        // `go movetime 100` with the default overhead of 30 ms: 98 ms, not 70.
        let limits = Limits {
            movetime_ms: Some(100),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::White, 30, Arc::default());
        assert_eq!((tm.optimum_ms, tm.maximum_ms), (Some(98), Some(98)));
    }

    /// Stockfish 11's factors, worked by hand.
    #[test]
    fn iteration_outlook() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-4;
        let memory = TimeMemory {
            previous_score: Some(0),
            previous_time_reduction: 1.0,
        };
        // Steady score, best move unchanged since depth 1 at depth 12: falling eval
        // 354 / 692, time reduction 1.97, (1.36 + 1.0) / (2.29 · 1.97), no instability.
        let steady = IterationOutlook {
            score: 0,
            score_four_back: 0,
            best_move_depth: 1,
            completed_depth: 12,
            best_move_changes: 0.0,
        };
        let (factor, reduction) = steady.time_factor(&memory);
        assert!(
            close(factor, 354.0 / 692.0 * 2.36 / (2.29 * 1.97)),
            "{factor}"
        );
        assert_eq!(reduction, 1.97);
        // Falling 30 below the last move's and four iterations back: (354 + 450 + 270) /
        // 692 capped at 1.5; the best move changed at depth 10 (0.98) and twice lately.
        let falling = IterationOutlook {
            score: -30,
            best_move_depth: 10,
            best_move_changes: 2.0,
            ..steady
        };
        let (factor, reduction) = falling.time_factor(&memory);
        assert!(close(factor, 1.5 * 2.36 / (2.29 * 0.98) * 3.0), "{factor}");
        assert_eq!(reduction, 0.98);
        // A rising score is capped at 0.5; the first search of a game takes 1.5.
        let rising = IterationOutlook {
            score: 100,
            ..steady
        };
        assert!(close(
            rising.time_factor(&memory).0,
            0.5 * 2.36 / (2.29 * 1.97)
        ));
        let first = steady.time_factor(&TimeMemory::default()).0;
        assert!(close(first, 1.5 * 2.36 / (2.29 * 1.97)));
    }
}
