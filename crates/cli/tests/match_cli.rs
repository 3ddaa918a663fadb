//! `shatar match` from the outside: its closing lines, with a tiny fake engine that shuffles
//! its horses into a threefold repetition (the engine tools' `tests/data/fake_engine.sh`).

use std::process::Command;

#[test]
fn closing_lines_report_thinking_summary_and_json() {
    let fake = format!(
        "{}/../engine-tools/tests/data/fake_engine.sh shuffle",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_shatar"))
        .args([
            "match",
            "--engine1",
            &fake,
            "--engine2",
            &fake,
            "--ruleset",
            "fsf",
            "--games",
            "2",
            "--tc",
            "depth=1",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let n = lines.len();
    assert!(n >= 3, "{stdout}");
    // Each side plays four moves a game, each reporting depth 7.
    assert!(
        lines[n - 3].starts_with("thinking: engine1 ")
            && lines[n - 3].contains("depth 7.0 (median 7)"),
        "{}",
        lines[n - 3]
    );
    assert_eq!(
        lines[n - 2],
        "engine1 vs engine2: 2 games, +0 =2 -0, score 50.0%, Elo +0.0 (95% +0.0 .. +0.0)"
    );
    let json: serde_json::Value = serde_json::from_str(lines[n - 1]).expect("a JSON line");
    assert_eq!(json["games"], 2);
    assert_eq!(json["wdl"]["draws"], 2);
    assert_eq!(json["depth1"], 7.0);
    assert_eq!(json["depth2"], 7.0);
    assert_eq!(json["median_depth1"], 7);
    assert_eq!(json["median_depth2"], 7);
}
