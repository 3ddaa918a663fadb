//! Rounds: `start` (the draw), `pair`, `explain`.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use shatar_tournament::report::{self, Format, Kind, Lang};
use shatar_tournament::{EventError, RoundNo, store};

use super::{print_explanation, update};

/// The options of `shatar tournament start`.
#[derive(Args)]
pub struct StartArgs {
    /// Event file.
    file: PathBuf,
}

impl StartArgs {
    /// Makes the draw and prints the numbers.
    pub fn run(self) -> Result<()> {
        let e = update(&self.file, |e| e.start().map(|()| e.clone()))?;
        println!(
            "draw made: {} entrants, {} rounds",
            e.entrant_numbers().len(),
            e.rounds_planned
        );
        for n in e.entrant_numbers() {
            println!("{n:>4}  {}", e.entrant_name(n));
        }
        Ok(())
    }
}

/// The options of `shatar tournament pair`.
#[derive(Args)]
pub struct PairArgs {
    /// Event file.
    file: PathBuf,
    /// Also print why each pair was made.
    #[arg(long)]
    explain: bool,
    /// Report language: zh, mn, en.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
}

impl PairArgs {
    /// Pairs the next round and prints its pairings (and why, with `--explain`).
    pub fn run(self) -> Result<()> {
        let (e, round) = update(&self.file, |e| {
            let r = e.pair_next_round()?.number;
            Ok::<_, EventError>((e.clone(), r))
        })?;
        let tables = report::build(&e, Kind::Pairings(Some(round)), self.lang);
        print!("{}", report::render(&e, &tables, Format::Text, self.lang));
        if self.explain {
            print_explanation(&e, Some(round))?;
        }
        Ok(())
    }
}

/// The options of `shatar tournament explain`.
#[derive(Args)]
pub struct ExplainArgs {
    /// Event file.
    file: PathBuf,
    /// Round (default the last).
    #[arg(long)]
    round: Option<RoundNo>,
}

impl ExplainArgs {
    /// Prints the round's pairing decisions.
    pub fn run(self) -> Result<()> {
        let e = store::load(&self.file)?;
        print_explanation(&e, self.round)
    }
}
