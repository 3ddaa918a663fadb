//! Offers (S4 ch.1 §5 二.3), claims (二.4–6) and perpetual check under `competition`.

mod common;
use common::*;
use shatar_arbiter::log::Event;
use shatar_arbiter::{
    ApplyError, ClaimAnswer, ClaimKind, OfferAnswer, OfferRefusal, Reason, TimeLoss, ViolationKind,
};
use shatar_rules::Color::{Black, White};
use shatar_rules::outcome::{Outcome, Termination};

fn claim(kind: ClaimKind) -> Event {
    Event::Claim { kind, mv: None }
}

/// 1.e4 e5, then the horses out and back twice: the position after 1…e5 occurs a third time
/// after the last move (Black's c6b8).
const TWICE_ROUND: [&str; 10] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3", "b8c6", "f3g1", "c6b8",
];

#[test]
fn true_repetition_claim_draws() {
    let mut t = Table::started(header("competition", "1800"));
    t.moves(0, 1_000, &TWICE_ROUND);
    // Under `competition` repetition is only claimable: the game goes on until claimed.
    assert!(t.game.result().is_none());
    t.ok(11_000, W, claim(ClaimKind::Repetition));
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.reason, Reason::Claim(ClaimKind::Repetition));
    assert_eq!(
        t.result_text().unwrap(),
        "1/2-1/2 (white's repetition claim granted)"
    );
    t.assert_replays();
}

#[test]
fn repetition_claim_with_the_move_that_repeats() {
    let mut t = Table::started(header("competition", "1800"));
    t.moves(0, 1_000, &TWICE_ROUND[..9]);
    t.ok(
        10_000,
        B,
        Event::Claim {
            kind: ClaimKind::Repetition,
            mv: Some("c6b8".into()),
        },
    );
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Claim(ClaimKind::Repetition)
    );
    assert_eq!(t.game.game().moves().len(), 10);
    // A claim with a move out of turn.
    let mut t = Table::started(header("competition", "1800"));
    t.moves(0, 1_000, &TWICE_ROUND[..9]);
    assert_eq!(
        t.try_ev(
            10_000,
            W,
            Event::Claim {
                kind: ClaimKind::Repetition,
                mv: Some("g1f3".into())
            }
        ),
        Err(ApplyError::ClaimOutOfTurn(White))
    );
}

#[test]
fn false_claim_costs_a_violation_and_five_minutes() {
    let mut t = Table::started(header("competition", "1800"));
    t.moves(0, 1_000, &TWICE_ROUND[..8]); // only the second occurrence
    // White, on move, claims falsely: a violation and 5:00 on White's used time.
    let before = t.remaining(White);
    t.ok(9_000, W, claim(ClaimKind::Repetition));
    assert!(t.game.result().is_none());
    assert_eq!(t.remaining(White), before - 1_000 - 300_000);
    assert_eq!(t.used(White), 4_000 + 300_000);
    assert_eq!(t.game.violation_totals().white, 1);
    assert_eq!(t.game.violations()[0].kind, ViolationKind::FalseClaim);
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::False);
    t.mv(10_000, "f3g1");
    assert_eq!(t.used(White), 4_000 + 300_000 + 2_000);
    // A false 50-move claim by Black, on move.
    t.ok(10_500, B, claim(ClaimKind::FiftyMoves));
    assert_eq!(t.game.violation_totals().black, 1);
    t.mv(11_000, "c6b8");
    assert_eq!(t.used(Black), 4_000 + 1_000 + 300_000);
    t.assert_replays();
}

#[test]
fn false_claim_penalty_that_oversteps_loses() {
    // 10 minutes; Black thinks 5:30 on the first move, then claims falsely.
    let mut t = Table::started(header("competition", "600"));
    t.mv(1_000, "e2e4");
    t.ok(331_000, B, claim(ClaimKind::FiftyMoves));
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Decisive { winner: White });
    assert_eq!(r.reason, Reason::Time(TimeLoss::FalseClaimPenalty));
    assert_eq!(t.remaining(Black), 600_000 - 330_000 - 300_000);
    t.assert_replays();
}

#[test]
fn claim_after_mate_leaves_the_loss() {
    let mut t = Table::started(header("competition", "1800"));
    t.moves(
        0,
        1_000,
        &["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"],
    );
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Rules(Termination::Checkmate)
    );
    t.ok(9_000, B, claim(ClaimKind::Repetition));
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::ClaimantHadLost);
    assert_eq!(
        t.game.result().unwrap().outcome,
        Outcome::Decisive { winner: White }
    );
    // Anything else after the end is refused.
    assert!(matches!(
        t.try_ev(9_000, W, Event::Offer),
        Err(ApplyError::AfterEnd(_))
    ));
    t.assert_replays();
}

#[test]
fn claim_after_the_flag_loses() {
    let mut t = Table::started(header("competition", "60"));
    t.mv(1_000, "e2e4");
    t.ok(70_000, B, claim(ClaimKind::FiftyMoves));
    let r = t.game.result().unwrap();
    assert_eq!(r.outcome, Outcome::Decisive { winner: White });
    assert_eq!(r.reason, Reason::Time(TimeLoss::ClaimAfterFlag));
    assert_eq!(r.at_ms, 61_000);
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::ClaimantHadLost);
    t.assert_replays();
}

#[test]
fn claim_in_check_is_examined() {
    // Black in check from the rook on e2, 50 moves without capture or pawn move.
    let fen = "4k3/8/8/8/8/8/4R3/K7 b - - 100 90";
    let mut t = Table::started(header_fen("competition", "600", fen));
    t.ok(5_000, B, claim(ClaimKind::FiftyMoves));
    let r = t.game.result().unwrap();
    assert_eq!(
        (r.outcome, &r.reason),
        (Outcome::Draw, &Reason::Claim(ClaimKind::FiftyMoves))
    );
    // One half-move short: false.
    let fen = "4k3/8/8/8/8/8/4R3/K7 b - - 99 90";
    let mut t = Table::started(header_fen("competition", "600", fen));
    t.ok(5_000, B, claim(ClaimKind::FiftyMoves));
    assert!(t.game.result().is_none());
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::False);
}

#[test]
fn insufficient_chances_claims() {
    // 二.6(4): the claimant's opponent has only the king.
    let fen = "8/8/4k3/8/8/2K5/P7/R7 w - - 0 60";
    let mut t = Table::started(header_fen("competition", "600", fen));
    t.ok(1_000, B, claim(ClaimKind::OpponentBareKing));
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::Refused);
    assert!(t.game.result().is_none());
    assert_eq!(
        t.game.violation_totals().black,
        0,
        "no penalty for special claims"
    );
    t.ok(2_000, W, claim(ClaimKind::OpponentBareKing));
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Claim(ClaimKind::OpponentBareKing)
    );
    t.assert_replays();

    // 二.6(5): the arbiter rules; the clock stands meanwhile.
    let mut t = Table::started(header("competition", "600"));
    t.mv(1_000, "e2e4");
    t.ok(2_000, B, claim(ClaimKind::TheoreticalDraw));
    assert_eq!(
        t.try_ev(3_000, B, Event::Move("e7e5".into())),
        Err(ApplyError::ClaimPending)
    );
    t.ok(
        500_000,
        A,
        Event::Ruling {
            granted: false,
            note: "not a known draw".into(),
        },
    );
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::Refused);
    t.mv(501_000, "e7e5");
    assert_eq!(t.used(Black), 2_000, "the examination is not charged");
    t.assert_replays();

    // 二.6(6): only under two minutes; then the arbiter rules.
    let mut t = Table::started(header("competition", "600"));
    t.mv(1_000, "e2e4");
    t.ok(2_000, B, claim(ClaimKind::TimeTrouble));
    assert_eq!(t.game.claims()[0].answer, ClaimAnswer::Refused);
    t.ok(482_000, B, claim(ClaimKind::TimeTrouble)); // 1:59 left
    assert_eq!(t.game.claims()[1].answer, ClaimAnswer::AwaitingRuling);
    t.ok(
        490_000,
        A,
        Event::Ruling {
            granted: true,
            note: String::new(),
        },
    );
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Claim(ClaimKind::TimeTrouble)
    );
    assert_eq!(t.game.claims()[1].answer, ClaimAnswer::Granted);
    t.assert_replays();
}

#[test]
fn offers_alternate_and_repeats_are_violations() {
    let mut t = Table::started(header("competition", "1800"));
    t.mv(1_000, "e2e4");
    t.ok(1_500, W, Event::Offer); // White's offer with the move, Black to answer
    assert_eq!(
        t.try_ev(1_600, W, Event::Offer),
        Err(ApplyError::Offer(OfferRefusal::Pending(White)))
    );
    t.mv(2_000, "e7e5"); // refused by moving
    assert_eq!(
        t.game.offers().history()[0].answer,
        Some(OfferAnswer::DeclinedByMove)
    );
    assert_eq!(
        t.game.may_offer(White),
        Err(OfferRefusal::OpponentsTurnToOffer)
    );
    // White repeats: a violation (S4 ch.2 §1.3.7), and no offer stands.
    t.ok(3_000, W, Event::Offer);
    assert_eq!(
        t.game.violations()[0].kind,
        ViolationKind::RepeatedDrawOffer
    );
    assert_eq!(t.game.offers().pending_by(), None);
    // Black offers; White declines in words; counts are equal: either may offer.
    t.ok(3_500, B, Event::Offer);
    t.ok(4_000, W, Event::Decline);
    assert_eq!(t.game.may_offer(White), Ok(()));
    assert_eq!(t.game.may_offer(Black), Ok(()));
    assert_eq!(
        t.try_ev(4_100, W, Event::Accept),
        Err(ApplyError::Offer(OfferRefusal::NothingToAnswer))
    );
    t.ok(5_000, W, Event::Offer);
    t.ok(6_000, B, Event::Accept);
    assert_eq!(t.game.result().unwrap().reason, Reason::Agreement);
    t.assert_replays();
}

/// White's bers checks from e8 and e4 while the black king steps between h8 and h7 (every
/// move legal and every white move a check, as pyffish confirms).
const PERPETUAL: [&str; 9] = [
    "e1e8", "h8h7", "e8e4", "h7h8", "e4e8", "h8h7", "e8e4", "h7h8", "e4e8",
];
const PERPETUAL_FEN: &str = "7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 30";

#[test]
fn perpetual_check_is_a_draw_under_competition() {
    let mut t = Table::started(header_fen("competition", "1800", PERPETUAL_FEN));
    t.moves(0, 1_000, &PERPETUAL[..8]);
    assert!(t.game.result().is_none());
    t.mv(9_000, PERPETUAL[8]);
    let r = t.game.result().unwrap();
    assert_eq!(
        (r.outcome, &r.reason),
        (Outcome::Draw, &Reason::Rules(Termination::PerpetualCheck))
    );
    t.assert_replays();
    // Under `official` it is only claimable as a repetition.
    let mut t = Table::started(header_fen("official", "1800", PERPETUAL_FEN));
    t.moves(0, 1_000, &PERPETUAL);
    assert!(t.game.result().is_none());
    t.ok(10_000, B, claim(ClaimKind::Repetition));
    assert_eq!(
        t.game.result().unwrap().reason,
        Reason::Claim(ClaimKind::Repetition)
    );
}
