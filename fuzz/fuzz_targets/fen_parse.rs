//! Fuzzes FEN reading under every preset: any text is either refused with an error or read
//! into a position whose FEN reads back to the same position, and whose legal moves can be
//! generated and played.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_rules::{Preset, fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for preset in Preset::ALL {
        let ruleset = preset.ruleset();
        if let Ok(pos) = fen::read(text, ruleset) {
            let written = fen::write(&pos);
            let again = fen::read(&written, ruleset).expect("our own FEN reads back");
            assert_eq!(again, pos, "{written}");
            for m in pos.legal_moves() {
                let after = pos.after(m);
                assert_eq!(after.zobrist(), after.zobrist_from_scratch());
            }
        }
    }
});
