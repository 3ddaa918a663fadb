//! The match runner's referee against a tiny fake engine (`tests/data/fake_engine.sh`):
//! repetition by the rules, illegal moves, crashes, hangs and time losses are all reported.

use shatar_engine_tools::match_runner::{
    self, Adjudication, EngineSpec, Fault, MatchConfig, ThinkStats, TimeControl, pgn, referee,
};
use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Position, Ruleset};

fn fake(mode: &str) -> EngineSpec {
    EngineSpec {
        command: format!(
            "{}/tests/data/fake_engine.sh {mode}",
            env!("CARGO_MANIFEST_DIR")
        ),
        name: mode.to_owned(),
        options: Vec::new(),
    }
}

fn play(white: &str, black: &str, tc: &str) -> referee::PlayedGame {
    let adj = Adjudication {
        hang_ms: 1500,
        ..Adjudication::default()
    };
    referee::play_game(
        &Position::start(Ruleset::FSF),
        [&fake(white), &fake(black)],
        &tc.parse::<TimeControl>().unwrap(),
        &adj,
        None,
    )
}

#[test]
fn shuffling_draws_by_threefold_repetition() {
    // fsf: threefold repetition is automatic (docs/rules.md §5). The start position recurs after
    // plies 4 and 8.
    let g = play("shuffle", "shuffle", "depth=1");
    assert_eq!(g.result.outcome, Outcome::Draw);
    assert_eq!(g.result.reason, "repetition");
    assert_eq!(g.moves.len(), 8);
    assert_eq!(g.result.fault, None);
    // Four moves a side, each reporting depth 7.
    for side in g.think {
        assert_eq!((side.moves, side.depth_moves, side.depth_sum), (4, 4, 28));
        assert_eq!(side.mean_depth(), Some(7.0));
        assert_eq!(side.median_depth(), Some(7));
    }
}

/// The median depth is not pulled by a mate searched to an engine's depth limit, as the
/// mean is; two games' counts add up.
#[test]
fn median_depth_resists_depth_limit_outliers() {
    let mut one = ThinkStats::default();
    assert_eq!(one.median_depth(), None);
    for d in [12, 10, 245] {
        one.record(100, Some(d));
    }
    one.record(100, None);
    assert_eq!(one.mean_depth(), Some(89.0));
    assert_eq!(one.median_depth(), Some(12));
    let mut two = ThinkStats::default();
    two.record(50, Some(300));
    two.record(50, Some(9));
    one.add(&two);
    // 9, 10, 12, 245, 255 (300 counts as 255).
    assert_eq!(one.median_depth(), Some(12));
    assert_eq!(one.depth_counts[255], 1);
    two.record(50, Some(8));
    // 8, 9, 300: the middle one.
    assert_eq!(two.median_depth(), Some(9));
    two.record(50, Some(11));
    // An even count takes the lower middle: 8, 9 | 11, 300.
    assert_eq!(two.median_depth(), Some(9));
}

#[test]
fn illegal_move_loses() {
    let g = play("shuffle", "illegal", "depth=1");
    assert_eq!(
        g.result.outcome,
        Outcome::Decisive {
            winner: Color::White
        }
    );
    assert_eq!(g.result.fault, Some(Fault::IllegalMove));
    assert!(g.result.reason.contains("e2e5"), "{}", g.result.reason);
    assert_eq!(g.moves.len(), 1);
}

#[test]
fn crash_loses() {
    let g = play("crash", "shuffle", "depth=1");
    assert_eq!(
        g.result.outcome,
        Outcome::Decisive {
            winner: Color::Black
        }
    );
    assert_eq!(g.result.fault, Some(Fault::Crash));
}

#[test]
fn hang_loses() {
    let g = play("shuffle", "hang", "nodes=100");
    assert_eq!(
        g.result.outcome,
        Outcome::Decisive {
            winner: Color::White
        }
    );
    assert_eq!(g.result.fault, Some(Fault::Hang));
}

#[test]
fn time_loss() {
    // 0.2 s for the game; the slow engine thinks 2 s on its first move.
    let g = play("shuffle", "slow", "0.2+0");
    assert_eq!(
        g.result.outcome,
        Outcome::Decisive {
            winner: Color::White
        }
    );
    assert_eq!(g.result.fault, Some(Fault::TimeLoss));
    assert!(g.result.reason.contains("on time"), "{}", g.result.reason);
}

#[test]
fn match_counts_faults_pairs_colours_and_writes_pgn() {
    let cfg = MatchConfig {
        engines: [fake("shuffle"), fake("illegal")],
        games: 4,
        tc: TimeControl::Depth(1),
        ruleset: Ruleset::FSF,
        openings: Vec::new(),
        concurrency: 2,
        sprt: None,
        adjudication: Adjudication::default(),
        variant: None,
    };
    let mut pgns = Vec::new();
    let report = match_runner::run_match(&cfg, &mut |g, _| {
        pgns.push(pgn::write_game(&g.game, "test", g.number, "shatar"));
    });
    // With White the illegal engine fails at once; with Black after one move.
    assert_eq!(report.wdl.wins, 4);
    assert_eq!(report.faults2, 4);
    assert_eq!(report.faults1, 0);
    assert_eq!(report.elo, None);
    // The records library's tags (`Variant "Shatar"` as Fairy-Stockfish tools write it)
    // and SAN movetext, read back by the same library.
    assert!(pgns.iter().all(|p| p.contains("[Variant \"Shatar\"]")
        && p.contains("[UciVariant \"shatar\"]")
        && p.contains("[Ruleset \"fsf\"]")
        && p.contains("illegal move")));
    let file = shatar_records::pgn::read_pgn(&pgns.concat(), Ruleset::OFFICIAL);
    assert!(file.errors.is_empty(), "{:?}", file.errors);
    assert_eq!(file.records.len(), 4);
    assert!(file.records.iter().all(|r| r.ruleset == Ruleset::FSF));
    let json = serde_json::to_string(&report).unwrap();
    assert!(json.contains("\"wins\":4"));
    // The shuffling engine moved once in each game it had White (reporting depth 7); the
    // illegal one's moves are not counted.
    assert_eq!(report.depth1, Some(7.0));
    assert_eq!(report.ms_per_move2, None);
    assert!(report.thinking().is_none());
}

#[test]
fn openings_file_is_read_with_line_numbers() {
    let text =
        "# comment\nrnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1\n\nnot a fen\n";
    let err = match_runner::read_openings(text, Ruleset::FSF).unwrap_err();
    assert!(err.to_string().contains("line 4"), "{err}");
    let ok = match_runner::read_openings(
        "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - -\n",
        Ruleset::FSF,
    )
    .unwrap();
    assert_eq!(ok.len(), 1);
}

/// The shipped opening files load under their rulesets, start after the first round, and
/// have moves to play.
#[test]
fn shipped_openings_are_playable() {
    use shatar_rules::position::FirstRoundState;
    for (file, rulesets) in [
        ("fsf.epd", vec![Ruleset::FSF]),
        (
            "official.epd",
            vec![Ruleset::OFFICIAL, Ruleset::COMPETITION],
        ),
        ("traditional.epd", vec![Ruleset::TRADITIONAL]),
    ] {
        let path = format!(
            "{}/../engine/data/openings/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        for r in rulesets {
            let list = match_runner::read_openings(&text, r).unwrap();
            assert_eq!(list.len(), 100, "{file}");
            for pos in &list {
                assert_eq!(pos.first_round(), FirstRoundState::Over);
                assert!(!pos.legal_moves().is_empty());
            }
        }
    }
}
