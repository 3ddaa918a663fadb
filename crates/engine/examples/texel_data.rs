//! Positions for tuning the evaluation (Texel's method): self-play games of the engine at a
//! fixed node count from the shipped openings of the `fsf` and `official` rulesets (so both
//! the weak and the queen-like bers are seen), a few seeded random plies after each
//! opening for variety. Every quiet position (side to move not in check, no capture or
//! promotion that wins material by SEE) after the opening is written with the game's
//! result for White:
//!
//! ```text
//! fsf;<FEN>;1.0
//! ```
//!
//! Usage: `cargo run --release -p shatar-engine --example texel_data -- OUT [GAMES] [NODES]
//! [SEED]` (defaults: 400 games per ruleset, 2000 nodes, seed 1). The output is
//! deterministic for given arguments (one thread, fixed nodes).

use shatar_engine::movepick::see;
use shatar_engine::search::SearchRoot;
use shatar_engine::{Engine, Limits};
use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Game, Position, Ruleset, fen};
use std::io::Write;
use std::sync::Arc;

/// Games longer than this are scored as draws.
const MAX_PLIES: usize = 300;

fn openings(ruleset: Ruleset, file: &str) -> anyhow::Result<Vec<Position>> {
    let path = format!("{}/data/openings/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path)?;
    Ok(shatar_engine::match_runner::read_openings(&text, ruleset)?)
}

fn quiet(pos: &Position) -> bool {
    !pos.is_check()
        && pos
            .legal_captures_and_promotions()
            .iter()
            .all(|m| see(pos, m) <= 0)
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out_path = args
        .first()
        .ok_or_else(|| anyhow::anyhow!("usage: texel_data OUT [GAMES] [NODES] [SEED]"))?;
    let games: usize = args.get(1).map_or(Ok(400), |a| a.parse())?;
    let nodes: u64 = args.get(2).map_or(Ok(2000), |a| a.parse())?;
    let seed: u64 = args.get(3).map_or(Ok(1), |a| a.parse())?;
    let mut out = std::io::BufWriter::new(std::fs::File::create(out_path)?);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut written = 0usize;
    for (name, ruleset, file) in [
        ("fsf", Ruleset::FSF, "fsf.epd"),
        ("official", Ruleset::OFFICIAL, "official.epd"),
    ] {
        let starts = openings(ruleset, file)?;
        for g in 0..games {
            let Some(start) = starts.get(g % starts.len().max(1)) else {
                break;
            };
            let engine = Engine::new();
            let mut game = Game::from_position(start.clone());
            for _ in 0..rng.below(4) {
                let moves = game.legal_moves();
                let Some(&m) = moves.get(rng.below(moves.len())) else {
                    break;
                };
                game.play(m)?;
            }
            let mut positions = Vec::new();
            let outcome = loop {
                if let Some(end) = game.end() {
                    break end.outcome;
                }
                if game.moves().len() >= MAX_PLIES {
                    break Outcome::Draw;
                }
                let pos = game.position().clone();
                if quiet(&pos) {
                    positions.push(fen::write(&pos));
                }
                let root = SearchRoot::new(game.initial(), game.moves());
                let result = engine.search(&root, &limits, Arc::default(), Arc::default(), &|_| {});
                let Some(m) = result.best else {
                    break Outcome::Draw;
                };
                game.play(m)?;
            };
            let score = match outcome {
                Outcome::Decisive {
                    winner: Color::White,
                } => "1.0",
                Outcome::Decisive {
                    winner: Color::Black,
                } => "0.0",
                Outcome::Draw => "0.5",
            };
            for f in &positions {
                writeln!(out, "{name};{f};{score}")?;
            }
            written += positions.len();
            eprintln!(
                "{name} game {}: {score}, {} positions",
                g + 1,
                positions.len()
            );
        }
    }
    out.flush()?;
    eprintln!("{written} positions written to {out_path}");
    Ok(())
}
