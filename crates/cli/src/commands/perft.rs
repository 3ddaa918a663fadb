//! `shatar perft`: leaf counts of the legal move tree, optionally split by root move.
//!
//! Output follows Stockfish: with `--divide`, one `move: count` line per root move, a blank
//! line, then always `Nodes searched: N`.

use anyhow::{Context, Result, bail};
use clap::Args;
use shatar_rules::{Ruleset, fen, uci};
use std::io::Write;
use std::time::Instant;

/// Arguments of `shatar perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Ruleset: official, competition, traditional, fsf, or a .toml/.json ruleset file.
    #[arg(long, default_value = "official")]
    ruleset: String,
    /// Position as FEN, or `startpos` for the ruleset's start position.
    #[arg(long, default_value = "startpos")]
    fen: String,
    /// Depth in plies.
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Moves in UCI text applied to the position before counting.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Also print the time taken and nodes per second (on standard error).
    #[arg(long)]
    stats: bool,
}

/// Runs `shatar perft`.
pub fn run(args: &PerftArgs) -> Result<()> {
    let ruleset = Ruleset::from_name_or_path(&args.ruleset)?;
    let mut pos = fen::read(&args.fen, ruleset).with_context(|| format!("--fen {:?}", args.fen))?;
    for (i, text) in args.moves.iter().enumerate() {
        let m = uci::parse_move(&pos, text).with_context(|| format!("--moves, move {}", i + 1))?;
        pos.play_unchecked(m);
    }
    if args.depth > 64 {
        bail!("--depth {} is too deep (at most 64)", args.depth);
    }
    let started = Instant::now();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in shatar_rules::divide(&pos, args.depth) {
            writeln!(out, "{}: {}", uci::write(&m, pos.ruleset()), n)?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        shatar_rules::perft(&pos, args.depth)
    };
    writeln!(out, "Nodes searched: {nodes}")?;
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "time {:.3} s, {:.0} nodes/s",
            secs,
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}
