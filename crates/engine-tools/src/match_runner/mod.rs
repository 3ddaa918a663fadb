//! `shatar match`: engine-versus-engine games refereed on the rules core, with openings
//! played twice (colours swapped), concurrency, PGN, Elo with its interval, and SPRT.
//!
//! ```
//! use shatar_engine_tools::match_runner::{TimeControl, stats::Wdl};
//! let tc: TimeControl = "10+0.1".parse()?;
//! assert_eq!(tc.to_string(), "10+0.1");
//! let wdl = Wdl { wins: 6, draws: 2, losses: 2 };
//! assert_eq!(wdl.score(), 0.7);
//! # Ok::<_, shatar_engine_tools::ParseMatchError>(())
//! ```

pub mod pgn;
pub mod referee;
pub mod stats;
pub mod tc;

pub use referee::{Adjudication, EngineSpec, Fault, GameResult, PlayedGame, ThinkStats};
pub use tc::TimeControl;

use crate::error::ParseMatchError;
use serde::Serialize;
use shatar_engine::uci::options::variant_name;
use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Position, Ruleset, fen};
use stats::{Sprt, SprtState, Wdl};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The two engines; results are counted for the first.
    pub engines: [EngineSpec; 2],
    /// Games to play (rounded up to pairs when openings are used).
    pub games: usize,
    /// The time control.
    pub tc: TimeControl,
    /// The ruleset the referee applies.
    pub ruleset: Ruleset,
    /// Start positions; each is played twice with colours swapped. Empty: the ruleset's
    /// start.
    pub openings: Vec<Position>,
    /// Games played at once.
    pub concurrency: usize,
    /// Stop early when the test decides.
    pub sprt: Option<Sprt>,
    /// Adjudication and fault limits.
    pub adjudication: Adjudication,
    /// The `UCI_Variant` sent to engines that offer it (ours: `shatar`, `shatar-official`…)
    /// unless an explicit option sets one.
    pub variant: Option<String>,
}

/// Reads an openings file: one FEN (or EPD: placement and side to move, optionally more
/// fields) per line; blank lines and lines starting with `#` are skipped.
pub fn read_openings(text: &str, ruleset: Ruleset) -> Result<Vec<Position>, ParseMatchError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let full = match fields.len() {
            2 => format!("{} {} - - 0 1", fields[0], fields[1]),
            4 => format!("{} 0 1", fields.join(" ")),
            _ => fields.iter().take(6).copied().collect::<Vec<_>>().join(" "),
        };
        let pos = fen::read(&full, ruleset).map_err(|e| ParseMatchError::Opening {
            line: i + 1,
            reason: e.to_string(),
        })?;
        out.push(pos);
    }
    Ok(out)
}

/// One finished game as the match sees it.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// 1-based game number.
    pub number: usize,
    /// Whether the first engine had White.
    pub first_is_white: bool,
    /// The game.
    pub game: PlayedGame,
    /// The first engine's points (1, ½, 0).
    pub first_points: f64,
}

/// The summary of a match.
#[derive(Debug, Clone, Serialize)]
pub struct MatchReport {
    /// First engine's name.
    pub engine1: String,
    /// Second engine's name.
    pub engine2: String,
    /// Games played.
    pub games: u32,
    /// W/D/L of the first engine.
    pub wdl: Wdl,
    /// Score fraction of the first engine.
    pub score: f64,
    /// Elo difference (first minus second), if finite.
    pub elo: Option<f64>,
    /// 95% interval, low end.
    pub elo_low: Option<f64>,
    /// 95% interval, high end.
    pub elo_high: Option<f64>,
    /// The SPRT log-likelihood ratio, if a test ran.
    pub llr: Option<f64>,
    /// The SPRT decision.
    pub sprt: Option<SprtState>,
    /// Faults of the first engine (illegal moves, crashes, hangs, time losses).
    pub faults1: u32,
    /// Faults of the second engine.
    pub faults2: u32,
    /// The time control.
    pub tc: String,
    /// The ruleset name.
    pub ruleset: String,
    /// The first engine's mean milliseconds a move.
    pub ms_per_move1: Option<f64>,
    /// The second engine's mean milliseconds a move.
    pub ms_per_move2: Option<f64>,
    /// The first engine's mean reported depth.
    pub depth1: Option<f64>,
    /// The second engine's mean reported depth.
    pub depth2: Option<f64>,
    /// The first engine's median reported depth.
    pub median_depth1: Option<u32>,
    /// The second engine's median reported depth.
    pub median_depth2: Option<u32>,
}

impl MatchReport {
    fn new(cfg: &MatchConfig, wdl: Wdl, faults: [u32; 2], think: &[ThinkStats; 2]) -> MatchReport {
        let elo = wdl.elo();
        let llr = cfg.sprt.map(|s| s.llr(&wdl));
        MatchReport {
            engine1: cfg.engines[0].name.clone(),
            engine2: cfg.engines[1].name.clone(),
            games: wdl.games(),
            wdl,
            score: wdl.score(),
            elo: elo.map(|e| e.0),
            elo_low: elo.map(|e| e.1),
            elo_high: elo.map(|e| e.2),
            llr,
            sprt: cfg.sprt.map(|s| s.state(&wdl)),
            faults1: faults[0],
            faults2: faults[1],
            tc: cfg.tc.to_string(),
            ruleset: cfg
                .ruleset
                .preset()
                .map_or("custom".to_owned(), |p| p.name().to_owned()),
            ms_per_move1: think[0].mean_ms(),
            ms_per_move2: think[1].mean_ms(),
            depth1: think[0].mean_depth(),
            depth2: think[1].mean_depth(),
            median_depth1: think[0].median_depth(),
            median_depth2: think[1].median_depth(),
        }
    }

    /// How long each engine thought a move and how deep, as one line (`None` before any
    /// move was played).
    pub fn thinking(&self) -> Option<String> {
        let side = |ms: Option<f64>, depth: Option<f64>, median: Option<u32>| -> Option<String> {
            let ms = ms?;
            Some(match (depth, median) {
                (Some(d), Some(m)) => format!("{ms:.0} ms a move, depth {d:.1} (median {m})"),
                _ => format!("{ms:.0} ms a move"),
            })
        };
        let one = side(self.ms_per_move1, self.depth1, self.median_depth1)?;
        let two = side(self.ms_per_move2, self.depth2, self.median_depth2)?;
        Some(format!(
            "thinking: {} {one}; {} {two}",
            self.engine1, self.engine2
        ))
    }

    /// Human-readable lines: W/D/L, score, Elo with interval, SPRT.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} vs {}: {} games, +{} ={} -{}, score {:.1}%",
            self.engine1,
            self.engine2,
            self.games,
            self.wdl.wins,
            self.wdl.draws,
            self.wdl.losses,
            self.score * 100.0
        );
        match (self.elo, self.elo_low, self.elo_high) {
            (Some(e), Some(lo), Some(hi)) => {
                s.push_str(&format!(", Elo {e:+.1} (95% {lo:+.1} .. {hi:+.1})"));
            }
            _ => s.push_str(", Elo unbounded (all games won or lost)"),
        }
        if let (Some(llr), Some(state)) = (self.llr, self.sprt) {
            s.push_str(&format!(", SPRT LLR {llr:.2} {state:?}"));
        }
        if self.faults1 + self.faults2 > 0 {
            s.push_str(&format!(
                ", faults: engine1 {} engine2 {}",
                self.faults1, self.faults2
            ));
        }
        s
    }
}

/// Plays the match; `on_game` sees each game as it finishes (in finishing order).
pub fn run_match(cfg: &MatchConfig, on_game: &mut dyn FnMut(&GameReport, &Wdl)) -> MatchReport {
    let openings = if cfg.openings.is_empty() {
        vec![Position::start(cfg.ruleset)]
    } else {
        cfg.openings.clone()
    };
    let variant = cfg
        .variant
        .clone()
        .or_else(|| cfg.ruleset.preset().map(|p| variant_name(p).to_owned()));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<GameReport>();
    let mut wdl = Wdl::default();
    let mut faults = [0u32; 2];
    let mut think = [ThinkStats::default(); 2];
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop, openings, variant) = (&next, &stop, &openings, &variant);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= cfg.games {
                        break;
                    }
                    let Some(opening) = openings.get((i / 2) % openings.len()) else {
                        break;
                    };
                    let first_is_white = i % 2 == 0;
                    let specs = if first_is_white {
                        [&cfg.engines[0], &cfg.engines[1]]
                    } else {
                        [&cfg.engines[1], &cfg.engines[0]]
                    };
                    let game = referee::play_game(
                        opening,
                        specs,
                        &cfg.tc,
                        &cfg.adjudication,
                        variant.as_deref(),
                    );
                    let first_color = if first_is_white {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let first_points = match game.result.outcome {
                        Outcome::Draw => 0.5,
                        Outcome::Decisive { winner } if winner == first_color => 1.0,
                        Outcome::Decisive { .. } => 0.0,
                    };
                    let report = GameReport {
                        number: i + 1,
                        first_is_white,
                        game,
                        first_points,
                    };
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            match report.first_points {
                p if p > 0.75 => wdl.wins += 1,
                p if p < 0.25 => wdl.losses += 1,
                _ => wdl.draws += 1,
            }
            let (first, second) = if report.first_is_white {
                (0, 1)
            } else {
                (1, 0)
            };
            think[0].add(&report.game.think[first]);
            think[1].add(&report.game.think[second]);
            if report.game.result.fault.is_some() {
                // The faulty side is the loser.
                let first_lost = report.first_points < 0.25;
                faults[usize::from(!first_lost)] += 1;
            }
            on_game(&report, &wdl);
            if let Some(sprt) = cfg.sprt
                && sprt.state(&wdl) != SprtState::Continue
            {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    MatchReport::new(cfg, wdl, faults, &think)
}
