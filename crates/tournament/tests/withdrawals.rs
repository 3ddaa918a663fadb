//! Withdrawals (S4 ch.2 §7).

use shatar_tournament::{
    EntrantNo, Event, GameResult, Player, RoundNo, System, WithdrawalTreatment, standings,
};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn rd(n: u32) -> RoundNo {
    RoundNo::new(n).expect("a round from 1")
}

fn rr(n: u32) -> Event {
    let mut e = Event::new("rr", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=n {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    e
}

fn play(e: &mut Event, results: &[(u32, u32, &str)]) {
    let r = e.pair_next_round().unwrap().number;
    for &(w, b, res) in results {
        e.set_result(r, no(w), no(b), vec![res.parse::<GameResult>().unwrap()])
            .unwrap();
    }
}

fn points(e: &Event) -> Vec<(u32, String)> {
    let mut v: Vec<(u32, String)> = standings(e)
        .lines
        .iter()
        .map(|l| (l.entrant.get(), l.values[0].to_string()))
        .collect();
    v.sort();
    v
}

/// Berger 6: R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5. Player 6 leaves after two
/// of five games: fewer than half, so both games are cancelled and 6 leaves the table
/// (§7.1.1): 1 loses the R1 win over 6, 4 the R2 win over 6.
#[test]
fn fewer_than_half_cancels_all() {
    let mut e = rr(6);
    play(&mut e, &[(1, 6, "1-0"), (2, 5, "1-0"), (3, 4, "1/2")]);
    play(&mut e, &[(6, 4, "0-1"), (5, 3, "0-1"), (1, 2, "1/2")]);
    assert_eq!(
        e.withdraw(no(6), "illness").unwrap(),
        WithdrawalTreatment::CancelAll
    );
    assert_eq!(
        points(&e),
        vec![
            (1, "0.5".into()),
            (2, "1.5".into()),
            (3, "1.5".into()),
            (4, "0.5".into()),
            (5, "0".into())
        ]
    );
    // Round 3: 2 would have met 6 and rests; the other games are played.
    let r3 = e.pair_next_round().unwrap();
    let games: Vec<(u32, Option<u32>)> = r3
        .pairings
        .iter()
        .map(|p| (p.white.get(), p.black.map(EntrantNo::get)))
        .collect();
    assert_eq!(games, vec![(3, Some(1)), (4, Some(5)), (2, None)]);
}

/// Player 6 leaves after three of five games: results stand, the two games left are
/// lost by forfeit (§7.1.2): R4 6-5 and R5 3-6 are forfeit wins for 5 and 3.
#[test]
fn half_or_more_keeps_results_and_forfeits_the_rest() {
    let mut e = rr(6);
    play(&mut e, &[(1, 6, "1-0"), (2, 5, "1-0"), (3, 4, "1/2")]);
    play(&mut e, &[(6, 4, "0-1"), (5, 3, "0-1"), (1, 2, "1/2")]);
    play(&mut e, &[(2, 6, "0-1"), (3, 1, "1/2"), (4, 5, "1/2")]);
    assert_eq!(
        e.withdraw(no(6), "").unwrap(),
        WithdrawalTreatment::KeepAndForfeit
    );
    let r4 = e.pair_next_round().unwrap().clone();
    let forfeit = r4.pairings.iter().find(|p| p.involves(no(6))).unwrap();
    assert_eq!(
        (forfeit.white.get(), forfeit.black.map(EntrantNo::get)),
        (6, Some(5))
    );
    assert!(matches!(
        forfeit.games[..],
        [GameResult::BlackWinsByForfeit { .. }]
    ));
    e.set_result(rd(4), no(1), no(4), vec![GameResult::Draw])
        .unwrap();
    e.set_result(rd(4), no(2), no(3), vec![GameResult::Draw])
        .unwrap();
    let r5 = e.pair_next_round().unwrap().clone();
    let forfeit = r5.pairings.iter().find(|p| p.involves(no(6))).unwrap();
    assert_eq!(
        (forfeit.white.get(), forfeit.black.map(EntrantNo::get)),
        (3, Some(6))
    );
    assert!(matches!(
        forfeit.games[..],
        [GameResult::WhiteWinsByForfeit { .. }]
    ));
    // 6 keeps 1 point (beat 2); 5: loss, loss, ½, forfeit win = 1.5.
    let p = points(&e);
    assert_eq!(p[5], (6, "1".into()));
    assert_eq!(p[4], (5, "1.5".into()));
}

/// After the draw, before play: an even remainder is drawn again (§7.1).
#[test]
fn even_remainder_is_redrawn() {
    let mut e = rr(5);
    assert_eq!(
        e.withdraw(no(2), "").unwrap(),
        WithdrawalTreatment::CancelAll
    );
    assert!(e.started);
    let numbers: Vec<u32> = e.players.iter().map(|p| p.number.get()).collect();
    assert_eq!(numbers, vec![1, 2, 3, 4]);
    assert!(!e.players.iter().any(|p| p.name == "P2"));
    assert_eq!(e.rounds_planned, 3);
}

/// An odd remainder keeps the draw; the withdrawn number is the bye.
#[test]
fn odd_remainder_keeps_the_draw() {
    let mut e = rr(6);
    e.withdraw(no(3), "").unwrap();
    let r1 = e.pair_next_round().unwrap();
    let games: Vec<(u32, Option<u32>)> = r1
        .pairings
        .iter()
        .map(|p| (p.white.get(), p.black.map(EntrantNo::get)))
        .collect();
    // Berger 6 R1: 1-6 2-5 3-4 → 4 rests.
    assert_eq!(games, vec![(1, Some(6)), (2, Some(5)), (4, None)]);
    assert_eq!(standings(&e).lines.len(), 5);
}
