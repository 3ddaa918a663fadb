//! Quiescence search: at the horizon only captures and promotions are searched (all
//! evasions when in check), so the static evaluation is taken in quiet positions. Losing
//! captures (SEE below zero) and captures that cannot raise the score to alpha (delta
//! pruning) are skipped.

use crate::eval::{self, piece_value};
use crate::movepick::see;
use crate::search::{INFINITE, MATE_BOUND, MAX_PLY, PathEntry, Worker, score_from_tt, score_to_tt};
use crate::tt::{Bound, TtEntry, pack_move};
use shatar_rules::{Move, Position};

/// What a capture must be able to win beyond its victim to be worth trying.
const DELTA_MARGIN: i32 = 200;

impl Worker<'_> {
    /// The quiescence search of `pos` at `ply`.
    pub(crate) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.clear_pv(ply);
        self.count_node();
        self.note_seldepth(ply);
        let in_check = self.path.last().is_some_and(|e| e.check);
        if ply >= MAX_PLY - 1 {
            return eval::evaluate_cached(pos, &mut self.pawn_table);
        }
        if self.rule_draw_material(pos) {
            return 0;
        }
        // The transposition table: a stored bound that already decides this node.
        let key = pos.zobrist();
        let tte = self.tt().probe(key);
        if let Some(e) = tte {
            let score = score_from_tt(e.score, ply);
            let decides = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if decides && beta - alpha == 1 {
                return score;
            }
        }
        let original_alpha = alpha;
        let mut best_move: Option<Move> = None;
        let (mut picker, mut best, stand_pat, static_eval) = if in_check {
            let mut picker = self.pickers.take();
            picker.generate(pos);
            if picker.is_empty() {
                self.pickers.give_back(picker);
                return self.mate_score(pos, ply);
            }
            (picker, -INFINITE, -INFINITE, 0)
        } else {
            // The stored evaluation saves computing it again, and a stored score whose
            // bound lies beyond it is a better stand-pat value (Stockfish's qsearch).
            let static_eval = tte.map_or_else(
                || eval::evaluate_cached(pos, &mut self.pawn_table),
                |e| e.eval,
            );
            let stand_pat = match tte.map(|e| (e.bound, score_from_tt(e.score, ply))) {
                Some((Bound::Lower, v)) if v > static_eval && v.abs() < MATE_BOUND => v,
                Some((Bound::Upper, v)) if v < static_eval && v.abs() < MATE_BOUND => v,
                Some((Bound::Exact, v)) if v.abs() < MATE_BOUND => v,
                _ => static_eval,
            };
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            let mut picker = self.pickers.take();
            picker.generate_captures(pos);
            (picker, stand_pat, stand_pat, static_eval)
        };
        let bers = pos.ruleset().bers;
        picker.order_captures(pos, tte.map_or(0, |e| e.mv));
        while let Some((m, _)) = picker.next_move() {
            if !in_check {
                if m.promotion.is_none() {
                    let gain = m.capture.map_or(0, |r| piece_value(r, bers));
                    if stand_pat + gain + DELTA_MARGIN <= alpha {
                        continue;
                    }
                }
                if self.heur.see_pruning && see(pos, &m) < 0 {
                    continue;
                }
            }
            let child = pos.after(m);
            self.push(PathEntry::of(&child));
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            self.pop();
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.pickers.give_back(picker);
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt().store(
            key,
            TtEntry {
                mv: best_move.map_or(0, |m| pack_move(&m)),
                score: score_to_tt(best, ply),
                eval: static_eval,
                depth: 0,
                bound,
                pv: tte.is_some_and(|e| e.pv),
            },
        );
        best
    }
}
