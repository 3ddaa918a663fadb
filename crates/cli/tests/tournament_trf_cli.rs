//! `shatar tournament import-trf` on team files from the outside: a good file makes a
//! team event that exports to the same file; a refused file names its line and columns
//! and leaves the event file given with `--out --force` exactly as it was.

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

/// The hand-worked four-team event's export (see its .source).
fn teams4() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tournament/tests/data/teams4.trf");
    std::fs::read_to_string(p).expect("teams4.trf")
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shatar-trf-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn team_file_imports_and_exports_unchanged() {
    let dir = scratch("good");
    let trf = dir.join("teams4.trf");
    let event = dir.join("teams4.json");
    std::fs::write(&trf, teams4()).expect("write");
    let (ok, out, err) = shatar(&[
        "tournament",
        "import-trf",
        s(&trf),
        "--system",
        "round-robin",
        "--out",
        s(&event),
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim_end(),
        format!(
            "imported 4 teams, 12 players, 3 rounds into {}",
            event.display()
        )
    );
    let (ok, out, err) = shatar(&["tournament", "export-trf", s(&event)]);
    assert!(ok, "{err}");
    assert_eq!(out, teams4());
    // The standings of the hand-worked table: Alpha 5 match points, Beta and Gamma 3,
    // Delta 1.
    let (ok, out, err) = shatar(&["tournament", "standings", s(&event), "--format", "csv"]);
    assert!(ok, "{err}");
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert!(rows[0].contains("Alpha"), "{out}");
    assert!(rows[3].contains("Delta"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refused_team_files_leave_the_event_file_unchanged() {
    let dir = scratch("bad");
    let good = teams4();
    let trf = dir.join("teams4.trf");
    let event = dir.join("event.json");
    std::fs::write(&trf, &good).expect("write");
    let (ok, _, err) = shatar(&[
        "tournament",
        "import-trf",
        s(&trf),
        "--system",
        "round-robin",
        "--out",
        s(&event),
    ]);
    assert!(ok, "{err}");
    let before = std::fs::read(&event).expect("event file");
    let block = |text: &str, player: &str, new: &str| -> String {
        text.lines()
            .map(|l| {
                if l.starts_with(player) {
                    format!("{}{new}{}", &l[..91], &l[99..])
                } else {
                    l.to_owned()
                }
            })
            .map(|l| l + "\n")
            .collect()
    };
    // (the file, the error's "line L, columns C" and a part of its message).
    let cases: Vec<(String, &str, &str)> = vec![
        (
            good.replace("   2     4    5    6", "   2     4    5    3"),
            "TRF line 24, columns 84-87",
            "player 3 is listed for team 2 (Beta) and, on line 23, for team 1 (Alpha)",
        ),
        (
            good.replace("   4    10   11   12", "   4    10   11   13"),
            "TRF line 26, columns 84-87",
            "member 13 has no 001 player line",
        ),
        (
            {
                let t = block(&good, "001    2", "   8 b =");
                let t = block(&t, "001    8", "   2 w =");
                let t = block(&t, "001   11", "   5 w =");
                block(&t, "001    5", "  11 b =")
            },
            "TRF line 14, columns 92-99",
            "team 3 (Gamma) meets team 2 (Beta) through player 7 (line 13) and team 1 (Alpha) through player 8",
        ),
        (
            block(
                &block(&good, "001    1", "  10 b 0"),
                "001   10",
                "   1 w 1",
            ),
            "TRF line 8, columns 97",
            "352 (line 4) gives the first team WB",
        ),
        (
            good.replace("1750    5.0    4.0", "1750    6.0    4.0"),
            "TRF line 23, columns 55-60",
            "team 1 (Alpha): 310 gives 6 match points, the games give 5",
        ),
        (
            good.replace("1567    3.0    3.0", "1567    3.0    3.5"),
            "TRF line 24, columns 62-67",
            "team 2 (Beta): 310 gives 3.5 game points, the games give 3",
        ),
        (
            good.replace("1750    5.0    4.0", "1750    5.0    4.x"),
            "TRF line 23, columns 62-67",
            "game points \"4.x\" are not a number of points",
        ),
    ];
    for (text, place, message) in cases {
        assert_ne!(text, good, "{place}: the case changes the file");
        let bad = dir.join("bad.trf");
        std::fs::write(&bad, &text).expect("write");
        let (ok, _, err) = shatar(&[
            "tournament",
            "import-trf",
            s(&bad),
            "--system",
            "round-robin",
            "--out",
            s(&event),
            "--force",
        ]);
        assert!(!ok, "{place}: accepted");
        assert!(err.contains(place), "{place}: {err}");
        assert!(err.contains(message), "{message}: {err}");
        assert_eq!(
            std::fs::read(&event).expect("event file"),
            before,
            "{place}: the event file changed"
        );
        // No temporary file is left beside it.
        let left: Vec<String> = std::fs::read_dir(&dir)
            .expect("dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn fixture(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/data")
        .join(name);
    std::fs::read_to_string(p).expect("fixture")
}

/// A CR-only file imports (no silent empty event); a points column that differs from
/// the rounds is a warning, and with --strict a refusal that writes nothing; another
/// convention's board colours are said on import.
#[test]
fn import_reads_every_spelling_and_checks_points() {
    let dir = scratch("spellings");
    let cr = dir.join("cr.trf");
    std::fs::write(&cr, fixture("trf_plus_byes.trf").replace("\r\n", "\r")).expect("write");
    let event = dir.join("cr.json");
    let (ok, out, err) = shatar(&["tournament", "import-trf", s(&cr), "--out", s(&event)]);
    assert!(ok, "{err}");
    assert_eq!(
        out.trim_end(),
        format!("imported 3 players, 2 rounds into {}", event.display())
    );
    assert_eq!(err, "");

    let bad = dir.join("points.trf");
    std::fs::write(
        &bad,
        fixture("trf_blank_byes.trf").replace(
            "Player Two                                                         1.0",
            "Player Two                                                         1.5",
        ),
    )
    .expect("write");
    let warning = "line 4, columns 81-84: player 2 (Player Two) has 1.5 points in the file, 1 from the rounds read (round 1: 0.5, round 2: 0.5)";
    let lenient = dir.join("lenient.json");
    let (ok, _, err) = shatar(&["tournament", "import-trf", s(&bad), "--out", s(&lenient)]);
    assert!(ok, "{err}");
    assert_eq!(
        err.trim_end(),
        format!("warning: {}: {warning}", bad.display())
    );
    let strict = dir.join("strict.json");
    let (ok, _, err) = shatar(&[
        "tournament",
        "import-trf",
        s(&bad),
        "--out",
        s(&strict),
        "--strict",
    ]);
    assert!(!ok);
    assert!(err.contains(warning), "{err}");
    assert!(!strict.exists());

    let wbbw = dir.join("wbbw.trf");
    std::fs::write(&wbbw, fixture("trf_team_wbbw.trf")).expect("write");
    let teams = dir.join("wbbw.json");
    let (ok, out, err) = shatar(&[
        "tournament",
        "import-trf",
        s(&wbbw),
        "--system",
        "round-robin",
        "--out",
        s(&teams),
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().next(),
        Some(
            "note: rounds 1-1 keep the file's board colours WBBW (352 (line 4) gives the first team WBBW); rounds paired from now on give the first team White on odd boards"
        )
    );

    let empty = dir.join("empty.trf");
    std::fs::write(&empty, "012 Nothing\r").expect("write");
    let (ok, _, err) = shatar(&[
        "tournament",
        "import-trf",
        s(&empty),
        "--out",
        s(&event),
        "--force",
    ]);
    assert!(!ok);
    assert!(
        err.contains("none of the 1 line(s) read is a player line (001)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
