//! Violations (S4 ch.2 §1.3), corrections (§1.4, §3.4) and the arbiter's simple actions.

mod common;
use common::*;
use shatar_arbiter::log::Event;
use shatar_arbiter::summary::format_clock;
use shatar_arbiter::{ApplyError, Reason, ViolationKind};
use shatar_rules::Color::{Black, White};
use shatar_rules::outcome::Outcome;
use shatar_rules::{Game, Ruleset, uci};

fn violation(player: shatar_rules::Color, kind: ViolationKind) -> Event {
    Event::Violation {
        player,
        kind,
        note: String::new(),
    }
}

#[test]
fn the_third_violation_loses() {
    let mut t = Table::started(header("competition", "1800"));
    t.mv(1_000, "e2e4");
    t.ok(2_000, A, violation(Black, ViolationKind::ClockMisuse));
    t.ok(3_000, A, violation(Black, ViolationKind::TouchMove));
    t.ok(
        3_500,
        A,
        violation(White, ViolationKind::QuestionInOpponentsTime),
    );
    assert!(t.game.result().is_none());
    assert_eq!(
        (
            t.game.violation_totals().white,
            t.game.violation_totals().black
        ),
        (1, 2)
    );
    t.ok(4_000, A, violation(Black, ViolationKind::IllegalMove));
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Decisive { winner: White });
    assert_eq!(r.reason, Reason::ThirdViolation);
    assert_eq!(t.game.violation_totals().black, 3);
    t.assert_replays();
}

#[test]
fn scoresheet_faults_by_rounds() {
    let sheet = |player, rounds| Event::Scoresheet {
        player,
        rounds,
        note: String::new(),
    };
    let mut t = Table::started(header("competition", "1800"));
    t.ok(1_000, A, sheet(White, 3));
    assert_eq!(t.game.violation_totals().white, 0);
    t.ok(2_000, A, sheet(White, 4));
    assert_eq!(t.game.violation_totals().white, 1);
    t.ok(3_000, A, sheet(Black, 8));
    assert_eq!(t.game.violation_totals().black, 2);
    assert!(t.game.result().is_none());
    // Eight rounds on top of one violation make three.
    t.ok(4_000, A, sheet(White, 8));
    assert_eq!(t.game.result().unwrap().reason, Reason::ThirdViolation);
    t.assert_replays();
    let mut t = Table::started(header("competition", "1800"));
    t.ok(1_000, A, sheet(Black, 12));
    let r = t.game.result().unwrap();
    assert_eq!(
        (r.outcome, &r.reason),
        (Outcome::Decisive { winner: White }, &Reason::Scoresheet)
    );
}

#[test]
fn only_the_arbiter_records_violations() {
    let mut t = Table::started(header("competition", "1800"));
    assert!(matches!(
        t.try_ev(1, W, violation(Black, ViolationKind::Misconduct)),
        Err(ApplyError::Actor { .. })
    ));
}

/// Sixty plies of a quiet game under `competition`: each side's move chosen by a fixed rule
/// among the legal moves that do not end the game.
fn sixty_plies() -> Vec<String> {
    let mut game = Game::new(Ruleset::COMPETITION);
    let mut out = Vec::new();
    let mut seed: u64 = 12345;
    while out.len() < 60 {
        let legal = game.legal_moves();
        let mut candidates: Vec<_> = legal
            .iter()
            .copied()
            .filter(|&m| {
                let mut next = game.clone();
                next.play(m).is_ok() && next.end().is_none()
            })
            .collect();
        candidates.sort_by_key(|m| uci::write(m, game.ruleset()));
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = candidates[(seed >> 33) as usize % candidates.len()];
        out.push(uci::write(&m, game.ruleset()));
        game.play(m).unwrap();
    }
    out
}

/// Plays 30 moves a side, White 60 s a move and Black 40 s: White has used 30 minutes and
/// Blue 20 when Blue's move 30 is made.
fn seed_example_table() -> Table {
    let mut t = Table::started(header("competition", "5400"));
    let mut now = 0;
    for (i, m) in sixty_plies().iter().enumerate() {
        now += if i % 2 == 0 { 60_000 } else { 40_000 };
        t.mv(now, m);
    }
    assert_eq!((t.used(White), t.used(Black)), (1_800_000, 1_200_000));
    t
}

#[test]
fn seed_correction_example_scales_to_20_00_and_13_20() {
    let mut t = seed_example_table();
    let now = t.game.now_ms();
    t.ok(
        now,
        A,
        Event::Correct {
            move_number: 20,
            side: White,
            note: "illegal move found at move 20".into(),
        },
    );
    // 30 × 20/30 = 20 minutes; 20 × 20/30 = 13 1/3 minutes = 13:20 exactly.
    assert_eq!(t.used(White), 1_200_000);
    assert_eq!(t.used(Black), 800_000);
    assert_eq!(format_clock(t.used(White) as i64), "20:00");
    assert_eq!(format_clock(t.used(Black) as i64), "13:20");
    assert_eq!(t.remaining(White), 5_400_000 - 1_200_000);
    // Back to the position before White's move 20: 19 moves each.
    assert_eq!(t.game.game().moves().len(), 38);
    assert_eq!(t.game.game().position().fullmoves(), 20);
    let c = &t.game.corrections()[0];
    assert_eq!((c.ratio, c.last_move_number), (Some((20, 30)), 30));
    t.assert_replays();
}

#[test]
fn no_adjustment_within_the_last_two_rounds() {
    let mut t = seed_example_table();
    let now = t.game.now_ms();
    t.ok(
        now,
        A,
        Event::Correct {
            move_number: 29,
            side: Black,
            note: String::new(),
        },
    );
    assert_eq!((t.used(White), t.used(Black)), (1_800_000, 1_200_000));
    assert_eq!(t.game.game().moves().len(), 57);
    assert_eq!(t.game.corrections()[0].ratio, None);
    // Moves not played cannot be corrected.
    assert!(matches!(
        t.try_ev(
            now,
            A,
            Event::Correct {
                move_number: 40,
                side: White,
                note: String::new()
            }
        ),
        Err(ApplyError::Correction(_))
    ));
    t.assert_replays();
}

#[test]
fn correction_rounds_down_to_the_millisecond() {
    // White uses 10 000.001 s... in whole ms: 3 moves, error at move 1 of 3 (ratio 1/3).
    let mut t = Table::started(header("competition", "1800"));
    t.moves(0, 1_001, &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]);
    t.ok(
        6_006,
        A,
        Event::Correct {
            move_number: 1,
            side: Black,
            note: String::new(),
        },
    );
    // Each used 3 003 ms; × 1/3 = 1 001 exactly; now a case that does not divide:
    assert_eq!((t.used(White), t.used(Black)), (1_001, 1_001));
    let mut t = Table::started(header("competition", "1800"));
    t.moves(0, 1_000, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    t.moves(4_000, 1_001, &["f1c4", "g8f6"]);
    t.ok(
        6_002,
        A,
        Event::Correct {
            move_number: 1,
            side: Black,
            note: String::new(),
        },
    );
    // White used 1 000 + 1 000 + 1 001 = 3 001 ms; × 1/3 = 1 000.33… → 1 000 (rounded down).
    assert_eq!(t.used(White), 1_000);
    assert_eq!(t.used(Black), 1_000);
}

#[test]
fn takeback_by_agreement_where_the_event_allows() {
    let mut t = Table::started(header("competition", "1800"));
    t.mv(1_000, "e2e4");
    assert_eq!(
        t.try_ev(2_000, W, Event::ProposeTakeback),
        Err(ApplyError::Takeback("the event does not allow take-backs"))
    );
    let mut h = header("competition", "180+2");
    h.takebacks = true;
    let mut t = Table::started(h);
    t.mv(1_000, "e2e4");
    t.mv(3_000, "e7e5");
    assert!(
        t.try_ev(4_000, W, Event::ProposeTakeback).is_err(),
        "White did not move last"
    );
    t.ok(4_000, B, Event::ProposeTakeback);
    t.ok(5_000, W, Event::AcceptTakeback);
    assert_eq!(t.game.game().moves().len(), 1);
    // Black's increment for the taken-back move is withdrawn; the time spent stays spent.
    assert_eq!(t.remaining(Black), 180_000 - 2_000);
    assert_eq!(t.remaining(White), 180_000 - 1_000 + 2_000 - 2_000);
    t.mv(6_000, "e7e5"); // the first round: Black mirrors
    assert_eq!(t.game.game().moves().len(), 2);
    t.assert_replays();
}

#[test]
fn add_time_and_arbiter_decision() {
    let mut t = Table::started(header("competition", "1800"));
    t.ok(
        0,
        A,
        Event::AddTime {
            player: Black,
            ms: 120_000,
        },
    );
    assert_eq!(t.remaining(Black), 1_920_000);
    assert!(matches!(
        t.try_ev(
            1,
            A,
            Event::Decide {
                result: "2-0".into(),
                reason: String::new()
            }
        ),
        Err(ApplyError::BadResult(_))
    ));
    t.ok(
        5_000,
        A,
        Event::Decide {
            result: "0-1".into(),
            reason: "White left the playing hall".into(),
        },
    );
    assert_eq!(
        t.result_text().unwrap(),
        "0-1 (arbiter's decision: White left the playing hall)"
    );
    t.assert_replays();
}
