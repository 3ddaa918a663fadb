//! Fuzzes UCI move text against positions: any text is either refused or names a legal move
//! whose own UCI text parses back to the same move.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_rules::{Preset, fen, uci};

const POSITIONS: [&str; 4] = [
    "startpos",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    "k7/4P3/8/8/8/8/3p4/K7 w - - 0 1",
    "k7/4P3/8/8/8/8/3p4/K7 b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for preset in Preset::ALL {
        let ruleset = preset.ruleset();
        for fen_text in POSITIONS {
            let pos = fen::read(fen_text, ruleset).expect("fixed positions are legal");
            if let Ok(m) = uci::parse_move(&pos, text) {
                let written = uci::write(&m, &ruleset);
                assert_eq!(uci::parse_move(&pos, &written).expect("our own text parses"), m);
            }
        }
    }
});
