//! Fuzz target for the record readers (PGN and the seed's score sheet): no input panics, and
//! every game read writes to PGN that reads back to the same moves under the same ruleset.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_records::pgn::write_pgn;
use shatar_records::{Record, notation::MoveText, sheet};
use shatar_rules::Ruleset;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = text.parse::<MoveText>();
    let file = sheet::read_any(text, Ruleset::OFFICIAL);
    for record in &file.records {
        let written = write_pgn(record);
        let back = match Record::from_pgn_str(&written, Ruleset::OFFICIAL) {
            Ok(back) => back,
            Err(e) => panic!("our own PGN does not read back: {e}\n{written}"),
        };
        assert_eq!(back.ruleset, record.ruleset);
        let moves = |r: &Record| r.moves.iter().map(|n| n.mv).collect::<Vec<_>>();
        assert_eq!(moves(&back), moves(record), "{written}");
    }
    // Every game is either read or reported, each with its number.
    for (k, e) in file.errors.iter().enumerate() {
        assert!(e.game >= 1 && (k == 0 || e.game > file.errors[k - 1].game));
    }
});
