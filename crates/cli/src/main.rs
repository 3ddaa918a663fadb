//! `shatar`: the command-line front of the Shatar libraries.

mod commands;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Shatar (Mongolian chess): rules, engine, records, arbiter and tournaments.
#[derive(Parser)]
#[command(name = "shatar", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move-generator test).
    Perft(commands::perft::PerftArgs),
    /// Replay and check arbiter event logs (clocks, offers, claims, violations).
    Arbiter {
        #[command(subcommand)]
        cmd: commands::arbiter::ArbiterCommand,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => commands::perft::run(&args),
        Command::Arbiter { cmd } => commands::arbiter::run(cmd),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shatar: {e:#}");
            ExitCode::FAILURE
        }
    }
}
