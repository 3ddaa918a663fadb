//! Labels tuning positions with Fairy-Stockfish's own search score, so that each position
//! carries its own information (the positions of one game share its result, not its
//! score): the input is the `RULESET;FEN;RESULT` lines of `examples/texel_data.rs`, the
//! output the same lines with a fourth field, Fairy-Stockfish's score in centipawns from
//! White's side (mates as ±10000):
//!
//! ```text
//! fsf;<FEN>;1.0;37
//! ```
//!
//! Usage: `cargo run --release -p shatar-engine-tools --example fsf_label -- [--fsf CMD]
//! [--go "depth 8"] [--variants INI] [--children PER_MILLE] [--seed S] VALID_IN VALID_OUT
//! [TRAIN_IN TRAIN_OUT]...`.
//!
//! - Positions are deduplicated by placement, side to move and ruleset over all files, in
//!   the order given: list the held-out file first, so that no training position repeats
//!   a held-out one.
//! - `--children N`: for N of every 1000 input positions, one seeded random legal move is
//!   played as well, and the position after it is labelled too when it is quiet (the
//!   filter of `texel_data`) and new; it keeps its game's result and its file (so the
//!   held-out split stays one of whole games). This gives positions the games never
//!   reached, for the terms (piece-square tables, mobility) that few games cannot fit.
//! - `fsf` positions are searched with `UCI_Variant shatar`; `official` ones with
//!   `VariantPath=INI` (default `data/openings/variants.ini`) and `UCI_Variant
//!   shatarofficial`. Positions in the first round, which Fairy-Stockfish does not know,
//!   and positions of other rulesets are skipped.
//! - `--go eval` labels with Fairy-Stockfish's static evaluation instead (its `eval`
//!   command, the `Total evaluation` line: White's side, in hundredths of its endgame
//!   pawn), the function our evaluation follows term by term rather than a search's
//!   score.
//! - Fairy-Stockfish is driven by the crate's UCI client (one process per ruleset, single
//!   thread, its default hash, kept between positions). At a fixed depth the output is
//!   deterministic for given input and arguments.

use shatar_engine_tools::client::UciClient;
use shatar_engine_tools::match_runner::EngineSpec;
use shatar_engine_tools::match_runner::referee::start_engine;
use shatar_engine_tools::tuning::{Xorshift, is_quiet};
use shatar_rules::position::FirstRoundState;
use shatar_rules::{Color, Position, Ruleset, fen};
use std::collections::HashSet;
use std::io::Write;
use std::time::{Duration, Instant};

/// Mate scores (and anything beyond) are written as this many centipawns.
const MATE_CP: i32 = 10_000;

struct Options {
    fsf: String,
    go: String,
    variants: String,
    children: usize,
    seed: u64,
    files: Vec<String>,
}

fn parse_args() -> anyhow::Result<Options> {
    let mut o = Options {
        fsf: "/usr/games/fairy-stockfish".to_owned(),
        go: "depth 8".to_owned(),
        variants: format!(
            "{}/../engine/data/openings/variants.ini",
            env!("CARGO_MANIFEST_DIR")
        ),
        children: 0,
        seed: 1,
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| anyhow::anyhow!("{a} needs a value"))
        };
        match a.as_str() {
            "--fsf" => o.fsf = value()?,
            "--go" => o.go = value()?,
            "--variants" => o.variants = value()?,
            "--children" => o.children = value()?.parse()?,
            "--seed" => o.seed = value()?.parse()?,
            _ => o.files.push(a),
        }
    }
    anyhow::ensure!(
        !o.files.is_empty() && o.files.len().is_multiple_of(2),
        "usage: fsf_label [--fsf CMD] [--go \"depth 8\"] [--variants INI] [--children N] \
         [--seed S] IN OUT [IN OUT]..."
    );
    Ok(o)
}

/// One Fairy-Stockfish process per ruleset, started on first use.
struct Labeller {
    fsf: Option<UciClient>,
    official: Option<UciClient>,
    opts_fsf: String,
    variants: String,
    go: String,
}

impl Labeller {
    fn client(&mut self, name: &str) -> anyhow::Result<Option<&mut UciClient>> {
        let (slot, options) = match name {
            "fsf" => (&mut self.fsf, vec![("UCI_Variant".into(), "shatar".into())]),
            "official" => (
                &mut self.official,
                vec![
                    ("VariantPath".into(), self.variants.clone()),
                    ("UCI_Variant".into(), "shatarofficial".into()),
                ],
            ),
            _ => return Ok(None),
        };
        if slot.is_none() {
            let spec = EngineSpec {
                command: self.opts_fsf.clone(),
                name: format!("fairy-stockfish ({name})"),
                options,
            };
            *slot = Some(start_engine(&spec, None)?);
        }
        Ok(slot.as_mut())
    }

    /// Fairy-Stockfish's score of `pos` from White's side, if it gives one.
    fn label(&mut self, name: &str, pos: &Position) -> anyhow::Result<Option<i32>> {
        let go = format!("go {}", self.go);
        let static_eval = self.go == "eval";
        let Some(client) = self.client(name)? else {
            return Ok(None);
        };
        if static_eval {
            client.send(&format!("position fen {}", fen::write(pos)))?;
            client.send("eval")?;
            let (line, _) = client.read_until(
                |l| l.starts_with("Total evaluation"),
                Duration::from_secs(60),
                "Total evaluation",
            )?;
            return Ok(total_evaluation(&line));
        }
        let answer = client.go(
            &format!("position fen {}", fen::write(pos)),
            &go,
            Duration::from_secs(60),
        )?;
        Ok(answer.score_cp.map(|cp| {
            let cp = cp.clamp(-MATE_CP, MATE_CP);
            if pos.turn() == Color::White { cp } else { -cp }
        }))
    }
}

/// The centipawns of Fairy-Stockfish's `Total evaluation: 0.13 (white side)` line (its
/// static evaluation from White's side, in pawns), or `None` (`none (in check)`).
fn total_evaluation(line: &str) -> Option<i32> {
    let pawns: f64 = line.split_whitespace().nth(2)?.parse().ok()?;
    Some((pawns * 100.0).round() as i32)
}

/// The deduplication key: ruleset, placement and side to move (not the move counters).
fn key(name: &str, pos: &Position) -> String {
    let text = fen::write(pos);
    let mut fields = text.split_whitespace();
    format!(
        "{name} {} {}",
        fields.next().unwrap_or(""),
        fields.next().unwrap_or("")
    )
}

fn main() -> anyhow::Result<()> {
    let o = parse_args()?;
    let mut labeller = Labeller {
        fsf: None,
        official: None,
        opts_fsf: o.fsf.clone(),
        variants: o.variants.clone(),
        go: o.go.clone(),
    };
    let mut rng = Xorshift::new(o.seed);
    let mut seen = HashSet::new();
    let start = Instant::now();
    for pair in o.files.chunks(2) {
        let (Some(input), Some(output)) = (pair.first(), pair.get(1)) else {
            continue;
        };
        let text = std::fs::read_to_string(input)?;
        let mut out = std::io::BufWriter::new(std::fs::File::create(output)?);
        let (mut written, mut duplicates, mut skipped, mut children) = (0usize, 0, 0, 0);
        for (i, line) in text.lines().enumerate() {
            let mut fields = line.split(';');
            let (Some(name), Some(f), Some(result)) = (fields.next(), fields.next(), fields.next())
            else {
                anyhow::bail!("{input}:{}: expected RULESET;FEN;RESULT", i + 1);
            };
            let ruleset = Ruleset::from_name_or_path(name)
                .map_err(|e| anyhow::anyhow!("{input}:{}: {e}", i + 1))?;
            let pos =
                fen::read(f, ruleset).map_err(|e| anyhow::anyhow!("{input}:{}: {e}", i + 1))?;
            let mut batch = vec![pos.clone()];
            if (rng.next_u64() % 1000) < o.children as u64 {
                let moves = pos.legal_moves();
                if let Some(&m) = moves.get(rng.below(moves.len())) {
                    let child = pos.after(m);
                    if is_quiet(&child) && !child.legal_moves().is_empty() {
                        batch.push(child);
                        children += 1;
                    }
                }
            }
            for p in batch {
                // Fairy-Stockfish does not know the first round (S4 ch.1): skip it.
                if p.first_round() != FirstRoundState::Over {
                    skipped += 1;
                    continue;
                }
                if !seen.insert(key(name, &p)) {
                    duplicates += 1;
                    continue;
                }
                match labeller.label(name, &p)? {
                    Some(cp) => {
                        writeln!(out, "{name};{};{};{cp}", fen::write(&p), result.trim())?;
                        written += 1;
                    }
                    None => skipped += 1,
                }
            }
            if (i + 1) % 5000 == 0 {
                eprintln!(
                    "{input}: {} lines, {written} labelled ({:.0} s)",
                    i + 1,
                    start.elapsed().as_secs_f64()
                );
            }
        }
        out.flush()?;
        eprintln!(
            "{input} -> {output}: {written} labelled ({children} random children tried), \
             {duplicates} duplicates, {skipped} skipped ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
    }
    for client in [labeller.fsf.take(), labeller.official.take()]
        .into_iter()
        .flatten()
    {
        client.quit();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::total_evaluation;

    #[test]
    fn the_total_evaluation_line_in_centipawns() {
        assert_eq!(
            total_evaluation("Total evaluation: 0.13 (white side)"),
            Some(13)
        );
        assert_eq!(
            total_evaluation("Total evaluation: -2.47 (white side)"),
            Some(-247)
        );
        assert_eq!(total_evaluation("Total evaluation: none (in check)"), None);
    }
}
