//! Fuzz target for the record readers (PGN and S4's score sheet): no input panics, and
//! every game read writes to PGN, and to a score sheet in every language and notation, that
//! read back to the same moves under the same ruleset.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_records::pgn::write_pgn;
use shatar_records::{Lang, Notation, Record, describe, notation::MoveText, sheet};
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
        // The score sheet in every language and notation reads back to the same moves.
        for lang in Lang::ALL {
            for notation in Notation::ALL {
                let sheet_text = sheet::write_sheet(record, lang, notation);
                match sheet::read_sheet(&sheet_text, record.ruleset) {
                    Ok(back) => assert_eq!(moves(&back), moves(record), "{sheet_text}"),
                    Err(e) => panic!("our own score sheet does not read back: {e}\n{sheet_text}"),
                }
            }
            let _ = describe(&record.final_position(), lang, record.second_side);
            if let Some(t) = record.tuuxei() {
                let _ = t.name(lang);
            }
        }
    }
    // Every game is either read or reported, each with its number.
    for (k, e) in file.errors.iter().enumerate() {
        assert!(e.game >= 1 && (k == 0 || e.game > file.errors[k - 1].game));
    }
});
