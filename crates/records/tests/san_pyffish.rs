//! Our SAN against pyffish's `get_san` on random positions (`tests/data/san_*.txt`, written
//! by `scripts/records_san_vectors.py`): the same legal moves, the same text for each
//! (minimal disambiguation, `+`, `#`, `=J`/`=Q`), and pyffish's text reads back to the move.

use shatar_records::{Lang, Notation, parse_move, write_move};
use shatar_rules::{Ruleset, fen, outcome, uci};

fn check_file(name: &str, ruleset: Ruleset) -> (usize, usize) {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut positions, mut moves, mut bare_checks) = (0, 0, 0);
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (fen_text, pairs) = line.split_once(" | ").unwrap();
        let pos = fen::read(fen_text, ruleset).unwrap_or_else(|e| panic!("{name}:{}: {e}", n + 1));
        let mut ours: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| uci::write(m, &ruleset))
            .collect();
        ours.sort();
        let mut theirs = Vec::new();
        for pair in pairs.split("; ") {
            let (u, san) = pair.split_once(' ').unwrap();
            theirs.push(u.to_owned());
            let m = uci::parse_move(&pos, u).unwrap();
            let written = write_move(&pos, &m, Notation::San, Lang::En);
            // Fairy-Stockfish marks `#` a check that leaves a bare king, because the game is
            // over there (bare-king draw); it is no mate, and we write `+`.
            let bare_check = written.ends_with('+')
                && outcome::bare_king(&pos.after(m)).is_some()
                && san == format!("{}#", &written[..written.len() - 1]);
            assert!(
                written == san || bare_check,
                "{name}:{}: {fen_text} {u}: ours {written}, pyffish {san}",
                n + 1
            );
            bare_checks += usize::from(bare_check);
            assert_eq!(parse_move(&pos, san).unwrap(), m, "{name}:{}: {san}", n + 1);
            moves += 1;
        }
        theirs.sort();
        assert_eq!(ours, theirs, "{name}:{}: legal moves of {fen_text}", n + 1);
        positions += 1;
    }
    assert!(bare_checks * 100 < moves, "{bare_checks}");
    (positions, moves)
}

#[test]
fn san_matches_pyffish_fsf() {
    let (positions, moves) = check_file("san_fsf.txt", Ruleset::FSF);
    assert!(positions >= 2000, "{positions}");
    assert!(moves > 10 * positions, "{moves}");
}

#[test]
fn san_matches_pyffish_official() {
    let (positions, moves) = check_file("san_official.txt", Ruleset::OFFICIAL);
    assert!(positions >= 2000, "{positions}");
    assert!(moves > 10 * positions, "{moves}");
}
