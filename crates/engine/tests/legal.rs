//! The engine always answers a legal move in any legal position, with any limit.

use proptest::prelude::*;
use shatar_engine::{Engine, Limits};
use shatar_rules::{Position, Ruleset};

const RULESETS: [Ruleset; 4] = [
    Ruleset::OFFICIAL,
    Ruleset::COMPETITION,
    Ruleset::TRADITIONAL,
    Ruleset::FSF,
];

/// A position reached by random legal moves from the start (the game may already be over
/// by the rules: the engine still answers a move while one is legal).
fn random_position(ruleset: Ruleset, choices: &[usize]) -> Position {
    let mut pos = Position::start(ruleset);
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c % moves.len()]);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn returns_a_legal_move(
        r in 0usize..4,
        choices in proptest::collection::vec(any::<usize>(), 0..120),
        nodes in 1u64..3000,
        depth in 1u32..5,
        by_nodes in any::<bool>(),
        skill in 0u32..=20,
        threads in 1usize..=2,
    ) {
        let pos = random_position(RULESETS[r], &choices);
        let limits = if by_nodes {
            Limits { nodes: Some(nodes), ..Limits::default() }
        } else {
            Limits::depth(depth)
        };
        let mut engine = Engine::new();
        engine.config.skill = f64::from(skill);
        engine.config.threads = threads;
        let result = engine.think(&pos, &limits);
        let legal = pos.legal_moves();
        match result.best {
            Some(m) => prop_assert!(legal.contains(&m)),
            None => prop_assert!(legal.is_empty()),
        }
    }

    #[test]
    fn returns_a_legal_move_with_almost_no_time(
        r in 0usize..4,
        choices in proptest::collection::vec(any::<usize>(), 0..80),
        wtime in 0u64..20,
    ) {
        let pos = random_position(RULESETS[r], &choices);
        let limits = Limits { wtime_ms: Some(wtime), btime_ms: Some(wtime), ..Limits::default() };
        let result = Engine::new().think(&pos, &limits);
        let legal = pos.legal_moves();
        match result.best {
            Some(m) => prop_assert!(legal.contains(&m)),
            None => prop_assert!(legal.is_empty()),
        }
    }
}
