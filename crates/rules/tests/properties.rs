//! Invariants over random games in every ruleset (proptest): the incremental Zobrist key
//! equals the recomputed one, FEN write → read is the identity, no legal move leaves the
//! mover's king attacked, undoing moves restores the position, and the null move agrees with
//! the position read back with the turn flipped. The step-back rulesets play from the start
//! and from a set-up where pawns of both sides are about to reach their last rank, so games
//! go through returning pawns and both kinds of bers.

use proptest::prelude::*;
use shatar_rules::{Game, Position, Preset, Role, Ruleset, fen};

/// Pawns of both sides one step from their last rank.
const PAWNS_ARRIVING: &str = "7k/PPP5/8/8/8/8/5ppp/K7 w - - 0 1";

fn start() -> impl Strategy<Value = Position> {
    let step_back = |base: &str| {
        Ruleset::from_toml_str(&format!("base = \"{base}\"\nlast-rank = \"step-back\""))
            .expect("a step-back ruleset")
    };
    let mut starts: Vec<Position> = Preset::ALL
        .iter()
        .map(|p| Position::start(p.ruleset()))
        .collect();
    for ruleset in [step_back("official"), step_back("traditional")] {
        starts.push(Position::start(ruleset));
        starts.push(fen::read(PAWNS_ARRIVING, ruleset).expect("a legal set-up"));
    }
    prop::sample::select(starts)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(start in start(), choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let ruleset = *start.ruleset();
        let mut game = Game::from_position(start);
        let mut fens = vec![fen::write(game.position())];
        for choice in choices {
            let pos = game.position().clone();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                let after = pos.after(*m);
                // The mover's king is not attacked after any legal move.
                let king = after.board().king_of(pos.turn()).expect("king");
                prop_assert!(after.attackers_to(king, after.turn(), after.board().occupied()).is_empty(), "{} leaves the king attacked in {}", m, fen::write(&pos));
                prop_assert_ne!(m.capture, Some(Role::King));
            }
            let m = moves[usize::from(choice) % moves.len()];
            game.play_unchecked(m);
            let now = game.position();
            prop_assert_eq!(now.zobrist(), now.zobrist_from_scratch());
            let text = fen::write(now);
            let reread = fen::read(&text, ruleset).expect("our own FEN reads back");
            prop_assert_eq!(&reread, now, "FEN {}", text);
            // A null move is offered exactly when the side to move is not in check and the
            // first round is over; it equals the position read back with the turn flipped.
            match now.null_move() {
                Some(passed) => {
                    prop_assert!(!now.is_check());
                    prop_assert_eq!(passed.zobrist(), passed.zobrist_from_scratch());
                    let flipped = fen::write(&passed);
                    let reread = fen::read(&flipped, ruleset).expect("passed position reads");
                    prop_assert_eq!(reread.zobrist(), passed.zobrist());
                    prop_assert_eq!(reread.legal_moves(), passed.legal_moves(), "FEN {}", flipped);
                }
                None => prop_assert!(now.is_check() || now.first_round() != shatar_rules::FirstRoundState::Over),
            }
            fens.push(text);
        }
        // Undo all the way back.
        while game.undo().is_some() {
            fens.pop();
            prop_assert_eq!(&fen::write(game.position()), fens.last().expect("start"));
        }
    }
}
