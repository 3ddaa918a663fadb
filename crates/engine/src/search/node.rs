//! A node of the main search, step by step.

use super::{INFINITE, MATE, MATE_BOUND, MAX_PLY, PathEntry, Worker, score_from_tt, score_to_tt};
use crate::eval;
use crate::history::{Killers, piece_to, stat_bonus};
use crate::movepick::{see, see_standing};
use crate::tt::{self, Bound, TtEntry, pack_move};
use shatar_rules::{Bitboard, Move, Piece, Position, Role};

// The margins and thresholds of the pruning steps, in centipawns unless said otherwise.

/// Razoring (step 6): how far below alpha the evaluation must be at depth 1 (Stockfish
/// 11's 531 in its units, where a pawn is 128, scaled to ours).
const RAZOR_MARGIN: i32 = 350;

/// Reverse futility pruning (step 7): how far above beta the evaluation must be, 80 a ply,
/// 40 less when the position is improving.
const fn rfp_margin(depth: i32, improving: bool) -> i32 {
    80 * depth - if improving { 40 } else { 0 }
}

/// Null move (step 8): not after an opponent's quiet move whose `statScore` reached this
/// (Stockfish 11's 23397, unscaled as the other `statScore` thresholds).
const NULL_MOVE_MAX_PARENT_STAT: i32 = 23397;

/// Null move (step 8): the least static evaluation that allows one, 190 above beta less
/// 20 a ply, 20 less when improving.
const fn null_move_eval_floor(beta: i32, depth: i32, improving: bool) -> i32 {
    beta - 20 * depth + 190 - if improving { 20 } else { 0 }
}

/// Null move (step 8): the reduction in plies, 3 plus a ply per 4, plus a ply per 128 of
/// evaluation above beta up to 3.
const fn null_move_reduction(depth: i32, eval: i32, beta: i32) -> i32 {
    let above = (eval - beta) / 128;
    3 + depth / 4 + if above < 3 { above } else { 3 }
}

/// Null move (step 8): from this depth on a cut-off is verified by a search.
const NULL_MOVE_VERIFICATION_DEPTH: i32 = 13;

/// ProbCut (step 9): how far above beta a capture must reach (Stockfish 11's 191 in its
/// units, scaled to ours), 24 less when improving.
const fn probcut_margin(improving: bool) -> i32 {
    100 - if improving { 24 } else { 0 }
}

/// ProbCut (step 9): how many plies shallower a capture that passed quiescence is searched.
const PROBCUT_REDUCTION: i32 = 4;

/// Singular extension (step 12): how far below the hash move's score the other moves must
/// stay, 2 a ply.
const fn singular_margin(depth: i32) -> i32 {
    2 * depth
}

/// Late-move pruning (step 13): from this move count on the quiet moves of a node are not
/// searched, `(5 + depth²) / 2`, twice that when improving.
const fn late_move_count(depth: i32, improving: bool) -> i32 {
    (5 + depth * depth) * (1 + if improving { 1 } else { 0 }) / 2
}

/// Futility pruning (step 13): what a quiet move may add to the static evaluation at the
/// reduced depth `lmr_depth` (Stockfish 11's 235 + 172 a ply, scaled).
const fn futility_margin(lmr_depth: i32) -> i32 {
    140 + 100 * lmr_depth
}

/// SEE pruning of quiet moves (step 13): the least SEE a quiet move may have at the
/// reduced depth `lmr_depth`, −20 times its square.
const fn see_quiet_threshold(lmr_depth: i32) -> i32 {
    -20 * lmr_depth * lmr_depth
}

/// SEE pruning of captures (step 13): the least SEE a capture may have, −130 a ply.
const fn see_capture_threshold(depth: i32) -> i32 {
    -130 * depth
}

/// LMR (step 15): the opponent's move count above which this node is taken for not bad and
/// its moves are reduced a ply less.
const LMR_OPPONENT_MOVE_COUNT: usize = 14;

/// LMR (step 15): subtracted from the sum of a quiet move's histories to give its
/// `statScore` (Stockfish 11's 4926).
const STAT_SCORE_OFFSET: i32 = 4926;

/// LMR (step 15): the `statScore` worth one ply of reduction (less when positive, more
/// when negative; Stockfish 11's 16384).
const STAT_SCORE_PER_PLY: i32 = 16384;

/// LMR (step 15): the reduction's change for a move of `statScore` `stat` after an
/// opponent's move of `statScore` `parent_stat` (Stockfish 11's thresholds): a ply less
/// when this one did well and that one badly, a ply more the other way round.
const fn stat_score_against_parent(stat: i32, parent_stat: i32) -> i32 {
    if stat >= -102 && parent_stat < -114 {
        -1
    } else if parent_stat >= -116 && stat < -154 {
        1
    } else {
        0
    }
}

/// Whether `m` gives check, and whether another man than the moved one gives it (a
/// discovered check), found without making the move (Stockfish's `gives_check`): the
/// pruning decides on it before the child position is made. The opponent's king is not
/// in check before the move, so every man of ours attacking it afterwards either is the
/// moved one or was uncovered by it.
pub(super) fn check_given(pos: &Position, m: &Move) -> (bool, bool) {
    let us = pos.turn();
    let b = pos.board();
    let Some(king) = b.king_of(!us) else {
        return (false, false);
    };
    let to = Bitboard::from_square(m.to);
    if pos.ruleset().steps_back() {
        // A returning pawn's direction and a bers's kind are marks the man carries with it
        // (docs/rules.md §2, step-back pawn), not what its role says: the child tells.
        let checkers = pos.after(*m).checkers();
        let discovered = checkers.without(to).any();
        return (checkers.any(), discovered);
    }
    let occupied = b.occupied().without(Bitboard::from_square(m.from)) | to;
    let arriving = Piece {
        color: us,
        role: m.promotion.unwrap_or(m.role),
    };
    let direct = pos.attacks_from(arriving, m.to, occupied).contains(king);
    let discovered = (pos.attackers_to(king, us, occupied) & occupied)
        .without(to)
        .any();
    (direct || discovered, discovered)
}

/// Whether the check `m` gives (`discovered`: by another man than the moved one) earns
/// the check extension: Stockfish 11 extends a discovered check, or a check by the moved
/// man that does not lose material by SEE; a check that gives a man away is mostly a
/// spite check.
pub(super) fn check_worth_extending(pos: &Position, m: &Move, discovered: bool) -> bool {
    discovered || see(pos, m) >= 0
}

/// Whether `m` is a push of a passed pawn from beyond the fourth rank (Stockfish 11's
/// `advanced_pawn_push` and `pawn_passed`): no pawn of the opponent stands ahead of its
/// destination on its own file or the files beside it.
pub(super) fn advanced_passed_pawn_push(pos: &Position, m: &Move) -> bool {
    if m.role != Role::Pawn || m.is_capture() || m.is_promotion() {
        return false;
    }
    let us = pos.turn();
    if m.from.relative_rank(us) < 4 {
        return false;
    }
    eval::is_passed(us, m.to, pos.board().pieces(!us, Role::Pawn))
}

impl Worker<'_> {
    /// Steps 1 to 19 of a node of the main search.
    pub(super) fn search(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let in_check = self.path.last().is_some_and(|e| e.check);
        // Step 1. Horizon: quiescence search.
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.clear_pv(ply);
        self.count_node();
        self.note_seldepth(ply);
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return eval::evaluate_cached(pos, &mut self.pawn_table);
        }
        // Step 2. Draws by the rules.
        if self.rule_draw(pos) {
            return 0;
        }
        // Step 3. Mate distance pruning (a mated side may win by a horse mate: MATE - ply).
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32);
        if alpha >= beta {
            return alpha;
        }
        // Stockfish: the killers of the grandchildren are those of this node's subtree only.
        // Stockfish 11: the grandchildren start from a neutral `statScore`; later ones
        // inherit the last one computed by a sibling.
        if let Some(f) = self.frames.get_mut(ply + 2) {
            f.killers = Killers::default();
            f.stat_score = 0;
        }
        // Step 4. Transposition table. A search without the hash move (the singular test)
        // neither reads nor writes it: its result is not the position's.
        let excluded = self.frames.get(ply).and_then(|f| f.excluded);
        let key = pos.zobrist();
        let tte = if excluded.is_some() {
            None
        } else {
            self.shared.tt.probe(key)
        };
        let tt_move = tte.map_or(0, |e| e.mv);
        let tt_value = tte.map(|e| score_from_tt(e.score, ply));
        // Whether this position is or was on a principal variation (Stockfish 11's `ttPv`):
        // its moves are reduced less. The singular test searches the same node, so it
        // asks the table too.
        let tt_pv = pv_node
            || if excluded.is_some() {
                self.shared.tt.probe(key).is_some_and(|e| e.pv)
            } else {
                tte.is_some_and(|e| e.pv)
            };
        if let (Some(e), Some(score)) = (tte, tt_value) {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if !pv_node && e.depth >= depth && usable {
                // Stockfish 11: a quiet move of the ply before, tried first or second, that
                // the hash move refutes is punished.
                if e.mv != 0
                    && score >= beta
                    && ply
                        .checked_sub(1)
                        .and_then(|p| self.frames.get(p))
                        .is_some_and(|f| f.move_count <= 2)
                {
                    self.update_prior_move(ply, -stat_bonus(depth + 1));
                }
                if e.mv != 0 {
                    self.update_hash_move_stats(pos, e.mv, score >= beta, depth, ply);
                }
                return score;
            }
        }
        let us = pos.turn();
        // Whether the hash move is a capture: its replies are then more forcing, so quiet
        // moves are reduced more (Stockfish's `ttCapture`).
        let tt_capture = crate::tt::unpack_move(tt_move)
            .is_some_and(|(_, to, _)| pos.board().by_color(!us).contains(to));
        // Step 5. Static evaluation. `eval` is refined by the table's score when its bound
        // says the true score lies beyond the static one (Stockfish): the pruning below
        // then works from the better estimate, while `static_eval` (kept per ply for
        // `improving`) stays the evaluation itself.
        let (static_eval, eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let se = tte.map_or_else(
                || eval::evaluate_cached(pos, &mut self.pawn_table),
                |e| e.eval,
            );
            let refined = match (tte, tt_value) {
                (Some(e), Some(v)) if v.abs() < MATE_BOUND => match e.bound {
                    Bound::Exact => v,
                    Bound::Lower if v > se => v,
                    Bound::Upper if v < se => v,
                    _ => se,
                },
                _ => se,
            };
            (se, refined)
        };
        if let Some(f) = self.frames.get_mut(ply) {
            f.static_eval = static_eval;
            f.move_count = 0;
        }
        let improving = !in_check
            && ply >= 2
            && self
                .frames
                .get(ply - 2)
                .is_some_and(|f| static_eval > f.static_eval);
        let has_pieces = pos
            .board()
            .non_king(us)
            .without(pos.board().by_role(Role::Pawn))
            .any();
        // Step 6. Razoring (Stockfish 11): at the last ply, an evaluation far below alpha
        // is trusted to what quiescence says.
        if self.heur.rfp
            && !pv_node
            && !in_check
            && excluded.is_none()
            && depth < 2
            && eval <= alpha - RAZOR_MARGIN
        {
            return self.qsearch(pos, alpha, beta, ply);
        }
        // Step 7. Reverse futility pruning (static null move).
        if self.heur.rfp
            && !pv_node
            && !in_check
            && excluded.is_none()
            && depth <= 7
            && eval.abs() < MATE_BOUND
        {
            let margin = rfp_margin(depth, improving);
            if eval - margin >= beta {
                return eval;
            }
        }
        // Step 8. Null move pruning with verification (Stockfish 11's step 9), not after
        // a quiet move of the opponent with a very good history (`(ss-1)->statScore`), nor
        // when the table says the evaluation is too high, nor for the side whose cut-off
        // is being verified.
        let parent = ply.checked_sub(1).and_then(|p| self.frames.get(p));
        let after_null = parent.is_some_and(|f| f.null_move);
        let parent_stat = parent.map_or(0, |f| f.stat_score);
        let null = if self.heur.null_move
            && !pv_node
            && !in_check
            && depth >= 3
            && parent_stat < NULL_MOVE_MAX_PARENT_STAT
            && eval >= beta
            && eval >= static_eval
            && static_eval >= null_move_eval_floor(beta, depth, improving)
            && (ply >= self.nmp_min_ply || us != self.nmp_color)
            && !after_null
            && excluded.is_none()
            && has_pieces
            && beta.abs() < MATE_BOUND
        {
            // None in check or during the first round (docs/rules.md §2).
            pos.null_move()
        } else {
            None
        };
        if let Some(null) = null {
            let r = null_move_reduction(depth, eval, beta);
            if let Some(f) = self.frames.get_mut(ply) {
                f.null_move = true;
                f.moved = None;
                f.quiet = false;
                f.early_quiet = false;
            }
            self.push(PathEntry {
                key: null.zobrist(),
                check: false,
                shak: false,
                after_null: true,
            });
            let score = -self.search(&null, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
            self.pop();
            if let Some(f) = self.frames.get_mut(ply) {
                f.null_move = false;
            }
            if self.stopped {
                return 0;
            }
            if score >= beta {
                let score = if score >= MATE_BOUND { beta } else { score };
                if self.nmp_min_ply != 0 || depth < NULL_MOVE_VERIFICATION_DEPTH {
                    return score;
                }
                // Stockfish 11: at a high depth the cut-off is verified by a search of
                // the same depth with null moves off for this side for the next plies
                // (zugzwang), never recursively.
                self.nmp_min_ply = ply + (3 * (depth - r) / 4).max(0) as usize;
                self.nmp_color = us;
                let v = self.search(pos, beta - 1, beta, depth - r, ply, false);
                self.nmp_min_ply = 0;
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return score;
                }
            }
        }
        // Step 9. ProbCut (Stockfish 11's step 10): a capture that wins enough by SEE to
        // beat a raised beta, and still beats it in quiescence and in a search four plies
        // shallower, makes this node fail high with near certainty.
        if self.heur.probcut && !pv_node && !in_check && depth >= 5 && beta.abs() < MATE_BOUND {
            let raised_beta = (beta + probcut_margin(improving)).min(INFINITE);
            let threshold = raised_beta - static_eval;
            let mut picker = self.pickers.take();
            picker.generate_captures(pos);
            picker.order_captures(pos, tt_move);
            let mut tried = 0;
            while let Some((m, _)) = picker.next_move() {
                if tried >= 2 + 2 * usize::from(cut_node) {
                    break;
                }
                if excluded == Some(m) || see(pos, &m) < threshold {
                    continue;
                }
                tried += 1;
                let child = pos.after(m);
                self.push(PathEntry::of(&child));
                self.note_move(ply, piece_to(us, &m), 0, false, false);
                let mut score = -self.qsearch(&child, -raised_beta, -raised_beta + 1, ply + 1);
                if score >= raised_beta {
                    score = -self.search(
                        &child,
                        -raised_beta,
                        -raised_beta + 1,
                        depth - PROBCUT_REDUCTION,
                        ply + 1,
                        !cut_node,
                    );
                }
                self.pop();
                if self.stopped {
                    self.pickers.give_back(picker);
                    return 0;
                }
                if score >= raised_beta {
                    self.pickers.give_back(picker);
                    return score;
                }
            }
            self.pickers.give_back(picker);
        }
        // Step 10. Internal iterative reduction: a node with no hash move in a PV or cut
        // node is likely ordered badly; search it one ply shallower (the cheap modern form
        // of internal iterative deepening).
        if tt_move == 0 && excluded.is_none() && depth >= 4 && (pv_node || cut_node) {
            depth -= 1;
        }
        // Step 11. The moves.
        let mut picker = self.pickers.take();
        picker.generate(pos);
        if picker.is_empty() {
            self.pickers.give_back(picker);
            return if in_check {
                self.mate_score(pos, ply)
            } else {
                0
            };
        }
        let killers = self.frames.get(ply).map(|f| f.killers).unwrap_or_default();
        // The moves one, two and four plies back: keys of the continuation histories.
        let prev = self.continuation_keys(ply);
        let opponent_move_count = ply
            .checked_sub(1)
            .and_then(|p| self.frames.get(p))
            .map_or(0, |f| f.move_count);
        picker.order(pos, tt_move, &killers, &self.hist, prev);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut move_count = 0usize;
        let mut quiets: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut captures: arrayvec::ArrayVec<Move, 32> = arrayvec::ArrayVec::new();
        // Stockfish 11's `singularLMR`: the hash move was singular, so the other moves
        // are reduced less.
        let mut singular_lmr = false;
        while let Some((m, _)) = picker.next_move() {
            if excluded == Some(m) {
                continue;
            }
            let quiet = !m.is_capture() && !m.is_promotion();
            let (gives_check, discovered) = check_given(pos, &m);
            move_count += 1;
            let pt = piece_to(us, &m);
            let cont = [
                prev[0].map_or(0, |p| self.hist.continuation.get(p, pt)),
                prev[1].map_or(0, |p| self.hist.continuation.get(p, pt)),
                prev[2].map_or(0, |p| self.hist.continuation.get(p, pt)),
            ];
            let butterfly = if quiet {
                self.hist.butterfly.get(us, &m)
            } else {
                0
            };
            // Step 12. Extensions. Singular extension (Stockfish): the hash move, known to
            // fail high, is searched one ply deeper when every other move fails clearly
            // below its score at half depth; when even without it the node reaches beta
            // (multi-cut), several moves refute and the node is cut at once.
            let mut singular = false;
            if depth >= 6
                && excluded.is_none()
                && tt::same_move(&m, tt_move)
                && (ply as i32) < 2 * self.root_depth
                && let (Some(e), Some(v)) = (tte, tt_value)
                && v.abs() < MATE_BOUND
                && e.bound != Bound::Upper
                && e.depth >= depth - 3
            {
                let singular_beta = v - singular_margin(depth);
                if let Some(f) = self.frames.get_mut(ply) {
                    f.excluded = Some(m);
                }
                let score = self.search(
                    pos,
                    singular_beta - 1,
                    singular_beta,
                    depth / 2,
                    ply,
                    cut_node,
                );
                if let Some(f) = self.frames.get_mut(ply) {
                    f.excluded = None;
                }
                if self.stopped {
                    self.pickers.give_back(picker);
                    return 0;
                }
                if score < singular_beta {
                    singular = true;
                } else if singular_beta >= beta {
                    self.pickers.give_back(picker);
                    return singular_beta;
                }
            }
            singular_lmr |= singular;
            let extension = i32::from(
                singular
                    || (self.heur.check_extension
                        && gives_check
                        && (ply as i32) < 2 * self.root_depth
                        && check_worth_extending(pos, &m, discovered))
                    // Stockfish 11's passed pawn extension: the main killer that pushes
                    // a passed pawn beyond the fourth rank.
                    || (killers.0[0] == Some(m) && advanced_passed_pawn_push(pos, &m)),
            );
            let new_depth = depth - 1 + extension;
            let base_r = self.reduction(improving, depth, move_count);
            // Step 13. Pruning at shallow depth (Stockfish 11's step 13), once a move has
            // been found that is not a loss and the side has pieces (not a pawn ending,
            // where zugzwang and races make static guesses unsafe).
            if !in_check && move_count > 1 && has_pieces && best > -MATE_BOUND && !gives_check {
                if quiet && self.heur.futility {
                    // Late-move (move-count) pruning: the later quiet moves of a shallow
                    // node are rarely better, and fewer are tried when not improving.
                    let lmp = late_move_count(depth, improving);
                    if move_count as i32 >= lmp {
                        continue;
                    }
                    let lmr_depth = (new_depth - base_r).max(0);
                    // Continuation-history pruning: a quiet move that did badly after both
                    // of the previous moves.
                    if self.heur.history && lmr_depth < 3 && cont[0] < 0 && cont[1] < 0 {
                        continue;
                    }
                    // Futility pruning of the parent: even a good quiet move cannot lift
                    // the evaluation to alpha.
                    if lmr_depth < 6 && static_eval + futility_margin(lmr_depth) <= alpha {
                        continue;
                    }
                    // SEE pruning of quiet moves that put a man where it is lost.
                    if self.heur.see_pruning
                        && lmr_depth < 8
                        && see(pos, &m) < see_quiet_threshold(lmr_depth)
                    {
                        continue;
                    }
                } else if !quiet
                    && self.heur.see_pruning
                    && depth <= 8
                    && see(pos, &m) < see_capture_threshold(depth)
                {
                    // SEE pruning of captures that lose too much for this depth.
                    continue;
                }
            }
            // Step 14. The move is made: the child only now, for a move that is searched
            // (its check extension was decided in step 12).
            let child = pos.after(m);
            let entry = PathEntry::of(&child);
            debug_assert_eq!(entry.check, gives_check);
            self.push(entry);
            let early = quiet && (move_count == 1 || killers.0[0] == Some(m));
            self.note_move(ply, pt, move_count, quiet, early);
            let mut score;
            if move_count == 1 {
                score = -self.search(
                    &child,
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    !pv_node && !cut_node,
                );
            } else {
                // Step 15. Late move reductions of quiet moves, adjusted as Stockfish 11
                // does. (Stockfish 11 reduces captures too when late, short of alpha or at a
                // cut node: measured here at −7 Elo, not adopted.)
                let mut r = 0;
                if self.heur.lmr && depth >= 3 && quiet {
                    r = base_r;
                    if tt_pv {
                        r -= 2;
                    }
                    // The opponent had to try many moves: this node is probably not bad.
                    if opponent_move_count > LMR_OPPONENT_MOVE_COUNT {
                        r -= 1;
                    }
                    if singular_lmr {
                        r -= 2;
                    }
                    if tt_capture {
                        r += 1;
                    }
                    if cut_node {
                        r += 2;
                    } else if see_standing(pos, m.from, m.role) < 0 {
                        // Stockfish 11: a move that takes a man out of a capture.
                        r -= 2;
                    }
                    if killers.contains(&m) || gives_check {
                        r -= 1;
                    }
                    // The history of the move (Stockfish 11's `statScore`): good ones are
                    // reduced less, bad ones more; a negative sum counts as zero when the
                    // butterfly and the first two continuation histories are not negative.
                    if self.heur.history {
                        let mut stat = butterfly + cont[0] + cont[1] + cont[2] - STAT_SCORE_OFFSET;
                        if stat < 0 && cont[0] >= 0 && cont[1] >= 0 && butterfly >= 0 {
                            stat = 0;
                        }
                        let parent_stat = ply
                            .checked_sub(1)
                            .and_then(|p| self.frames.get(p))
                            .map_or(0, |f| f.stat_score);
                        if let Some(f) = self.frames.get_mut(ply) {
                            f.stat_score = stat;
                        }
                        // Compared with the opponent's move before: one that did better
                        // than it is reduced less, one that did worse more.
                        r += stat_score_against_parent(stat, parent_stat);
                        r -= stat / STAT_SCORE_PER_PLY;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                // Step 16. Null-window search, re-searched when it beats alpha.
                score = -self.search(&child, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.search(&child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.pop();
            if self.stopped {
                self.pickers.give_back(picker);
                return 0;
            }
            // Step 17. New best move.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
            if best_move != Some(m) {
                if quiet {
                    let _ = quiets.try_push(m);
                } else {
                    let _ = captures.try_push(m);
                }
            }
        }
        self.pickers.give_back(picker);
        // Every move but the excluded one was pruned or there was no other: the singular
        // test fails low.
        if move_count == 0 && excluded.is_some() {
            return alpha;
        }
        // Step 18. Statistics (Stockfish's `update_all_stats`): the best move gets a bonus
        // in its tables, the moves tried before it a malus.
        if let Some(m) = best_move {
            self.update_stats(us, &m, depth, ply, prev, &quiets, &captures);
            // Stockfish 11: the quiet move of the ply before, tried first or as the main
            // killer, was refuted here.
            if ply
                .checked_sub(1)
                .and_then(|p| self.frames.get(p))
                .is_some_and(|f| f.early_quiet)
            {
                self.update_prior_move(ply, -stat_bonus(depth + 1));
            }
        } else if depth >= 3 || pv_node {
            // Stockfish 11: no move reached alpha here, so the quiet move of the ply before
            // was a good answer (it caused this fail low).
            self.update_prior_move(ply, stat_bonus(depth));
        }
        if excluded.is_some() {
            return best;
        }
        // Step 19. Store.
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            TtEntry {
                mv: best_move.map_or(0, |m| pack_move(&m)),
                score: score_to_tt(best, ply),
                eval: if in_check { 0 } else { static_eval },
                depth,
                bound,
                pv: tt_pv,
            },
        );
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, uci};

    /// Whether the move `mv` in `fen_text` (official ruleset) is a check worth extending.
    fn extends(fen_text: &str, mv: &str) -> bool {
        let pos = shatar_rules::fen::read(fen_text, Ruleset::OFFICIAL).unwrap();
        let m = uci::parse_move(&pos, mv).unwrap();
        let child = pos.after(m);
        assert!(child.is_check(), "{mv} gives no check");
        let (check, discovered) = check_given(&pos, &m);
        assert!(check);
        check_worth_extending(&pos, &m, discovered)
    }

    /// `check_given` against the rules core's checkers after the move, for every legal
    /// move of `fen_text` in `ruleset`.
    fn check_given_agrees(fen_text: &str, ruleset: Ruleset) -> usize {
        let pos = shatar_rules::fen::read(fen_text, ruleset).unwrap();
        let mut checks = 0;
        for m in pos.legal_moves() {
            let child = pos.after(m);
            let checkers = child.checkers();
            let expected = (
                checkers.any(),
                checkers.without(Bitboard::from_square(m.to)).any(),
            );
            assert_eq!(check_given(&pos, &m), expected, "{fen_text} {m:?}");
            checks += usize::from(expected.0);
        }
        checks
    }

    #[test]
    fn checks_are_found_before_the_move_is_made() {
        // Rook a1 checks from a8 and e1: two checks.
        assert_eq!(
            check_given_agrees("4k3/8/8/8/8/8/8/R6K w - - 0 1", Ruleset::OFFICIAL),
            2
        );
        // The horse on e4 uncovers the rook on e1 with each of its 8 moves, and checks
        // directly from d6 and f6 as well (both then double checks): 8 checks.
        assert_eq!(
            check_given_agrees("4k3/8/8/8/4N3/8/8/4R2K w - - 0 1", Ruleset::OFFICIAL),
            8
        );
        // A pawn on d7 promotes on d8 or by taking on c8; promotions to
        // the bers check along the rank, the weak bers of fsf only by its steps.
        check_given_agrees("2r3k1/3P4/8/8/8/8/8/4K3 w - - 0 1", Ruleset::OFFICIAL);
        check_given_agrees("2r3k1/3P4/8/8/8/8/8/4K3 w - - 0 1", Ruleset::FSF);
        // A middlegame with camels, horses and bers on both sides.
        check_given_agrees(
            "r1b1kb1r/ppp2ppp/2n2n2/3qp3/3P4/2N2N2/PPP2PPP/R1BQKB1R w - - 0 6",
            Ruleset::FSF,
        );
    }

    #[test]
    fn check_extension_needs_a_safe_check_or_a_discovered_one() {
        // Rook check on a square no black man attacks: SEE 0, extended.
        assert!(extends("4k3/8/8/8/8/8/8/R6K w - - 0 1", "a1a8"));
        // Rook check on e1, where the horse on d3 takes it for nothing: not extended.
        assert!(!extends("4k3/8/8/8/8/3n4/8/R6K w - - 0 1", "a1e1"));
        // The same check with the rook defended by the king: rook for horse, still a loss.
        assert!(!extends("4k3/8/8/8/8/3n4/8/R4K2 w - - 0 1", "a1e1"));
        // The horse leaves the e-file for c5, where the b6 pawn takes it: a discovered
        // check by the rook on e1, extended although the horse is lost.
        assert!(extends("4k3/8/1p6/8/4N3/8/8/4R2K w - - 0 1", "e4c5"));
    }

    /// Whether the move `mv` in `fen_text` (official ruleset) pushes a passed pawn beyond
    /// the fourth rank.
    fn passed_push(fen_text: &str, mv: &str) -> bool {
        let pos = shatar_rules::fen::read(fen_text, Ruleset::OFFICIAL).unwrap();
        let m = uci::parse_move(&pos, mv).unwrap();
        advanced_passed_pawn_push(&pos, &m)
    }

    #[test]
    fn passed_pawn_pushes_beyond_the_fourth_rank() {
        // e5-e6 with no black pawn on the d, e or f files ahead: extended.
        assert!(passed_push("4k3/p7/8/4P3/8/8/8/4K3 w - - 0 1", "e5e6"));
        // A black pawn on f7 guards e6's path: not passed.
        assert!(!passed_push("4k3/5p2/8/4P3/8/8/8/4K3 w - - 0 1", "e5e6"));
        // A black pawn behind the destination (d5 for e5-e6) does not stop it.
        assert!(passed_push("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5e6"));
        // From the fourth rank: not advanced.
        assert!(!passed_push("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4e5"));
        // Black: d4-d3 from Black's fifth rank, no white pawn on c, d or e below.
        assert!(passed_push("4k3/8/8/8/3p4/8/7P/4K3 b - - 0 1", "d4d3"));
        // A white pawn on e2 stands in the way.
        assert!(!passed_push("4k3/8/8/8/3p4/8/4P3/4K3 b - - 0 1", "d4d3"));
    }
}
