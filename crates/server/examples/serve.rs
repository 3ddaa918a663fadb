//! Runs the web app with the same flags as `shatar serve`:
//! `cargo run -p shatar-server --example serve -- --listen 127.0.0.1:8080`.

use clap::Parser;

/// The web app.
#[derive(Parser)]
struct Args {
    #[command(flatten)]
    config: shatar_server::Config,
}

fn main() -> std::process::ExitCode {
    match shatar_server::serve_blocking(Args::parse().config) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shatar serve: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
