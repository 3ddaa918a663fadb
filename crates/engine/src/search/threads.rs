//! The threads of a search: what they share, and the main thread with its helpers (Lazy
//! SMP), which search the same root and share only the transposition table.

use super::root::RootMove;
use super::skill;
use super::{INFINITE, Info, SearchConfig, SearchResult, SearchRoot, Worker};
use crate::history::Histories;
use crate::limits::Limits;
use crate::timeman::{TimeManager, TimeMemory};
use crate::tt::Tt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What the threads share.
pub struct Shared {
    /// The transposition table.
    pub tt: Arc<Tt>,
    /// Set to stop every thread.
    pub stop: Arc<AtomicBool>,
    /// Set while pondering; cleared by `ponderhit`.
    pub pondering: Arc<AtomicBool>,
    pub(super) nodes: AtomicU64,
    /// Set by the main thread when it is done, to stop the helpers.
    pub(super) done: AtomicBool,
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
    pub(super) fn time_memory(&self) -> TimeMemory {
        self.time_memory
            .as_ref()
            .and_then(|m| m.lock().ok().map(|m| *m))
            .unwrap_or_default()
    }

    /// Leaves `memory` for the game's next search (nothing when none is kept).
    pub(super) fn remember_time(&self, memory: TimeMemory) {
        if let Some(mut m) = self.time_memory.as_ref().and_then(|m| m.lock().ok()) {
            *m = memory;
        }
    }

    /// Nodes counted so far by all threads.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
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
        skill::weaken(&mut cfg, &mut limits);
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
        chosen = skill::pick_weaker(&main_moves, cfg.skill, pos.zobrist() ^ nodes);
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

fn wait_for_stop(limits: &Limits, shared: &Shared) {
    // UCI: in `go infinite` and `go ponder` the best move is sent only after `stop` (or
    // `ponderhit`, after which the clock applies).
    let keep = || limits.infinite || shared.pondering.load(Ordering::Relaxed);
    while keep() && !shared.stop.load(Ordering::Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}
