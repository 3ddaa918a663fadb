//! The root: the root moves, iterative deepening with aspiration windows, and the `info`
//! reports of the main thread.

use super::node::{check_given, check_worth_extending};
use super::{
    INFINITE, Info, MATE, MATE_BOUND, MAX_PLY, PathEntry, ScoreReport, SearchConfig, SearchRoot,
    Worker,
};
use crate::history::piece_to;
use crate::timeman::{IterationOutlook, TimeMemory};
use shatar_rules::{Move, Position};
use std::sync::atomic::Ordering;

/// The half-width of the first aspiration window (Stockfish 11's 21 of a pawn of 128 is
/// 14 here).
const ASPIRATION_DELTA: i32 = 14;

/// Past this half-width a failing aspiration window gives way to the full window.
const ASPIRATION_MAX_DELTA: i32 = 1000;

/// A move of the root, with its score and line.
#[derive(Debug, Clone)]
pub(super) struct RootMove {
    pub(super) mv: Move,
    pub(super) score: i32,
    pub(super) previous_score: i32,
    pub(super) pv: Vec<Move>,
}

impl Worker<'_> {
    /// The root: every root move from `pv_index` on, the first with a full window.
    pub(super) fn root_search(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        pv_index: usize,
    ) -> i32 {
        let mut best = -INFINITE;
        self.clear_pv(0);
        for i in pv_index..self.root_moves.len() {
            let Some(m) = self.root_moves.get(i).map(|r| r.mv) else {
                break;
            };
            let child = pos.after(m);
            let entry = PathEntry::of(&child);
            let extend = entry.check
                && (!self.heur.check_extension
                    || check_worth_extending(pos, &m, check_given(pos, &m).1));
            let new_depth = depth - 1 + i32::from(extend);
            self.push(entry);
            let quiet = !m.is_capture() && !m.is_promotion();
            self.note_move(0, piece_to(pos.turn(), &m), i + 1, quiet, quiet && i == 0);
            self.count_node();
            let mut score;
            if i == pv_index {
                score = -self.search(&child, -beta, -alpha, new_depth, 1, false);
            } else {
                score = -self.search(&child, -alpha - 1, -alpha, new_depth, 1, true);
                if score > alpha && score < beta {
                    score = -self.search(&child, -beta, -alpha, new_depth, 1, false);
                }
            }
            self.pop();
            if self.stopped {
                break;
            }
            let pv_tail = self.pv.get(1).cloned().unwrap_or_default();
            if let Some(rm) = self.root_moves.get_mut(i) {
                if i == pv_index || score > alpha {
                    rm.score = score;
                    rm.pv.clear();
                    rm.pv.push(m);
                    rm.pv.extend_from_slice(&pv_tail);
                } else {
                    rm.score = -INFINITE;
                }
            }
            best = best.max(score);
            if score > alpha {
                if i != pv_index {
                    self.best_move_changes += 1.0;
                }
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Iterative deepening. The main thread (id 0) reports and decides when to stop.
    pub(super) fn iterate(
        &mut self,
        root: &SearchRoot,
        cfg: &SearchConfig,
        on_info: &(dyn Fn(&Info) + Sync),
    ) -> u32 {
        let pos = &root.position;
        let max_depth = self
            .limits
            .depth
            .map_or(MAX_PLY as u32 - 4, |d| d.clamp(1, MAX_PLY as u32 - 4));
        let multipv = cfg.multipv.max(1).min(self.root_moves.len());
        let mut completed = 0;
        let mut last_best: Option<Move> = None;
        let mut best_move_depth = 0;
        let memory = self.shared.time_memory();
        // The scores of the last four iterations, the previous search's to begin with.
        let mut iteration_scores = [memory.previous_score.unwrap_or(0); 4];
        let mut iteration = 0;
        let mut best_move_changes = 0.0;
        let mut time_reduction = 1.0;
        let mut depth = 1;
        while depth <= max_depth {
            best_move_changes /= 2.0;
            // Lazy SMP: odd helpers search one ply deeper, so the threads spread out.
            let search_depth = if self.id % 2 == 1 { depth + 1 } else { depth };
            self.root_depth = search_depth as i32;
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            for pv_index in 0..multipv {
                self.seldepth = 0;
                let prev = self
                    .root_moves
                    .get(pv_index)
                    .map_or(0, |r| r.previous_score);
                let mut delta = ASPIRATION_DELTA;
                let (mut alpha, mut beta) =
                    if self.heur.aspiration && search_depth >= 4 && prev.abs() < MATE_BOUND {
                        ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
                    } else {
                        (-INFINITE, INFINITE)
                    };
                // Each fail high searches one ply shallower until the window holds
                // (Stockfish 11's `failedHighCnt`): the new best move need not be proved
                // at full depth before the next iteration.
                let mut failed_high = 0;
                loop {
                    let adjusted_depth = (search_depth as i32 - failed_high).max(1);
                    let score = self.root_search(pos, alpha, beta, adjusted_depth, pv_index);
                    if let Some(tail) = self.root_moves.get_mut(pv_index..) {
                        tail.sort_by_key(|r| std::cmp::Reverse(r.score));
                    }
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITE);
                        failed_high = 0;
                    } else if score >= beta {
                        beta = (score + delta).min(INFINITE);
                        failed_high += 1;
                    } else {
                        break;
                    }
                    delta += delta / 4 + 3;
                    if delta > ASPIRATION_MAX_DELTA {
                        alpha = -INFINITE;
                        beta = INFINITE;
                    }
                }
                if let Some(head) = self.root_moves.get_mut(..=pv_index) {
                    head.sort_by_key(|r| std::cmp::Reverse(r.score));
                }
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = search_depth;
            if self.id == 0 {
                self.flush_nodes();
                self.report(cfg, multipv, search_depth, on_info);
                let best = self.root_moves.first().map(|r| r.mv);
                if best != last_best {
                    last_best = best;
                    best_move_depth = search_depth;
                }
                let best_score = self.root_moves.first().map_or(0, |r| r.score);
                best_move_changes += std::mem::take(&mut self.best_move_changes);
                let outlook = IterationOutlook {
                    score: best_score,
                    score_four_back: iteration_scores[iteration % 4],
                    best_move_depth,
                    completed_depth: search_depth,
                    best_move_changes,
                };
                let (time_factor, reduction) = outlook.time_factor(&memory);
                time_reduction = reduction;
                iteration_scores[iteration % 4] = best_score;
                iteration += 1;
                if let Some(n) = self.limits.mate
                    && best_score >= MATE - 2 * n as i32
                {
                    break;
                }
                if self.tm.soft_limit_reached(time_factor)
                    || self.shared.stop.load(Ordering::Relaxed)
                {
                    break;
                }
                // Only one legal move: no need to think in a timed game.
                if self.root_moves.len() == 1 && self.tm.is_timed() && depth >= 4 {
                    break;
                }
            } else if self.should_stop() {
                break;
            }
            depth += 1;
        }
        self.flush_nodes();
        // Stopped inside an iteration: the lines again, with every node and the whole time
        // counted (as Stockfish does), so that the last `info` a GUI sees is the search's
        // total. The depth stays the last one completed.
        if self.id == 0 && self.stopped && completed > 0 {
            self.report(cfg, multipv, completed, on_info);
        }
        if self.id == 0 && self.tm.is_timed() {
            self.shared.remember_time(TimeMemory {
                previous_score: self.root_moves.first().map(|r| r.score),
                previous_time_reduction: time_reduction,
            });
        }
        completed
    }

    pub(super) fn report(
        &mut self,
        cfg: &SearchConfig,
        multipv: usize,
        depth: u32,
        on_info: &(dyn Fn(&Info) + Sync),
    ) {
        let _ = cfg;
        let time_ms = self.tm.elapsed_ms();
        let nodes = self.shared.nodes();
        for (i, rm) in self.root_moves.iter().take(multipv).enumerate() {
            // A line that a stopped iteration searched without finishing it is reported
            // with its score of the iteration before (Stockfish's `previousScore`).
            let score = if rm.score == -INFINITE {
                rm.previous_score
            } else {
                rm.score
            };
            on_info(&Info {
                depth,
                seldepth: self.seldepth.max(1) as u32,
                multipv: i as u32 + 1,
                score: ScoreReport::of(score),
                bound: None,
                nodes,
                nps: nodes * 1000 / time_ms.max(1),
                hashfull: self.shared.tt.hashfull(),
                time_ms,
                pv: rm.pv.clone(),
            });
        }
    }
}
