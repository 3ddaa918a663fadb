//! `shatar uci`: the engine speaking the UCI protocol on standard input and output.

use anyhow::Result;

/// Runs `shatar uci` until `quit` or the end of input.
pub fn run() -> Result<()> {
    shatar_engine::uci::run_stdio()?;
    Ok(())
}
