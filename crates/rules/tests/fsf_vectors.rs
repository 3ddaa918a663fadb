//! Exactness against Fairy-Stockfish: perft counts (`go perft`, Fairy-Stockfish 11.1) and
//! full legal-move sets (pyffish) for the `fsf` ruleset and for `official` after its first
//! round, from `tests/data/fsf-*.txt`. The files name their source and how to regenerate
//! them (`scripts/fsf_vectors.py`); `scripts/fsf_vectors.py compare` re-checks live.

use shatar_rules::{Ruleset, fen, perft, uci};

fn vectors(data: &'static str) -> impl Iterator<Item = (usize, Vec<&'static str>)> {
    data.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(n, l)| (n + 1, l.split(';').map(str::trim).collect()))
}

fn check_perft(data: &'static str, ruleset: Ruleset) -> u64 {
    let mut failures = Vec::new();
    let mut total = 0;
    let mut count = 0;
    for (line, fields) in vectors(data) {
        let [fen_text, depth, nodes, kind] = fields[..] else {
            panic!("line {line}: expected 4 fields")
        };
        let pos = fen::read(fen_text, ruleset).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let depth: u32 = depth.parse().unwrap();
        let expected: u64 = nodes.parse().unwrap();
        let ours = perft(&pos, depth);
        if ours != expected {
            failures.push(format!("line {line} ({kind}) {fen_text} depth {depth}: ours {ours}, Fairy-Stockfish {expected}"));
        }
        total += expected;
        count += 1;
    }
    assert_no_mismatches(&failures);
    assert!(count >= 150, "only {count} vectors");
    total
}

/// Fails with every mismatch listed, not just the first.
fn assert_no_mismatches(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn check_legal(data: &'static str, ruleset: Ruleset) {
    let mut failures = Vec::new();
    let mut count = 0;
    for (line, fields) in vectors(data) {
        let [fen_text, moves] = fields[..] else {
            panic!("line {line}: expected 2 fields")
        };
        let pos = fen::read(fen_text, ruleset).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let mut ours: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| uci::write(m, &ruleset))
            .collect();
        ours.sort();
        let mut theirs: Vec<&str> = moves.split_whitespace().collect();
        theirs.sort();
        if ours != theirs {
            let only_ours: Vec<&String> = ours
                .iter()
                .filter(|m| !theirs.contains(&m.as_str()))
                .collect();
            let only_theirs: Vec<&&str> = theirs
                .iter()
                .filter(|m| !ours.iter().any(|o| o == *m))
                .collect();
            failures.push(format!(
                "line {line} {fen_text}: only ours {only_ours:?}, only pyffish {only_theirs:?}"
            ));
        }
        count += 1;
    }
    assert_no_mismatches(&failures);
    assert!(count >= 500, "only {count} positions");
}

#[test]
fn perft_fsf_matches_fairy_stockfish() {
    check_perft(include_str!("data/fsf-perft-fsf.txt"), Ruleset::FSF);
}

#[test]
fn perft_official_after_first_round_matches_fairy_stockfish() {
    check_perft(
        include_str!("data/fsf-perft-official.txt"),
        Ruleset::OFFICIAL,
    );
}

#[test]
fn legal_move_sets_fsf_match_pyffish() {
    check_legal(include_str!("data/fsf-legal-fsf.txt"), Ruleset::FSF);
}

#[test]
fn legal_move_sets_official_match_pyffish() {
    check_legal(
        include_str!("data/fsf-legal-official.txt"),
        Ruleset::OFFICIAL,
    );
}
