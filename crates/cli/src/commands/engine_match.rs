//! `shatar match`: plays two UCI engines against each other under a ruleset, refereed on
//! the rules core, and prints W/D/L, score, Elo with its 95% interval, and a final JSON line.
//!
//! Engine options are given as `--option1 name=value` and `--option2 name=value`, each
//! repeatable, sent in order after `uci` (e.g. `--option2 VariantPath=fsf.ini --option2
//! UCI_Variant=shatarofficial`). Without `--engine1`/`--engine2` an engine is this program's
//! own `uci` command.

use anyhow::{Context, Result, bail};
use clap::Args;
use shatar_engine_tools::match_runner::stats::Sprt;
use shatar_engine_tools::match_runner::{
    self, Adjudication, EngineSpec, MatchConfig, TimeControl, pgn,
};
use shatar_rules::Ruleset;
use std::io::Write;

/// Arguments of `shatar match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// First engine's command line (default: this program's `uci`).
    #[arg(long)]
    pub engine1: Option<String>,
    /// Second engine's command line (default: this program's `uci`).
    #[arg(long)]
    pub engine2: Option<String>,
    /// First engine's name in results and PGN.
    #[arg(long, default_value = "engine1")]
    pub name1: String,
    /// Second engine's name in results and PGN.
    #[arg(long, default_value = "engine2")]
    pub name2: String,
    /// An option for the first engine, `name=value` (repeatable).
    #[arg(long = "option1", value_name = "NAME=VALUE")]
    pub option1: Vec<String>,
    /// An option for the second engine, `name=value` (repeatable).
    #[arg(long = "option2", value_name = "NAME=VALUE")]
    pub option2: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control: `40/60+0.6`, `10+0.1`, `movetime=MS`, `nodes=N`, `depth=D`.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Ruleset the referee applies: official, competition, traditional, fsf, or a file.
    #[arg(long, default_value = "official")]
    pub ruleset: String,
    /// Openings file (one FEN or EPD per line); each is played twice, colours swapped.
    #[arg(long)]
    pub openings: Option<String>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Write the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
    /// Sequential test, e.g. `--sprt elo0=0 elo1=5`: stops when decided.
    #[arg(long, num_args = 1..=2, value_name = "elo0=X elo1=Y")]
    pub sprt: Vec<String>,
    /// `UCI_Variant` value sent to engines that offer it (default: ours for the ruleset).
    #[arg(long)]
    pub variant: Option<String>,
    /// Adjudicate a draw after this many moves (0: never).
    #[arg(long, default_value_t = 0)]
    pub max_moves: u32,
    /// Adjudicate a draw when both scores stay within ±CP for `--draw-moves` moves.
    #[arg(long, value_name = "CP")]
    pub draw_score: Option<i32>,
    /// Moves for draw adjudication.
    #[arg(long, default_value_t = 8)]
    pub draw_moves: u32,
    /// Draw adjudication starts after this move.
    #[arg(long, default_value_t = 40)]
    pub draw_after: u32,
    /// Adjudicate a loss when a side's score stays below −CP (and the other agrees).
    #[arg(long, value_name = "CP")]
    pub resign_score: Option<i32>,
    /// Moves for resign adjudication.
    #[arg(long, default_value_t = 4)]
    pub resign_moves: u32,
    /// Do not claim claimable draws (threefold, 50 moves) for the engines.
    #[arg(long)]
    pub no_claims: bool,
    /// Milliseconds an engine may overstep its clock.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Milliseconds without a move (depth and node limits) before an engine hangs.
    #[arg(long, default_value_t = 60_000)]
    pub hang_ms: u64,
    /// The PGN `Event` tag.
    #[arg(long, default_value = "shatar match")]
    pub event: String,
}

fn options(list: &[String]) -> Result<Vec<(String, String)>> {
    list.iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
                .ok_or_else(|| shatar_engine_tools::ParseMatchError::EngineOption(o.clone()).into())
        })
        .collect()
}

fn parse_sprt(parts: &[String]) -> Result<Option<Sprt>> {
    if parts.is_empty() {
        return Ok(None);
    }
    let joined = parts.join(" ");
    let (mut e0, mut e1) = (None, None);
    for w in joined.split_whitespace() {
        match w.split_once('=') {
            Some(("elo0", v)) => e0 = v.parse::<f64>().ok(),
            Some(("elo1", v)) => e1 = v.parse::<f64>().ok(),
            _ => bail!(shatar_engine_tools::ParseMatchError::Sprt(joined.clone())),
        }
    }
    match (e0, e1) {
        (Some(a), Some(b)) if a < b => Ok(Some(Sprt::new(a, b))),
        _ => bail!(shatar_engine_tools::ParseMatchError::Sprt(joined)),
    }
}

/// Runs `shatar match`.
pub fn run(args: &MatchArgs) -> Result<()> {
    let ruleset = Ruleset::from_name_or_path(&args.ruleset)?;
    let tc: TimeControl = args.tc.parse()?;
    let own = || -> Result<String> {
        let exe = std::env::current_exe().context("cannot find this program to run `uci`")?;
        Ok(format!("'{}' uci", exe.display()))
    };
    let engine1 = match &args.engine1 {
        Some(c) => c.clone(),
        None => own()?,
    };
    let engine2 = match &args.engine2 {
        Some(c) => c.clone(),
        None => own()?,
    };
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read openings {path}"))?;
            let list = match_runner::read_openings(&text, ruleset)
                .with_context(|| format!("openings {path}"))?;
            if list.is_empty() {
                bail!("openings {path}: no positions");
            }
            list
        }
        None => Vec::new(),
    };
    let cfg = MatchConfig {
        engines: [
            EngineSpec {
                command: engine1,
                name: args.name1.clone(),
                options: options(&args.option1)?,
            },
            EngineSpec {
                command: engine2,
                name: args.name2.clone(),
                options: options(&args.option2)?,
            },
        ],
        games: args.games,
        tc,
        ruleset,
        openings,
        concurrency: args.concurrency.clamp(1, 64),
        sprt: parse_sprt(&args.sprt)?,
        adjudication: Adjudication {
            max_moves: args.max_moves,
            draw_score: args.draw_score,
            draw_moves: args.draw_moves,
            draw_after: args.draw_after,
            resign_score: args.resign_score,
            resign_moves: args.resign_moves,
            claim_draws: !args.no_claims,
            time_margin_ms: args.time_margin,
            hang_ms: args.hang_ms,
        },
        variant: args.variant.clone(),
    };
    let mut pgn_file = match &args.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).with_context(|| format!("cannot create {path}"))?)
        }
        None => None,
    };
    let variant = args.variant.clone().unwrap_or_else(|| {
        ruleset.preset().map_or("shatar".to_owned(), |p| {
            shatar_engine::uci::options::variant_name(p).to_owned()
        })
    });
    let stdout = std::io::stdout();
    let mut write_error = None;
    let report = match_runner::run_match(&cfg, &mut |g, wdl| {
        let mut out = stdout.lock();
        let _ = writeln!(
            out,
            "Game {}/{} {} vs {}: {} ({})  [+{} ={} -{}]",
            g.number,
            cfg.games,
            g.game.white,
            g.game.black,
            g.game.result.outcome.pgn(),
            g.game.result.reason,
            wdl.wins,
            wdl.draws,
            wdl.losses
        );
        if let Some(f) = pgn_file.as_mut() {
            let text = pgn::write_game(&g.game, &args.event, g.number, &variant);
            if let Err(e) = f.write_all(text.as_bytes()) {
                write_error = Some(e);
            }
        }
    });
    if let Some(e) = write_error {
        bail!("writing the PGN failed: {e}");
    }
    if let Some(line) = report.thinking() {
        println!("{line}");
    }
    println!("{}", report.summary());
    println!("{}", serde_json::to_string(&report)?);
    Ok(())
}
