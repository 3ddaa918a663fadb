//! Texel tuning of the evaluation weights (chessprogramming.org, *Texel's Tuning Method*):
//! the weights minimise the mean squared difference between the game results of the
//! positions made by `examples/texel_data.rs` and `sigmoid(K · eval)`, where `eval` is the
//! static evaluation from White's side and `K` is first fitted to the starting weights.
//! The search is a local one (each weight in turn is moved by ± a step while the error
//! falls; steps 8, 4, 2, 1), which needs no derivative of the evaluation.
//!
//! Usage: `cargo run --release -p shatar-engine --example texel_tune -- DATA OUT
//! [MAX_SECONDS] [PREFIXES]`; OUT is written as the Rust source of `src/eval/tuned.rs`.
//! PREFIXES (comma-separated, e.g. `Mat,Tempo`) restricts the tuning to the weights whose
//! names start with one of them; the others keep their hand-set values. The start is the
//! hand-set weights (`params::HAND`), so a run on the same data gives the same weights.

use shatar_engine::eval::evaluate_with;
use shatar_engine::eval::params::{COUNT, HAND, NAMES, Params};
use shatar_rules::{Color, Position, Ruleset, fen};
use std::fmt::Write as _;
use std::time::Instant;

struct Sample {
    pos: Position,
    result: f64,
}

fn read(path: &str) -> anyhow::Result<Vec<Sample>> {
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
        out.push(Sample { pos, result });
    }
    Ok(out)
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(data_path), Some(out_path)) = (args.first(), args.get(1)) else {
        anyhow::bail!("usage: texel_tune DATA OUT [MAX_SECONDS] [PREFIXES]");
    };
    let budget: f64 = args.get(2).map_or(Ok(600.0), |a| a.parse())?;
    let prefixes: Vec<&str> = args
        .get(3)
        .map_or_else(Vec::new, |a| a.split(',').collect());
    let tuned: Vec<usize> = (0..COUNT)
        .filter(|&i| {
            prefixes.is_empty()
                || NAMES
                    .get(i)
                    .is_some_and(|n| prefixes.iter().any(|p| n.starts_with(p)))
        })
        .collect();
    eprintln!("tuning {} of {COUNT} weights", tuned.len());
    let data = read(data_path)?;
    eprintln!("{} positions", data.len());
    let start = Instant::now();
    let mut p: Params = HAND;
    let k = fit_k(&p, &data);
    let mut best = error(&p, &data, k);
    eprintln!("K = {k:.2}, error {best:.6}");
    'steps: for step in [8, 4, 2, 1] {
        for pass in 0..4 {
            let mut improved = false;
            for &i in &tuned {
                if start.elapsed().as_secs_f64() > budget {
                    eprintln!("time budget used up");
                    break 'steps;
                }
                for delta in [step, -step] {
                    let mut q = p;
                    if let Some(v) = q.get_mut(i) {
                        *v += delta;
                    }
                    let e = error(&q, &data, k);
                    if e < best {
                        best = e;
                        p = q;
                        improved = true;
                        break;
                    }
                }
            }
            eprintln!(
                "step {step} pass {}: error {best:.6} ({:.0} s)",
                pass + 1,
                start.elapsed().as_secs_f64()
            );
            if !improved {
                break;
            }
        }
    }
    for ((old, new), name) in HAND.iter().zip(p.iter()).zip(NAMES) {
        if old != new {
            eprintln!("{name}: {old} -> {new}");
        }
    }
    std::fs::write(out_path, source(&p))?;
    eprintln!("written {out_path}");
    Ok(())
}
