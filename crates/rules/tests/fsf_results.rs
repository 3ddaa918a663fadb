//! Game results under `fsf` against Fairy-Stockfish: every game in
//! `tests/data/fsf-results.txt` (made by `scripts/fsf_results.py` with pyffish) must replay
//! with no end before its last move and end exactly there, with Fairy-Stockfish's result.
//! This covers the shak rule (*niol*), horse mates that lose, the bare king, stalemate,
//! threefold repetition and the fifty-move rule.

use shatar_rules::outcome::Termination;
use shatar_rules::{Game, Ruleset, fen, uci};

#[test]
fn fsf_game_results_match_fairy_stockfish() {
    let data = include_str!("data/fsf-results.txt");
    let mut checked = 0;
    let mut by_termination = std::collections::BTreeMap::<String, usize>::new();
    for (n, line) in data
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [start, moves, result, how] = fields[..] else {
            panic!("line {}: expected 4 fields", n + 1)
        };
        let mut game = Game::from_position(
            fen::read(start, Ruleset::FSF).unwrap_or_else(|e| panic!("line {}: {e}", n + 1)),
        );
        for (i, text) in moves.split_whitespace().enumerate() {
            assert_eq!(
                game.end(),
                None,
                "line {}: ended before move {} ({text})",
                n + 1,
                i + 1
            );
            let m = uci::parse_move(game.position(), text)
                .unwrap_or_else(|e| panic!("line {}: move {}: {e}", n + 1, i + 1));
            game.play(m).unwrap();
        }
        let end = game.end().unwrap_or_else(|| {
            panic!(
                "line {}: Fairy-Stockfish ends the game ({how}), we do not",
                n + 1
            )
        });
        assert_eq!(
            end.outcome.pgn(),
            result,
            "line {}: {} ({how})",
            n + 1,
            end.termination
        );
        let expected_kind = match end.termination {
            Termination::BareKing => "immediate",
            Termination::Checkmate | Termination::HorseMateLoss | Termination::VoidMate(_) => {
                "mate"
            }
            Termination::Stalemate => "stalemate",
            Termination::Repetition | Termination::MoveRule => "optional",
            other => panic!("line {}: unexpected termination {other}", n + 1),
        };
        assert_eq!(expected_kind, how, "line {}: {}", n + 1, end.termination);
        *by_termination
            .entry(end.termination.to_string())
            .or_default() += 1;
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} games");
    // The file must exercise the rules that make fsf special.
    for needed in [
        "checkmate",
        "mate by horse alone loses for the mating side",
        "mate without shak in the series of checks is void",
        "bare king",
        "repetition",
        "stalemate",
    ] {
        assert!(
            by_termination.get(needed).copied().unwrap_or(0) > 0,
            "no game ends by {needed}: {by_termination:?}"
        );
    }
}
