//! `bench`: a fixed-depth search, one thread and a fresh 16 MB table, over fixed positions
//! of every ruleset. The total node count is a signature of the search: any change to
//! search or evaluation changes it (Stockfish `benchmark.cpp`, `tests/signature.sh`).

use crate::engine::Engine;
use crate::limits::Limits;
use crate::search::SearchConfig;
use shatar_rules::{Position, Ruleset, fen};
use std::time::Instant;

/// The default bench depth.
pub const BENCH_DEPTH: u32 = 12;

/// The bench positions: (ruleset, FEN).
pub const POSITIONS: [(&str, &str); 10] = [
    ("fsf", "startpos"),
    (
        "fsf",
        "r1bjkb1r/ppp2ppp/2n2n2/3pp3/3P4/2N1PN2/PPP2PPP/R1BJKB1R w - - 0 4",
    ),
    (
        "fsf",
        "2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/2R3K1 w - - 0 20",
    ),
    ("fsf", "8/5k2/3p4/1p1P4/1P3K2/8/8/3R4 w - - 0 40"),
    (
        "official",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    ),
    (
        "official",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4",
    ),
    (
        "official",
        "r4rk1/pp2qppp/2np1n2/2b1p3/4P3/2NP1N2/PPP1QPPP/R1B2RK1 w - - 0 10",
    ),
    ("official", "8/pp3k2/2p5/4R3/8/1P4P1/P4PK1/3r4 b - - 0 35"),
    (
        "traditional",
        "r1bqk2r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQK2R w - - 0 5",
    ),
    ("traditional", "4k3/8/8/8/3R4/8/4K3/7r w - - 0 60"),
];

/// The result of a bench run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchReport {
    /// Total nodes (the signature).
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
}

impl BenchReport {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Runs the bench at `depth`.
pub fn run(depth: u32) -> BenchReport {
    let start = Instant::now();
    let mut nodes = 0;
    for (ruleset, text) in POSITIONS {
        let (Ok(r), Ok(())) = (Ruleset::from_name_or_path(ruleset), Ok::<(), ()>(())) else {
            continue;
        };
        let pos: Position = match fen::read(text, r) {
            Ok(p) => p,
            Err(_) => continue,
        };
        let mut engine = Engine::new();
        engine.config = SearchConfig {
            threads: 1,
            ..SearchConfig::default()
        };
        nodes += engine.think(&pos, &Limits::depth(depth)).nodes;
    }
    BenchReport {
        nodes,
        time_ms: start.elapsed().as_millis() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_legal() {
        for (ruleset, text) in POSITIONS {
            let r = Ruleset::from_name_or_path(ruleset).unwrap();
            fen::read(text, r).unwrap();
        }
    }
}
