//! A clock-only board (`Header::clock_only`): the players keep paper score sheets and the
//! log has the clock's presses without their moves. Times worked by hand.

mod common;
use common::*;
use shatar_arbiter::log::{Event, LogEntry};
use shatar_arbiter::{ApplyError, ClaimAnswer, ClaimKind, Reason, TimeLoss};
use shatar_rules::Color::{Black, White};
use shatar_rules::outcome::Outcome;

fn clock_only(tc: &str) -> shatar_arbiter::log::Header {
    let mut h = header("competition", tc);
    h.clock_only = true;
    h
}

#[test]
fn presses_alternate_and_charge_the_clock() {
    // 300+5: White presses after 10 s (300 − 10 + 5 = 295 s), Black after 15 s (290 s).
    let mut t = Table::started(clock_only("300+5"));
    assert_eq!(t.game.turn(), White);
    t.ok(10_000, W, Event::Press);
    assert_eq!(t.game.turn(), Black);
    assert_eq!(t.remaining(White), 295_000);
    // Out of turn, and a move, are refused; nothing changes.
    assert_eq!(
        t.try_ev(12_000, W, Event::Press),
        Err(ApplyError::NotYourTurn(White))
    );
    assert!(matches!(
        t.try_ev(12_000, B, Event::Move("e7e5".into())),
        Err(ApplyError::ClockOnly(_))
    ));
    t.ok(25_000, B, Event::Press);
    assert_eq!(t.game.turn(), White);
    assert_eq!(t.remaining(Black), 290_000);
    assert_eq!(t.game.clock().face(White).moves, 1);
    assert_eq!(t.game.clock().face(Black).moves, 1);
    // The position is not followed: still the start, no moves in the game.
    assert!(t.game.game().moves().is_empty());
    t.assert_replays();
}

#[test]
fn a_press_needs_a_clock_only_board() {
    let mut t = Table::started(header("competition", "300+5"));
    assert!(matches!(
        t.try_ev(1_000, W, Event::Press),
        Err(ApplyError::ClockOnly(_))
    ));
}

#[test]
fn the_log_writes_the_header_and_the_press() {
    let t = {
        let mut t = Table::started(clock_only("300+5"));
        t.ok(10_000, W, Event::Press);
        t
    };
    let log = t.log();
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines[0].contains(r#""clock_only":true"#), "{}", lines[0]);
    assert_eq!(
        lines[2],
        r#"{"v":1,"t":10000,"by":"white","event":"press"}"#
    );
    let back: LogEntry = serde_json::from_str(lines[2]).unwrap();
    assert_eq!(back.event, Event::Press);
    // A board with a record writes no `clock_only` at all.
    let plain = Table::open(header("competition", "300+5")).log();
    assert!(!plain.contains("clock_only"), "{plain}");
}

#[test]
fn a_claim_waits_for_the_arbiters_ruling() {
    // Nothing to examine on the device: a repetition claim stops the clock for the arbiter,
    // who grants it from the score sheets. With the intended move it is refused.
    let mut t = Table::started(clock_only("1800"));
    t.ok(10_000, W, Event::Press);
    let with_move = Event::Claim {
        kind: ClaimKind::Repetition,
        mv: Some("e7e5".into()),
    };
    assert!(matches!(
        t.try_ev(12_000, B, with_move),
        Err(ApplyError::ClockOnly(_))
    ));
    let claim = Event::Claim {
        kind: ClaimKind::Repetition,
        mv: None,
    };
    t.ok(12_000, B, claim.clone());
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::AwaitingRuling);
    t.ok(
        70_000,
        A,
        Event::Ruling {
            granted: false,
            note: "not a repetition".into(),
        },
    );
    // Refused: no violation and no penalty (the arbiter's ruling, not the record's), and
    // Black's clock runs again from 70 s.
    assert!(t.game.violations().is_empty());
    t.ok(75_000, B, Event::Press);
    assert_eq!(t.remaining(Black), 1_800_000 - 2_000 - 5_000);
    t.ok(80_000, W, Event::Press);
    t.ok(81_000, B, claim);
    t.ok(
        90_000,
        A,
        Event::Ruling {
            granted: true,
            note: String::new(),
        },
    );
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.reason, Reason::Claim(ClaimKind::Repetition));
    t.assert_replays();
}

#[test]
fn the_flag_loses_whatever_the_start_position() {
    // On a board with a record, White's lone king could not mate and Black's flag would be
    // a draw (clocks.rs); the clock-only log does not know the position: a loss.
    let mut h = clock_only("60");
    h.fen = Some("8/8/4k3/8/8/2K5/P7/R7 b - - 0 60".into());
    let mut t = Table::started(h);
    assert_eq!(
        t.try_ev(59_999, W, Event::Flag),
        Err(ApplyError::NoFlag {
            color: Black,
            remaining_ms: 1
        })
    );
    let mut h = clock_only("60");
    h.fen = Some("8/8/4k3/8/8/2K5/8/8 b - - 0 60".into());
    let mut t = Table::started(h);
    t.ok(61_000, A, Event::Flag);
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Decisive { winner: White });
    assert_eq!(r.reason, Reason::Time(TimeLoss::Flag));
    assert_eq!(r.at_ms, 60_000);
    t.assert_replays();
}

#[test]
fn no_takebacks_or_corrections_without_a_record() {
    let mut h = clock_only("1800");
    h.takebacks = true;
    let mut t = Table::started(h);
    t.ok(10_000, W, Event::Press);
    assert!(matches!(
        t.try_ev(11_000, W, Event::ProposeTakeback),
        Err(ApplyError::Takeback(_))
    ));
    let correct = Event::Correct {
        move_number: 1,
        side: White,
        note: String::new(),
    };
    assert!(matches!(
        t.try_ev(11_000, A, correct),
        Err(ApplyError::Correction(_))
    ));
    // The arbiter's other actions stand: time added, a decision.
    t.ok(
        12_000,
        A,
        Event::AddTime {
            player: Black,
            ms: 120_000,
        },
    );
    assert_eq!(t.game.remaining_ms(Black), 1_800_000 - 2_000 + 120_000);
    t.ok(
        13_000,
        A,
        Event::Decide {
            result: "1/2-1/2".into(),
            reason: "agreed at the board".into(),
        },
    );
    assert_eq!(t.game.result().unwrap().outcome, Outcome::Draw);
    t.assert_replays();
}
