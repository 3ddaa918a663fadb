//! Records of the step-back pawn (`last-rank = "step-back"`, docs/rules.md §2): its moves in
//! every notation and language, written and read back; the exact texts by hand; a game
//! through PGN with the ruleset named.

use shatar_records::notation::{Notation, parse_move, write_move};
use shatar_records::pgn::write_pgn;
use shatar_records::{Lang, Record, SecondSide, describe};
use shatar_rules::{Game, Position, Ruleset, fen, uci};

fn step_back() -> Ruleset {
    Ruleset::from_toml_str("base = \"official\"\nlast-rank = \"step-back\"").unwrap()
}

/// White: returning pawns on b8 (no step yet), g7 (one step) and d6 (two steps), a pawn on
/// f7 about to arrive, a weak bers on g1 and a full bers on a1; Black: a rook on a7 and a
/// horse on e5 to take, the king out of the way on h5.
const POSITION: &str = "1P~6/r4PP~1/3P~4/4n2k/8/8/8/Q3K1J1 w - - 0 1";

fn write(pos: &Position, uci_text: &str, notation: Notation, lang: Lang) -> String {
    let m = uci::parse_move(pos, uci_text).unwrap();
    write_move(pos, &m, notation, lang)
}

#[test]
fn returning_pawn_moves_are_written_by_hand() {
    let pos = fen::read(POSITION, step_back()).unwrap();
    // SAN: a returning pawn's step names its file; the first step's bers is `J`, the
    // third's `Q`; arriving on the last rank is a plain pawn move.
    let san = [
        ("b8c7", "bc7"),
        ("b8c7j", "bc7=J"),
        ("b8a7", "bxa7"),
        ("b8a7j", "bxa7=J"),
        ("g7h6", "gh6"),
        ("d6e5q", "dxe5=Q+"),
        ("d6c5q", "dc5=Q"),
        ("f7f8", "f8"),
        ("g1g4", "Jg4+"),
        ("a1a7", "Qxa7"),
    ];
    for (text, written) in san {
        assert_eq!(
            write(&pos, text, Notation::San, Lang::En),
            written,
            "{text}"
        );
    }
    // S4's full notation: from and to, `:` for a capture, 变 before the promoted man in
    // Chinese, `=` in English and Mongolian (the promotion is not on the last rank, where
    // a letter alone would do); S4 writes the bers `Q` (虎 for White in Chinese), whichever
    // kind.
    let full = [
        ("b8c7", Lang::En, "b8—c7"),
        ("b8a7j", Lang::En, "b8:a7=Q"),
        ("b8a7j", Lang::Zh, "b8:a7变虎"),
        ("d6e5q", Lang::Zh, "d6:e5变虎+"),
        ("d6c5q", Lang::Mn, "d6—c5=Б"),
        ("g1g4", Lang::Zh000, "后g1—g4+"),
    ];
    for (text, lang, written) in full {
        assert_eq!(
            write(&pos, text, Notation::Full, lang),
            written,
            "{text} {lang:?}"
        );
    }
    // S4's short notation: the returning pawn's file, `:` for a capture, the square.
    let short = [
        ("b8c7", Lang::En, "bc7"),
        ("b8a7", Lang::En, "b:a7"),
        ("b8c7j", Lang::Zh, "bc7变虎"),
        ("g7h6", Lang::Mn, "gh6"),
        ("d6e5q", Lang::En, "d:e5=Q+"),
    ];
    for (text, lang, written) in short {
        assert_eq!(
            write(&pos, text, Notation::Short, lang),
            written,
            "{text} {lang:?}"
        );
    }
    // UCI as the rules write it.
    assert_eq!(write(&pos, "b8a7j", Notation::Uci, Lang::En), "b8a7j");
    assert_eq!(write(&pos, "d6c5q", Notation::Uci, Lang::En), "d6c5q");
}

#[test]
fn every_move_round_trips_in_every_notation_and_language() {
    for text in [
        POSITION,
        "1P~6/r4PP~1/3P~4/4n2k/8/8/8/Q3K1J1 b - - 0 1",
        // Black's returning pawns on b1, g2, d3 (its last rank is the first).
        "q3k1j1/8/8/8/4N2K/3p~4/R4pp~1/1p~6 b - - 0 1",
    ] {
        let pos = fen::read(text, step_back()).unwrap();
        for m in pos.legal_moves() {
            for notation in Notation::ALL {
                for lang in Lang::ALL {
                    let written = write_move(&pos, &m, notation, lang);
                    let read = parse_move(&pos, &written)
                        .unwrap_or_else(|e| panic!("{written} ({notation} {lang}) in {text}: {e}"));
                    assert_eq!(read, m, "{written} ({notation} {lang}) in {text}");
                }
            }
        }
    }
}

#[test]
fn a_wrong_promotion_is_refused_with_the_reason() {
    let pos = fen::read("7k/1P6/8/8/8/8/8/K7 w - - 0 1", step_back()).unwrap();
    let err = parse_move(&pos, "b8=Q").unwrap_err();
    assert!(err.to_string().contains("only by stepping back"), "{err}");
    assert_eq!(
        parse_move(&pos, "b8").unwrap(),
        uci::parse_move(&pos, "b7b8").unwrap()
    );
}

#[test]
fn descriptions_mark_returning_pawns_and_the_weak_bers() {
    let pos = fen::read("4k3/P~7/8/8/8/8/8/J3K2Q w - - 0 1", step_back()).unwrap();
    assert_eq!(
        describe(&pos, Lang::En, SecondSide::Black),
        "White: Ke1, Ja1, Qh1, Pa7 (returning); Black: Ke8"
    );
    assert_eq!(
        describe(&pos, Lang::Zh, SecondSide::Blue),
        "白方：王e1、虎a1（弱）、虎h1、夫a7（回）；蓝方：王e8"
    );
}

#[test]
fn a_game_through_the_cycle_goes_through_pgn_with_its_ruleset() {
    let ruleset = step_back();
    let start = fen::read("8/1P6/8/7k/8/8/8/K7 w - - 0 1", ruleset).unwrap();
    let mut game = Game::from_position(start);
    for text in ["b7b8", "h5h4", "b8a7", "h4h5", "a7b6", "h5h4", "b6c5q"] {
        let m = uci::parse_move(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    let pgn = write_pgn(&Record::from_game(&game));
    assert!(
        pgn.contains("1. b8 Kh4 2. ba7 Kh5 3. ab6 Kh4 4. bc5=Q"),
        "{pgn}"
    );
    assert!(pgn.contains("step-back"), "the ruleset is named: {pgn}");
    // Read back with a default that is not the game's: the Ruleset tag decides.
    let read = Record::from_pgn_str(&pgn, Ruleset::OFFICIAL).unwrap();
    assert_eq!(read.ruleset, ruleset);
    assert_eq!(
        fen::write(&read.final_position()),
        fen::write(game.position())
    );
}

/// White: a returning pawn on a7 and a pawn on a5 can both take the horse on b6, and a
/// pawn on c5 can go forward to c6 beside the returning pawn on b7 that can step to c6.
/// Black: the king on h8, the horse on b6.
const TWINS: &str = "7k/P~P~6/1n6/P1P5/8/8/8/4K3 w - - 0 1";

#[test]
fn a_returning_pawn_and_a_pawn_going_forward_are_told_apart() {
    let pos = fen::read(TWINS, step_back()).unwrap();
    // Both take on b6 from the a-file: each names its rank as well.
    let written = [
        ("a7b6", Notation::San, "a7xb6"),
        ("a5b6", Notation::San, "a5xb6"),
        ("a7b6", Notation::Short, "a7:b6"),
        ("a5b6", Notation::Short, "a5:b6"),
        // Only one goes to c6 from each file: no rank needed.
        ("b7c6", Notation::San, "bc6"),
        ("c5c6", Notation::San, "c6"),
        ("b7c6", Notation::Short, "bc6"),
        ("c5c6", Notation::Short, "c6"),
    ];
    for (text, notation, expected) in written {
        assert_eq!(write(&pos, text, notation, Lang::En), expected, "{text}");
        let back = parse_move(&pos, expected).unwrap();
        assert_eq!(uci::write(&back, pos.ruleset()), text, "{expected}");
    }
    // A pawn's move without its file goes forward; the returning pawn's needs its file.
    let m = parse_move(&pos, "c6").unwrap();
    assert_eq!(uci::write(&m, pos.ruleset()), "c5c6");
    // Without the rank the capture could be either.
    let err = parse_move(&pos, "axb6").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
}
