//! Time management: how long to think on one move, for sudden death (the seed's 90, 60 or
//! 30 minutes for the game), a Fischer increment, or moves-to-go controls.
//!
//! Two budgets, as in Stockfish `timeman.cpp`: the *optimum* time, after which no new
//! iteration starts (stretched when the best move keeps changing), and the *maximum*
//! time, at which the search stops in the middle of an iteration.

use crate::limits::Limits;
use shatar_rules::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Moves still to play assumed in sudden death.
const SUDDEN_DEATH_MOVES: u64 = 35;

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
            let t = mt.saturating_sub(overhead_ms.min(mt / 2)).max(1);
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

    /// Whether to start no further iteration. `instability` ≥ 1 grows when the best move
    /// changed in recent iterations.
    pub fn soft_limit_reached(&mut self, instability: f64) -> bool {
        if !self.refresh() {
            return false;
        }
        // A fixed move time is used to the end: no early stop.
        if self.optimum_ms == self.maximum_ms {
            return false;
        }
        self.optimum_ms
            .is_some_and(|o| self.elapsed_ms() as f64 >= o as f64 * 0.5 * instability)
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
    }
}
