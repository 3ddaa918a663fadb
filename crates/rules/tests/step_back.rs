//! The traditional pawn that steps back before it promotes (`last-rank = "step-back"`,
//! docs/rules.md §2, step-back pawn): hand-worked positions, the full cycle by UCI moves, FEN and its
//! errors, and perft against a brute-force generator written here from the rule text alone
//! (no code of the rules crate is used to find its moves).

mod common;

use common::brute::{self, Brute};
use shatar_rules::{Color, Position, PositionError, Ruleset, fen, perft, uci};

/// Official, with the step-back pawn.
fn official_step_back() -> Ruleset {
    Ruleset::from_toml_str("base = \"official\"\nlast-rank = \"step-back\"").unwrap()
}

/// Traditional (weak bers in the start array), with the step-back pawn.
fn traditional_step_back() -> Ruleset {
    Ruleset::from_toml_str("base = \"traditional\"\nlast-rank = \"step-back\"").unwrap()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| uci::write(m, pos.ruleset()))
        .collect();
    list.sort();
    list
}

fn play(pos: &mut Position, text: &str) {
    let m = uci::parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play_unchecked(m);
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_from_scratch(),
        "key after {text}"
    );
}

#[test]
fn a_returning_pawn_steps_back_and_chooses_on_its_first_step() {
    // White's returning pawn on b8 (no step made yet) may go to a7 or c7, each as a weak
    // bers (`j`) or still a returning pawn: 4 moves. The king on a1 has a2, b1 and b2: 7.
    let pos = fen::read("1P~5k/8/8/8/8/8/8/K7 w - - 0 1", official_step_back()).unwrap();
    assert_eq!(
        moves(&pos),
        ["a1a2", "a1b1", "a1b2", "b8a7", "b8a7j", "b8c7", "b8c7j"]
    );
}

#[test]
fn a_returning_pawn_captures_backward_only() {
    // The pawn on b8 takes the rook on a7 (either choice) or steps to the empty c7; it never
    // takes forward (there is no forward). King h1: g1, g2, h2. 7 moves.
    let pos = fen::read("1P~5k/r7/8/8/8/8/8/7K w - - 0 1", official_step_back()).unwrap();
    assert_eq!(
        moves(&pos),
        ["b8a7", "b8a7j", "b8c7", "b8c7j", "h1g1", "h1g2", "h1h2"]
    );
    let take = uci::parse_move(&pos, "b8a7").unwrap();
    assert!(take.is_capture());
}

#[test]
fn a_returning_pawn_gives_check_backward() {
    // White's returning pawn on d7 (one step made) attacks c6 and e6, the squares behind it:
    // the Black king on e6 is in check. A pawn going forward would attack c8 and e8 instead.
    let pos = fen::read("8/3P~4/4k3/8/8/8/8/K7 b - - 0 1", official_step_back()).unwrap();
    assert!(pos.is_check());
    // Every square around e6 is free of White's attacks (the pawn's c6 and e6 are not
    // among them; d7 takes the unprotected pawn): 8 king moves.
    assert_eq!(pos.legal_moves().len(), 8);
    // With White to move, Black is the side in check: not a legal position.
    let err = fen::read("8/3P~4/4k3/8/8/8/8/K7 w - - 0 1", official_step_back()).unwrap_err();
    assert!(err.to_string().contains("not to move"), "{err}");
    // The same pawn not returning would stand there as an ordinary pawn and give no check.
    let plain = fen::read("8/3P4/4k3/8/8/8/8/K7 b - - 0 1", official_step_back()).unwrap();
    assert!(!plain.is_check());
}

#[test]
fn the_full_cycle_by_uci_moves() {
    // b7-b8 is a plain move; the pawn returns a7 (first step, left a pawn), b6 (second) and
    // c5, where the third step makes it the full bers.
    let mut pos = fen::read("8/1P6/8/7k/8/8/8/K7 w - - 0 1", official_step_back()).unwrap();
    assert!(
        uci::parse_move(&pos, "b7b8q").is_err(),
        "no promotion on arrival"
    );
    play(&mut pos, "b7b8");
    assert_eq!(fen::write(&pos), "1P~6/8/8/7k/8/8/8/K7 b - - 0 1");
    play(&mut pos, "h5h4");
    play(&mut pos, "b8a7");
    assert_eq!(fen::write(&pos), "8/P~7/8/8/7k/8/8/K7 b - - 0 2");
    play(&mut pos, "h4h5");
    // The second step offers no choice.
    assert!(uci::parse_move(&pos, "a7b6j").is_err());
    play(&mut pos, "a7b6");
    assert_eq!(fen::write(&pos), "8/8/1P~6/7k/8/8/8/K7 b - - 0 3");
    play(&mut pos, "h5h4");
    // The third step must make the bers.
    assert!(uci::parse_move(&pos, "b6c5").is_err());
    play(&mut pos, "b6c5q");
    assert_eq!(fen::write(&pos), "8/8/8/2Q5/7k/8/8/K7 b - - 0 4");
    // A full bers: it moves as the queen (c5-h5 along the rank, c5-f8 along the diagonal).
    let mut white = pos.clone();
    play(&mut white, "h4g4");
    assert!(uci::parse_move(&white, "c5f8").is_ok());
    assert!(uci::parse_move(&white, "c5g1").is_ok());
}

#[test]
fn the_first_step_may_make_a_weak_bers() {
    let mut pos = fen::read("1P~6/8/8/7k/8/8/8/K7 w - - 0 1", official_step_back()).unwrap();
    play(&mut pos, "b8a7j");
    assert_eq!(fen::write(&pos), "8/J7/8/7k/8/8/8/K7 b - - 0 1");
    play(&mut pos, "h5h4");
    // A weak bers on a7: the rook's a8, a6..a2 (the king stands on a1) and b7..h7, and one
    // diagonal step to b8 or b6. The king on a1 has a2, b1, b2 (a2 also the bers's): 3.
    let bers: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(
        bers,
        [
            "a7a2", "a7a3", "a7a4", "a7a5", "a7a6", "a7a8", "a7b6", "a7b7", "a7b8", "a7c7", "a7d7",
            "a7e7", "a7f7", "a7g7", "a7h7"
        ]
    );
}

#[test]
fn weak_and_full_bers_share_the_board() {
    // White's weak bers J on a1: b1, c1, d1 (the king on e1 stops it), a2..a8, and the step
    // to b2: 11. The king: d1 and d2 are the Black bers's file, so e2, f1, f2: 3. 14 moves.
    let weak = "3qk3/8/8/8/8/8/8/J3K3 w - - 0 1";
    let pos = fen::read(weak, official_step_back()).unwrap();
    assert_eq!(pos.legal_moves().len(), 14);
    // A full bers Q there adds the long diagonal b2..h8 beyond the step: 3 + 7 + 7 + 3 = 20.
    let full = "3qk3/8/8/8/8/8/8/Q3K3 w - - 0 1";
    assert_eq!(
        fen::read(full, official_step_back())
            .unwrap()
            .legal_moves()
            .len(),
        20
    );
    // Outside a step-back ruleset J and Q both name the ruleset's one bers: official's
    // queen-like bers, so the "J" position has 20 moves too and is written with Q.
    let official = fen::read(weak, Ruleset::OFFICIAL).unwrap();
    assert_eq!(official.legal_moves().len(), 20);
    assert_eq!(fen::write(&official), "3qk3/8/8/8/8/8/8/Q3K3 w - - 0 1");
    // The start array of a weak-bers ruleset keeps its weak bers under step-back.
    let start = Position::start(traditional_step_back());
    assert!(
        fen::write(&start).starts_with("rnbjkbnr/"),
        "{}",
        fen::write(&start)
    );
    assert_eq!(start.weak_bers().count(), 2);
}

#[test]
fn fen_refuses_returning_pawns_it_cannot_have() {
    // Three ranks back: its third step would have made it a bers.
    let err = fen::read("8/8/8/1P~6/8/8/8/K6k w - - 0 1", official_step_back()).unwrap_err();
    assert!(err.to_string().contains("at most two ranks back"), "{err}");
    // Black's on the fourth rank, likewise.
    let err = fen::read("7k/8/8/8/1p~6/8/8/K7 w - - 0 1", official_step_back()).unwrap_err();
    assert!(err.to_string().contains("b4"), "{err}");
    // A ruleset whose pawns promote at once has no returning pawns.
    let err = fen::read("1P~5k/8/8/8/8/8/8/K7 w - - 0 1", Ruleset::OFFICIAL).unwrap_err();
    assert!(err.to_string().contains("step-back"), "{err}");
    // `~` marks pawns only.
    assert!(fen::read("1N~5k/8/8/8/8/8/8/K7 w - - 0 1", official_step_back()).is_err());
    // A plain pawn on its last rank is still refused: it would be returning.
    let setup = fen::parse("1P5k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    assert!(matches!(
        setup.into_position(official_step_back()),
        Err(PositionError::PawnOnBackRank {
            color: Color::White,
            ..
        })
    ));
}

#[test]
fn fen_round_trips_with_marks() {
    for text in [
        "1P~5k/8/8/8/8/8/8/K7 w - - 0 1",
        "8/3P~4/4k3/8/8/8/8/K7 b - - 0 1",
        "3qk3/8/8/8/8/8/8/J3K3 w - - 0 1",
        "4k3/8/1P~6/8/8/2p~5/8/4K3 w - - 3 20",
        "j3k3/P~7/8/8/8/8/p~7/Q3K3 b - - 0 9",
    ] {
        let pos = fen::read(text, official_step_back()).unwrap();
        assert_eq!(fen::write(&pos), text);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    }
}

#[test]
fn the_promotion_rules_of_other_rulesets_are_unchanged() {
    // Official: a pawn on the seventh rank promotes at once to any of four men.
    let pos = fen::read("7k/1P6/8/8/8/8/8/K7 w - - 0 1", Ruleset::OFFICIAL).unwrap();
    let promotions: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    assert_eq!(promotions, ["b7b8b", "b7b8n", "b7b8q", "b7b8r"]);
    // Step-back: one plain move to b8.
    let pos = fen::read("7k/1P6/8/8/8/8/8/K7 w - - 0 1", official_step_back()).unwrap();
    let arrivals: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    assert_eq!(arrivals, ["b7b8"]);
}

/// Positions for perft, each with men of both colours and marks of every kind, with their
/// counts to depth 3 under official step-back (from the brute-force generator, which the
/// test also runs).
const PERFT_POSITIONS: [(&str, [u64; 3]); 7] = [
    // A White returning pawn on each of its three ranks, two Black ones, both bers kinds.
    // Depth 1 by hand: b8 to a7 as a pawn or weak bers (2); c7 to b6 (1); d6's third step
    // to c5 or e5 as the full bers (2); the weak bers h1: g1, f1, h2..h8, the step g2 (10);
    // the king: d1, d2 (taking), e2, f1, f2 (5). 20.
    (
        "qP~2k3/2P~5/3P~4/8/8/4p~3/3p~4/4K2J w - - 0 1",
        [20, 404, 8520],
    ),
    // The same, Black to move.
    (
        "qP~2k3/2P~5/3P~4/8/8/4p~3/3p~4/4K2J b - - 0 1",
        [23, 405, 9659],
    ),
    // Pawns about to arrive, with captures on the last rank.
    (
        "r2nk3/1P1P~2P1/8/8/8/8/1p4p1/R1N1K1J1 w - - 0 1",
        [26, 440, 11552],
    ),
    (
        "r2nk3/1P1P~2P1/8/8/8/8/1p4p1/R1N1K1J1 b - - 0 1",
        [19, 436, 8384],
    ),
    // A pin: the returning pawn on d2 stands between the Black king and a White rook.
    ("8/8/8/8/8/3k4/3p~4/3RK3 b - - 0 1", [6, 43, 298]),
    // Check by a White returning pawn (b7 attacks c6), and by a Black one (d2 attacks e3).
    ("8/1P~6/2k5/8/8/8/5p~2/4K1Q1 b - - 0 1", [8, 142, 1050]),
    ("8/8/2k5/8/8/4K3/3p~4/6Q1 w - - 0 1", [8, 63, 1573]),
];

#[test]
fn perft_matches_the_brute_force_generator() {
    // Official plays on with a bare king; traditional ends the game (no moves).
    for (ruleset, bare_king_ends) in [
        (official_step_back(), false),
        (traditional_step_back(), true),
    ] {
        for (text, official_counts) in PERFT_POSITIONS {
            let pos = fen::read(text, ruleset).unwrap();
            let brute = Brute::from_fen(text, bare_king_ends);
            // The root moves, as UCI text, and the counts to depth 3.
            assert_eq!(moves(&pos), brute.moves_sorted(), "{text}");
            for depth in 1..=3 {
                let count = perft(&pos, depth);
                assert_eq!(count, brute::perft(&brute, depth), "{text} depth {depth}");
                if !bare_king_ends {
                    assert_eq!(
                        count,
                        official_counts[depth as usize - 1],
                        "{text} depth {depth}"
                    );
                }
            }
        }
    }
}
