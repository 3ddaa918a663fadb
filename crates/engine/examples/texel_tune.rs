//! Texel tuning of the evaluation weights (chessprogramming.org, *Texel's Tuning Method*):
//! the weights minimise the mean squared difference between the game results of the
//! positions made by `examples/texel_data.rs` and `sigmoid(K · eval)`, where `eval` is the
//! static evaluation from White's side and `K` is first fitted to the starting weights.
//! The search is a local one (each weight in turn is moved by ± a step while the error
//! falls; steps 8, 4, 2, 1 unless `--steps` says others), which needs no derivative of the
//! evaluation.
//!
//! Usage: `cargo run --release -p shatar-engine --example texel_tune -- --data DATA --out
//! OUT [--valid VALID] [--start hand|tuned|FILE] [--prefixes P,Q] [--l2 L] [--seconds S]
//! [--k K] [--steps 8,4,2,1]`.
//! OUT is written as the Rust source of `src/eval/tuned.rs`.
//!
//! - `--prefixes` (comma-separated, e.g. `Mat,Tempo`) restricts the tuning to the weights
//!   whose names start with one of them; the others keep their starting values.
//! - `--start`: the hand-set weights (`params::HAND`, the default), the weights in play
//!   (`TUNED`), or a file written by an earlier run (to tune in groups, one after another).
//! - `--l2 L` adds `L · Σ ((w − w₀) / 100)²` over the tuned weights to the error, a pull
//!   toward the starting values `w₀` against overfitting.
//! - `--valid`: positions of held-out games. Their error is reported after every pass, and
//!   the weights written are those of the pass with the lowest validation error (early
//!   stopping); the tuning stops when it has not fallen for `--patience` passes that
//!   changed the weights.
//!
//! - `--lambda L` (default 1): the target of a position is `L · result + (1 − L) ·
//!   expected(score)`, where `score` is the fourth field of the line (Fairy-Stockfish's
//!   score from White's side, written by `examples/fsf_label.rs`) and `expected(cp) = 1 /
//!   (1 + 10^(−cp / S))` with `S` = `--score-scale` (default 400, the Elo logistic). With
//!   `L` = 1 the fourth field is not needed (game results only); with `L` = 0 the
//!   evaluation is fitted to Fairy-Stockfish's scores alone.
//!
//! The result is deterministic for given data and arguments (up to the time budget).

use clap::Parser;
use shatar_engine::eval::evaluate_with;
use shatar_engine::eval::params::{COUNT, HAND, NAMES, Params, TUNED};
use shatar_rules::{Color, Position, Ruleset, fen};
use std::fmt::Write as _;
use std::time::Instant;

/// Arguments of the tuner.
#[derive(Parser)]
struct Args {
    /// Training positions (`RULESET;FEN;RESULT` lines); repeatable.
    #[arg(long, required = true)]
    data: Vec<String>,
    /// Held-out positions for validation and early stopping.
    #[arg(long)]
    valid: Option<String>,
    /// The Rust source to write (`src/eval/tuned.rs`).
    #[arg(long)]
    out: String,
    /// Starting weights: `hand`, `tuned` or a file written by this tuner.
    #[arg(long, default_value = "hand")]
    start: String,
    /// Comma-separated name prefixes of the weights to tune (empty: all).
    #[arg(long, default_value = "")]
    prefixes: String,
    /// Weight of the pull toward the starting values.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Time budget in seconds.
    #[arg(long, default_value_t = 600.0)]
    seconds: f64,
    /// Passes without a lower validation error before stopping.
    #[arg(long, default_value_t = 3)]
    patience: usize,
    /// The sigmoid's scale `K` (default: fitted to the starting weights).
    #[arg(long)]
    k: Option<f64>,
    /// The step sizes, largest first.
    #[arg(long, value_delimiter = ',', default_value = "8,4,2,1")]
    steps: Vec<i32>,
    /// The weight of the game result in the target; the rest is the expected score of
    /// the line's Fairy-Stockfish score.
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// The scale `S` of the fixed logistic `1 / (1 + 10^(−cp / S))` that turns a
    /// Fairy-Stockfish score into an expected score.
    #[arg(long, default_value_t = 400.0)]
    score_scale: f64,
}

struct Sample {
    pos: Position,
    /// The target: the game result, Fairy-Stockfish's expected score, or a blend.
    result: f64,
}

/// The target of a position: `lambda · result + (1 − lambda) · expected(score)`.
fn target(result: f64, score: Option<f64>, lambda: f64, scale: f64) -> Option<f64> {
    if lambda >= 1.0 {
        return Some(result);
    }
    let expected = 1.0 / (1.0 + 10f64.powf(-score? / scale));
    Some(lambda * result + (1.0 - lambda) * expected)
}

fn read(path: &str, lambda: f64, scale: f64) -> anyhow::Result<Vec<Sample>> {
    let text = std::fs::read_to_string(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut fields = line.split(';');
        let (Some(rs), Some(f), Some(r)) = (fields.next(), fields.next(), fields.next()) else {
            anyhow::bail!("{path}:{}: expected RULESET;FEN;RESULT", i + 1);
        };
        let ruleset =
            Ruleset::from_name_or_path(rs).map_err(|e| anyhow::anyhow!("{path}:{}: {e}", i + 1))?;
        let pos = fen::read(f, ruleset).map_err(|e| anyhow::anyhow!("{path}:{}: {e}", i + 1))?;
        let result: f64 = r
            .trim()
            .parse()
            .map_err(|e| anyhow::anyhow!("{path}:{}: result: {e}", i + 1))?;
        let score = match fields.next() {
            Some(cp) => Some(
                cp.trim()
                    .parse::<f64>()
                    .map_err(|e| anyhow::anyhow!("{path}:{}: score: {e}", i + 1))?,
            ),
            None => None,
        };
        let Some(result) = target(result, score, lambda, scale) else {
            anyhow::bail!(
                "{path}:{}: --lambda below 1 needs a fourth field (the score)",
                i + 1
            );
        };
        out.push(Sample { pos, result });
    }
    Ok(out)
}

/// Weights from a file written by [`source`]: one `VALUE, // NAME` line per weight.
fn read_params(path: &str) -> anyhow::Result<Params> {
    let text = std::fs::read_to_string(path)?;
    let mut p = HAND;
    let mut seen = 0;
    for (i, line) in text.lines().enumerate() {
        let Some((value, name)) = line.split_once(", // ") else {
            continue;
        };
        let Some(index) = NAMES.iter().position(|n| *n == name.trim()) else {
            anyhow::bail!("{path}:{}: unknown weight {name}", i + 1);
        };
        let v: i32 = value
            .trim()
            .parse()
            .map_err(|e| anyhow::anyhow!("{path}:{}: {e}", i + 1))?;
        if let Some(slot) = p.get_mut(index) {
            *slot = v;
            seen += 1;
        }
    }
    anyhow::ensure!(seen == COUNT, "{path}: {seen} of {COUNT} weights");
    Ok(p)
}

fn white_eval(p: &Params, pos: &Position) -> f64 {
    let v = f64::from(evaluate_with(p, pos));
    if pos.turn() == Color::White { v } else { -v }
}

fn error(p: &Params, data: &[Sample], k: f64) -> f64 {
    let total: f64 = data
        .iter()
        .map(|s| {
            let q = white_eval(p, &s.pos);
            let predicted = 1.0 / (1.0 + 10f64.powf(-k * q / 400.0));
            (s.result - predicted).powi(2)
        })
        .sum();
    total / data.len().max(1) as f64
}

fn penalty(p: &Params, start: &Params, tuned: &[usize], l2: f64) -> f64 {
    if l2 == 0.0 {
        return 0.0;
    }
    let sum: f64 = tuned
        .iter()
        .map(|&i| {
            let d = f64::from(p.get(i).copied().unwrap_or(0) - start.get(i).copied().unwrap_or(0));
            (d / 100.0).powi(2)
        })
        .sum();
    l2 * sum
}

fn fit_k(p: &Params, data: &[Sample]) -> f64 {
    let mut best = (f64::MAX, 1.0);
    let mut k = 0.2;
    while k <= 3.0 {
        let e = error(p, data, k);
        if e < best.0 {
            best = (e, k);
        }
        k += 0.05;
    }
    best.1
}

fn source(p: &Params) -> String {
    let mut s = String::from(
        "//! The evaluation weights in play, written by `examples/texel_tune.rs` (see the README's\n\
         //! tuning section); edit by re-running the tuner, not by hand.\n\n\
         use super::params::Params;\n\n\
         /// The tuned weights, in the order of `params::NAMES`.\n\
         #[rustfmt::skip]\n\
         pub const TUNED: Params = [\n",
    );
    for (v, name) in p.iter().zip(NAMES) {
        let _ = writeln!(s, "    {v}, // {name}");
    }
    s.push_str("];\n");
    s
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let start_params = match args.start.as_str() {
        "hand" => HAND,
        "tuned" => TUNED,
        path => read_params(path)?,
    };
    let prefixes: Vec<&str> = args.prefixes.split(',').filter(|p| !p.is_empty()).collect();
    let tuned: Vec<usize> = (0..COUNT)
        .filter(|&i| {
            prefixes.is_empty()
                || NAMES
                    .get(i)
                    .is_some_and(|n| prefixes.iter().any(|p| n.starts_with(p)))
        })
        .collect();
    eprintln!("tuning {} of {COUNT} weights", tuned.len());
    let mut data = Vec::new();
    for path in &args.data {
        data.extend(read(path, args.lambda, args.score_scale)?);
    }
    let valid = match &args.valid {
        Some(path) => read(path, args.lambda, args.score_scale)?,
        None => Vec::new(),
    };
    eprintln!("{} positions, {} held out", data.len(), valid.len());
    let start = Instant::now();
    let mut p = start_params;
    let k = args.k.unwrap_or_else(|| fit_k(&p, &data));
    let objective = |q: &Params| error(q, &data, k) + penalty(q, &start_params, &tuned, args.l2);
    let mut best = objective(&p);
    let mut best_valid = (error(&p, &valid, k), p, 0usize);
    let mut since_best = 0;
    eprintln!(
        "K = {k:.2}, training error {best:.6}, validation error {:.6}",
        best_valid.0
    );
    let mut pass_number = 0;
    'steps: for &step in &args.steps {
        for _ in 0..8 {
            let mut improved = false;
            for &i in &tuned {
                if start.elapsed().as_secs_f64() > args.seconds {
                    eprintln!("time budget used up");
                    break 'steps;
                }
                for delta in [step, -step] {
                    let mut q = p;
                    if let Some(v) = q.get_mut(i) {
                        *v += delta;
                    }
                    let e = objective(&q);
                    if e < best {
                        best = e;
                        p = q;
                        improved = true;
                        break;
                    }
                }
            }
            if !improved {
                break;
            }
            pass_number += 1;
            let v = error(&p, &valid, k);
            if v < best_valid.0 {
                best_valid = (v, p, pass_number);
                since_best = 0;
            } else {
                since_best += 1;
            }
            eprintln!(
                "step {step} pass {pass_number}: training error {best:.6}, validation error \
                 {v:.6} ({:.0} s)",
                start.elapsed().as_secs_f64()
            );
            if !valid.is_empty() && since_best >= args.patience {
                eprintln!("validation error has not fallen for {since_best} passes");
                break 'steps;
            }
        }
    }
    let chosen = if valid.is_empty() { p } else { best_valid.1 };
    if !valid.is_empty() {
        eprintln!(
            "kept the weights of pass {}: validation error {:.6}, training error {:.6}",
            best_valid.2,
            best_valid.0,
            error(&chosen, &data, k)
        );
    }
    for ((old, new), name) in start_params.iter().zip(chosen.iter()).zip(NAMES) {
        if old != new {
            eprintln!("{name}: {old} -> {new}");
        }
    }
    std::fs::write(&args.out, source(&chosen))?;
    eprintln!("written {}", args.out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::target;

    #[test]
    fn target_blends_the_result_with_the_expected_score() {
        // λ = 1: the game result alone, no score needed.
        assert_eq!(target(1.0, None, 1.0, 400.0), Some(1.0));
        // λ = 0: 1 / (1 + 10^(−400/400)) = 1 / 1.1 = 0.90909…
        let t = target(0.0, Some(400.0), 0.0, 400.0).unwrap_or(f64::NAN);
        assert!((t - 1.0 / 1.1).abs() < 1e-12, "{t}");
        // λ = 0.5, a draw scored −400 cp: 0.5 · 0.5 + 0.5 · 1 / (1 + 10) = 0.29545…
        let t = target(0.5, Some(-400.0), 0.5, 400.0).unwrap_or(f64::NAN);
        assert!((t - (0.25 + 0.5 / 11.0)).abs() < 1e-12, "{t}");
        // A blend without a score is refused.
        assert_eq!(target(0.5, None, 0.5, 400.0), None);
    }
}
