//! `shatar perft` from the outside: its interface lines and its errors.

use std::process::Command;

fn shatar(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shatar"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn nodes_searched_line_matches_fairy_stockfish() {
    // Fairy-Stockfish 11.1, UCI_Variant shatar, `go perft 4` from its start position.
    let (ok, out, _) = shatar(&[
        "perft",
        "--ruleset",
        "fsf",
        "--fen",
        "startpos",
        "--depth",
        "4",
    ]);
    assert!(ok);
    assert_eq!(
        out.trim_end().lines().last(),
        Some("Nodes searched: 177344")
    );
}

#[test]
fn divide_lists_each_root_move() {
    let (ok, out, _) = shatar(&["perft", "--ruleset", "official", "--depth", "3", "--divide"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    // 1.e4 e5 leaves 22 replies, 1.d4 d5 leaves 20 (Fairy-Stockfish, `shatarofficial`).
    assert_eq!(lines, ["d2d4: 20", "e2e4: 22", "", "Nodes searched: 42"]);
}

#[test]
fn moves_after_the_fen() {
    let (ok, out, _) = shatar(&[
        "perft", "--fen", "startpos", "--moves", "e2e4", "e7e5", "--depth", "2",
    ]);
    assert!(ok, "{out}");
    assert_eq!(out.trim_end(), "Nodes searched: 482");
}

#[test]
fn bad_arguments_fail_with_a_reason() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["perft", "--fen", "8/8/8 w - - 0 1", "--depth", "1"],
            "3 ranks",
        ),
        (
            &["perft", "--ruleset", "chess", "--depth", "1"],
            "unknown ruleset",
        ),
        (
            &["perft", "--moves", "e2e4", "g8f6", "--depth", "1"],
            "move 2",
        ),
        (
            &["perft", "--moves", "e2e5", "--depth", "1"],
            "illegal move",
        ),
        (&["perft", "--depth", "x"], "invalid value"),
    ];
    for (args, needle) in cases {
        let (ok, _, err) = shatar(args);
        assert!(!ok, "{args:?} should fail");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
