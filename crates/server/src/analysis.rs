//! The analysis board's engine: the engine crate's search behind a pool of its own, apart
//! from the computer opponent's, bounded in workers, in queued requests, in depth and in
//! time, so that analyses can never starve the live games of CPU.

use crate::error::AnalysisError;
use shatar_engine::search::{Info, ScoreReport};
use shatar_engine::{Engine, Limits, SearchRoot};
use shatar_rules::{Move, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// The most lines asked for (MultiPV).
pub const MAX_MULTIPV: usize = 5;
/// The deepest search asked for.
pub const MAX_DEPTH: u32 = 20;
/// The longest one analysis may run, whatever depth is asked for.
pub const MAX_THINK_MS: u64 = 3_000;
/// Requests that may wait for a worker; more are refused as busy.
pub const MAX_WAITING: usize = 8;

/// One engine line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its rank (1 = best).
    pub multipv: u32,
    /// The depth it was searched to.
    pub depth: u32,
    /// The score for the side to move.
    pub score: ScoreReport,
    /// The moves, from the analysed position.
    pub pv: Vec<Move>,
}

/// The answer of one analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The last depth completed.
    pub depth: u32,
    /// The lines, best first (as many as asked for and as there are legal moves).
    pub lines: Vec<Line>,
    /// Nodes searched.
    pub nodes: u64,
}

/// A fixed number of engines for analysis, lent one search at a time.
#[derive(Debug)]
pub struct AnalysisPool {
    permits: Semaphore,
    waiting: AtomicUsize,
    engines: Mutex<Vec<Engine>>,
}

impl AnalysisPool {
    /// A pool of `workers` engines (at least one).
    pub fn new(workers: usize) -> AnalysisPool {
        let workers = workers.max(1);
        let engines = (0..workers)
            .map(|_| {
                let mut e = Engine::new();
                e.set_hash_mb(16);
                e.config.threads = 1;
                e
            })
            .collect();
        AnalysisPool {
            permits: Semaphore::new(workers),
            waiting: AtomicUsize::new(0),
            engines: Mutex::new(engines),
        }
    }

    /// One worker: analyses queue behind each other, and the other cores stay for the live
    /// games and the computer opponent.
    pub fn for_this_machine() -> AnalysisPool {
        AnalysisPool::new(1)
    }

    /// Analyses the position reached from `initial` by `moves` (legal, checked by the
    /// caller): `multipv` lines (1–[`MAX_MULTIPV`]) to `depth` (1–[`MAX_DEPTH`]) or
    /// [`MAX_THINK_MS`], whichever comes first.
    ///
    /// The search runs in a task of its own that holds the worker until it is done, so a
    /// request dropped half-way (the browser left) neither frees the worker early nor
    /// loses its engine.
    pub async fn analyse(
        self: &Arc<Self>,
        initial: &Position,
        moves: &[Move],
        multipv: usize,
        depth: u32,
    ) -> Result<Analysis, AnalysisError> {
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(AnalysisError::Field {
                field: "multipv",
                reason: format!("{multipv} lines asked for, expected 1 to {MAX_MULTIPV}"),
            });
        }
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(AnalysisError::Field {
                field: "depth",
                reason: format!("depth {depth} asked for, expected 1 to {MAX_DEPTH}"),
            });
        }
        // Queue at most MAX_WAITING requests behind the running ones.
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(AnalysisError::Busy);
        }
        let pool = Arc::clone(self);
        let root = SearchRoot::new(initial, moves);
        tokio::spawn(async move { pool.run(root, multipv, depth).await })
            .await
            .map_err(|e| AnalysisError::Internal(format!("analysis task: {e}")))?
    }

    async fn run(
        &self,
        root: SearchRoot,
        multipv: usize,
        depth: u32,
    ) -> Result<Analysis, AnalysisError> {
        let permit = self.permits.acquire().await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let _permit = permit.map_err(|e| AnalysisError::Internal(e.to_string()))?;
        let mut engine = self
            .engines
            .lock()
            .map_err(|_| AnalysisError::Internal("engine pool lock poisoned".into()))?
            .pop()
            .ok_or_else(|| AnalysisError::Internal("no free engine".into()))?;
        let (engine, analysis) = tokio::task::spawn_blocking(move || {
            engine.new_game();
            engine.config.multipv = multipv;
            engine.config.skill = 20.0;
            let limits = Limits {
                depth: Some(depth),
                movetime_ms: Some(MAX_THINK_MS),
                ..Limits::default()
            };
            // The engine reports every line after each completed iteration; keep the last.
            let last: Mutex<Vec<Info>> = Mutex::new(Vec::new());
            let result = engine.search(
                &root,
                &limits,
                Arc::default(),
                Arc::default(),
                &|info: &Info| {
                    if info.bound.is_some() {
                        return;
                    }
                    if let Ok(mut last) = last.lock() {
                        if info.multipv == 1 {
                            last.clear();
                        }
                        last.push(info.clone());
                    }
                },
            );
            let lines: Vec<Line> = last
                .into_inner()
                .unwrap_or_default()
                .into_iter()
                .map(|i| Line {
                    multipv: i.multipv,
                    depth: i.depth,
                    score: i.score,
                    pv: i.pv,
                })
                .collect();
            let analysis = Analysis {
                depth: lines.first().map_or(result.depth, |l| l.depth),
                lines,
                nodes: result.nodes,
            };
            (engine, analysis)
        })
        .await
        .map_err(|e| AnalysisError::Internal(format!("analysis search: {e}")))?;
        if let Ok(mut engines) = self.engines.lock() {
            engines.push(engine);
        }
        Ok(analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen, uci};

    #[tokio::test]
    async fn mate_in_one_is_the_first_line() {
        // Ra8 mates: the king on g8 is boxed in by its own pawns; a rook's mate counts under
        // the official rules (docs/rules.md §4).
        let pos = fen::read("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let pool = Arc::new(AnalysisPool::new(1));
        let a = pool.analyse(&pos, &[], 3, 4).await.unwrap();
        assert_eq!(a.lines.len(), 3);
        assert_eq!(a.depth, 4);
        let first = &a.lines[0];
        assert_eq!(uci::write(&first.pv[0], pos.ruleset()), "a1a8");
        assert_eq!(first.score, ScoreReport::Mate(1));
        assert_eq!(
            a.lines.iter().map(|l| l.multipv).collect::<Vec<_>>(),
            [1, 2, 3]
        );
    }

    #[tokio::test]
    async fn limits_are_checked() {
        let pos = Position::start(Ruleset::OFFICIAL);
        let pool = Arc::new(AnalysisPool::new(1));
        let e = pool.analyse(&pos, &[], 6, 4).await.unwrap_err();
        assert_eq!(e.field(), Some("multipv"));
        let e = pool.analyse(&pos, &[], 1, 0).await.unwrap_err();
        assert_eq!(e.field(), Some("depth"));
    }
}
