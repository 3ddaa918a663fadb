//! PGN output of match games through the records library: the movetext is SAN, the tags
//! are the records' (the seven-tag roster, `Ruleset`, `Variant` for `fsf`, `FEN`/`SetUp`
//! for a set start, `Opening`), plus `Termination` and the `UciVariant` the engines were
//! given.

use crate::match_runner::referee::PlayedGame;
use shatar_records::{MoveNode, Record, names, pgn::write_pgn};

/// The record of one match game.
pub fn record_of(g: &PlayedGame, event: &str, round: usize, variant: &str) -> Record {
    let mut record = Record::new(*g.initial.ruleset());
    record.initial = g.initial.clone();
    record.moves = g.moves.iter().map(|&m| MoveNode::new(m)).collect();
    record.tags.set("Event", event);
    record.tags.set("Site", "?");
    record.tags.set("Round", round.to_string());
    record.tags.set("White", g.white.clone());
    record.tags.set("Black", g.black.clone());
    // The referee's result: it also covers time losses and faults, which the rules alone
    // do not see in the moves.
    record.tags.set("Result", g.result.outcome.pgn());
    record.tags.set(names::TERMINATION, g.result.reason.clone());
    record.tags.set("UciVariant", variant);
    record
}

/// The PGN text of one game (SAN movetext, record tags).
pub fn write_game(g: &PlayedGame, event: &str, round: usize, variant: &str) -> String {
    let mut text = write_pgn(&record_of(g, event, round, variant));
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::referee::GameResult;
    use shatar_records::pgn::read_pgn;
    use shatar_rules::outcome::Outcome;
    use shatar_rules::{Color, Position, Ruleset, fen, uci};

    fn game(ruleset: Ruleset, start: &str, moves: &[&str], result: GameResult) -> PlayedGame {
        let initial = fen::read(start, ruleset).unwrap();
        let mut pos = initial.clone();
        let mut played = Vec::new();
        for text in moves {
            let m = uci::parse_move(&pos, text).unwrap();
            pos.play_unchecked(m);
            played.push(m);
        }
        PlayedGame {
            initial,
            moves: played,
            white: "one".into(),
            black: "two \"quoted\"".into(),
            result,
            think: Default::default(),
        }
    }

    #[test]
    fn official_game_is_written_in_san_and_reads_back() {
        // A fool's-mate-like game under the official rules: Qh5xf7 mates (S1 §5.1).
        let moves = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
        let g = game(
            Ruleset::OFFICIAL,
            "startpos",
            &moves,
            GameResult {
                outcome: Outcome::Decisive {
                    winner: Color::White,
                },
                reason: "checkmate".into(),
                fault: None,
            },
        );
        let text = write_game(&g, "test match", 3, "shatar-official");
        assert!(
            text.contains("\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"),
            "{text}"
        );
        assert!(text.contains("[Round \"3\"]"), "{text}");
        assert!(text.contains("[Black \"two \\\"quoted\\\"\"]"), "{text}");
        assert!(text.contains("[Ruleset \"official\"]"), "{text}");
        assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
        assert!(!text.contains("[FEN"), "{text}");
        let file = read_pgn(&text, Ruleset::FSF);
        assert!(file.errors.is_empty(), "{:?}", file.errors);
        let [record] = file.records.as_slice() else {
            panic!("one game expected: {text}");
        };
        assert_eq!(record.ruleset, Ruleset::OFFICIAL);
        assert_eq!(record.result(), "1-0");
        let replayed: Vec<String> = record
            .moves
            .iter()
            .map(|n| uci::write(&n.mv, &record.ruleset))
            .collect();
        assert_eq!(replayed, moves);
        assert_eq!(record.tags.get("White"), Some("one"));
        assert_eq!(record.tags.get("Black"), Some("two \"quoted\""));
    }

    #[test]
    fn fsf_game_from_a_set_position_keeps_fen_and_result_of_a_time_loss() {
        // From an opening position (Black to move), a game lost on time: the result is the
        // referee's, not one the moves show.
        let start = "rn1jkbnr/ppp1p2p/5pp1/1N1p4/3P4/1P3N1b/P1P1PPPP/R1BJKB1R b - - 1 4";
        let moves = ["h3d7", "b5c3", "e7e6"];
        let g = game(
            Ruleset::FSF,
            start,
            &moves,
            GameResult {
                outcome: Outcome::Decisive {
                    winner: Color::Black,
                },
                reason: "white loses on time".into(),
                fault: None,
            },
        );
        let text = write_game(&g, "e", 1, "shatar");
        assert!(text.contains(&format!("[FEN \"{start}\"]")), "{text}");
        assert!(text.contains("[Variant \"Shatar\"]"), "{text}");
        assert!(text.contains("\n4... Bd7 5. Nc3 e6 0-1\n"), "{text}");
        let file = read_pgn(&text, Ruleset::OFFICIAL);
        let [record] = file.records.as_slice() else {
            panic!("one game expected: {text} {:?}", file.errors);
        };
        assert_eq!(record.ruleset, Ruleset::FSF);
        assert_eq!(fen::write(&record.initial), start);
        assert_eq!(record.result(), "0-1");
        let mut pos: Position = record.initial.clone();
        for (node, expected) in record.moves.iter().zip(moves) {
            assert_eq!(uci::write(&node.mv, pos.ruleset()), expected);
            pos.play_unchecked(node.mv);
        }
        assert_eq!(record.moves.len(), moves.len());
    }
}
