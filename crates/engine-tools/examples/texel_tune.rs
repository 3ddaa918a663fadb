//! Texel tuning of the evaluation weights (chessprogramming.org, *Texel's Tuning Method*):
//! the weights minimise the mean squared difference between the game results of the
//! positions made by `examples/texel_data.rs` and `sigmoid(K · eval)`, where `eval` is the
//! static evaluation from White's side and `K` is first fitted to the starting weights.
//! The search is a local one (each weight in turn is moved by ± a step while the error
//! falls; steps 8, 4, 2, 1 unless `--steps` says others), which needs no derivative of the
//! evaluation.
//!
//! Usage: `cargo run --release -p shatar-engine-tools --example texel_tune -- --data DATA --out
//! OUT [--valid VALID] [--start hand|tuned|FILE] [--prefixes P,Q] [--freeze P,Q] [--l2 L]
//! [--seconds S] [--k K] [--steps 8,4,2,1]`.
//! OUT is written as the Rust source of `src/eval/tuned.rs`.
//!
//! - `--prefixes` (comma-separated, e.g. `Mat,Tempo`) restricts the tuning to the weights
//!   whose names start with one of them; the others keep their starting values.
//!   `--freeze` (the same form) keeps the weights whose names start with one of its
//!   prefixes at their starting values, whatever `--prefixes` says (e.g. `--freeze Tempo`
//!   tunes every other weight around a tempo set by match play).
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
//! - `--method gradient` tunes the chosen weights all at once instead, on a linear model
//!   of the evaluation: it is linear in the piece-square weights (`Psq…`: a man on a
//!   square adds its table entry, weighted by the phase), whose coefficients are exact,
//!   and the coefficient of each other weight is measured per position by a finite
//!   difference (a tangent where the term is not linear in it). Adam (learning rate `--rate`, `--iterations` steps over the whole
//!   training set) moves them from the current weights; the step with the lowest
//!   held-out error (by the same linear model, checked every 25 steps) is kept, rounded,
//!   and the exact errors are printed; `--rounds` repeats this from the rounded weights.
//!   The whole table takes minutes this way, where the local search would take hours.
//!
//! The result is deterministic for given data and arguments (up to the time budget).

use clap::Parser;
use shatar_engine::eval::params::{COUNT, HAND, NAMES, Params, TUNED};
use shatar_engine::eval::{PHASE_TOTAL, evaluate_with, phase, psqt_index};
use shatar_rules::{Color, Position, Role, Ruleset, fen};
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
    /// Comma-separated name prefixes of weights kept at their starting values.
    #[arg(long, default_value = "")]
    freeze: String,
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
    /// `local` (each weight by ± a step) or `gradient` (the piece-square weights at once).
    #[arg(long, default_value = "local")]
    method: String,
    /// Gradient method: Adam steps per round.
    #[arg(long, default_value_t = 2000)]
    iterations: usize,
    /// Gradient method: Adam's learning rate, in centipawns.
    #[arg(long, default_value_t = 0.5)]
    rate: f64,
    /// Gradient method: rounds (each from the rounded weights of the one before).
    #[arg(long, default_value_t = 2)]
    rounds: usize,
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

/// The piece-square terms of `pos` as `(slot, coefficient)` pairs: White's evaluation
/// grows by `coefficient` for each centipawn added to the weight of that slot (the
/// weights not tuned have no slot).
fn psqt_features(pos: &Position, slots: &[Option<usize>]) -> Vec<(usize, f64)> {
    let ph = f64::from(phase(pos)) / f64::from(PHASE_TOTAL);
    let bers = pos.ruleset().bers;
    let mut out = Vec::new();
    for color in Color::ALL {
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        for role in Role::ALL {
            for sq in pos.board().pieces(color, role) {
                let Some(i) = psqt_index(role, bers, color, sq) else {
                    continue;
                };
                for (index, weight) in [(i, ph), (i + 1, 1.0 - ph)] {
                    if let Some(&Some(slot)) = slots.get(index) {
                        out.push((slot, sign * weight));
                    }
                }
            }
        }
    }
    out
}

/// A sample as the linear model sees it: the exact evaluation at the current weights,
/// the piece-square features and the target.
struct Linear {
    base: f64,
    features: Vec<(usize, f64)>,
    result: f64,
}

/// The step of the finite differences that measure how the evaluation moves with a
/// weight that is not a piece-square one.
const DIFFERENCE_STEP: i32 = 8;

/// The samples as the linear model sees them at the weights `p`. The piece-square
/// weights' coefficients are exact; each other tuned weight (`others`: index and slot)
/// gets its coefficient from a finite difference, exact for the terms linear in their
/// weight (most are) and a tangent for the others (the king danger's square, the draw
/// scaling), which the next round corrects.
fn linearise(
    p: &Params,
    data: &[Sample],
    slots: &[Option<usize>],
    others: &[(usize, usize)],
) -> Vec<Linear> {
    data.iter()
        .map(|s| {
            let base = white_eval(p, &s.pos);
            let mut features = psqt_features(&s.pos, slots);
            for &(i, slot) in others {
                let mut q = *p;
                q[i] += DIFFERENCE_STEP;
                let d = (white_eval(&q, &s.pos) - base) / f64::from(DIFFERENCE_STEP);
                if d != 0.0 {
                    features.push((slot, d));
                }
            }
            Linear {
                base,
                features,
                result: s.result,
            }
        })
        .collect()
}

/// The mean squared error of the linear model with the weight changes `delta`; with
/// `grad`, also its gradient.
fn linear_error(data: &[Linear], delta: &[f64], k: f64, mut grad: Option<&mut [f64]>) -> f64 {
    let c = k * std::f64::consts::LN_10 / 400.0;
    let mut total = 0.0;
    for s in data {
        let q = s.base + s.features.iter().map(|&(i, w)| w * delta[i]).sum::<f64>();
        let predicted = 1.0 / (1.0 + 10f64.powf(-k * q / 400.0));
        total += (s.result - predicted).powi(2);
        if let Some(g) = grad.as_deref_mut() {
            let d = -2.0 * (s.result - predicted) * predicted * (1.0 - predicted) * c;
            for &(i, w) in &s.features {
                g[i] += d * w;
            }
        }
    }
    let n = data.len().max(1) as f64;
    if let Some(g) = grad {
        for x in g.iter_mut() {
            *x /= n;
        }
    }
    total / n
}

/// The gradient method (see the module documentation).
fn tune_by_gradient(
    args: &Args,
    start: &Params,
    tuned: &[usize],
    data: &[Sample],
    valid: &[Sample],
    k: f64,
) -> anyhow::Result<Params> {
    let mut slots = vec![None; COUNT];
    let mut others = Vec::new();
    for (slot, &i) in tuned.iter().enumerate() {
        if NAMES[i].starts_with("Psq") {
            slots[i] = Some(slot);
        } else {
            others.push((i, slot));
        }
    }
    let mut p = *start;
    for round in 1..=args.rounds {
        let train = linearise(&p, data, &slots, &others);
        let held = linearise(&p, valid, &slots, &others);
        let n = tuned.len();
        let (mut delta, mut m, mut v) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let check = |d: &[f64]| {
            if held.is_empty() {
                linear_error(&train, d, k, None)
            } else {
                linear_error(&held, d, k, None)
            }
        };
        let mut best = (check(&delta), delta.clone(), 0);
        let (beta1, beta2) = (0.9f64, 0.999f64);
        for step in 1..=args.iterations {
            let mut grad = vec![0.0; n];
            linear_error(&train, &delta, k, Some(&mut grad));
            for (slot, &i) in tuned.iter().enumerate() {
                // The pull toward the starting weights, as in the local search.
                let w = f64::from(p[i] - start[i]) + delta[slot];
                grad[slot] += 2.0 * args.l2 * w / 10_000.0;
            }
            for j in 0..n {
                m[j] = beta1 * m[j] + (1.0 - beta1) * grad[j];
                v[j] = beta2 * v[j] + (1.0 - beta2) * grad[j] * grad[j];
                let mh = m[j] / (1.0 - beta1.powi(step as i32));
                let vh = v[j] / (1.0 - beta2.powi(step as i32));
                delta[j] -= args.rate * mh / (vh.sqrt() + 1e-12);
            }
            if step % 25 == 0 {
                let e = check(&delta);
                if e < best.0 {
                    best = (e, delta.clone(), step);
                }
            }
        }
        for (slot, &i) in tuned.iter().enumerate() {
            p[i] += best.1[slot].round() as i32;
        }
        eprintln!(
            "round {round}: kept step {} of {}; exact training error {:.6}, validation error {:.6}",
            best.2,
            args.iterations,
            error(&p, data, k),
            error(&p, valid, k)
        );
    }
    Ok(p)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let start_params = match args.start.as_str() {
        "hand" => HAND,
        "tuned" => TUNED,
        path => read_params(path)?,
    };
    let list = |text: &str| -> Vec<String> {
        text.split(',')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let (prefixes, frozen) = (list(&args.prefixes), list(&args.freeze));
    let named = |i: usize, among: &[String]| {
        NAMES
            .get(i)
            .is_some_and(|n| among.iter().any(|p| n.starts_with(p.as_str())))
    };
    let tuned: Vec<usize> = (0..COUNT)
        .filter(|&i| (prefixes.is_empty() || named(i, &prefixes)) && !named(i, &frozen))
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
    if args.method == "gradient" {
        let chosen = tune_by_gradient(&args, &start_params, &tuned, &data, &valid, k)?;
        return finish(&args, &start_params, &chosen);
    }
    if args.method != "local" {
        anyhow::bail!("--method: `local` or `gradient`, not `{}`", args.method);
    }
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
    finish(&args, &start_params, &chosen)
}

/// Lists the weights that moved and writes the table.
fn finish(args: &Args, start: &Params, chosen: &Params) -> anyhow::Result<()> {
    for ((old, new), name) in start.iter().zip(chosen.iter()).zip(NAMES) {
        if old != new {
            eprintln!("{name}: {old} -> {new}");
        }
    }
    std::fs::write(&args.out, source(chosen))?;
    eprintln!("written {}", args.out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_square_features_predict_the_evaluation() {
        // White: king e1, horse c3, pawns d4 e4 (rank 4); Black: king e8, camel f5,
        // rook a8, pawns a7 d5 e6. Phase: horse 1 + camel 1 + rook 2 = 4 of 24. Black,
        // ahead, has three pawns: the endgame scale factor stays whole (no scaling).
        let pos = fen::read(
            "r3k3/p7/4p3/3p1b2/3PP3/2N5/8/4K3 w - - 0 1",
            Ruleset::OFFICIAL,
        )
        .unwrap();
        let slots: Vec<Option<usize>> = (0..COUNT).map(Some).collect();
        let features = psqt_features(&pos, &slots);
        // Adding 24 to a weight moves White's evaluation by 24 · its coefficient, and
        // these coefficients are whole at that scale: mg 4/24, eg 20/24 per man.
        let coefficient = |name: &str| -> f64 {
            let i = NAMES.iter().position(|n| *n == name).unwrap();
            features.iter().filter(|f| f.0 == i).map(|f| f.1).sum()
        };
        // The horse on c3 (White) and the camel on f5 (Black reads c4, files mirrored).
        assert_eq!(coefficient("PsqHorseC3Mg") * 24.0, 4.0);
        assert_eq!(coefficient("PsqHorseC3Eg") * 24.0, 20.0);
        assert_eq!(coefficient("PsqCamelC4Eg") * 24.0, -20.0);
        // White's pawns on d4 and e4 both read D4; Black's d5 reads D4 as well (rank 8 − 5
        // + 1 = 4): 2 − 1 = one pawn's worth.
        assert_eq!(coefficient("PsqPawnD4Mg") * 24.0, 4.0);
        // The rook on a8 reads A1 for Black.
        assert_eq!(coefficient("PsqRookA1Mg") * 24.0, -4.0);
        for name in [
            "PsqHorseC3Mg",
            "PsqHorseC3Eg",
            "PsqCamelC4Eg",
            "PsqPawnD4Mg",
            "PsqRookA1Mg",
        ] {
            let i = NAMES.iter().position(|n| *n == name).unwrap();
            let mut p = TUNED;
            p[i] += 24;
            let change = white_eval(&p, &pos) - white_eval(&TUNED, &pos);
            assert_eq!(change, coefficient(name) * 24.0, "{name}");
        }
    }

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
