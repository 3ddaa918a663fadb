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
//! Usage: `cargo run --release -p shatar-engine-tools --example texel_data -- OUT [GAMES] [NODES]
//! [SEED]` (defaults: 400 games per ruleset, 2000 nodes, seed 1). The output is
//! deterministic for given arguments (one thread, fixed nodes).
//!
//! From games already played (e.g. Fairy-Stockfish against itself through `shatar match
//! --pgn`): `texel_data --pgn OUT VALID PGN...` replays every game of the PGN files whose
//! result is decided (`1-0`, `0-1`, `1/2-1/2`) and writes its quiet positions the same
//! way, every tenth game to VALID instead of OUT (a held-out set of whole games, since the
//! positions of one game share its result). A game whose start and moves repeat an
//! earlier one is skipped.

use shatar_engine::search::SearchRoot;
use shatar_engine::{Engine, Limits};
use shatar_engine_tools::tuning::{Xorshift, is_quiet};
use shatar_records::pgn::read_pgn;
use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Game, Position, Ruleset, fen};
use std::io::Write;
use std::sync::Arc;

/// Games longer than this are scored as draws.
const MAX_PLIES: usize = 300;

fn openings(ruleset: Ruleset, file: &str) -> anyhow::Result<Vec<Position>> {
    let path = format!(
        "{}/../engine/data/openings/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path)?;
    Ok(shatar_engine_tools::match_runner::read_openings(
        &text, ruleset,
    )?)
}

/// Every tenth game (by its number over all files) is held out for validation.
const VALID_EVERY: usize = 10;

fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Decisive {
            winner: Color::White,
        } => "1.0",
        Outcome::Decisive {
            winner: Color::Black,
        } => "0.0",
        Outcome::Draw => "0.5",
    }
}

/// The `--pgn` mode: quiet positions of the games of PGN files, with their results.
fn from_pgn(args: &[String]) -> anyhow::Result<()> {
    let (Some(out_path), Some(valid_path), files) = (args.first(), args.get(1), args.get(2..))
    else {
        anyhow::bail!("usage: texel_data --pgn OUT VALID PGN...");
    };
    let mut out = std::io::BufWriter::new(std::fs::File::create(out_path)?);
    let mut valid = std::io::BufWriter::new(std::fs::File::create(valid_path)?);
    let (mut games, mut skipped, mut written, mut held_out) = (0usize, 0usize, 0usize, 0usize);
    // Two copies of one deterministic engine play the same game from an opening with the
    // colours swapped (the runner plays each opening twice): such a game is kept once, or
    // it would be in the training and the held-out set at the same time.
    let mut seen = std::collections::HashSet::new();
    let mut duplicates = 0usize;
    for path in files.unwrap_or_default() {
        let text = std::fs::read_to_string(path)?;
        let file = read_pgn(&text, Ruleset::FSF);
        for e in &file.errors {
            eprintln!(
                "{path}: game {} (line {}) skipped: {}",
                e.game, e.first_line, e.error
            );
        }
        skipped += file.errors.len();
        for record in &file.records {
            let Some(outcome) = shatar_rules::outcome::Outcome::from_pgn(&record.result()) else {
                skipped += 1;
                continue;
            };
            let Some(name) = record.ruleset.preset().map(|p| p.name()) else {
                skipped += 1;
                continue;
            };
            let key = (
                fen::write(&record.initial),
                record.moves.iter().map(|n| n.mv).collect::<Vec<_>>(),
            );
            if !seen.insert(key) {
                duplicates += 1;
                continue;
            }
            games += 1;
            let score = result_text(outcome);
            let mut game = Game::from_position(record.initial.clone());
            let mut lines = Vec::new();
            for node in &record.moves {
                if is_quiet(game.position()) {
                    lines.push(format!("{name};{};{score}", fen::write(game.position())));
                }
                game.play(node.mv)?;
            }
            let sink = if games % VALID_EVERY == 0 {
                held_out += lines.len();
                &mut valid
            } else {
                written += lines.len();
                &mut out
            };
            for line in &lines {
                writeln!(sink, "{line}")?;
            }
        }
    }
    out.flush()?;
    valid.flush()?;
    eprintln!(
        "{games} games ({skipped} skipped, {duplicates} duplicates): {written} positions to \
         {out_path}, {held_out} to {valid_path}"
    );
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--pgn") {
        return from_pgn(args.get(1..).unwrap_or_default());
    }
    const USAGE: &str =
        "usage: texel_data OUT [GAMES] [NODES] [SEED] | texel_data --pgn OUT VALID PGN...";
    // An option other than --pgn (--help, say) is no output file to create.
    let out_path = args
        .first()
        .filter(|a| !a.starts_with('-'))
        .ok_or_else(|| anyhow::anyhow!(USAGE))?;
    let games: usize = args.get(1).map_or(Ok(400), |a| a.parse())?;
    let nodes: u64 = args.get(2).map_or(Ok(2000), |a| a.parse())?;
    let seed: u64 = args.get(3).map_or(Ok(1), |a| a.parse())?;
    let mut out = std::io::BufWriter::new(std::fs::File::create(out_path)?);
    let mut rng = Xorshift::new(seed);
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
                if is_quiet(&pos) {
                    positions.push(fen::write(&pos));
                }
                let root = SearchRoot::new(game.initial(), game.moves());
                let result = engine.search(&root, &limits, Arc::default(), Arc::default(), &|_| {});
                let Some(m) = result.best else {
                    break Outcome::Draw;
                };
                game.play(m)?;
            };
            let score = result_text(outcome);
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
