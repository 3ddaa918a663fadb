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
    /// Run the web app (default http://127.0.0.1:8080, embedded SQLite).
    Serve(commands::serve::ServeArgs),
    /// Speak UCI on standard input/output (for chess-variant GUIs).
    Uci,
    /// Play engines against each other under a referee (UCI).
    Match(commands::engine_match::MatchArgs),
    /// The neural evaluation's pipeline: training data from self-play.
    Nnue {
        #[command(subcommand)]
        cmd: commands::nnue::NnueCommand,
    },
    /// Count the leaf nodes of the legal move tree (move-generator test).
    Perft(commands::perft::PerftArgs),
    /// Convert and check game records (PGN, the competition rulebook's full and short notation, score sheets).
    Record {
        #[command(subcommand)]
        cmd: commands::record::RecordCommand,
    },
    /// Replay and check arbiter event logs (clocks, offers, claims, violations).
    Arbiter {
        #[command(subcommand)]
        cmd: commands::arbiter::ArbiterCommand,
    },
    /// Run tournaments: players, pairings, results, standings, reports, TRF.
    Tournament {
        #[command(subcommand)]
        cmd: commands::tournament::TournamentCommand,
    },
    /// Administer the web app's accounts.
    Admin {
        #[command(subcommand)]
        cmd: commands::admin::AdminCommand,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => commands::serve::run(args),
        Command::Uci => commands::uci::run(),
        Command::Match(args) => commands::engine_match::run(&args),
        Command::Nnue { cmd } => commands::nnue::run(cmd),
        Command::Perft(args) => commands::perft::run(&args),
        Command::Record { cmd } => commands::record::run(cmd),
        Command::Arbiter { cmd } => commands::arbiter::run(cmd),
        Command::Tournament { cmd } => commands::tournament::run(cmd),
        Command::Admin { cmd } => commands::admin::run(cmd),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shatar: {e:#}");
            ExitCode::FAILURE
        }
    }
}
