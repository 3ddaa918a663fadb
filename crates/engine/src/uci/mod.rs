//! The UCI protocol ([`protocol`]) and its options ([`options`]).

pub mod options;
pub mod protocol;

pub use protocol::{Flow, UciSession};

use std::io::Write;
use std::sync::{Arc, Mutex};

/// An in-memory output shared with the caller (for transcripts and tests).
#[derive(Debug, Clone, Default)]
pub struct SharedBuffer(pub Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// The text written so far.
    pub fn text(&self) -> String {
        self.0
            .lock()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.lock() {
            Ok(mut b) => {
                b.extend_from_slice(buf);
                Ok(buf.len())
            }
            Err(_) => Err(std::io::Error::other("output buffer poisoned")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Speaks UCI on standard input and output until `quit` (`shatar uci`).
pub fn run_stdio() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut session = UciSession::new(std::io::stdout());
    session.run(stdin.lock())
}
