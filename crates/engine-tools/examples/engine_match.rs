//! `shatar match` and `shatar uci` without the `shatar` binary: `engine_match uci` speaks
//! UCI; any other arguments are those of `shatar match`.

#[path = "../../cli/src/commands/engine_match.rs"]
mod engine_match;

use clap::Parser;

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: engine_match::MatchArgs,
}

fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("uci") {
        shatar_engine::uci::run_stdio()?;
        return Ok(());
    }
    engine_match::run(&Cli::parse().args)
}
