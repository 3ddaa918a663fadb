//! Tuuxəi (docs/rules.md §4; S3): the three worked examples of S3, each set in a legal position
//! constructed so that every move of the example is forced or legal and the last one mates,
//! and the cases that score 1.

use shatar_records::{Lang, Record, Tuuxei};
use shatar_rules::outcome::Termination;
use shatar_rules::{Color, Game, Role, Ruleset, fen};

/// Plays full-notation moves (as S3 prints them) from a FEN under the traditional ruleset.
fn play(fen_text: &str, moves: &str) -> Game {
    let pos = fen::read(fen_text, Ruleset::TRADITIONAL).unwrap();
    let mut game = Game::from_position(pos);
    for text in moves.split_whitespace() {
        let m = shatar_records::parse_move(game.position(), text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(m).unwrap();
    }
    game
}

#[test]
fn example_1_camel_2() {
    // S3: 1.車C7-A7 王A8-B8 2.駝C5-D6 王B8-C8 3.兵B6-B7# → 駝二圖嘿.
    // White's king on e7 guards d7 and d8; Blue keeps a pawn (no bare king).
    let game = play(
        "k7/2R1K3/1P5p/2B5/8/8/8/8 w - - 0 1",
        "车c7—a7 王a8—b8 驼c5—d6 王b8—c8 b6—b7",
    );
    let end = game.end().unwrap();
    assert_eq!(end.termination, Termination::Checkmate);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!(t.count, 2);
    assert_eq!(t.man, Some(Role::Camel));
    assert!(!t.talbod);
    assert_eq!(t.winner, Color::White);
    assert_eq!(t.name(Lang::En), "Camel 2 tuuxəi");
    assert_eq!(t.name(Lang::Zh), "駝二圖嘿");
    assert_eq!(t.name(Lang::Mn), "Тэмээ 2 туухэй");
    assert_eq!(t.tag_value(), "Camel 2");
}

#[test]
fn example_2_bers_1() {
    // S3: 1.虎E7-C7 王B8-A8 2.兵A6-A7# (as printed a7 cannot mate; read b6-b7, docs/rules.md §4)
    // → 虎一圖嘿. The camel on c5 guards a7 once the pawn has left b6.
    let game = play(
        "1k6/4Q3/1P5p/2B5/8/8/8/6K1 w - - 0 1",
        "Qe7—c7 Kb8—a8 b6—b7",
    );
    assert_eq!(game.end().unwrap().termination, Termination::Checkmate);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man, t.talbod), (1, Some(Role::Bers), false));
    assert_eq!(t.name(Lang::Zh), "虎一圖嘿");
    assert_eq!(t.name(Lang::En), "Bers 1 tuuxəi");
}

#[test]
fn printed_example_2_does_not_mate() {
    let pos = fen::read("1k6/4Q3/PP5p/2B5/8/8/8/6K1 w - - 0 1", Ruleset::TRADITIONAL).unwrap();
    let mut game = Game::from_position(pos);
    for text in ["Qe7—c7", "Kb8—a8"] {
        let m = shatar_records::parse_move(game.position(), text).unwrap();
        game.play(m).unwrap();
    }
    // a6-a7 is no check at all: a pawn on a7 does not attack a8.
    let m = shatar_records::parse_move(game.position(), "a6—a7").unwrap();
    assert!(!game.position().after(m).is_check());
}

#[test]
fn example_3_talbod_4() {
    // S3: 1.虎B7-F7 王E8-D8 2.駝C5-E7 王D8-C8 3.車A7-C7 王C8-B8 4.馬E5-D7 王B8-A8
    // 5.兵B6-B7# → 四圖嘿的塔拉寶得. White's king on a6 guards a7 at the end.
    let game = play(
        "4k3/RQ6/KP6/2B1N2p/8/8/8/8 w - - 0 1",
        "Qb7—f7 Ke8—d8 Bc5—e7 Kd8—c8 Ra7—c7 Kc8—b8 Ne5—d7 Kb8—a8 b6—b7",
    );
    assert_eq!(game.end().unwrap().termination, Termination::Checkmate);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man, t.talbod), (4, Some(Role::Camel), true));
    assert_eq!(t.name(Lang::Zh), "駝四圖嘿，塔拉寶得");
    assert_eq!(t.name(Lang::En), "Camel 4 tuuxəi, talbod");
    assert_eq!(t.tag_value(), "Camel 4 talbod");
}

/// Blue's king shuttles between g8 and h8 under rook checks; Kf6 and the camels guard the
/// other squares; the bers mates on e8.
const SHUTTLE: &str = "7k/8/5K2/p7/8/B2B4/8/4Q1R1 w - - 0 1";
const SHUTTLE_FROM_A1: &str = "7k/8/5K2/p7/8/B2B4/4Q3/R7 w - - 0 1";

#[test]
fn ordinary_mate_scores_1() {
    let game = play(SHUTTLE, "Qe1—e8");
    assert_eq!(game.end().unwrap().termination, Termination::Checkmate);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man, t.talbod), (1, None, false));
    assert_eq!(t.name(Lang::En), "1 tuuxəi");
    assert_eq!(t.name(Lang::Zh), "一圖嘿");
}

#[test]
fn series_back_to_its_start_position_scores_1() {
    // Rg1-h1+ Kg8 Rg1+ Kh8 restores the position the series began in.
    let game = play(SHUTTLE, "Rg1—h1 Kh8—g8 Rh1—g1 Kg8—h8 Qe1—e8");
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man), (1, None));
}

#[test]
fn rook_series_counts() {
    let game = play(SHUTTLE_FROM_A1, "Ra1—h1 Kh8—g8 Rh1—g1 Kg8—h8 Qe2—e8");
    assert_eq!(game.end().unwrap().termination, Termination::Checkmate);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man), (2, Some(Role::Rook)));
}

#[test]
fn repeated_position_in_the_series_scores_1() {
    let game = play(
        SHUTTLE_FROM_A1,
        "Ra1—h1 Kh8—g8 Rh1—g1 Kg8—h8 Rg1—h1 Kh8—g8 Rh1—g1 Kg8—h8 Qe2—e8",
    );
    assert_eq!(game.check_series_moves().len(), 5);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man), (1, None));
}

#[test]
fn series_not_started_by_rook_or_bers_scores_1() {
    // Example 3 from its second move: the series opens with the camel.
    let game = play(
        "3k4/R4Q2/KP6/2B1N2p/8/8/8/8 w - - 0 1",
        "Bc5—e7 Kd8—c8 Ra7—c7 Kc8—b8 Ne5—d7 Kb8—a8 b6—b7",
    );
    assert_eq!(game.check_series_moves().len(), 4);
    let t = Tuuxei::of(&game).unwrap();
    assert_eq!((t.count, t.man, t.talbod), (1, None, false));
}

#[test]
fn record_reports_tuuxei_only_where_the_ruleset_does() {
    let game = play(
        "k7/2R1K3/1P5p/2B5/8/8/8/8 w - - 0 1",
        "Rc7—a7 Ka8—b8 Bc5—d6 Kb8—c8 b6—b7",
    );
    let record = Record::from_game(&game);
    assert_eq!(
        record.tuuxei().map(|t| t.tag_value()).as_deref(),
        Some("Camel 2")
    );
    let pgn = shatar_records::pgn::write_pgn(&record);
    assert!(pgn.contains("[Tuuxei \"Camel 2\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"k7/2R1K3/1P5p/2B5/8/8/8/8 w - - 0 1\"]"),
        "{pgn}"
    );
    // As a score sheet, with the set-up position and the tuuxəi line.
    let written =
        shatar_records::sheet::write_sheet(&record, Lang::Zh, shatar_records::Notation::Full);
    assert!(
        written.contains("FEN：k7/2R1K3/1P5p/2B5/8/8/8/8 w - - 0 1\n"),
        "{written}"
    );
    assert!(
        written.contains("(1)车c7—a7+,王a8—b8; (2)驼c5—d6+,王b8—c8;\n(3)b6—b7#;"),
        "{written}"
    );
    assert!(
        written.ends_with("结果：1-0\n圖嘿：駝二圖嘿\n"),
        "{written}"
    );
    let back = shatar_records::sheet::read_sheet(&written, Ruleset::TRADITIONAL).unwrap();
    assert_eq!(back.moves, record.moves);
    assert_eq!(back.tuuxei(), record.tuuxei());
    let mut official = record.clone();
    official.ruleset = Ruleset::OFFICIAL;
    assert_eq!(official.tuuxei(), None);
}

#[test]
fn a_set_up_mate_without_moves_scores_1() {
    let game = play("7k/8/5K2/p7/8/B2B4/8/4Q1R1 w - - 0 1", "Qe1—e8");
    let mated = Game::from_position(game.position().clone());
    let t = Tuuxei::of(&mated).unwrap();
    assert_eq!((t.count, t.man, t.winner), (1, None, Color::White));
}
