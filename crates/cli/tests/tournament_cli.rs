//! `shatar tournament` writing commands on one event file: changes made at the same time
//! are all kept.

use std::path::{Path, PathBuf};
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

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shatar-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// A 20-player round robin in registration order, round 1 paired: the Berger table's
/// first round is 1-20, 2-19, …, 10-11 on boards 1-10.
fn twenty_players(dir: &Path) -> PathBuf {
    let event = dir.join("rr20.json");
    let run = |args: &[&str]| {
        let (ok, _, err) = shatar(args);
        assert!(ok, "{args:?}: {err}");
    };
    run(&[
        "tournament",
        "new",
        s(&event),
        "--name",
        "Twenty",
        "--system",
        "round-robin",
        "--no-draw",
    ]);
    for i in 1..=20 {
        run(&[
            "tournament",
            "add-player",
            s(&event),
            "--name",
            &format!("P{i}"),
        ]);
    }
    run(&["tournament", "start", s(&event)]);
    run(&["tournament", "pair", s(&event)]);
    event
}

/// Ten `result` commands at once on the ten boards of one round: every one is kept.
#[test]
fn parallel_results_are_all_kept() {
    let dir = scratch("parallel");
    let event = twenty_players(&dir);
    // All ten are started before any is waited for.
    let handles: Vec<std::process::Child> = (1..=10u32)
        .map(|w| {
            Command::new(env!("CARGO_BIN_EXE_shatar"))
                .args([
                    "tournament",
                    "result",
                    s(&event),
                    "--round",
                    "1",
                    "--white",
                    &w.to_string(),
                    "--black",
                    &(21 - w).to_string(),
                    "1-0",
                ])
                .stdout(std::process::Stdio::null())
                .spawn()
                .expect("spawns")
        })
        .collect();
    for mut h in handles {
        assert!(h.wait().expect("waits").success());
    }
    let text = std::fs::read_to_string(&event).expect("event file");
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    let pairings = value["event"]["rounds"][0]["pairings"]
        .as_array()
        .expect("pairings");
    assert_eq!(pairings.len(), 10);
    for p in pairings {
        assert_eq!(
            p["games"],
            serde_json::json!([{"kind": "white-wins"}]),
            "{p}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `result` with the arguments of one pairing of round `round`.
fn result(
    event: &Path,
    round: u32,
    white: u32,
    black: u32,
    rest: &[&str],
) -> (bool, String, String) {
    let (round, white, black) = (round.to_string(), white.to_string(), black.to_string());
    let mut args = vec![
        "tournament",
        "result",
        s(event),
        "--round",
        &round,
        "--white",
        &white,
        "--black",
        &black,
    ];
    args.extend_from_slice(rest);
    shatar(&args)
}

/// The games of round `round`, board `board` in the event file.
fn games_on(event: &Path, round: usize, board: usize) -> serde_json::Value {
    let text = std::fs::read_to_string(event).expect("event file");
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    value["event"]["rounds"][round - 1]["pairings"][board - 1]["games"].clone()
}

/// Colours reversed, the same result again, a different one with and without --replace.
#[test]
fn result_checks_colours_and_asks_before_replacing() {
    let dir = scratch("replace");
    let event = twenty_players(&dir);
    let before = std::fs::read_to_string(&event).expect("event file");

    // Board 4 of round 1 is 4-17.
    let (ok, _, err) = result(&event, 1, 17, 4, &["1-0"]);
    assert!(!ok);
    assert!(
        err.contains("round 1 board 4 is 4 (White) – 17 (Black); give --white 4 --black 17"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&event).expect("event file"), before);

    let (ok, out, err) = result(&event, 1, 4, 17, &["1-0"]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "round 1 board 4, 4 (White) – 17 (Black): 1-0 entered\n"
    );

    let (ok, out, err) = result(&event, 1, 4, 17, &["1-0"]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "round 1 board 4, 4 (White) – 17 (Black): 1-0 was already entered; nothing changed\n"
    );

    let (ok, _, err) = result(&event, 1, 4, 17, &["0-1"]);
    assert!(!ok);
    assert!(
        err.contains("round 1 board 4 already has the result 1-0; give --replace to change it"),
        "{err}"
    );
    assert_eq!(
        games_on(&event, 1, 4),
        serde_json::json!([{"kind": "white-wins"}])
    );

    // The rest of round 1, then round 2 is paired.
    for w in (1..=10u32).filter(|w| *w != 4) {
        let (ok, _, err) = result(&event, 1, w, 21 - w, &["1/2"]);
        assert!(ok, "{err}");
    }
    let (ok, _, err) = shatar(&["tournament", "pair", s(&event)]);
    assert!(ok, "{err}");

    let (ok, _, err) = result(&event, 1, 4, 17, &["0-1"]);
    assert!(!ok);
    assert!(
        err.contains(
            "round 1 board 4 already has the result 1-0 (round 2 was paired after round 1); give --replace to change it"
        ),
        "{err}"
    );
    let (ok, out, err) = result(&event, 1, 4, 17, &["--replace", "0-1"]);
    assert!(ok, "{err}");
    assert_eq!(
        out,
        "round 1 board 4, 4 (White) – 17 (Black): 0-1 entered (was 1-0)\n\
         note: round 2 was paired while the previous result stood; their pairings stay as they are\n"
    );
    assert_eq!(
        games_on(&event, 1, 4),
        serde_json::json!([{"kind": "black-wins"}])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The double forfeit, typed as a flag or as `--` after the `--` separator.
#[test]
fn result_takes_the_double_forfeit() {
    let dir = scratch("double-forfeit");
    let event = twenty_players(&dir);
    // Boards 5 and 6 of round 1 are 5-16 and 6-15.
    let (ok, out, err) = result(&event, 1, 5, 16, &["--double-forfeit"]);
    assert!(ok, "{err}");
    assert_eq!(out, "round 1 board 5, 5 (White) – 16 (Black): -- entered\n");
    let (ok, out, err) = result(&event, 1, 6, 15, &["--", "--"]);
    assert!(ok, "{err}");
    assert_eq!(out, "round 1 board 6, 6 (White) – 15 (Black): -- entered\n");
    for board in [5, 6] {
        assert_eq!(
            games_on(&event, 1, board),
            serde_json::json!([{"kind": "double-forfeit"}])
        );
    }
    // A flag and a result at once is refused.
    let (ok, _, err) = result(&event, 1, 7, 14, &["--double-forfeit", "1-0"]);
    assert!(!ok);
    assert!(err.contains("--double-forfeit"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A round robin of `n` players P1… in registration order, the draw made, nothing paired.
fn round_robin(dir: &Path, n: u32) -> PathBuf {
    let event = dir.join(format!("rr{n}.json"));
    let run = |args: &[&str]| {
        let (ok, _, err) = shatar(args);
        assert!(ok, "{args:?}: {err}");
    };
    run(&[
        "tournament",
        "new",
        s(&event),
        "--name",
        "Round robin",
        "--system",
        "round-robin",
        "--no-draw",
    ]);
    for i in 1..=n {
        run(&[
            "tournament",
            "add-player",
            s(&event),
            "--name",
            &format!("P{i}"),
        ]);
    }
    run(&["tournament", "start", s(&event)]);
    event
}

fn withdraw(event: &Path, entrant: u32) -> String {
    let (ok, out, err) = shatar(&[
        "tournament",
        "withdraw",
        s(event),
        "--entrant",
        &entrant.to_string(),
    ]);
    assert!(ok, "{err}");
    out
}

/// After the draw, before play, with an even remainder: the draw is made again
/// (docs/competition.md §4), and the output gives the new numbers.
#[test]
fn withdrawal_before_play_prints_the_new_draw() {
    let dir = scratch("withdraw-redraw");
    let event = round_robin(&dir, 5);
    let (ok, _, err) = shatar(&["tournament", "pair", s(&event)]);
    assert!(ok, "{err}");
    assert_eq!(
        withdraw(&event, 3),
        "3 P3 withdrawn after the draw, before play: removed, and the draw made again for the 4 remaining entrants (3 rounds):\n   \
         1  P1\n   2  P2\n   3  P4\n   4  P5\n\
         the pairings of round 1 were cleared; pair it again\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// After the draw, before play, with an odd remainder: the draw stands.
#[test]
fn withdrawal_before_play_with_an_odd_remainder_keeps_the_draw() {
    let dir = scratch("withdraw-keep");
    let event = round_robin(&dir, 6);
    let (ok, _, err) = shatar(&["tournament", "pair", s(&event)]);
    assert!(ok, "{err}");
    assert_eq!(
        withdraw(&event, 6),
        "6 P6 withdrawn after the draw, before play: the draw stands, with number 6 the bye in every round\n\
         the pairings of round 1 were cleared; pair it again\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Berger 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1. Player 4 leaves with round 3 paired,
/// after two of three games: the results stand and the round-3 game is forfeited.
#[test]
fn withdrawal_during_play_names_the_forfeited_game() {
    let dir = scratch("withdraw-forfeit");
    let event = round_robin(&dir, 4);
    for (round, pairs) in [(1, [(1, 4), (2, 3)]), (2, [(4, 3), (1, 2)])] {
        let (ok, _, err) = shatar(&["tournament", "pair", s(&event)]);
        assert!(ok, "{err}");
        for (w, b) in pairs {
            let (ok, _, err) = result(&event, round, w, b, &["1/2"]);
            assert!(ok, "{err}");
        }
    }
    let (ok, _, err) = shatar(&["tournament", "pair", s(&event)]);
    assert!(ok, "{err}");
    assert_eq!(
        withdraw(&event, 4),
        "4 P4 withdrawn: the results played stand, the remaining games are lost by forfeit\n\
         round 3 board 1, 2 (White) – 4 (Black): +- by forfeit\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
