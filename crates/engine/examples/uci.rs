//! Speaks UCI on standard input and output, like `shatar uci` (for matches and GUIs when
//! the `shatar` binary is not at hand).

fn main() -> std::io::Result<()> {
    shatar_engine::uci::run_stdio()
}
