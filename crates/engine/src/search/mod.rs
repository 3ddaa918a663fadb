//! The search: iterative deepening over a principal-variation alpha-beta search with
//! aspiration windows, run by one main thread and any number of helper threads sharing the
//! transposition table (Lazy SMP).
//!
//! The steps of a node (`node.rs`) are numbered 1 to 19 in the order of the code; where a
//! comment names a step of Stockfish 11's `search.cpp`, the number is Stockfish's. The rules
//! of the ruleset are part of the search (docs/rules.md §3–5): a mate that does not count
//! scores as the ruleset says (a draw, or a loss for the mating side), the shak rule looks
//! back along the series of checks, a side left with a bare king draws at once where that
//! rule applies, and repetitions and the move rule score as draws.
//!
//! The files: this one holds the public types; `node.rs` the main search of a node,
//! `root.rs` the root moves and iterative deepening with aspiration windows, `threads.rs`
//! what the threads share and the search that runs them (Lazy SMP), `worker.rs` one thread's
//! state (path, frames, node count, draws and mates by the rules), `stats.rs` the updates of
//! the histories and killers, `skill.rs` the strength levels and `score.rs` mate scores in
//! the transposition table. Quiescence is in `qsearch.rs`, beside this folder.

mod node;
mod root;
mod score;
mod skill;
mod stats;
mod threads;
mod worker;

pub use threads::{Shared, search};

pub(crate) use score::{score_from_tt, score_to_tt};
pub(crate) use worker::Worker;

use crate::tt::Bound;
use shatar_rules::{Move, Position, outcome};

/// The score of a mate at the root; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 256;
/// Larger than any score.
pub const INFINITE: i32 = MATE + 1;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

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
    /// Null-move pruning (step 8).
    pub null_move: bool,
    /// Late-move reductions (step 15).
    pub lmr: bool,
    /// Futility and late-move pruning of quiet moves at shallow depth (step 13).
    pub futility: bool,
    /// Reverse futility pruning, the static null move (step 7), and razoring (step 6).
    pub rfp: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// One more ply for a move that gives check (step 12).
    pub check_extension: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// The butterfly history in the ordering and in the reductions.
    pub history: bool,
    /// ProbCut (step 9).
    pub probcut: bool,
    /// Dropping captures that lose material by SEE: in quiescence, and at shallow depth in
    /// the main search (step 13).
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
