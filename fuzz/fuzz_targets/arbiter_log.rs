//! Fuzzes the arbiter's log reader: any text either replays or is refused with a line number
//! inside the text — never a panic — and a log that replays, rewritten in canonical form,
//! replays to the same state. Seed corpus: the logs of `examples/arbiter/`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_arbiter::log::{LogEntry, write_log};
use shatar_arbiter::replay;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match replay(text) {
        Ok(game) => {
            let entries: Vec<LogEntry> = text
                .lines()
                .map(|line| line.parse().expect("a replayed line parses"))
                .collect();
            let again = replay(&write_log(&entries)).expect("the canonical log replays");
            assert_eq!(again.summary(), game.summary());
        }
        Err(err) => {
            if let Some(line) = err.line() {
                assert!(line >= 1 && line <= text.lines().count());
            }
        }
    }
});
