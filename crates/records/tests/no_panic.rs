//! Arbitrary text never makes the readers panic, and whatever they accept writes back to PGN
//! that reads to the same moves (the invariant the fuzz target `record_parse` also checks).

use proptest::prelude::*;
use shatar_records::notation::MoveText;
use shatar_records::pgn::write_pgn;
use shatar_records::{Lang, Notation, Record, parse_move, sheet};
use shatar_rules::{Position, Ruleset};

/// Characters that matter to the readers, so that random text often comes close to records.
fn record_chars() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> =
        "abcdefgh12345678KQRBNPJx:：—–-=变虎狮车驼马夫王后象兵НБТрМХ+#!?()[]{}\";.,，；、 \n$*/01½"
            .chars()
            .collect();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..80)
        .prop_map(|cs| cs.into_iter().collect())
}

proptest! {
    #[test]
    fn move_text_never_panics(text in record_chars()) {
        let _ = text.parse::<MoveText>();
        let _ = parse_move(&Position::start(Ruleset::FSF), &text);
    }

    #[test]
    fn records_never_panic_and_round_trip(text in record_chars(), any in ".{0,60}") {
        for input in [text.as_str(), any.as_str(), &format!("1. e4 e5 {text}")] {
            let file = sheet::read_any(input, Ruleset::OFFICIAL);
            for record in &file.records {
                let back = Record::from_pgn_str(&write_pgn(record), Ruleset::OFFICIAL)
                    .map_err(|e| TestCaseError::fail(format!("{input:?}: {e}")))?;
                // Comments may change (a `}` inside one is written as `)`), moves may not.
                let moves = |r: &Record| r.moves.iter().map(|n| n.mv).collect::<Vec<_>>();
                prop_assert_eq!(moves(&back), moves(record));
                for lang in Lang::ALL {
                    for notation in Notation::ALL {
                        let written = sheet::write_sheet(record, lang, notation);
                        let back = sheet::read_sheet(&written, record.ruleset)
                            .map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
                        prop_assert_eq!(moves(&back), moves(record));
                    }
                }
            }
        }
    }
}

#[test]
fn odd_tag_values_do_not_break_the_score_sheet() {
    // Found by the fuzz target: a Date that is not a PGN date once made the date line look
    // like a line of moves.
    let mut record = sheet::read_sheet("(1)e2—e4,e7—e5;", Ruleset::OFFICIAL).unwrap();
    record.tags.set("Date", "202 Бат  Хар: Дорж");
    record.tags.set("White", "(1)e4");
    for lang in Lang::ALL {
        let written = sheet::write_sheet(&record, lang, Notation::Full);
        let back = sheet::read_sheet(&written, Ruleset::OFFICIAL).unwrap();
        assert_eq!(back.moves, record.moves, "{written}");
    }
}
