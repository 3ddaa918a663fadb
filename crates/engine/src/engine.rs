//! The engine as an API (Stockfish `engine.h`): options, the shared transposition table,
//! and `search`, which reports through callbacks. The UCI layer is a shell around it.

use crate::history::Histories;
use crate::limits::Limits;
use crate::search::{self, Info, SearchConfig, SearchResult, SearchRoot, Shared};
use crate::timeman::TimeMemory;
use crate::tt::Tt;
use shatar_rules::Position;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// A search engine with its transposition table and options.
///
/// ```
/// use shatar_engine::{Engine, Limits};
/// use shatar_rules::{Position, Ruleset};
/// let engine = Engine::new();
/// let pos = Position::start(Ruleset::FSF);
/// let result = engine.think(&pos, &Limits::depth(3));
/// assert!(pos.legal_moves().contains(&result.best.unwrap()));
/// ```
#[derive(Debug, Clone)]
pub struct Engine {
    tt: Arc<Tt>,
    /// The move-ordering histories, kept from one search to the next until a new game.
    histories: Arc<Mutex<Box<Histories>>>,
    /// How the last search of the game went, for the time of the next.
    time_memory: Arc<Mutex<TimeMemory>>,
    hash_mb: usize,
    /// Threads, lines, strength and move overhead.
    pub config: SearchConfig,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with the default table size and full strength.
    pub fn new() -> Engine {
        Engine {
            tt: Arc::new(Tt::new(DEFAULT_HASH_MB)),
            histories: Arc::default(),
            time_memory: Arc::default(),
            hash_mb: DEFAULT_HASH_MB,
            config: SearchConfig::default(),
        }
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash_mb(&mut self, mb: usize) {
        if mb != self.hash_mb {
            self.tt = Arc::new(Tt::new(mb));
            self.hash_mb = mb;
        }
    }

    /// The table size in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets what earlier searches learnt (`ucinewgame`).
    pub fn new_game(&self) {
        self.tt.clear();
        if let Ok(mut h) = self.histories.lock() {
            **h = Histories::default();
        }
        if let Ok(mut m) = self.time_memory.lock() {
            *m = TimeMemory::default();
        }
    }

    /// Searches `root`, reporting progress through `on_info`, until a limit or `stop`.
    pub fn search(
        &self,
        root: &SearchRoot,
        limits: &Limits,
        stop: Arc<AtomicBool>,
        pondering: Arc<AtomicBool>,
        on_info: &(dyn Fn(&Info) + Sync),
    ) -> SearchResult {
        let shared = Shared::new(self.tt.clone(), stop, pondering)
            .with_histories(self.histories.clone())
            .with_time_memory(self.time_memory.clone());
        search::search(root, limits, &self.config, &shared, on_info)
    }

    /// Searches a position without history, silently.
    pub fn think(&self, pos: &Position, limits: &Limits) -> SearchResult {
        let root = SearchRoot::new(pos, &[]);
        self.search(&root, limits, Arc::default(), Arc::default(), &|_| {})
    }
}
