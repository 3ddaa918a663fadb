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
