//! Hand-worked positions for every ruleset option that Fairy-Stockfish cannot check:
//! the first round, void mates, bare king, dead positions, repetition, the move rules,
//! perpetual check, the regional king option and custom ruleset files.

use shatar_rules::outcome::{self, GameEnd, Outcome, Termination, VoidMate};
use shatar_rules::ruleset::{FileSet, FirstRound};
use shatar_rules::{Claim, Color, Game, Position, Preset, Ruleset, fen, perft, uci};

fn pos(fen: &str, ruleset: Ruleset) -> Position {
    fen::read(fen, ruleset).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game(fen: &str, ruleset: Ruleset, moves: &[&str]) -> Game {
    let mut g = Game::from_position(pos(fen, ruleset));
    for (i, text) in moves.iter().enumerate() {
        let m = uci::parse_move(g.position(), text)
            .unwrap_or_else(|e| panic!("move {} {text}: {e}", i + 1));
        g.play(m)
            .unwrap_or_else(|e| panic!("move {} {text}: {e}", i + 1));
    }
    g
}

fn uci_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| uci::write(m, p.ruleset()))
        .collect();
    v.sort();
    v
}

const WIN_WHITE: Outcome = Outcome::Decisive {
    winner: Color::White,
};
const WIN_BLACK: Outcome = Outcome::Decisive {
    winner: Color::Black,
};
const DRAW: Outcome = Outcome::Draw;

/// The end a finished game should report.
fn ended(outcome: Outcome, termination: Termination) -> Option<GameEnd> {
    Some(GameEnd {
        outcome,
        termination,
    })
}

// ---- first round (S1 §1.2; S4 ch.1 §3) ----

#[test]
fn first_round_official() {
    for ruleset in [
        Ruleset::OFFICIAL,
        Ruleset::COMPETITION,
        Ruleset::TRADITIONAL,
    ] {
        let start = Position::start(ruleset);
        assert_eq!(uci_moves(&start), ["d2d4", "e2e4"]);
        assert_eq!(
            uci_moves(&start.after(uci::parse_move(&start, "e2e4").unwrap())),
            ["e7e5"]
        );
        assert_eq!(
            uci_moves(&start.after(uci::parse_move(&start, "d2d4").unwrap())),
            ["d7d5"]
        );
        // After the first round: no two-step moves at all.
        let g = game("startpos", ruleset, &["e2e4", "e7e5"]);
        let moves = uci_moves(g.position());
        assert!(moves.contains(&"a2a3".to_owned()) && !moves.contains(&"a2a4".to_owned()));
        // 22 with the queen bers (Fairy-Stockfish, `shatarofficial`); the weak bers has no
        // d1-f3, d1-g4, d1-h5.
        let expected = if ruleset == Ruleset::TRADITIONAL {
            19
        } else {
            22
        };
        assert_eq!(
            moves.len(),
            expected,
            "replies in the Chahar opening position: {moves:?}"
        );
    }
}

#[test]
fn official_start_perft_to_depth_7() {
    // Depths 1 and 2 are the first round; from depth 3 on, the sum of the two positions after
    // the first round, whose counts Fairy-Stockfish gives with the `shatarofficial` variant:
    // after 1.e4 e5: 22, 482, 11282, 260171, 6454432; after 1.d4 d5: 20, 400, 8722, 189178,
    // 4471131.
    let start = Position::start(Ruleset::OFFICIAL);
    let expected = [2, 2, 42, 882, 20004, 449349, 10925563];
    for (depth, want) in (1..=7).zip(expected) {
        assert_eq!(perft(&start, depth), want, "depth {depth}");
    }
}

#[test]
fn set_up_positions_are_never_in_the_first_round() {
    // The start array minus a horse is a set-up position: no two-step moves, any first move.
    let p = pos(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w - - 0 1",
        Ruleset::OFFICIAL,
    );
    let moves = uci_moves(&p);
    assert!(
        !moves.contains(&"e2e4".to_owned())
            && moves.contains(&"e2e3".to_owned())
            && moves.contains(&"g1f3".to_owned())
    );
    assert_eq!(
        moves.len(),
        8 + 2 + 1,
        "eight single pawn steps, the g1 horse, the rook to b1: {moves:?}"
    );
    // The start array itself, given as FEN, is the start of a game: the first round applies.
    assert_eq!(
        uci_moves(&pos(fen::START_FEN, Ruleset::OFFICIAL)),
        ["d2d4", "e2e4"]
    );
    // The start array after 1.e4 with Black to move must be answered e7-e5.
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1";
    assert_eq!(uci_moves(&pos(after_e4, Ruleset::OFFICIAL)), ["e7e5"]);
    // Under fsf there is no first round: the start array has twelve single steps and horse moves.
    assert_eq!(pos(fen::START_FEN, Ruleset::FSF).legal_moves().len(), 12);
}

#[test]
fn allowed_first_moves_are_configurable() {
    // Some regions allow only the bers pawn (S2, second article).
    let bers_pawn_only = Ruleset {
        first_round: FirstRound::Mirrored {
            files: FileSet(1 << 3),
        },
        ..Ruleset::OFFICIAL
    };
    let start = Position::start(bers_pawn_only);
    assert_eq!(uci_moves(&start), ["d2d4"]);
    assert_eq!(perft(&start, 3), 20);
    let r = Ruleset::from_toml_str("first-round = { mirrored = { files = [\"d\"] } }").unwrap();
    assert_eq!(r, bers_pawn_only);
}

// ---- mates that do not count (docs/rules.md §4) ----

/// Smothered mate: the horse g5-f7 mates the king on h8 behind its own rook and pawns.
const SMOTHERED: &str = "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1";

#[test]
fn horse_mate_counts_is_void_or_loses_by_ruleset() {
    let cases = [
        (Ruleset::OFFICIAL, WIN_WHITE, Termination::Checkmate),
        (Ruleset::COMPETITION, WIN_WHITE, Termination::Checkmate),
        (
            Ruleset::TRADITIONAL,
            DRAW,
            Termination::VoidMate(VoidMate::Horse),
        ),
        (Ruleset::FSF, WIN_BLACK, Termination::HorseMateLoss),
    ];
    for (ruleset, outcome, termination) in cases {
        let g = game(SMOTHERED, ruleset, &["g5f7"]);
        assert_eq!(
            g.end(),
            ended(outcome, termination),
            "{:?}",
            ruleset.preset()
        );
        assert!(g.legal_moves().is_empty());
    }
}

/// The camel d3-e4 mates the king on a8, hemmed in by its own camel and pawn.
const CAMEL_MATE: &str = "kb6/p7/8/8/8/3B4/8/4K3 w - - 0 1";

#[test]
fn camel_mate_by_ruleset() {
    let cases = [
        (Ruleset::OFFICIAL, WIN_WHITE, Termination::Checkmate),
        (
            Ruleset::TRADITIONAL,
            DRAW,
            Termination::VoidMate(VoidMate::Camel),
        ),
        // No check by bers, rook or horse in the series: *niol*.
        (Ruleset::FSF, DRAW, Termination::VoidMate(VoidMate::NoShak)),
    ];
    for (ruleset, outcome, termination) in cases {
        let g = game(CAMEL_MATE, ruleset, &["d3e4"]);
        assert_eq!(
            g.end(),
            ended(outcome, termination),
            "{:?}",
            ruleset.preset()
        );
    }
}

#[test]
fn fsf_series_bookkeeping_matches_fairy_stockfish() {
    // A series of checks: rook check, king moves, camel check. The series is both checks,
    // and it contains a shak (the rook's), so a mate at its end would count.
    let g = game(
        "k7/7p/2K5/8/8/8/8/1R2B3 w - - 0 1",
        Ruleset::FSF,
        &["b1a1", "a8b8", "e1g3"],
    );
    assert!(g.position().is_check());
    assert!(g.shak_in_series());
    assert_eq!(g.check_series_moves().len(), 2);
}

// ---- bare king (S3 nutʃgən; S2 玩法规则 ⑤) ----

#[test]
fn bare_king_draws_where_the_ruleset_says() {
    let fen = "7k/8/8/8/8/8/1r6/KR6 w - - 0 1";
    for ruleset in [Ruleset::TRADITIONAL, Ruleset::FSF] {
        let g = game(fen, ruleset, &["b1b2"]);
        assert_eq!(g.end(), ended(DRAW, Termination::BareKing));
    }
    for ruleset in [Ruleset::OFFICIAL, Ruleset::COMPETITION] {
        let g = game(fen, ruleset, &["b1b2"]);
        assert_eq!(g.end(), None, "K+R v K plays on");
    }
}

// ---- dead positions (S1 §5.2(2)) ----

#[test]
fn dead_positions_by_material() {
    let dead = [
        "7k/8/8/8/8/8/8/K7 w - - 0 1",       // K v K
        "7k/8/8/8/8/8/8/KB6 w - - 0 1",      // K+camel v K
        "7k/8/8/8/8/8/8/KN6 w - - 0 1",      // K+horse v K
        "7k/8/8/3b4/8/8/8/KB6 w - - 0 1",    // camels on one colour (b1 and d5 are light)
        "7k/8/8/2B1b3/8/8/8/K1B5 w - - 0 1", // three camels, all on dark squares
    ];
    for fen in dead {
        let p = pos(fen, Ruleset::OFFICIAL);
        assert!(outcome::is_dead_position(&p), "{fen}");
    }
    let alive = [
        "7k/8/8/8/8/8/8/KNN5 w - - 0 1", // K+N+N v K: a (help)mate exists
        "7k/8/8/8/8/8/8/KBB5 w - - 0 1", // camels on both colours
        "7k/8/8/8/8/8/8/KBN5 w - - 0 1", // camel and horse
        "7k/7p/8/8/8/8/8/KN6 w - - 0 1", // K+N v K+P: the pawn can block
        "7k/8/8/8/8/8/P7/K7 w - - 0 1",  // a pawn can promote
        "7k/8/8/8/8/8/8/KR6 w - - 0 1",
    ];
    for fen in alive {
        let p = pos(fen, Ruleset::OFFICIAL);
        assert!(!outcome::is_dead_position(&p), "{fen}");
    }
}

#[test]
fn void_mates_make_more_positions_dead() {
    // K+N+N v K: every mate would be by horses alone.
    let two_horses = "7k/8/8/8/8/8/8/KNN5 w - - 0 1";
    assert!(!outcome::is_dead_position(&pos(
        two_horses,
        Ruleset::OFFICIAL
    )));
    let horse_void = Ruleset {
        bare_king: shatar_rules::ruleset::BareKing::PlayOn,
        ..Ruleset::TRADITIONAL
    };
    assert!(outcome::is_dead_position(&pos(two_horses, horse_void)));
    // Under fsf a horse mate loses for the mater, so K+N v K+N is not dead: either side may
    // still win by being mated. K+N+N v K+camel: White can only lose by mating; Black's camel
    // mates are void without a shak: still not dead, Black can win.
    let horses_each = "7k/8/8/8/8/8/8/KN5n w - - 0 1";
    assert!(!outcome::is_dead_position(&pos(horses_each, Ruleset::FSF)));
    assert!(outcome::can_win(
        &pos(horses_each, Ruleset::FSF),
        Color::White
    ));
    assert!(!outcome::can_mate(
        &pos(horses_each, Ruleset::FSF),
        Color::White
    ));
    let camels_each = "7k/8/8/8/8/8/8/KB5b w - - 0 1";
    assert!(outcome::is_dead_position(&pos(camels_each, Ruleset::FSF)));
    // ... but the fsf preset plays on (Fairy-Stockfish has no dead positions in `shatar`).
    let g = Game::from_position(pos(camels_each, Ruleset::FSF));
    assert_eq!(g.end(), None);
    // Under official, camels on b1 and h1 (both light) cannot mate either: drawn at once.
    let g = Game::from_position(pos(camels_each, Ruleset::OFFICIAL));
    assert_eq!(
        g.end().map(|e| e.termination),
        Some(Termination::DeadPosition)
    );
    // K+camels on both colours v K+pawn: camel mates void (traditional) or without shak (fsf).
    let camels = "7k/7p/8/8/8/8/8/KBB5 w - - 0 1";
    assert!(outcome::can_mate(
        &pos(camels, Ruleset::OFFICIAL),
        Color::White
    ));
    assert!(!outcome::can_mate(
        &pos(camels, Ruleset::TRADITIONAL),
        Color::White
    ));
    assert!(!outcome::can_mate(&pos(camels, Ruleset::FSF), Color::White));
    // A capture into K v K ends the game at once.
    let g = game(
        "7k/8/8/8/8/8/1r6/K7 w - - 0 1",
        Ruleset::OFFICIAL,
        &["a1b2"],
    );
    assert_eq!(g.end(), ended(DRAW, Termination::DeadPosition));
}

#[test]
fn stalemate_is_a_draw() {
    for (fen, ruleset) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Ruleset::OFFICIAL),
        ("7k/5J2/6K1/8/8/p7/P7/8 b - - 0 1", Ruleset::FSF),
    ] {
        let g = Game::from_position(pos(fen, ruleset));
        assert_eq!(g.end(), ended(DRAW, Termination::Stalemate));
    }
}

// ---- repetition and the move rules (FIDE 9.2, 9.3, 9.6) ----

const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

fn shuffled(ruleset: Ruleset, rounds: usize) -> Game {
    let mut moves = vec!["e2e4", "e7e5"];
    for _ in 0..rounds {
        moves.extend(SHUFFLE);
    }
    game("startpos", ruleset, &moves)
}

#[test]
fn threefold_is_claimable_fivefold_automatic() {
    let g = shuffled(Ruleset::OFFICIAL, 1);
    assert_eq!(g.repetitions(), 2);
    assert!(g.claimable().is_empty());
    let g = shuffled(Ruleset::OFFICIAL, 2);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable(), [Claim::Repetition]);
    assert_eq!(g.end(), None);
    let g = shuffled(Ruleset::OFFICIAL, 4);
    assert_eq!(g.repetitions(), 5);
    assert_eq!(g.end(), ended(DRAW, Termination::Repetition));
    // Claim with the move that repeats (FIDE 9.2.1.1).
    let mut g = shuffled(Ruleset::OFFICIAL, 1);
    for text in &SHUFFLE[..3] {
        let m = uci::parse_move(g.position(), text).unwrap();
        g.play(m).unwrap();
    }
    let last = uci::parse_move(g.position(), SHUFFLE[3]).unwrap();
    assert_eq!(g.claimable_after(last), [Claim::Repetition]);
    // Competition and traditional: claim only, never automatic.
    let g = shuffled(Ruleset::COMPETITION, 6);
    assert_eq!(g.end(), None);
    assert_eq!(g.claimable(), [Claim::Repetition]);
}

#[test]
fn fsf_threefold_is_automatic() {
    let mut moves = Vec::new();
    for _ in 0..2 {
        moves.extend(SHUFFLE);
    }
    let g = game("startpos", Ruleset::FSF, &moves);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.end(), ended(DRAW, Termination::Repetition));
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // The same placement with the other side to move is a different position.
    let g = game(
        "7k/8/8/8/8/8/8/KR6 w - - 0 1",
        Ruleset::OFFICIAL,
        &[
            "b1b2", "h8g8", "b2b1", "g8h8", "a1a2", "h8g8", "a2a1", "g8h8",
        ],
    );
    assert_eq!(g.repetitions(), 3);
    let g = game(
        "7k/8/8/8/8/8/8/KR6 w - - 0 1",
        Ruleset::OFFICIAL,
        &["b1b2", "h8g8", "b2b3", "g8h8", "b3b1"],
    );
    // Placement as at the start, but Black to move: first time for this position.
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn move_rules() {
    let quiet = "k7/8/1K6/8/8/8/8/7R w - - 99 80";
    let g = game(quiet, Ruleset::OFFICIAL, &["h1h2"]);
    assert_eq!(g.claimable(), [Claim::MoveRule]);
    assert_eq!(g.end(), None);
    let g = game(
        "k7/8/1K6/8/8/8/8/7R w - - 98 80",
        Ruleset::OFFICIAL,
        &["h1h2"],
    );
    assert!(g.claimable().is_empty());
    // 75 moves: automatic (official), but a mate on the 150th half-move stands.
    let g = game(
        "k7/8/1K6/8/8/8/8/7R w - - 149 100",
        Ruleset::OFFICIAL,
        &["h1h2"],
    );
    assert_eq!(g.end(), ended(DRAW, Termination::MoveRule));
    let g = game(
        "k7/8/1K6/8/8/8/8/7R w - - 149 100",
        Ruleset::OFFICIAL,
        &["h1h8"],
    );
    assert_eq!(g.end(), ended(WIN_WHITE, Termination::Checkmate));
    // fsf: 50 moves end the game by themselves.
    // (Black keeps a pawn: a bare king would end an fsf game at once.)
    let g = game("k7/7p/1K6/8/8/8/8/7R w - - 99 80", Ruleset::FSF, &["h1h2"]);
    assert_eq!(g.end(), ended(DRAW, Termination::MoveRule));
    // A capture or pawn move resets the count.
    let g = game(
        "k7/8/1K6/8/8/8/7p/7R w - - 99 80",
        Ruleset::OFFICIAL,
        &["h1h2"],
    );
    assert_eq!(g.position().halfmoves(), 0);
}

// ---- perpetual check (S4 ch.1 §5 二.1) ----

#[test]
fn perpetual_check_is_automatic_under_competition() {
    let fen = "7k/6p1/8/8/8/8/r7/4Q1K1 w - - 0 1";
    let mut moves = vec!["e1e8"];
    for _ in 0..2 {
        moves.extend(["h8h7", "e8e4", "h7h8", "e4e8"]);
    }
    let g = game(fen, Ruleset::COMPETITION, &moves);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.end(), ended(DRAW, Termination::PerpetualCheck));
    let g = game(fen, Ruleset::OFFICIAL, &moves);
    assert_eq!(g.end(), None, "official: a claim, not automatic");
    assert_eq!(g.claimable(), [Claim::Repetition]);
    // Repetition without every move of one side checking is not perpetual check.
    let g = game(
        "7k/6p1/8/8/8/8/r7/4Q1K1 w - - 0 1",
        Ruleset::COMPETITION,
        &[
            "e1e2", "a2a1", "e2e1", "a1a2", "e1e2", "a2a1", "e2e1", "a1a2",
        ],
    );
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.end(), None);
}

// ---- the regional king option (S2, second article) ----

#[test]
fn king_moves_only_in_check() {
    let r = Ruleset {
        king_moves_only_in_check: true,
        ..Ruleset::OFFICIAL
    };
    let quiet = pos("k7/8/8/8/8/8/8/K6R w - - 0 1", r);
    assert!(
        quiet
            .legal_moves()
            .iter()
            .all(|m| m.role != shatar_rules::Role::King)
    );
    assert_eq!(
        quiet.legal_moves().len(),
        13,
        "rook moves only: h2-h8 (7) and g1-b1 (6)"
    );
    let in_check = pos("k7/8/8/8/8/8/8/K6r w - - 0 1", r);
    assert_eq!(uci_moves(&in_check), ["a1a2", "a1b2"]);
    // Not in any preset.
    for p in Preset::ALL {
        assert!(!p.ruleset().king_moves_only_in_check);
    }
}

// ---- custom ruleset files ----

#[test]
fn custom_ruleset_files() {
    let dir = std::env::temp_dir().join(format!("shatar-ruleset-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("horse-void.toml");
    std::fs::write(
        &good,
        "base = \"official\"\nhorse-mate = \"draw\"\nbare-king = \"draw\"\n",
    )
    .unwrap();
    let r = Ruleset::from_name_or_path(good.to_str().unwrap()).unwrap();
    assert_eq!(r.horse_mate, shatar_rules::ruleset::MateRule::Draw);
    let g = game(SMOTHERED, r, &["g5f7"]);
    assert_eq!(
        g.end().map(|e| e.termination),
        Some(Termination::VoidMate(VoidMate::Horse))
    );
    let json = dir.join("fsf-like.json");
    std::fs::write(&json, r#"{"base": "fsf", "horse-mate": "counts"}"#).unwrap();
    let r = Ruleset::from_name_or_path(json.to_str().unwrap()).unwrap();
    let g = game(SMOTHERED, r, &["g5f7"]);
    assert_eq!(
        g.end().map(|e| e.outcome),
        Some(WIN_WHITE),
        "a horse mate is a shak, so it counts"
    );
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "base = \"official\"\nhorse-mate = \"maybe\"\n").unwrap();
    let e = Ruleset::from_name_or_path(broken.to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("maybe") && e.contains("line 2"), "{e}");
    let e = Ruleset::from_name_or_path(dir.join("missing.toml").to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot read ruleset file"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
