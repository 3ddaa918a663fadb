//! The ordering memories a node updates: the histories, counter moves and killers of its
//! best move and of the moves tried before it, of a hash move that cuts, and of the move
//! that led to it (Stockfish's `update_all_stats`).

use super::Worker;
use crate::history::{ContinuationKeys, piece_to, stat_bonus};
use crate::tt;
use shatar_rules::{Color, Move, Position};

impl Worker<'_> {
    /// Records in the frame of `ply` the move made there, which the plies below read: its
    /// (piece, destination), the node's move count, whether it is quiet, and whether it
    /// is a quiet move tried early.
    pub(super) fn note_move(
        &mut self,
        ply: usize,
        moved: usize,
        move_count: usize,
        quiet: bool,
        early_quiet: bool,
    ) {
        if let Some(f) = self.frames.get_mut(ply) {
            f.moved = Some(moved);
            f.move_count = move_count;
            f.quiet = quiet;
            f.early_quiet = early_quiet;
        }
    }

    /// Rewards the move `m` that was best at a node of `depth` and punishes the moves
    /// tried before it: history, continuation histories, counter move and killers for a
    /// quiet best move, capture history for captures (Stockfish's `update_all_stats`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn update_stats(
        &mut self,
        us: Color,
        m: &Move,
        depth: i32,
        ply: usize,
        prev: ContinuationKeys,
        quiets: &[Move],
        captures: &[Move],
    ) {
        if !self.heur.history && !self.heur.killers {
            return;
        }
        let bonus = stat_bonus(depth + 1);
        let quiet = !m.is_capture() && !m.is_promotion();
        if quiet {
            if self.heur.history {
                let h = &mut self.hist;
                h.butterfly.update(us, m, bonus);
                let pt = piece_to(us, m);
                for p in prev.into_iter().flatten() {
                    h.continuation.update(p, pt, bonus);
                }
                if let Some(slot) = prev[0].and_then(|p| h.counter.get_mut(p)) {
                    *slot = Some(*m);
                }
                for q in quiets {
                    h.butterfly.update(us, q, -bonus);
                    let qt = piece_to(us, q);
                    for p in prev.into_iter().flatten() {
                        h.continuation.update(p, qt, -bonus);
                    }
                }
            }
            if self.heur.killers
                && let Some(f) = self.frames.get_mut(ply)
            {
                f.killers.push(*m);
            }
        } else if self.heur.history {
            self.hist.capture.update(us, m, bonus);
        }
        if self.heur.history {
            for c in captures {
                self.hist.capture.update(us, c, -bonus);
            }
        }
    }

    /// Stockfish 11's updates at a hash cut-off: a quiet hash move that fails high is
    /// rewarded as a best move of `depth` is (histories, counter move, killers), one that
    /// fails low is punished in its histories.
    pub(super) fn update_hash_move_stats(
        &mut self,
        pos: &Position,
        tt_move: u16,
        fail_high: bool,
        depth: i32,
        ply: usize,
    ) {
        if !self.heur.history && !self.heur.killers {
            return;
        }
        let us = pos.turn();
        let Some((from, to, promotion)) = tt::unpack_move(tt_move) else {
            return;
        };
        let b = pos.board();
        // Only a quiet move of a man of the side to move (an entry of another position
        // with the same key could hold anything).
        let Some(piece) = b.piece_at(from).filter(|p| p.color == us) else {
            return;
        };
        if promotion.is_some() || b.piece_at(to).is_some() {
            return;
        }
        let m = Move {
            role: piece.role,
            from,
            to,
            capture: None,
            promotion: None,
        };
        let prev = self.continuation_keys(ply);
        let bonus = if fail_high {
            stat_bonus(depth)
        } else {
            -stat_bonus(depth)
        };
        if self.heur.history {
            let pt = piece_to(us, &m);
            let h = &mut self.hist;
            h.butterfly.update(us, &m, bonus);
            for p in prev.into_iter().flatten() {
                h.continuation.update(p, pt, bonus);
            }
            if fail_high && let Some(slot) = prev[0].and_then(|p| h.counter.get_mut(p)) {
                *slot = Some(m);
            }
        }
        if fail_high
            && self.heur.killers
            && let Some(f) = self.frames.get_mut(ply)
        {
            f.killers.push(m);
        }
    }

    /// The keys of the continuation histories of a move made at `ply`: the (piece,
    /// destination) of the moves one, two and four plies before it (Stockfish 11's
    /// `(ss-1)`, `(ss-2)` and `(ss-4)`).
    pub(super) fn continuation_keys(&self, ply: usize) -> ContinuationKeys {
        let moved = |back: usize| {
            ply.checked_sub(back)
                .and_then(|p| self.frames.get(p))
                .and_then(|f| f.moved)
        };
        [moved(1), moved(2), moved(4)]
    }

    /// Adds `bonus` (negative for a malus) to the continuation histories of the quiet move
    /// that led to the node at `ply` (Stockfish 11's updates of `(ss-1)`): it is judged by
    /// how this node turned out for the side that played it.
    pub(super) fn update_prior_move(&mut self, ply: usize, bonus: i32) {
        if !self.heur.history || ply == 0 {
            return;
        }
        let Some(f) = self.frames.get(ply - 1) else {
            return;
        };
        let (Some(pt), true) = (f.moved, f.quiet) else {
            return;
        };
        for k in self.continuation_keys(ply - 1).into_iter().flatten() {
            self.hist.continuation.update(k, pt, bonus);
        }
    }
}
