//! `shatar arbiter`: replay and check a game's arbiter event log (JSON lines, see
//! `shatar_arbiter::log`).
//!
//! `replay LOG.jsonl [--at N]` prints the position, the result with its reason, both clocks
//! as `mm:ss`, the violations, offers, claims and corrections after the whole log, or after
//! line N (line 1 opens the game). `check LOG.jsonl` says whether the log replays; a log that
//! does not is reported with its line number and reason, and the command fails.

use anyhow::{Context, Result};
use clap::Subcommand;
use std::path::{Path, PathBuf};

/// The `shatar arbiter` commands.
#[derive(Subcommand)]
pub enum ArbiterCommand {
    /// Replays a log: position, result and reason, clocks, violations, offers.
    Replay {
        /// The event log (JSON lines).
        log: PathBuf,
        /// Stop after this line (1 = the opening line).
        #[arg(long)]
        at: Option<usize>,
    },
    /// Checks that a log replays; names the first bad line otherwise.
    Check {
        /// The event log (JSON lines).
        log: PathBuf,
    },
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Runs a `shatar arbiter` command.
pub fn run(cmd: ArbiterCommand) -> Result<()> {
    match cmd {
        ArbiterCommand::Replay { log, at } => {
            let text = read(&log)?;
            let game = match at {
                Some(n) => shatar_arbiter::replay_at(&text, n),
                None => shatar_arbiter::replay(&text),
            }
            .with_context(|| log.display().to_string())?;
            print!("{}", game.summary());
        }
        ArbiterCommand::Check { log } => {
            let text = read(&log)?;
            let game = shatar_arbiter::replay(&text).with_context(|| log.display().to_string())?;
            let result = game
                .result()
                .map_or_else(|| "* (in progress)".to_owned(), |r| r.to_string());
            println!("{}: ok, {} events, {result}", log.display(), game.events());
        }
    }
    Ok(())
}
