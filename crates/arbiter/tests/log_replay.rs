//! The log: inconsistent logs are refused with the line and the reason; replay rebuilds the
//! live state; prefixes replay to the state at that point; garbage never panics.

mod common;
use common::*;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use shatar_arbiter::log::{Actor, Event, Header, LogEntry, write_log};
use shatar_arbiter::{
    ApplyError, ArbiterGame, ClaimKind, LogError, ParseLogEntryError, ViolationKind, replay,
    replay_at,
};
use shatar_rules::Color;

const OPEN: &str = r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":"competition","time_control":"600"}}}"#;
const START: &str = r#"{"v":1,"t":0,"by":"arbiter","event":"start"}"#;

fn log(lines: &[&str]) -> String {
    let mut s = String::new();
    for l in lines {
        s.push_str(l);
        s.push('\n');
    }
    s
}

#[test]
fn an_illegal_move_is_refused_with_its_line() {
    let text = log(&[
        OPEN,
        START,
        r#"{"v":1,"t":5000,"by":"white","event":{"move":"e2e4"}}"#,
        r#"{"v":1,"t":9000,"by":"black","event":{"move":"e7e4"}}"#,
    ]);
    let err = replay(&text).unwrap_err();
    assert_eq!(err.line(), Some(4));
    assert!(matches!(
        err,
        LogError::Apply {
            error: ApplyError::IllegalMove {
                color: Color::Black,
                move_number: 1,
                ..
            },
            ..
        }
    ));
    assert!(
        err.to_string()
            .starts_with("line 4: move \"e7e4\" by black at move 1:")
    );
}

#[test]
fn an_event_after_the_end_is_refused() {
    let text = log(&[
        OPEN,
        START,
        r#"{"v":1,"t":5000,"by":"white","event":"resign"}"#,
        r#"{"v":1,"t":6000,"by":"black","event":{"move":"e7e5"}}"#,
    ]);
    let err = replay(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 4: the game has already ended: 0-1 (white resigned)"
    );
}

#[test]
fn time_going_backwards_is_refused() {
    let text = log(&[
        OPEN,
        START,
        r#"{"v":1,"t":5000,"by":"white","event":{"move":"e2e4"}}"#,
        r#"{"v":1,"t":4999,"by":"black","event":"offer"}"#,
    ]);
    assert_eq!(
        replay(&text).unwrap_err(),
        LogError::Apply {
            line: 4,
            error: ApplyError::TimeBackwards {
                previous_ms: 5000,
                now_ms: 4999
            }
        }
    );
}

#[test]
fn garbage_versions_and_second_opens_are_refused() {
    let err = replay(&log(&[OPEN, "hello"])).unwrap_err();
    assert!(matches!(
        err,
        LogError::Parse {
            line: 2,
            error: ParseLogEntryError::Json(_)
        }
    ));
    let err = replay(&log(&[
        OPEN,
        r#"{"v":7,"t":0,"by":"arbiter","event":"start"}"#,
    ]))
    .unwrap_err();
    assert_eq!(
        err,
        LogError::Parse {
            line: 2,
            error: ParseLogEntryError::Version(7)
        }
    );
    let err = replay(&log(&[OPEN, OPEN])).unwrap_err();
    assert_eq!(
        err,
        LogError::Apply {
            line: 2,
            error: ApplyError::Open
        }
    );
    let err = replay(&log(&[
        r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":"blitz","time_control":"600"}}}"#,
    ]))
    .unwrap_err();
    assert!(matches!(
        err,
        LogError::Apply {
            line: 1,
            error: ApplyError::Header(_)
        }
    ));
    let err = replay(&log(&[
        r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"time_control":"?"}}}"#,
    ]))
    .unwrap_err();
    assert!(matches!(err, LogError::Parse { line: 1, .. }));
    assert_eq!(
        replay_at(&log(&[OPEN, START]), 3).unwrap_err(),
        LogError::Beyond { lines: 2, at: 3 }
    );
}

#[test]
fn a_custom_ruleset_in_the_header() {
    let custom = serde_json::to_value(shatar_rules::Ruleset::TRADITIONAL).unwrap();
    let open = serde_json::json!({"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":custom,"time_control":"60"}}});
    let game = replay(&format!("{open}\n")).unwrap();
    assert_eq!(*game.game().ruleset(), shatar_rules::Ruleset::TRADITIONAL);
}

/// Drives a game with choices from the strategy: each step tries one event; the ones the
/// game refuses are not logged. Returns the log entries and the summary after each.
fn drive(
    tc: &str,
    ruleset: &str,
    steps: &[(u32, u32)],
) -> (Vec<LogEntry>, Vec<shatar_arbiter::Summary>) {
    let mut h = Header::new(ruleset, tc.parse().unwrap());
    h.takebacks = true;
    let open = LogEntry::new(0, Actor::Arbiter, Event::Open(h));
    let mut game = ArbiterGame::open(&open).unwrap();
    let mut entries = vec![open];
    let mut summaries = vec![game.summary()];
    let mut now = 0u64;
    let start = LogEntry::new(0, Actor::Arbiter, Event::Start);
    game.apply(&start).unwrap();
    entries.push(start);
    summaries.push(game.summary());
    for &(choice, delta) in steps {
        now += u64::from(delta);
        let side = if choice & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let pick = (choice >> 8) as usize;
        let turn = game.game().position().turn();
        let (by, event) = match choice % 22 {
            0..=9 => {
                let legal = game.game().legal_moves();
                if legal.is_empty() {
                    continue;
                }
                let m = legal[pick % legal.len()];
                (
                    Actor::of(turn),
                    Event::Move(shatar_rules::uci::write(&m, game.game().ruleset())),
                )
            }
            // Mostly offers that the alternation allows; a few repeated ones (violations).
            10 if pick.is_multiple_of(4) || game.may_offer(side).is_ok() => {
                (Actor::of(side), Event::Offer)
            }
            11 if pick.is_multiple_of(3) => (Actor::of(side), Event::Accept),
            12 => (Actor::of(side), Event::Decline),
            13 if pick.is_multiple_of(3) => {
                let kind = ClaimKind::ALL[pick % ClaimKind::ALL.len()];
                let legal = game.game().legal_moves();
                let mv = (pick.is_multiple_of(3) && !legal.is_empty()).then(|| {
                    shatar_rules::uci::write(&legal[pick % legal.len()], game.game().ruleset())
                });
                (
                    Actor::of(if mv.is_some() { turn } else { side }),
                    Event::Claim { kind, mv },
                )
            }
            14 if pick.is_multiple_of(4) => (
                Actor::Arbiter,
                Event::Violation {
                    player: side,
                    kind: ViolationKind::ALL[pick % 10],
                    note: "n".into(),
                },
            ),
            15 => (
                Actor::Arbiter,
                Event::AddTime {
                    player: side,
                    ms: (pick % 60_000) as u64,
                },
            ),
            16 => (
                Actor::Arbiter,
                if game.is_adjourned() {
                    Event::Resume
                } else {
                    Event::Adjourn
                },
            ),
            17 => (Actor::of(!turn), Event::ProposeTakeback),
            18 => (
                Actor::of(turn),
                if pick.is_multiple_of(2) {
                    Event::AcceptTakeback
                } else {
                    Event::DeclineTakeback
                },
            ),
            19 => (
                Actor::Arbiter,
                Event::Correct {
                    move_number: 1 + (pick % 40) as u32,
                    side,
                    note: String::new(),
                },
            ),
            20 => (
                Actor::Arbiter,
                Event::Ruling {
                    granted: pick.is_multiple_of(4),
                    note: String::new(),
                },
            ),
            10 | 11 | 13 | 14 => continue,
            _ => {
                if pick.is_multiple_of(32) {
                    (Actor::of(side), Event::Resign)
                } else if pick % 32 == 1 {
                    (
                        Actor::Arbiter,
                        Event::Scoresheet {
                            player: side,
                            rounds: (pick % 14) as u32,
                            note: String::new(),
                        },
                    )
                } else {
                    (Actor::of(side), Event::Flag)
                }
            }
        };
        let entry = LogEntry::new(now, by, event);
        if game.apply(&entry).is_ok() {
            entries.push(entry);
            summaries.push(game.summary());
        }
    }
    (entries, summaries)
}

const CONTROLS: [&str; 6] = ["600+5", "10/120:60+1", "300d3", "300b3", "-", "5400"];
const RULESETS: [&str; 3] = ["competition", "official", "traditional"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn replay_equals_the_live_game_at_every_line(
        tc in 0..CONTROLS.len(),
        rs in 0..RULESETS.len(),
        steps in prop::collection::vec((any::<u32>(), 0u32..8_000), 1..150),
    ) {
        let (entries, summaries) = drive(CONTROLS[tc], RULESETS[rs], &steps);
        let text = write_log(&entries);
        let replayed = replay(&text).unwrap();
        prop_assert_eq!(&replayed.summary(), summaries.last().unwrap());
        for (k, expected) in summaries.iter().enumerate() {
            // The log cut after line k+1 replays to the state at that point.
            let cut: String = text.lines().take(k + 1).map(|l| format!("{l}\n")).collect();
            let at = replay(&cut).unwrap();
            prop_assert_eq!(&at.summary(), expected);
            prop_assert_eq!(&replay_at(&text, k + 1).unwrap().summary(), expected);
        }
    }

    #[test]
    fn garbage_lines_are_errors_with_their_line(
        steps in prop::collection::vec((any::<u32>(), 0u32..20_000), 0..30),
        junk in "[^{]\\PC{0,60}|",
    ) {
        let (entries, _) = drive("600", "competition", &steps);
        let text = format!("{}{}\n", write_log(&entries), junk);
        let err = replay(&text).unwrap_err();
        prop_assert_eq!(err.line(), Some(entries.len() + 1));
    }

    #[test]
    fn mutated_logs_never_panic(
        steps in prop::collection::vec((any::<u32>(), 0u32..20_000), 0..30),
        edits in prop::collection::vec((any::<usize>(), any::<char>()), 1..6),
    ) {
        let (entries, _) = drive("300+2", "competition", &steps);
        let mut chars: Vec<char> = write_log(&entries).chars().collect();
        for (at, c) in edits {
            let i = at % chars.len();
            chars[i] = c;
        }
        let text: String = chars.into_iter().collect();
        // Either a game or an error naming a line: never a panic.
        if let Err(e) = replay(&text) {
            prop_assert!(e.line().is_some() || e == LogError::Empty);
        }
    }
}

#[test]
fn the_property_driver_reaches_the_interesting_states() {
    // A guard against a driver that only ever produces refused events: over a fixed set of
    // runs, games end in several ways and every kind of event is logged.
    let mut names = std::collections::BTreeSet::new();
    let mut ended = 0;
    let (mut entries_total, mut moves_total) = (0, 0);
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for i in 0..60 {
        let steps = prop::collection::vec((any::<u32>(), 0u32..8_000), 100..150)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let (entries, summaries) = drive(CONTROLS[i % CONTROLS.len()], "competition", &steps);
        for e in &entries {
            names.insert(e.event.name());
        }
        ended += usize::from(summaries.last().unwrap().result.is_some());
        entries_total += entries.len();
        moves_total += summaries.last().unwrap().moves.len();
    }
    eprintln!("{ended} of 60 ended; {entries_total} entries, {moves_total} moves on the boards");
    assert!(ended >= 10, "only {ended} games ended");
    assert!(moves_total >= 60 * 15, "only {moves_total} moves");
    for name in [
        "move",
        "offer",
        "claim",
        "violation",
        "adjourn",
        "resume",
        "add-time",
        "correct",
        "accept-takeback",
    ] {
        assert!(names.contains(name), "no {name} event was logged");
    }
    let _ = Table::open; // the shared driver is used by the other test files
}

#[test]
fn a_refused_event_leaves_the_game_unchanged() {
    let mut t = Table::started(header("competition", "600"));
    t.mv(1_000, "e2e4");
    t.ok(1_500, Actor::White, Event::Offer);
    let before = t.game.summary();
    // Each of these fails part-way through its checks; none may leave a trace.
    assert!(
        t.try_ev(2_000, Actor::Black, Event::Move("e7e4".into()))
            .is_err()
    );
    assert!(t.try_ev(2_000, Actor::White, Event::Accept).is_err());
    assert!(
        t.try_ev(
            2_000,
            Actor::Black,
            Event::Claim {
                kind: ClaimKind::Repetition,
                mv: Some("a7a5".into())
            }
        )
        .is_err()
    );
    assert!(t.try_ev(500, Actor::Arbiter, Event::Adjourn).is_err());
    assert_eq!(t.game.summary(), before);
    t.assert_replays();
}
