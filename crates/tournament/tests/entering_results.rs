//! `Event::set_result_at`: the pairing's colours as listed, and a result already entered
//! changed only when asked.

use shatar_tournament::{
    BoardNo, Entered, EntrantNo, Event, EventError, GameResult, Player, RoundNo, System,
};

fn n(k: u32) -> EntrantNo {
    EntrantNo::new(k).expect("non-zero")
}

/// Four players in registration order, round 1 paired: 1-4 on board 1, 2-3 on board 2.
fn four() -> Event {
    let mut e = Event::new("Four", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for name in ["A", "B", "C", "D"] {
        e.add_player(Player::named(name)).expect("added");
    }
    e.start().expect("started");
    e.pair_next_round().expect("paired");
    e
}

#[test]
fn colours_reversed_are_refused_naming_the_pairing() {
    let mut e = four();
    let before = e.clone();
    let r1 = RoundNo::FIRST;
    assert_eq!(
        e.set_result_at(r1, n(3), n(2), vec![GameResult::WhiteWins], false),
        Err(EventError::ColoursReversed {
            round: r1,
            board: BoardNo::new(2).expect("non-zero"),
            white: n(2),
            black: n(3),
        })
    );
    assert_eq!(e, before);
}

#[test]
fn a_different_result_needs_replace_and_names_later_rounds() {
    let mut e = four();
    let r1 = RoundNo::FIRST;
    let draw = || vec![GameResult::Draw];
    assert_eq!(
        e.set_result_at(r1, n(1), n(4), draw(), false),
        Ok(Entered::New)
    );
    assert_eq!(
        e.set_result_at(r1, n(1), n(4), draw(), false),
        Ok(Entered::Unchanged)
    );
    e.set_result_at(r1, n(2), n(3), vec![GameResult::WhiteWins], false)
        .expect("entered");
    e.pair_next_round().expect("round 2");
    let err = e
        .set_result_at(r1, n(1), n(4), vec![GameResult::BlackWins], false)
        .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "round 1 board 1 already has the result ½-½ (round 2 was paired after round 1)"
    );
    assert_eq!(
        e.set_result_at(r1, n(1), n(4), vec![GameResult::BlackWins], true),
        Ok(Entered::Replaced {
            previous: draw(),
            later_rounds: vec![RoundNo::new(2).expect("non-zero")],
        })
    );
    assert_eq!(e.rounds[0].pairings[0].games, [GameResult::BlackWins]);
}

#[test]
fn a_forfeit_entered_again_is_the_same_whatever_its_reason() {
    let mut e = four();
    let r1 = RoundNo::FIRST;
    let forfeit = |reason: &str| GameResult::WhiteWinsByForfeit {
        reason: reason.into(),
    };
    e.set_result_at(r1, n(1), n(4), vec![forfeit("absent")], false)
        .expect("entered");
    assert_eq!(
        e.set_result_at(r1, n(1), n(4), vec![forfeit("")], false),
        Ok(Entered::Unchanged)
    );
    assert_eq!(e.rounds[0].pairings[0].games, [forfeit("absent")]);
}
