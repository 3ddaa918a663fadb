//! Hand-computed crosstables: points, Sonneborn–Berger, wins, direct encounter,
//! violations, Buchholz and its cuts, and shared places.

use shatar_tournament::{
    EntrantNo, Event, GameResult, Player, RoundNo, System, Tiebreak, standings,
};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn nos(numbers: &[u32]) -> Vec<EntrantNo> {
    numbers.iter().map(|n| no(*n)).collect()
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

fn play(e: &mut Event, round: u32, results: &[(u32, u32, &str)]) {
    let r = e.pair_next_round().unwrap();
    assert_eq!(r.number.get(), round);
    for &(w, b, res) in results {
        e.set_result(
            rd(round),
            no(w),
            no(b),
            vec![res.parse::<GameResult>().unwrap()],
        )
        .unwrap();
    }
}

fn table(e: &Event) -> Vec<(String, u32, Vec<String>)> {
    let s = standings(e);
    s.lines
        .iter()
        .map(|l| {
            (
                l.place_label(),
                l.entrant.get(),
                l.values
                    .iter()
                    .zip(&s.order)
                    .map(|(v, t)| t.display(*v))
                    .collect(),
            )
        })
        .collect()
}

fn row(place: &str, entrant: u32, values: &[&str]) -> (String, u32, Vec<String>) {
    (
        place.into(),
        entrant,
        values.iter().map(|s| s.to_string()).collect(),
    )
}

/// Berger 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.
///
/// |   | 1 | 2 | 3 | 4 | pts |
/// | 1 | · | 0 | ½ | 1 | 1.5 |
/// | 2 | 1 | · | ½ | ½ | 2   |
/// | 3 | ½ | ½ | · | 1 | 2   |
/// | 4 | 0 | ½ | 0 | · | 0.5 |
///
/// SB(2) = 1.5 (beat 1) + ½·2 (drew 3) + ½·0.5 (drew 4) = 2.75;
/// SB(3) = 0.5 (beat 4) + ½·2 + ½·1.5 = 2.25; SB(1) = 0.5 + ½·2 = 1.5; SB(4) = ½·2 = 1.
#[test]
fn round_robin_sonneborn_berger() {
    let mut e = rr(4);
    play(&mut e, 1, &[(1, 4, "1-0"), (2, 3, "1/2")]);
    play(&mut e, 2, &[(4, 3, "0-1"), (1, 2, "0-1")]);
    play(&mut e, 3, &[(2, 4, "1/2"), (3, 1, "1/2")]);
    // Default order for a one-game round robin: PTS SB WIN DE VIOL (S4 ch.2 §6.1.2(1)).
    assert_eq!(
        table(&e),
        vec![
            row("1", 2, &["2", "2.75", "1", "0", "0"]),
            row("2", 3, &["2", "2.25", "1", "0", "0"]),
            row("3", 1, &["1.5", "1.5", "1", "0", "0"]),
            row("4", 4, &["0.5", "1", "0", "0", "0"]),
        ]
    );
}

/// All draws: everybody 1.5, SB 3·(½·1.5) = 2.25, no wins, direct encounter 1.5 each.
/// Player 3 has one violation and drops to 4th; the other three share 1st–3rd.
#[test]
fn shared_places_and_violations() {
    let mut e = rr(4);
    e.players[2].violations = 1;
    play(&mut e, 1, &[(1, 4, "1/2"), (2, 3, "1/2")]);
    play(&mut e, 2, &[(4, 3, "1/2"), (1, 2, "1/2")]);
    play(&mut e, 3, &[(2, 4, "1/2"), (3, 1, "1/2")]);
    assert_eq!(
        table(&e),
        vec![
            row("1-3", 1, &["1.5", "2.25", "0", "1.5", "0"]),
            row("1-3", 2, &["1.5", "2.25", "0", "1.5", "0"]),
            row("1-3", 4, &["1.5", "2.25", "0", "1.5", "0"]),
            row("4", 3, &["1.5", "2.25", "0", "1.5", "1"]),
        ]
    );
}

/// Wins and direct encounter decide after equal points and SB. Berger 6, five rounds:
///
/// R1 1-6 ½, 2-5 1-0, 3-4 0-1   R2 6-4 ½, 5-3 ½, 1-2 ½   R3 2-6 1-0, 3-1 0-1, 4-5 ½
/// R4 6-5 ½, 1-4 ½, 2-3 1-0     R5 3-6 ½, 4-2 1-0, 5-1 ½
///
/// | | 1 2 3 4 5 6 | pts | wins
/// |1| · ½ 1 ½ ½ ½ | 3   | 1
/// |2| ½ · 1 0 1 1 | 3.5 | 3
/// |3| 0 0 · 0 ½ ½ | 1   | 0
/// |4| ½ 1 1 · ½ ½ | 3.5 | 2
/// |5| ½ 0 ½ ½ · ½ | 2   | 0
/// |6| ½ 0 ½ ½ ½ · | 2   | 0
///
/// SB(2) = 1 (3) + 2 (5) + 2 (6) + ½·3 (1) = 6.5; SB(4) = 3.5 (2) + 1 (3) + ½·(3+2+2) = 8;
/// so 4 is first on SB. SB(1) = 1 + ½·(3.5+3.5+2+2) = 6.5. SB(5) = ½·(3+1+3.5+2) = 4.75;
/// SB(6) = ½·(3+1+3.5+2) = 4.75: 5 and 6 tie on points, SB and wins (0); their game
/// was drawn (direct encounter ½ each); 6 has fewer violations. SB(3) = ½·2 + ½·2 = 2.
#[test]
fn wins_direct_encounter_violations() {
    let mut e = rr(6);
    e.players[4].violations = 2; // player 5
    e.players[5].violations = 1; // player 6
    play(&mut e, 1, &[(1, 6, "1/2"), (2, 5, "1-0"), (3, 4, "0-1")]);
    play(&mut e, 2, &[(6, 4, "1/2"), (5, 3, "1/2"), (1, 2, "1/2")]);
    play(&mut e, 3, &[(2, 6, "1-0"), (3, 1, "0-1"), (4, 5, "1/2")]);
    play(&mut e, 4, &[(6, 5, "1/2"), (1, 4, "1/2"), (2, 3, "1-0")]);
    play(&mut e, 5, &[(3, 6, "1/2"), (4, 2, "1-0"), (5, 1, "1/2")]);
    assert_eq!(
        table(&e),
        vec![
            row("1", 4, &["3.5", "8", "2", "0", "0"]),
            row("2", 2, &["3.5", "6.5", "3", "0", "0"]),
            row("3", 1, &["3", "6.5", "1", "0", "0"]),
            row("4", 6, &["2", "4.75", "0", "0.5", "1"]),
            row("5", 5, &["2", "4.75", "0", "0.5", "2"]),
            row("6", 3, &["1", "2", "0", "0", "0"]),
        ]
    );
}

/// Buchholz and its cuts on the same crosstable (opponents' final points):
/// player 1 met 2 (3.5), 3 (1), 4 (3.5), 5 (2), 6 (2): BH 12, cut-1 11, median 7.5.
#[test]
fn buchholz_variants() {
    let mut e = rr(6);
    play(&mut e, 1, &[(1, 6, "1/2"), (2, 5, "1-0"), (3, 4, "0-1")]);
    play(&mut e, 2, &[(6, 4, "1/2"), (5, 3, "1/2"), (1, 2, "1/2")]);
    play(&mut e, 3, &[(2, 6, "1-0"), (3, 1, "0-1"), (4, 5, "1/2")]);
    play(&mut e, 4, &[(6, 5, "1/2"), (1, 4, "1/2"), (2, 3, "1-0")]);
    play(&mut e, 5, &[(3, 6, "1/2"), (4, 2, "1-0"), (5, 1, "1/2")]);
    let order = [
        Tiebreak::Points,
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::BuchholzMedian,
    ];
    let s = shatar_tournament::standings::standings_with(&e, &order);
    let p1 = s.lines.iter().find(|l| l.entrant == 1).unwrap();
    let shown: Vec<String> = p1.values.iter().map(ToString::to_string).collect();
    assert_eq!(shown, ["3", "12", "11", "7.5"]);
}

#[test]
fn tiebreak_codes_are_stable() {
    let codes: Vec<&str> = Tiebreak::ALL.iter().map(|t| t.code()).collect();
    assert_eq!(
        codes,
        [
            "PTS", "MP", "GP", "BP", "SB", "WIN", "DE", "VIOL", "BH", "BH-C1", "BH-M1", "TBH"
        ]
    );
    for t in Tiebreak::ALL {
        assert_eq!(t.code().parse::<Tiebreak>(), Ok(t));
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            format!("\"{}\"", t.code())
        );
    }
}

/// Members' total (S4 ch.2 §6.2.2(3)) on the six-player crosstable above: points 1: 3,
/// 2: 3.5, 3: 1, 4: 3.5, 5: 2, 6: 2; places 4, 2, 1, 6, 5, 3 → 1st…6th (6 before 5 on
/// violations). Place points N + 1 − place with N = 6: 4 → 6, 2 → 5, 1 → 4, 6 → 3, 5 → 2,
/// 3 → 1.
///
/// Teams A = {1, 3}, B = {2, 5}, C = {4, 6}: game points A 4, B 5.5, C 5.5 — B and C equal,
/// C has the best individual place (player 4, 1st): C, B, A. Place points A 5, B 7, C 9.
/// Teams D = {1, 5}, E = {2, 3}: place points 4 + 2 = 6 and 5 + 1 = 6; E's best place is
/// 2nd (player 2), D's 3rd: E, D.
#[test]
fn members_total_game_and_place_points() {
    use shatar_tournament::members_total::{Method, team_standings};
    let mut e = rr(6);
    e.players[4].violations = 2;
    e.players[5].violations = 1;
    play(&mut e, 1, &[(1, 6, "1/2"), (2, 5, "1-0"), (3, 4, "0-1")]);
    play(&mut e, 2, &[(6, 4, "1/2"), (5, 3, "1/2"), (1, 2, "1/2")]);
    play(&mut e, 3, &[(2, 6, "1-0"), (3, 1, "0-1"), (4, 5, "1/2")]);
    play(&mut e, 4, &[(6, 5, "1/2"), (1, 4, "1/2"), (2, 3, "1-0")]);
    play(&mut e, 5, &[(3, 6, "1/2"), (4, 2, "1-0"), (5, 1, "1/2")]);
    let mut abc = e.clone();
    abc.add_member_team("A", "", nos(&[1, 3])).unwrap();
    abc.add_member_team("B", "", nos(&[2, 5])).unwrap();
    abc.add_member_team("C", "", nos(&[4, 6])).unwrap();
    let show = |e: &Event, m| -> Vec<(u32, u32, String)> {
        team_standings(e, m)
            .iter()
            .map(|l| (l.place, l.team.get(), l.value.to_string()))
            .collect()
    };
    assert_eq!(
        show(&abc, Method::GamePoints),
        vec![
            (1, 3, "5.5".into()),
            (2, 2, "5.5".into()),
            (3, 1, "4".into())
        ]
    );
    assert_eq!(
        show(&abc, Method::PlacePoints),
        vec![(1, 3, "9".into()), (2, 2, "7".into()), (3, 1, "5".into())]
    );
    let mut de = e.clone();
    de.add_member_team("D", "", nos(&[1, 5])).unwrap();
    de.add_member_team("E", "", nos(&[2, 3])).unwrap();
    assert_eq!(
        show(&de, Method::PlacePoints),
        vec![(1, 2, "6".into()), (2, 1, "6".into())]
    );
    assert!(
        de.add_member_team("F", "", nos(&[2])).is_err(),
        "a player in two teams"
    );
}

/// Berger 4, R1 1-4 2-3, R2 4-3 1-2. R1: 1-4 adjudicated ½-0, 2-3 1-0; R2: 4-3 won by 4
/// by forfeit, 1-2 drawn. Points: 1 ½+½ = 1, 2 1+½ = 1.5, 3 0, 4 0+1 = 1. Won games
/// (at the board): 2 one (over 3); 1's adjudicated ½-0 and 4's forfeit are none.
#[test]
fn wins_count_games_won_at_the_board_only() {
    let mut e = rr(4);
    play(&mut e, 1, &[(1, 4, "adj:0.5-0:ruling"), (2, 3, "1-0")]);
    play(&mut e, 2, &[(4, 3, "+-"), (1, 2, "1/2")]);
    let table =
        shatar_tournament::standings::standings_with(&e, &[Tiebreak::Points, Tiebreak::Wins]);
    let mut values: Vec<(u32, String, String)> = table
        .lines
        .iter()
        .map(|l| {
            (
                l.entrant.get(),
                l.values[0].to_string(),
                l.values[1].to_string(),
            )
        })
        .collect();
    values.sort();
    assert_eq!(
        values,
        [
            (1, "1".to_owned(), "0".to_owned()),
            (2, "1.5".to_owned(), "1".to_owned()),
            (3, "0".to_owned(), "0".to_owned()),
            (4, "1".to_owned(), "0".to_owned()),
        ]
    );
}
