//! `shatar serve`: the web app on http://127.0.0.1:8080 with an embedded SQLite database in
//! `./shatar-data/` (or PostgreSQL with `--database-url postgres://…`).

use clap::Args;

/// Arguments of `shatar serve` (each flag also reads an environment variable, e.g.
/// `SHATAR_LISTEN`, `SHATAR_DATABASE_URL`, `SHATAR_DATA_DIR`).
#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    config: shatar_server::Config,
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    shatar_server::serve_blocking(args.config)?;
    Ok(())
}
