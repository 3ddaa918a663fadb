//! The search: iterative deepening over a principal-variation alpha-beta search with
//! aspiration windows, run by one main thread and any number of helper threads sharing the
//! transposition table (Lazy SMP).
//!
//! The steps of a node are numbered as in Stockfish's `search.cpp`. The rules of the
//! ruleset are part of the search (docs/rules.md §3–5): a mate that does not count scores as the
//! ruleset says (a draw, or a loss for the mating side), the shak rule looks back along the
//! series of checks, a side left with a bare king draws at once where that rule applies,
//! and repetitions and the move rule score as draws.

use crate::eval;
use crate::history::{ContinuationKeys, Histories, Killers, piece_to, stat_bonus};
use crate::limits::Limits;
use crate::movepick::{PickerPool, see, see_standing};
use crate::timeman::{IterationOutlook, TimeManager, TimeMemory};
use crate::tt::{self, Bound, Tt, TtEntry, pack_move};
use shatar_rules::outcome::{self, Outcome};
use shatar_rules::ruleset::BareKing;
use shatar_rules::{Bitboard, Color, Move, Piece, Position, Role};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The score of a mate at the root; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 256;
/// Larger than any score.
pub const INFINITE: i32 = MATE + 1;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Razoring: how far below alpha the evaluation must be at depth 1 (Stockfish 11's 531 in
/// its units, where a pawn is 128, scaled to ours).
const RAZOR_MARGIN: i32 = 350;

/// ProbCut: how far above beta a capture must reach (Stockfish 11's 191 in its units,
/// scaled to ours).
const PROBCUT_MARGIN: i32 = 100;

/// A position the search passed through: what repetition and the shak rule need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathEntry {
    /// The Zobrist key.
    pub key: u64,
    /// Whether the side to move was in check.
    pub check: bool,
    /// Whether that check was a shak (by bers, rook or horse).
    pub shak: bool,
    /// Reached by a null move: repetitions are not looked for across it.
    pub after_null: bool,
}

impl PathEntry {
    /// The entry of `pos`.
    pub fn of(pos: &Position) -> PathEntry {
        let checkers = pos.checkers();
        PathEntry {
            key: pos.zobrist(),
            check: checkers.any(),
            shak: outcome::is_shak(pos, checkers),
            after_null: false,
        }
    }
}

/// Whether `m` gives check, and whether another man than the moved one gives it (a
/// discovered check), found without making the move (Stockfish's `gives_check`): the
/// pruning decides on it before the child position is made. The opponent's king is not
/// in check before the move, so every man of ours attacking it afterwards either is the
/// moved one or was uncovered by it.
fn check_given(pos: &Position, m: &Move) -> (bool, bool) {
    let us = pos.turn();
    let b = pos.board();
    let Some(king) = b.king_of(!us) else {
        return (false, false);
    };
    let to = Bitboard::from_square(m.to);
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
fn check_worth_extending(pos: &Position, m: &Move, discovered: bool) -> bool {
    discovered || see(pos, m) >= 0
}

/// Whether `m` is a push of a passed pawn from beyond the fourth rank (Stockfish 11's
/// `advanced_pawn_push` and `pawn_passed`): no pawn of the opponent stands ahead of its
/// destination on its own file or the files beside it.
fn advanced_passed_pawn_push(pos: &Position, m: &Move) -> bool {
    if m.role != Role::Pawn || m.is_capture() || m.is_promotion() {
        return false;
    }
    let us = pos.turn();
    if m.from.relative_rank(us) < 4 {
        return false;
    }
    eval::is_passed(us, m.to, pos.board().pieces(!us, Role::Pawn))
}

/// The position to search, with the game history that leads to it.
#[derive(Debug, Clone)]
pub struct SearchRoot {
    /// The position.
    pub position: Position,
    /// The positions of the game so far, the root last.
    pub history: Vec<PathEntry>,
}

impl SearchRoot {
    /// The root reached from `initial` by `moves` (which must be legal).
    pub fn new(initial: &Position, moves: &[Move]) -> SearchRoot {
        let mut pos = initial.clone();
        let mut history = vec![PathEntry::of(&pos)];
        for &m in moves {
            pos.play_unchecked(m);
            history.push(PathEntry::of(&pos));
        }
        SearchRoot {
            position: pos,
            history,
        }
    }
}

/// A score as reported: centipawns or moves to mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreReport {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl ScoreReport {
    /// The report of a search score.
    pub fn of(score: i32) -> ScoreReport {
        if score >= MATE_BOUND {
            ScoreReport::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            ScoreReport::Mate(-(MATE + score) / 2)
        } else {
            ScoreReport::Cp(score)
        }
    }
}

/// Progress of a search, for `info` lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The line's rank (1 = best).
    pub multipv: u32,
    /// The score.
    pub score: ScoreReport,
    /// Set when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` when there is no legal move).
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// The score for the side to move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// How the search plays, from the UCI options.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchConfig {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Lines reported.
    pub multipv: usize,
    /// Strength level 0–20 (20 = full strength), possibly fractional from `UCI_Elo`.
    pub skill: f64,
    /// Milliseconds kept back per move.
    pub move_overhead_ms: u64,
    /// Which search heuristics are on (all by default; switched off only to measure them).
    pub heuristics: Heuristics,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            multipv: 1,
            skill: 20.0,
            move_overhead_ms: 30,
            heuristics: Heuristics::default(),
        }
    }
}

/// Switches for the search heuristics, so that each can be measured on and off in a match
/// (hidden UCI options `Search_<Name>`, see `uci::options`). All are on by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Heuristics {
    /// Null-move pruning (step 7).
    pub null_move: bool,
    /// Late-move reductions (step 11).
    pub lmr: bool,
    /// Futility and late-move pruning of quiet moves at shallow depth (step 9).
    pub futility: bool,
    /// Reverse futility pruning, the static null move (step 6).
    pub rfp: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// One more ply for a move that gives check (step 10).
    pub check_extension: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// The butterfly history in the ordering and in the reductions.
    pub history: bool,
    /// ProbCut (step 7b).
    pub probcut: bool,
    /// Dropping captures that lose material by SEE: in quiescence, and at shallow depth in
    /// the main search (step 9).
    pub see_pruning: bool,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            null_move: true,
            lmr: true,
            futility: true,
            rfp: true,
            aspiration: true,
            check_extension: true,
            killers: true,
            history: true,
            probcut: true,
            see_pruning: true,
        }
    }
}

impl Heuristics {
    /// The switch names, as in the `Search_<Name>` options.
    pub const NAMES: [&'static str; 10] = [
        "NullMove",
        "LMR",
        "Futility",
        "RFP",
        "Aspiration",
        "CheckExtension",
        "Killers",
        "History",
        "ProbCut",
        "SEEPruning",
    ];

    /// The switch called `name` (case-insensitive), if there is one.
    pub fn switch_mut(&mut self, name: &str) -> Option<&mut bool> {
        let n = name.to_ascii_lowercase();
        Some(match n.as_str() {
            "nullmove" => &mut self.null_move,
            "lmr" => &mut self.lmr,
            "futility" => &mut self.futility,
            "rfp" => &mut self.rfp,
            "aspiration" => &mut self.aspiration,
            "checkextension" => &mut self.check_extension,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            "probcut" => &mut self.probcut,
            "seepruning" => &mut self.see_pruning,
            _ => return None,
        })
    }
}

/// What the threads share.
pub struct Shared {
    /// The transposition table.
    pub tt: Arc<Tt>,
    /// Set to stop every thread.
    pub stop: Arc<AtomicBool>,
    /// Set while pondering; cleared by `ponderhit`.
    pub pondering: Arc<AtomicBool>,
    nodes: AtomicU64,
    /// Set by the main thread when it is done, to stop the helpers.
    done: AtomicBool,
    /// The ordering memories kept between the searches of one game (main thread only).
    histories: Option<Arc<Mutex<Box<Histories>>>>,
    /// What the time management of the game's last search left for this one.
    time_memory: Option<Arc<Mutex<TimeMemory>>>,
}

impl Shared {
    /// Shared state for one search.
    pub fn new(tt: Arc<Tt>, stop: Arc<AtomicBool>, pondering: Arc<AtomicBool>) -> Shared {
        Shared {
            tt,
            stop,
            pondering,
            nodes: AtomicU64::new(0),
            done: AtomicBool::new(false),
            histories: None,
            time_memory: None,
        }
    }

    /// The same, with the histories the main thread starts from and leaves its own in.
    pub fn with_histories(mut self, histories: Arc<Mutex<Box<Histories>>>) -> Shared {
        self.histories = Some(histories);
        self
    }

    /// The same, with the time-management memory of the game, read and updated.
    pub fn with_time_memory(mut self, memory: Arc<Mutex<TimeMemory>>) -> Shared {
        self.time_memory = Some(memory);
        self
    }

    /// The time-management memory of the game (the default when none is kept).
    fn time_memory(&self) -> TimeMemory {
        self.time_memory
            .as_ref()
            .and_then(|m| m.lock().ok().map(|m| *m))
            .unwrap_or_default()
    }

    /// Leaves `memory` for the game's next search (nothing when none is kept).
    fn remember_time(&self, memory: TimeMemory) {
        if let Some(mut m) = self.time_memory.as_ref().and_then(|m| m.lock().ok()) {
            *m = memory;
        }
    }

    /// Nodes counted so far by all threads.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

#[derive(Debug, Clone)]
struct RootMove {
    mv: Move,
    score: i32,
    previous_score: i32,
    pv: Vec<Move>,
}

#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    static_eval: i32,
    killers: Killers,
    null_move: bool,
    /// The (piece, destination) of the move made at this ply (`None` for a null move): the
    /// key of the continuation histories one, two and four plies deeper and of the counter
    /// move one ply deeper.
    moved: Option<usize>,
    /// How many moves this node has tried so far.
    move_count: usize,
    /// Whether the move made at this ply is quiet and was tried early (first, or the
    /// node's main killer): refuted, it is punished in its continuation histories.
    early_quiet: bool,
    /// Whether the move made at this ply is quiet (no capture, no promotion).
    quiet: bool,
    /// The history of the last quiet move reduced at this ply (Stockfish 11's
    /// `statScore`): the child compares its own moves' with it in the reductions.
    stat_score: i32,
    /// The move left out of this node's search (the singular-extension test).
    excluded: Option<Move>,
}

/// Late-move reduction table in 1024ths of a ply: `24.8 ln d · 24.8 ln m`, that is
/// about `0.6 ln(depth) ln(move number)` plies (Stockfish 11's `Reductions`).
fn lmr_table() -> Vec<[i32; 64]> {
    (0..64)
        .map(|d| {
            let mut row = [0; 64];
            for (m, slot) in row.iter_mut().enumerate() {
                if d > 0 && m > 0 {
                    *slot = (24.8 * (d as f64).ln() * 24.8 * (m as f64).ln()) as i32;
                }
            }
            row
        })
        .collect()
}

/// One search thread.
pub(crate) struct Worker<'a> {
    id: usize,
    shared: &'a Shared,
    tm: TimeManager,
    limits: &'a Limits,
    nodes: u64,
    unflushed: u64,
    pub(crate) path: Vec<PathEntry>,
    frames: Vec<Frame>,
    pv: Vec<Vec<Move>>,
    hist: Box<Histories>,
    /// This thread's pawn hash table (Stockfish's per-thread `pawnsTable`).
    pub(crate) pawn_table: eval::PawnTable,
    /// The move pickers, reused from node to node.
    pub(crate) pickers: PickerPool,
    lmr: Vec<[i32; 64]>,
    seldepth: usize,
    root_depth: i32,
    root_moves: Vec<RootMove>,
    stopped: bool,
    draw_plies: u32,
    bare_king_draw: bool,
    /// The index of the root in `path`: repetitions before it need a third occurrence.
    root_index: usize,
    pub(crate) heur: Heuristics,
    /// Stockfish 11's `nmpMinPly` and `nmpColor`: while a null-move cut-off is verified,
    /// that side may not try a null move before this ply (0: no verification running).
    nmp_min_ply: usize,
    nmp_color: Color,
    /// Times another root move became the best since the main thread last looked
    /// (Stockfish's `bestMoveChanges`).
    best_move_changes: f64,
}

impl<'a> Worker<'a> {
    fn new(
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

    /// Records in the frame of `ply` the move made there, which the plies below read: its
    /// (piece, destination), the node's move count, whether it is quiet, and whether it
    /// is a quiet move tried early.
    fn note_move(
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

    fn should_stop(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed) || self.shared.done.load(Ordering::Relaxed)
    }

    fn flush_nodes(&mut self) {
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
    fn reduction(&self, improving: bool, depth: i32, move_count: usize) -> i32 {
        let r = self
            .lmr
            .get(depth.clamp(0, 63) as usize)
            .and_then(|row| row.get(move_count.min(63)))
            .copied()
            .unwrap_or(0);
        (r + 511) / 1024 + i32::from(!improving && r > 1007)
    }

    /// Rewards the move `m` that was best at a node of `depth` and punishes the moves
    /// tried before it: history, continuation histories, counter move and killers for a
    /// quiet best move, capture history for captures (Stockfish's `update_all_stats`).
    #[allow(clippy::too_many_arguments)]
    fn update_stats(
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
    fn update_hash_move_stats(
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
    fn continuation_keys(&self, ply: usize) -> ContinuationKeys {
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
    fn update_prior_move(&mut self, ply: usize, bonus: i32) {
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

    /// Step 0 to 20 of a node of the main search.
    fn search(
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
        // Razoring (Stockfish 11): at the last ply, an evaluation far below alpha is
        // trusted to what quiescence says.
        if self.heur.rfp
            && !pv_node
            && !in_check
            && excluded.is_none()
            && depth < 2
            && eval <= alpha - RAZOR_MARGIN
        {
            return self.qsearch(pos, alpha, beta, ply);
        }
        // Step 6. Reverse futility pruning (static null move).
        if self.heur.rfp
            && !pv_node
            && !in_check
            && excluded.is_none()
            && depth <= 7
            && eval.abs() < MATE_BOUND
        {
            let margin = 80 * depth - if improving { 40 } else { 0 };
            if eval - margin >= beta {
                return eval;
            }
        }
        // Step 7. Null move pruning with verification (Stockfish 11's step 9), not after
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
            && parent_stat < 23397
            && eval >= beta
            && eval >= static_eval
            && static_eval >= beta - 20 * depth + 190 - if improving { 20 } else { 0 }
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
            let r = 3 + depth / 4 + ((eval - beta) / 128).min(3);
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
                if self.nmp_min_ply != 0 || depth < 13 {
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
        // ProbCut (Stockfish 11's step 10): a capture that wins enough by SEE to beat a
        // raised beta, and still beats it in quiescence and in a search four plies
        // shallower, makes this node fail high with near certainty.
        if self.heur.probcut && !pv_node && !in_check && depth >= 5 && beta.abs() < MATE_BOUND {
            let raised_beta =
                (beta + PROBCUT_MARGIN - if improving { 24 } else { 0 }).min(INFINITE);
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
                        depth - 4,
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
        // Internal iterative reduction: a node with no hash move in a PV or cut node is
        // likely ordered badly; search it one ply shallower (the cheap modern form of
        // internal iterative deepening).
        if tt_move == 0 && excluded.is_none() && depth >= 4 && (pv_node || cut_node) {
            depth -= 1;
        }
        // Step 8. The moves.
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
            // Step 10. Extensions. Singular extension (Stockfish): the hash move, known to
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
                let singular_beta = v - 2 * depth;
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
            // Step 9. Pruning at shallow depth (Stockfish 11's step 13), once a move has
            // been found that is not a loss and the side has pieces (not a pawn ending,
            // where zugzwang and races make static guesses unsafe).
            if !in_check && move_count > 1 && has_pieces && best > -MATE_BOUND && !gives_check {
                if quiet && self.heur.futility {
                    // Late-move (move-count) pruning: the later quiet moves of a shallow
                    // node are rarely better, and fewer are tried when not improving.
                    let lmp = (5 + depth * depth) * (1 + i32::from(improving)) / 2;
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
                    // the evaluation to alpha (Stockfish 11's 235 + 172 per ply, scaled).
                    if lmr_depth < 6 && static_eval + 140 + 100 * lmr_depth <= alpha {
                        continue;
                    }
                    // SEE pruning of quiet moves that put a man where it is lost.
                    if self.heur.see_pruning
                        && lmr_depth < 8
                        && see(pos, &m) < -20 * lmr_depth * lmr_depth
                    {
                        continue;
                    }
                } else if !quiet
                    && self.heur.see_pruning
                    && depth <= 8
                    && see(pos, &m) < -130 * depth
                {
                    // SEE pruning of captures that lose too much for this depth.
                    continue;
                }
            }
            // Step 10. Check extension (above). The child is made only now, for a move
            // that is searched.
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
                // Step 11. Late move reductions of quiet moves, adjusted as Stockfish 11
                // does. (Stockfish 11 reduces captures too when late, short of alpha or at a
                // cut node: measured here at −7 Elo, not adopted.)
                let mut r = 0;
                if self.heur.lmr && depth >= 3 && quiet {
                    r = base_r;
                    if tt_pv {
                        r -= 2;
                    }
                    // The opponent had to try many moves: this node is probably not bad.
                    if opponent_move_count > 14 {
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
                        let mut stat = butterfly + cont[0] + cont[1] + cont[2] - 4926;
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
                        if stat >= -102 && parent_stat < -114 {
                            r -= 1;
                        } else if parent_stat >= -116 && stat < -154 {
                            r += 1;
                        }
                        r -= stat / 16384;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                // Step 12. Null-window search, re-searched when it beats alpha.
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
            // Step 13. New best move.
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
        // Stockfish's `update_all_stats`: the best move gets a bonus in its tables, the
        // moves tried before it a malus.
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
        // Step 14. Store.
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

    /// The root: every root move from `pv_index` on, the first with a full window.
    fn root_search(
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
    fn iterate(
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
                // Stockfish 11's aspiration window: 21 of a pawn of 128 is 14 here.
                let mut delta = 14;
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
                    if delta > 1000 {
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

    fn report(
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

pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A small deterministic random generator (xorshift64*) for the strength levels.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Searches `root` under `limits` with the given threads and options, reporting through
/// `on_info` (the search never prints). Returns when a limit is reached or `shared.stop`
/// is set; with `infinite` or `ponder` it waits for the stop flag before returning.
pub fn search(
    root: &SearchRoot,
    limits: &Limits,
    cfg: &SearchConfig,
    shared: &Shared,
    on_info: &(dyn Fn(&Info) + Sync),
) -> SearchResult {
    let pos = &root.position;
    let legal = pos.legal_moves();
    let mut root_moves: Vec<RootMove> = legal
        .iter()
        .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            pv: vec![mv],
        })
        .collect();
    if root_moves.is_empty() {
        root_moves = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
    }
    let weak = cfg.skill < 20.0;
    let mut limits = limits.clone();
    let mut cfg = *cfg;
    if weak {
        // Strength levels (Stockfish's `Skill`): a depth cap and a choice among the best
        // few lines that favours good moves but sometimes takes a weaker one.
        cfg.multipv = cfg.multipv.max(4);
        let cap = 1 + (cfg.skill.max(0.0) as u32) / 2;
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    shared.tt.new_search();
    shared.done.store(false, Ordering::Relaxed);
    let tm = TimeManager::new(
        &limits,
        pos.turn(),
        cfg.move_overhead_ms,
        shared.pondering.clone(),
    );
    if root_moves.is_empty() {
        wait_for_stop(&limits, shared);
        return SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
    }
    let threads = cfg.threads.clamp(1, 256);
    let (completed, main_moves) = std::thread::scope(|scope| {
        for id in 1..threads {
            let tm = tm.clone();
            let limits = &limits;
            let root_moves = root_moves.clone();
            let cfg = cfg;
            scope.spawn(move || {
                let mut w = Worker::new(id, shared, tm, limits, root, cfg.heuristics);
                w.root_moves = root_moves;
                w.iterate(root, &cfg, &|_| {});
            });
        }
        let mut main = Worker::new(0, shared, tm, &limits, root, cfg.heuristics);
        main.root_moves = root_moves;
        // The main thread goes on from what the game's earlier searches learnt.
        let kept = shared.histories.as_ref();
        if let Some(mut h) = kept.and_then(|h| h.lock().ok()) {
            std::mem::swap(&mut main.hist, &mut *h);
        }
        let completed = main.iterate(root, &cfg, on_info);
        shared.done.store(true, Ordering::Relaxed);
        if let Some(mut h) = kept.and_then(|h| h.lock().ok()) {
            std::mem::swap(&mut main.hist, &mut *h);
        }
        (completed, main.root_moves)
    });
    let nodes = shared.nodes();
    wait_for_stop(&limits, shared);
    let mut chosen = 0;
    if weak && main_moves.len() > 1 {
        chosen = pick_weaker(&main_moves, cfg.skill, pos.zobrist() ^ nodes);
    }
    let rm = main_moves.get(chosen).or_else(|| main_moves.first());
    SearchResult {
        best: rm.map(|r| r.mv),
        ponder: rm.and_then(|r| r.pv.get(1).copied()),
        score: rm.map_or(0, |r| r.score),
        depth: completed,
        nodes,
    }
}

/// Stockfish's `Skill::pick_best`: each of the best lines gets a random push that grows
/// as the level falls, but never more than the spread of the scores or a pawn.
fn pick_weaker(moves: &[RootMove], skill: f64, seed: u64) -> usize {
    let mut rng = Rng(seed | 1);
    let n = moves.len().min(4);
    let top = moves.first().map_or(0, |r| r.score);
    let last = moves.get(n - 1).map_or(0, |r| r.score);
    let weakness = (120.0 - 2.0 * skill * 5.0 / 5.0).max(1.0) as i64;
    let delta = i64::from((top - last).min(100));
    let mut best = (i64::MIN, 0);
    for (i, rm) in moves.iter().take(n).enumerate() {
        if rm.score <= -MATE_BOUND && i > 0 {
            continue;
        }
        let push = (weakness * i64::from(top - rm.score)
            + delta * (rng.next() % weakness as u64) as i64)
            / 128;
        let value = i64::from(rm.score) + push;
        if value > best.0 {
            best = (value, i);
        }
    }
    best.1
}

fn wait_for_stop(limits: &Limits, shared: &Shared) {
    // UCI: in `go infinite` and `go ponder` the best move is sent only after `stop` (or
    // `ponderhit`, after which the clock applies).
    let keep = || limits.infinite || shared.pondering.load(Ordering::Relaxed);
    while keep() && !shared.stop.load(Ordering::Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, uci};

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
