//! Plain PGN output of match games, with `Variant` and `Ruleset` tags. Moves are written in
//! long algebraic notation (`Ng1-f3`, `e2xd3`, `e7-e8=Q`), which needs no disambiguation.

use crate::match_runner::referee::PlayedGame;
use shatar_rules::{Color, Position, Preset, fen};
use std::fmt::Write;

/// The PGN text of one game.
pub fn write_game(g: &PlayedGame, event: &str, round: usize, variant: &str) -> String {
    let mut out = String::new();
    let ruleset = g.initial.ruleset();
    let ruleset_name = ruleset.preset().map_or("custom", Preset::name);
    let tags = [
        ("Event", event.to_owned()),
        ("Site", "?".to_owned()),
        ("Round", round.to_string()),
        ("White", g.white.clone()),
        ("Black", g.black.clone()),
        ("Result", g.result.outcome.pgn().to_owned()),
        ("Variant", variant.to_owned()),
        ("Ruleset", ruleset_name.to_owned()),
        ("Termination", g.result.reason.clone()),
    ];
    for (k, v) in tags {
        let _ = writeln!(
            out,
            "[{k} \"{}\"]",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    let start = Position::start(*ruleset);
    let initial_fen = fen::write(&g.initial);
    if initial_fen != fen::write(&start) {
        let _ = writeln!(out, "[SetUp \"1\"]");
        let _ = writeln!(out, "[FEN \"{initial_fen}\"]");
    }
    out.push('\n');
    let mut line = String::new();
    let mut number = g.initial.fullmoves();
    let mut turn = g.initial.turn();
    for (i, m) in g.moves.iter().enumerate() {
        let token = match turn {
            Color::White => format!("{number}. {m}"),
            Color::Black if i == 0 => format!("{number}... {m}"),
            Color::Black => m.to_string(),
        };
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
        if line.len() + token.len() + 1 > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(&token);
        line.push(' ');
    }
    line.push_str(g.result.outcome.pgn());
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
