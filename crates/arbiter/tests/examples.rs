//! The example logs of `examples/arbiter/` replay to the results their cases are about.

use shatar_arbiter::replay;
use shatar_arbiter::summary::format_clock;
use std::path::PathBuf;

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/arbiter")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn result_of(name: &str) -> String {
    replay(&example(name))
        .unwrap()
        .result()
        .map_or("*".to_owned(), |r| r.to_string())
}

#[test]
fn seed_correction_example_prints_20_00_and_13_20() {
    let game = replay(&example("correction-example.jsonl")).unwrap();
    let s = game.summary();
    assert_eq!(format_clock(s.clocks.white.used_ms as i64), "20:00");
    assert_eq!(format_clock(s.clocks.black.used_ms as i64), "13:20");
    assert_eq!(
        (s.clocks.white.used_ms, s.clocks.black.used_ms),
        (1_200_000, 800_000)
    );
    let text = s.to_string();
    assert!(
        text.contains("white clock  20:00 used, 70:00 left"),
        "{text}"
    );
    assert!(
        text.contains("black clock  13:20 used, 76:40 left"),
        "{text}"
    );
    assert_eq!(s.moves.len(), 38);
    let kept = replay(&example("correction-last-two-rounds.jsonl"))
        .unwrap()
        .summary();
    assert_eq!(
        (kept.clocks.white.used_ms, kept.clocks.black.used_ms),
        (1_800_000, 1_200_000)
    );
}

#[test]
fn every_example_replays_to_its_case() {
    let cases = [
        ("readme-example.jsonl", "1/2-1/2 (draw agreed)"),
        ("correction-example.jsonl", "*"),
        ("correction-last-two-rounds.jsonl", "*"),
        (
            "flag-fall-bare-king-draw.jsonl",
            "1/2-1/2 (white's flag fell, but the opponent cannot mate)",
        ),
        (
            "flag-fall-horse-traditional.jsonl",
            "1/2-1/2 (black's flag fell, but the opponent cannot mate)",
        ),
        (
            "last-second-mate.jsonl",
            "1-0 (checkmate on the move that used the last of the time stands)",
        ),
        (
            "repetition-claims.jsonl",
            "1/2-1/2 (black's repetition claim granted)",
        ),
        ("offers.jsonl", "1/2-1/2 (draw agreed)"),
        ("third-violation.jsonl", "0-1 (white's third violation)"),
        ("perpetual-check.jsonl", "1/2-1/2 (perpetual check)"),
        (
            "late-arrival.jsonl",
            "1-0 (black late beyond the limit: default)",
        ),
        ("periods-adjourned.jsonl", "*"),
    ];
    for (name, expected) in cases {
        assert_eq!(result_of(name), expected, "{name}");
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/arbiter");
    let files = std::fs::read_dir(dir).unwrap().count();
    assert_eq!(files, cases.len(), "every example file has a case here");
}

#[test]
fn examples_show_the_penalty_and_the_offers() {
    let s = replay(&example("repetition-claims.jsonl"))
        .unwrap()
        .summary();
    // White's false claim: 4 moves × 5 s, 2 s before the claim, + 5:00, then 5 s for f3g1.
    assert_eq!(s.clocks.white.used_ms, 20_000 + 2_000 + 300_000 + 5_000);
    assert_eq!(s.violation_totals.white, 1);
    let s = replay(&example("offers.jsonl")).unwrap().summary();
    assert_eq!(s.violation_totals.white, 1);
    assert_eq!(s.offers.len(), 3);
    let s = replay(&example("periods-adjourned.jsonl"))
        .unwrap()
        .summary();
    // Black: 10 + 10 s in period 1, +30 s at the control; the adjournment is not charged.
    assert_eq!(s.clocks.black.used_ms, 20_000 + 5_000);
    assert_eq!(
        s.clocks.black.remaining_ms,
        60_000 - 25_000 + 30_000 + 1_000
    );
}
