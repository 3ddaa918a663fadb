//! One search thread's state: the path, the frames of the plies, the principal variations,
//! the histories, the node count and the stop checks, and the draws and mates by the rules.

use super::root::RootMove;
use super::threads::Shared;
use super::{Heuristics, MATE, MAX_PLY, PathEntry, SearchRoot};
use crate::eval;
use crate::history::{Histories, Killers};
use crate::limits::Limits;
use crate::movepick::PickerPool;
use crate::timeman::TimeManager;
use crate::tt::Tt;
use shatar_rules::outcome::{self, Outcome};
use shatar_rules::ruleset::BareKing;
use shatar_rules::{Color, Move, Position, Role};
use std::sync::atomic::Ordering;

/// What the search keeps for each ply of its path.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Frame {
    pub(super) static_eval: i32,
    pub(super) killers: Killers,
    pub(super) null_move: bool,
    /// The (piece, destination) of the move made at this ply (`None` for a null move): the
    /// key of the continuation histories one, two and four plies deeper and of the counter
    /// move one ply deeper.
    pub(super) moved: Option<usize>,
    /// How many moves this node has tried so far.
    pub(super) move_count: usize,
    /// Whether the move made at this ply is quiet and was tried early (first, or the
    /// node's main killer): refuted, it is punished in its continuation histories.
    pub(super) early_quiet: bool,
    /// Whether the move made at this ply is quiet (no capture, no promotion).
    pub(super) quiet: bool,
    /// The history of the last quiet move reduced at this ply (Stockfish 11's
    /// `statScore`): the child compares its own moves' with it in the reductions.
    pub(super) stat_score: i32,
    /// The move left out of this node's search (the singular-extension test).
    pub(super) excluded: Option<Move>,
}

/// The factor of each logarithm in the late-move reduction table (Stockfish 11's 24.8).
const LMR_SCALE: f64 = 24.8;

/// Late-move reduction table in 1024ths of a ply: `24.8 ln d · 24.8 ln m`, that is
/// about `0.6 ln(depth) ln(move number)` plies (Stockfish 11's `Reductions`).
fn lmr_table() -> Vec<[i32; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0; 64];
            for (m, slot) in row.iter_mut().enumerate() {
                if d > 0 && m > 0 {
                    *slot = (LMR_SCALE * (d as f64).ln() * LMR_SCALE * (m as f64).ln()) as i32;
                }
            }
            row
        })
        .collect()
}

/// One search thread.
pub(crate) struct Worker<'a> {
    pub(super) id: usize,
    pub(super) shared: &'a Shared,
    pub(super) tm: TimeManager,
    pub(super) limits: &'a Limits,
    pub(super) nodes: u64,
    pub(super) unflushed: u64,
    pub(crate) path: Vec<PathEntry>,
    pub(super) frames: Vec<Frame>,
    pub(super) pv: Vec<Vec<Move>>,
    pub(super) hist: Box<Histories>,
    /// This thread's pawn hash table (Stockfish's per-thread `pawnsTable`).
    pub(crate) pawn_table: eval::PawnTable,
    /// The move pickers, reused from node to node.
    pub(crate) pickers: PickerPool,
    pub(super) lmr: Vec<[i32; 64]>,
    pub(super) seldepth: usize,
    pub(super) root_depth: i32,
    pub(super) root_moves: Vec<RootMove>,
    pub(super) stopped: bool,
    pub(super) draw_plies: u32,
    pub(super) bare_king_draw: bool,
    /// The index of the root in `path`: repetitions before it need a third occurrence.
    pub(super) root_index: usize,
    pub(crate) heur: Heuristics,
    /// Stockfish 11's `nmpMinPly` and `nmpColor`: while a null-move cut-off is verified,
    /// that side may not try a null move before this ply (0: no verification running).
    pub(super) nmp_min_ply: usize,
    pub(super) nmp_color: Color,
    /// Times another root move became the best since the main thread last looked
    /// (Stockfish's `bestMoveChanges`).
    pub(super) best_move_changes: f64,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        id: usize,
        shared: &'a Shared,
        tm: TimeManager,
        limits: &'a Limits,
        root: &SearchRoot,
        heur: Heuristics,
    ) -> Worker<'a> {
        let r = root.position.ruleset();
        // The engine takes a draw as soon as it may be claimed or is automatic.
        let counts = [r.move_rule.claim, r.move_rule.automatic];
        let draw_moves = counts.into_iter().flatten().min().unwrap_or(u16::MAX);
        Worker {
            id,
            shared,
            tm,
            limits,
            nodes: 0,
            unflushed: 0,
            path: root.history.clone(),
            frames: vec![Frame::default(); MAX_PLY + 4],
            pv: (0..MAX_PLY + 4)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            hist: Box::default(),
            pawn_table: eval::PawnTable::new(),
            pickers: PickerPool::default(),
            lmr: lmr_table(),
            seldepth: 0,
            root_depth: 0,
            root_moves: Vec::new(),
            stopped: false,
            draw_plies: 2 * u32::from(draw_moves),
            bare_king_draw: r.bare_king == BareKing::Draw,
            root_index: root.history.len().saturating_sub(1),
            heur,
            nmp_min_ply: 0,
            nmp_color: Color::White,
            best_move_changes: 0.0,
        }
    }

    /// Counts a node, and now and then checks the clock and the stop flag.
    pub(crate) fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= 1024 {
            let total = self
                .shared
                .nodes
                .fetch_add(self.unflushed, Ordering::Relaxed)
                + self.unflushed;
            self.unflushed = 0;
            if self.id == 0 && self.root_depth > 1 {
                let over_nodes = self.limits.nodes.is_some_and(|n| total >= n);
                if over_nodes || self.tm.hard_limit_reached() {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        if self.root_depth > 1 && self.should_stop() {
            self.stopped = true;
        }
    }

    pub(crate) fn tt(&self) -> &Tt {
        &self.shared.tt
    }

    pub(super) fn should_stop(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed) || self.shared.done.load(Ordering::Relaxed)
    }

    pub(super) fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// A draw by the rules at this node (not at the root): the bare king, the move rule,
    /// a repetition, or material that can give no mate that counts.
    pub(crate) fn rule_draw(&self, pos: &Position) -> bool {
        let b = pos.board();
        // S3 *nutʃgən*; S2 玩法规则 ⑤: a side left with its king alone draws at once.
        if self.bare_king_draw
            && (b.non_king(Color::White).is_empty() || b.non_king(Color::Black).is_empty())
        {
            return true;
        }
        if pos.halfmoves() >= self.draw_plies {
            return true;
        }
        // Repetition (FIDE 9.2, S1 §5.2(4)). A position first repeated inside the search
        // is scored a draw at once, as the side that repeats could repeat again; one that
        // occurred only before the root must have occurred twice there (a third occurrence
        // now), or the search would take a line the opponent need not repeat for a draw
        // (Stockfish `Position::is_draw`).
        let n = self.path.len() - 1;
        let window = (pos.halfmoves() as usize).min(n);
        let key = pos.zobrist();
        let mut i = n;
        let mut earlier = 0;
        while i >= 2 && n - i + 2 <= window {
            if self.path.get(i).is_some_and(|e| e.after_null)
                || self.path.get(i - 1).is_some_and(|e| e.after_null)
            {
                break;
            }
            i -= 2;
            if self.path.get(i).is_some_and(|e| e.key == key) {
                if i > self.root_index {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        // Dead position (S1 §5.2(2)), tested only without pawns, rooks and bers.
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Bers);
        heavy.is_empty() && outcome::is_dead_position(pos)
    }

    /// The draws of [`Worker::rule_draw`] that captures can cause (for quiescence): the
    /// bare king and dead material.
    pub(crate) fn rule_draw_material(&self, pos: &Position) -> bool {
        let b = pos.board();
        if self.bare_king_draw
            && (b.non_king(Color::White).is_empty() || b.non_king(Color::Black).is_empty())
        {
            return true;
        }
        let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Bers);
        heavy.is_empty() && outcome::is_dead_position(pos)
    }

    /// The score of the side to move, checkmated at `ply`, by what the mate is worth.
    pub(crate) fn mate_score(&self, pos: &Position, ply: usize) -> i32 {
        let shak_in_series = if pos.ruleset().shak_rule {
            // The series of consecutive checks of the mated side, newest first.
            let mut i = self.path.len();
            let mut shak = false;
            while i > 0 {
                let Some(e) = self.path.get(i - 1) else { break };
                if !e.check {
                    break;
                }
                shak |= e.shak;
                if i < 2 {
                    break;
                }
                i -= 2;
            }
            shak
        } else {
            false
        };
        let end = outcome::classify_mate(pos, shak_in_series);
        match end.outcome {
            Outcome::Draw => 0,
            Outcome::Decisive { winner } if winner == pos.turn() => MATE - ply as i32,
            Outcome::Decisive { .. } => -MATE + ply as i32,
        }
    }

    pub(crate) fn push(&mut self, entry: PathEntry) {
        self.path.push(entry);
    }

    pub(crate) fn pop(&mut self) {
        self.path.pop();
    }

    pub(crate) fn clear_pv(&mut self, ply: usize) {
        if let Some(pv) = self.pv.get_mut(ply) {
            pv.clear();
        }
    }

    pub(crate) fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        if let (Some(dst), Some(src)) = (head.last_mut(), tail.first()) {
            dst.clear();
            dst.push(m);
            dst.extend_from_slice(src);
        }
    }

    pub(crate) fn note_seldepth(&mut self, ply: usize) {
        self.seldepth = self.seldepth.max(ply);
    }

    /// The late-move reduction in plies of the `move_count`-th move at `depth`: rounded,
    /// plus one when the position is not improving and the reduction is already large.
    pub(super) fn reduction(&self, improving: bool, depth: i32, move_count: usize) -> i32 {
        let r = self
            .lmr
            .get(depth.clamp(0, 63) as usize)
            .and_then(|row| row.get(move_count.min(63)))
            .copied()
            .unwrap_or(0);
        (r + 511) / 1024 + i32::from(!improving && r > 1007)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, uci};
    use std::sync::Arc;

    /// Whether the search scores the position reached by `in_search` (played after the
    /// root reached by `before_root` from the fsf start) as a draw by the rules.
    fn draw_after(before_root: &[&str], in_search: &[&str]) -> bool {
        let start = Position::start(Ruleset::FSF);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in before_root {
            let m = uci::parse_move(&pos, text).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        let root = SearchRoot::new(&start, &moves);
        let shared = Shared::new(Arc::new(Tt::new(1)), Arc::default(), Arc::default());
        let limits = Limits::depth(1);
        let tm = TimeManager::new(&limits, Color::White, 0, Arc::default());
        let mut w = Worker::new(0, &shared, tm, &limits, &root, Heuristics::default());
        for text in in_search {
            let m = uci::parse_move(&pos, text).unwrap();
            pos.play_unchecked(m);
            w.push(PathEntry::of(&pos));
        }
        w.rule_draw(&pos)
    }

    const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

    #[test]
    fn one_occurrence_before_the_root_is_not_a_draw() {
        // The start occurred once, before the root: going back to it is a second
        // occurrence, which the opponent need not allow again (FIDE 9.2 needs three).
        assert!(!draw_after(&SHUFFLE[..2], &SHUFFLE[2..]));
    }

    #[test]
    fn a_repetition_inside_the_search_is_a_draw() {
        // Both occurrences after the root: the side that repeated can repeat again.
        assert!(draw_after(&[], &[SHUFFLE, SHUFFLE].concat()[..8]));
        assert!(draw_after(
            &SHUFFLE[..2],
            &[SHUFFLE, SHUFFLE, SHUFFLE].concat()[2..10]
        ));
    }

    #[test]
    fn a_third_occurrence_across_the_root_is_a_draw() {
        // The start occurred twice before the root: the third occurrence ends the game.
        let before = [SHUFFLE.as_slice(), &SHUFFLE[..2]].concat();
        assert!(draw_after(&before, &SHUFFLE[2..]));
    }
}
