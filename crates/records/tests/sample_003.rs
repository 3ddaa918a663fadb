//! S4's sample game (ch.2 §2 二; docs/rules.md §6): Légal's mate as printed, in full and short
//! notation. As printed, Blue's sixth move is impossible and both forms are rejected naming
//! move 6 and Blue; corrected to `Ke8—e7` / `Ke7`, both replay to the same mate.

use shatar_records::{Lang, MoveError, MoveTextError, Notation, RecordError, sheet};
use shatar_rules::outcome::{Outcome, Termination};
use shatar_rules::{Color, Ruleset, fen};

const FULL: &str = "白方：xxx 蓝方：xxx
2007年x月x日 突泉县
(1)e2—e4,e7—e5; (2)Ng1—f3,d7—d6;
(3)Bf1—c4,Bc8—g4; (4)Nb1—c3,g7—g6?
(5)Nf3:e5Bg4:d1?; (6)Bc4:f7+,Kd8—d7;
(7)Nc3—d5+#
";

const SHORT: &str = "白方：xxx 蓝方：xxx
2007年x月x日 突泉县
(1)e4,e5; (2)Nf3,d6 (3)Bc4,Bg4;
(4)Nc3,g6; (5)Ne5,Bd1; (6)Bf7,Kd7;
(7)Nd5+#。
";

fn rejected(text: &str, expected_reason: &str) {
    let err = sheet::read_sheet(text, Ruleset::COMPETITION).unwrap_err();
    let RecordError::Replay(replay) = &err else {
        panic!("expected a replay error, got {err}");
    };
    assert_eq!(replay.number, 6);
    assert_eq!(replay.side, Color::Black);
    assert_eq!(replay.side_name, "Blue");
    assert_eq!(replay.line, 5 - usize::from(text == SHORT));
    match &replay.error {
        MoveTextError::Move(MoveError::Illegal { reason, .. }) => {
            assert_eq!(reason, expected_reason)
        }
        other => panic!("expected an illegal move, got {other}"),
    }
    let message = err.to_string();
    assert!(message.contains("move 6, Blue"), "{message}");
}

#[test]
fn printed_full_form_is_rejected_at_blues_sixth_move() {
    rejected(FULL, "no king on d8 (a bers stands there)");
}

#[test]
fn printed_short_form_is_rejected_at_blues_sixth_move() {
    // After 6.Bxf7+ the king on e8 cannot go to d7: the horse on e5 guards it.
    rejected(SHORT, "the king would be in check there");
}

#[test]
fn corrected_forms_replay_to_the_same_mate() {
    let full = sheet::read_sheet(&FULL.replace("Kd8—d7", "Ke8—e7"), Ruleset::COMPETITION).unwrap();
    let short = sheet::read_sheet(&SHORT.replace("Kd7", "Ke7"), Ruleset::COMPETITION).unwrap();
    assert_eq!(full.moves.len(), 13);
    // The same sheet typed with full-width brackets and colons, and en dashes.
    let typed = FULL
        .replace("Kd8—d7", "Ke8—e7")
        .replace('(', "（")
        .replace(')', "）")
        .replace(':', "：")
        .replace('—', "–");
    let typed = sheet::read_sheet(&typed, Ruleset::COMPETITION).unwrap();
    assert_eq!(typed.moves, full.moves);
    let moves = |r: &shatar_records::Record| r.moves.iter().map(|n| n.mv).collect::<Vec<_>>();
    assert_eq!(moves(&full), moves(&short));
    let end_full = fen::write(&full.final_position());
    assert_eq!(end_full, fen::write(&short.final_position()));
    // Légal's mate, worked by hand from the moves.
    assert_eq!(
        end_full,
        "rn1q1bnr/ppp1kB1p/3p2p1/3NN3/4P3/8/PPPP1PPP/R1BbK2R b - - 2 7"
    );
    let end = full.end().unwrap();
    assert_eq!(end.termination, Termination::Checkmate);
    assert_eq!(
        end.outcome,
        Outcome::Decisive {
            winner: Color::White
        }
    );
    assert_eq!(full.result(), "1-0");
    assert_eq!(full.tags.get("White"), Some("xxx"));
    assert_eq!(full.tags.get("Site"), Some("突泉县"));
    assert_eq!(full.tags.get("Date"), Some("2007.??.??"));
    assert_eq!(full.moves[7].nags, vec![2]);
    assert_eq!(full.moves[9].nags, vec![2]);
    // Written back in S4's forms.
    let written = sheet::write_sheet(&full, Lang::Zh, Notation::Full);
    assert!(
        written.contains("(5)马f3:e5,驼g4:d1?; (6)驼c4:f7+,王e8—e7;"),
        "{written}"
    );
    assert!(written.contains("(7)马c3—d5#;"), "{written}");
    assert!(written.ends_with("结果：1-0\n"), "{written}");
    let written = sheet::write_sheet(&full, Lang::En, Notation::Short);
    assert!(written.contains("(5)Ne5,Bd1?; (6)Bf7+,Ke7;"), "{written}");
}
