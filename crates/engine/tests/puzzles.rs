//! Mate puzzles per ruleset, including mates that do not count and a bare-king trap.
//!
//! Every position is hand-worked; the `fsf` verdicts were checked with Fairy-Stockfish 11.1
//! (`UCI_Variant shatar`, `go depth 10`) and pyffish `game_result` (noted per case).

use shatar_engine::{Engine, Limits, ScoreReport};
use shatar_rules::{Ruleset, fen, uci};

fn solve(ruleset: Ruleset, fen_text: &str, depth: u32) -> (String, ScoreReport) {
    let pos = fen::read(fen_text, ruleset).unwrap();
    let engine = Engine::new();
    let root = shatar_engine::SearchRoot::new(&pos, &[]);
    let last = std::sync::Mutex::new(None);
    let result = engine.search(
        &root,
        &Limits::depth(depth),
        Default::default(),
        Default::default(),
        &|info| *last.lock().unwrap() = Some(info.score),
    );
    let best = result.best.unwrap();
    assert!(pos.legal_moves().contains(&best));
    (
        uci::write(&best, &ruleset),
        last.into_inner().unwrap().unwrap(),
    )
}

const ALL: [Ruleset; 4] = [
    Ruleset::OFFICIAL,
    Ruleset::COMPETITION,
    Ruleset::TRADITIONAL,
    Ruleset::FSF,
];

/// Two rooks: 1.Ra7 and 2.Rb8# (or 1.Rb7 and 2.Ra8#), whatever Black plays (FSF:
/// `score mate 2 pv a2a7 c5c4 b1b8`). The black pawn keeps Black from a bare king where that is a draw.
#[test]
fn rook_ladder_mate_in_two_in_every_ruleset() {
    for r in ALL {
        let (best, score) = solve(r, "6k1/8/8/2p5/8/8/R7/1R4K1 w - - 0 1", 6);
        assert!(["a2a7", "b1b7"].contains(&best.as_str()), "{r:?}: {best}");
        assert_eq!(score, ScoreReport::Mate(2), "{r:?}");
    }
}

/// The smothered mate Nf7. It counts in `official`; in `traditional` a horse mate is void
/// (S2 说法2, S3), so the engine keeps its extra horse instead; in `fsf` it loses for
/// White (pyffish: `game_result` after e5f7 is +32000 for Black; FSF prefers e1f2).
#[test]
fn horse_mate_counts_is_void_or_loses_by_ruleset() {
    let fen_text = "6rk/6pp/8/4N3/8/8/8/R3K3 w - - 0 1";
    let (best, score) = solve(Ruleset::OFFICIAL, fen_text, 5);
    assert_eq!((best.as_str(), score), ("e5f7", ScoreReport::Mate(1)));
    for r in [Ruleset::TRADITIONAL, Ruleset::FSF] {
        let (best, score) = solve(r, fen_text, 7);
        assert_ne!(best, "e5f7", "{r:?}: the horse mate does not win");
        assert!(
            matches!(score, ScoreReport::Cp(cp) if cp > 0),
            "{r:?}: {score:?}"
        );
    }
}

/// A pawn mate without a shak in the series is void under the shak rule (pyffish:
/// `game_result` after g6g7 is 0), so only the rook mate Ra8# wins in `fsf`; in the
/// other rulesets both mate.
#[test]
fn shak_rule_needs_a_shak_in_the_series() {
    let fen_text = "7k/5K1p/6P1/8/8/8/8/R7 w - - 0 1";
    let (best, score) = solve(Ruleset::FSF, fen_text, 5);
    assert_eq!((best.as_str(), score), ("a1a8", ScoreReport::Mate(1)));
    for r in [Ruleset::OFFICIAL, Ruleset::TRADITIONAL] {
        let (best, score) = solve(r, fen_text, 5);
        assert!(["a1a8", "g6g7"].contains(&best.as_str()), "{r:?}: {best}");
        assert_eq!(score, ScoreReport::Mate(1), "{r:?}");
    }
}

/// The bare-king trap: taking Black's last man (Rxb2) ends the game drawn where the
/// bare-king rule applies (pyffish: `is_immediate_game_end` after b1b2 is a draw); the
/// engine keeps the horse alive and plays for mate (FSF: `a1a7`, +6.9).
#[test]
fn bare_king_trap_is_not_taken() {
    let fen_text = "7k/8/8/8/8/8/1n6/RR2K3 w - - 0 1";
    for r in [Ruleset::TRADITIONAL, Ruleset::FSF] {
        let (best, score) = solve(r, fen_text, 8);
        assert_ne!(best, "b1b2", "{r:?}");
        assert!(
            matches!(score, ScoreReport::Cp(cp) if cp > 200)
                || matches!(score, ScoreReport::Mate(n) if n > 0),
            "{r:?}: {score:?}"
        );
    }
    // Where a bare king plays on, taking the horse is simply winning material.
    let (_, score) = solve(Ruleset::OFFICIAL, fen_text, 8);
    assert!(
        matches!(score, ScoreReport::Cp(cp) if cp > 500)
            || matches!(score, ScoreReport::Mate(n) if n > 0)
    );
}

/// The step-back pawn (`last-rank = "step-back"`): the returning pawn on c8 steps back to
/// b7 and mates the king on a6, which it attacks backward (b7 attacks a6 and c6); b7 is
/// covered by the king on c6, a5 by the rook, b5 and b6 by the king, a7 by the camel. As a
/// weak bers (`c8b7j`) it mates too (its diagonal step reaches a6, its rank a7). Nothing
/// else mates at once: only the pawn's step.
#[test]
fn a_returning_pawn_steps_back_to_mate() {
    let ruleset = Ruleset::from_toml_str("base = \"official\"\nlast-rank = \"step-back\"").unwrap();
    let (best, score) = solve(ruleset, "2P~5/8/k1K5/7R/3B4/8/8/8 w - - 0 1", 4);
    assert!(["c8b7", "c8b7j"].contains(&best.as_str()), "{best}");
    assert_eq!(score, ScoreReport::Mate(1));
}
