//! Clocks in play: flag falls (docs/rules.md §3), the special rule (S4 ch.2 §3.5), increments,
//! delays, periods, adjournment and late arrival (S4 ch.1 §5 一.5).

mod common;
use common::*;
use shatar_arbiter::log::Event;
use shatar_arbiter::{ApplyError, Reason, TimeLoss};
use shatar_rules::Color::{Black, White};
use shatar_rules::outcome::{Outcome, Termination};

const WHITE_WINS: Outcome = Outcome::Decisive { winner: White };
const BLACK_WINS: Outcome = Outcome::Decisive { winner: Black };

#[test]
fn flag_fall_loses_when_the_opponent_can_mate() {
    // Black has only the king; White a rook and a pawn. Black's flag falls.
    let mut t = Table::started(header_fen(
        "competition",
        "60",
        "8/8/4k3/8/8/2K5/P7/R7 b - - 0 60",
    ));
    assert_eq!(
        t.try_ev(59_999, W, Event::Flag),
        Err(ApplyError::NoFlag {
            color: Black,
            remaining_ms: 1
        })
    );
    t.ok(60_000, W, Event::Flag);
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, WHITE_WINS);
    assert_eq!(r.reason, Reason::Time(TimeLoss::Flag));
    assert_eq!(r.at_ms, 60_000);
    assert_eq!(t.remaining(Black), 0);
    assert_eq!(t.result_text().unwrap(), "1-0 (black's flag fell)");
    t.assert_replays();
}

#[test]
fn flag_fall_is_a_draw_when_the_opponent_has_only_a_king() {
    let mut t = Table::started(header_fen(
        "competition",
        "60",
        "8/8/4k3/8/8/2K5/P7/R7 w - - 0 60",
    ));
    // Noticed late: the flag fell at 60 s exactly.
    t.ok(75_000, B, Event::Flag);
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.at_ms, 60_000);
    assert_eq!(
        t.result_text().unwrap(),
        "1/2-1/2 (white's flag fell, but the opponent cannot mate)"
    );
    t.assert_replays();
}

#[test]
fn flag_fall_with_only_a_horse_depends_on_the_ruleset() {
    // White: king and horse; Black: king and pawn, to move, out of time.
    let fen = "8/8/4k3/4p3/8/2K5/8/6N1 b - - 0 60";
    // competition: a horse mate counts (the pawn can block a flight square) → a loss.
    let mut t = Table::started(header_fen("competition", "60", fen));
    t.ok(60_000, A, Event::Flag);
    assert_eq!(t.game.result().unwrap().outcome, WHITE_WINS);
    // traditional: a horse mate is void → White cannot mate → a draw.
    let mut t = Table::started(header_fen("traditional", "60", fen));
    t.ok(60_000, A, Event::Flag);
    assert_eq!(t.game.result().unwrap().outcome, Outcome::Draw);
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Time(TimeLoss::Flag)
    );
    t.assert_replays();
}

#[test]
fn mate_on_the_last_millisecond_stands() {
    // Ra8 mates (checked with pyffish: a check with no legal reply).
    // Black keeps a pawn, so that a flag fall is a loss, not a draw.
    let fen = "7k/R7/6K1/1p6/8/8/8/8 w - - 0 60";
    // In time: an ordinary mate.
    let mut t = Table::started(header_fen("competition", "60", fen));
    t.mv(59_999, "a7a8");
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Rules(Termination::Checkmate)
    );
    // The move that used the last of the time mates: it stands (S4 ch.2 §3.5).
    let mut t = Table::started(header_fen("competition", "60", fen));
    t.mv(60_000, "a7a8");
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, WHITE_WINS);
    assert_eq!(r.reason, Reason::LastMoveStands(Termination::Checkmate));
    t.assert_replays();
    // Any other move after the time is up loses on time.
    let mut t = Table::started(header_fen("competition", "60", fen));
    t.mv(60_000, "a7b7");
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, BLACK_WINS);
    assert_eq!(r.reason, Reason::Time(TimeLoss::Flag));
    assert_eq!(r.at_ms, 60_000);
    t.assert_replays();
}

#[test]
fn stalemate_on_the_last_millisecond_stands() {
    // Camel d3-e4 takes h7 from the black king: stalemate (pyffish: no reply, no check).
    let fen = "7k/5K2/8/8/8/3B4/P7/8 w - - 0 60";
    let mut t = Table::started(header_fen("competition", "60", fen));
    t.mv(61_000, "d3e4");
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.reason, Reason::LastMoveStands(Termination::Stalemate));
    t.assert_replays();
}

#[test]
fn fischer_increment_in_a_game() {
    let mut t = Table::started(header("competition", "180+2"));
    t.mv(10_000, "e2e4"); // White 10 s, +2
    t.mv(15_500, "e7e5"); // Black 5.5 s, +2
    assert_eq!(t.remaining(White), 180_000 - 10_000 + 2_000);
    assert_eq!(t.remaining(Black), 180_000 - 5_500 + 2_000);
    t.assert_replays();
}

#[test]
fn bronstein_and_simple_delay_in_a_game() {
    let mut t = Table::started(header("competition", "180b5"));
    t.mv(3_000, "e2e4"); // 3 s, all given back
    t.mv(12_000, "e7e5"); // 9 s, 5 given back
    assert_eq!((t.used(White), t.used(Black)), (0, 4_000));
    let mut t = Table::started(header("competition", "180d5"));
    t.mv(3_000, "e2e4");
    t.mv(12_000, "e7e5");
    assert_eq!((t.used(White), t.used(Black)), (0, 4_000));
    // Under a simple delay White's flag falls 5 s later than the time on the clock.
    t.ok(
        12_000 + 180_000 + 4_999,
        A,
        Event::AddTime {
            player: Black,
            ms: 1,
        },
    );
    assert!(t.game.result().is_none());
    t.ok(12_000 + 185_000, A, Event::Flag);
    assert_eq!(t.game.result().unwrap().outcome, BLACK_WINS);
    t.assert_replays();
}

#[test]
fn second_period_rolls_over_at_the_control() {
    // Two moves in 60 s, then 30 s with a 1 s increment.
    let mut t = Table::started(header("competition", "2/60:30+1"));
    t.moves(0, 10_000, &["e2e4", "e7e5", "g1f3"]);
    let s = t.game.summary();
    assert_eq!(s.clocks.white.moves_to_go, None);
    assert_eq!(s.clocks.black.moves_to_go, Some(1));
    // White: 60 − 20 (two moves of 10 s) + 30 at the control; no increment in period 1.
    assert_eq!(t.remaining(White), 70_000);
    t.mv(31_000, "b8c6");
    assert_eq!(t.remaining(Black), 60_000 - 10_000 - 1_000 + 30_000);
    t.mv(41_000, "f1c4"); // period 2: increment 1 s
    assert_eq!(t.remaining(White), 70_000 - 10_000 + 1_000);
    t.assert_replays();
}

#[test]
fn adjournment_stops_the_clock() {
    let mut t = Table::started(header("competition", "1800"));
    t.mv(10_000, "e2e4");
    t.ok(20_000, A, Event::Adjourn);
    assert_eq!(
        t.try_ev(30_000, B, Event::Move("e7e5".into())),
        Err(ApplyError::Adjournment("the game is adjourned"))
    );
    t.ok(3_600_000, A, Event::Resume);
    t.mv(3_605_000, "e7e5");
    assert_eq!(t.used(Black), 15_000);
    t.assert_replays();
}

#[test]
fn late_arrival_beyond_the_limit_is_a_default() {
    let mut h = header("competition", "1800");
    h.scheduled_start_ms = Some(1_000);
    let mut t = Table::open(h.clone());
    t.ok(1_000 + 900_000, W, Event::Arrive); // exactly 15 minutes: in time
    assert!(t.game.result().is_none());
    assert!(matches!(
        t.try_ev(1_000 + 900_000, A, Event::NoShow { player: Black }),
        Err(ApplyError::Arrival(_))
    ));
    t.ok(1_000 + 900_001, B, Event::Arrive);
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, WHITE_WINS);
    assert_eq!(r.reason, Reason::LateArrival);
    t.assert_replays();
    // Never arriving: the arbiter declares it.
    let mut t = Table::open(h);
    t.ok(1_000 + 900_001, A, Event::NoShow { player: White });
    assert_eq!(t.game.result().unwrap().outcome, BLACK_WINS);
}

#[test]
fn clock_from_the_scheduled_start() {
    let mut h = header("competition", "1800");
    h.scheduled_start_ms = Some(0);
    h.clock_from_schedule = true;
    let mut t = Table::open(h);
    t.ok(300_000, B, Event::Arrive);
    t.ok(300_000, A, Event::Start);
    t.mv(310_000, "e2e4");
    // White was absent for 5 minutes: the clock ran from the scheduled start.
    assert_eq!(t.used(White), 310_000);
    t.assert_replays();
}

#[test]
fn events_before_the_start_and_out_of_turn_are_refused() {
    let mut t = Table::open(header("competition", "1800"));
    assert_eq!(
        t.try_ev(5, W, Event::Move("e2e4".into())),
        Err(ApplyError::NotStarted)
    );
    t.ok(10, A, Event::Start);
    assert_eq!(
        t.try_ev(10, A, Event::Start),
        Err(ApplyError::AlreadyStarted)
    );
    assert_eq!(
        t.try_ev(20, B, Event::Move("e7e5".into())),
        Err(ApplyError::NotYourTurn(Black))
    );
    // The first round of the competition rules: White opens with the e- or d-pawn.
    assert!(matches!(
        t.try_ev(20, W, Event::Move("g1f3".into())),
        Err(ApplyError::IllegalMove { move_number: 1, .. })
    ));
}
