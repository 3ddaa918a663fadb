//! Reports in text, CSV and HTML, in English, Chinese and Mongolian.

use shatar_tournament::report::{Format, Kind, Lang, build, render};
use shatar_tournament::{
    BoardNo, EntrantNo, Entrants, Event, GameResult, LineupMode, Player, RoundNo, System, TeamMatch,
};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn rd(n: u32) -> RoundNo {
    RoundNo::new(n).expect("a round from 1")
}

fn bd(n: u32) -> BoardNo {
    BoardNo::new(n).expect("a board from 1")
}

fn rr4() -> Event {
    let mut e = Event::new("Naadam", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        let mut p = Player::named(format!("P{i}"));
        if i == 1 {
            p.name_traditional = Some("ᠪᠠᠲᠤ".into());
        }
        e.add_player(p).unwrap();
    }
    e.start().unwrap();
    let rounds: [&[(u32, u32, &str)]; 3] = [
        &[(1, 4, "1-0"), (2, 3, "1/2")],
        &[(4, 3, "0-1"), (1, 2, "0-1")],
        &[(2, 4, "1/2"), (3, 1, "1/2")],
    ];
    for (i, games) in rounds.iter().enumerate() {
        e.pair_next_round().unwrap();
        for &(w, b, r) in *games {
            e.set_result(
                rd(i as u32 + 1),
                no(w),
                no(b),
                vec![r.parse::<GameResult>().unwrap()],
            )
            .unwrap();
        }
    }
    e
}

#[test]
fn crosstable_csv() {
    let e = rr4();
    let out = render(
        &e,
        &build(&e, Kind::Crosstable, Lang::En),
        Format::Csv,
        Lang::En,
    );
    assert_eq!(
        out,
        "No.,Name,1,2,3,4,Total\n1,P1,×,0,½,1,1.5\n2,P2,1,×,½,½,2\n3,P3,½,½,×,1,2\n4,P4,0,½,0,×,0.5\n"
    );
}

#[test]
fn standings_text_in_chinese_and_mongolian() {
    let e = rr4();
    let zh = render(
        &e,
        &build(&e, Kind::Standings, Lang::Zh),
        Format::Text,
        Lang::Zh,
    );
    let lines: Vec<&str> = zh.lines().collect();
    assert_eq!(lines[0], "Naadam — 成绩排名");
    assert!(
        lines[1].starts_with("名次  编号  姓名  积分  小分  胜局  直胜  违例"),
        "{zh}"
    );
    assert!(lines[3].starts_with("1     2     P2    2     2.75"), "{zh}");
    let mn = render(
        &e,
        &build(&e, Kind::Standings, Lang::Mn),
        Format::Text,
        Lang::Mn,
    );
    assert!(mn.contains("P1 (ᠪᠠᠲᠤ)"), "{mn}");
    assert!(mn.contains("Зонненборн-Бергер"));
}

#[test]
fn pairings_html_is_printable_and_escaped() {
    let mut e = rr4();
    e.name = "A <b> & C".into();
    let html = render(
        &e,
        &build(&e, Kind::Pairings(Some(rd(2))), Lang::En),
        Format::Html,
        Lang::En,
    );
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.contains("@media print"));
    assert!(html.contains("<title>A &lt;b&gt; &amp; C</title>"));
    assert!(
        html.contains("<tr><td>1</td><td>P4 (4)</td><td>P3 (3)</td><td>0-1</td></tr>"),
        "{html}"
    );
    assert!(!html.contains("<script"));
}

#[test]
fn team_awards_name_the_cups() {
    let mut e = Event::new("Cup", System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::FixedBoards,
    };
    for t in 1..=3 {
        e.add_team(
            format!("T{t}"),
            "",
            vec![
                Player::named(format!("{t}a")),
                Player::named(format!("{t}b")),
            ],
        )
        .unwrap();
    }
    e.start().unwrap();
    // R1 2-3 (1 rests): 3 wins 2-0; R2 1-2... Berger 4 with 3 teams: R1 2-3, R2 1-2, R3 3-1.
    let results = [(1u32, "0-1", "1-0"), (2, "1-0", "1/2"), (3, "1/2", "1/2")];
    for (r, b1, b2) in results {
        e.pair_next_round().unwrap();
        let p = e.rounds[r as usize - 1].pairings[0].clone();
        let tm = TeamMatch {
            white_lineup: e.team(p.white).unwrap().members.clone(),
            black_lineup: e.team(p.black.unwrap()).unwrap().members.clone(),
            boards: vec![vec![b1.parse().unwrap()], vec![b2.parse().unwrap()]],
        };
        e.set_team_result(rd(r), bd(1), tm).unwrap();
    }
    // R1 2–3: board 1 0-1 (3 wins), board 2 1-0 with 3 White (3 wins): 3 gets 2 MP.
    // R2 1–2: board 1 1-0 (1), board 2 ½: 1 gets 2 MP. R3 3–1 drawn: 1 MP each.
    // MP: 3 → 3, 1 → 3, 2 → 0; GP: 3 → 2 + 1 = 3, 1 → 1.5 + 1 = 2.5.
    let zh = render(
        &e,
        &build(&e, Kind::Awards, Lang::Zh),
        Format::Csv,
        Lang::Zh,
    );
    assert_eq!(zh, "名次,队,奖项\n1,T3,金驼杯\n2,T1,骏马杯\n3,T2,蒙牛杯\n");
    let cards = build(&e, Kind::MatchCards(Some(rd(1))), Lang::En);
    assert_eq!(cards.len(), 1);
    assert_eq!(cards[0].rows[1], vec!["2", "3b", "2b", "1-0"]);
}

/// Knock-out awards: the champion is the winner of the last match played (here the
/// reset final of a double elimination), not the entrant whose last loss came latest.
#[test]
fn knock_out_champion_is_the_final_winner() {
    use shatar_tournament::pairing::elimination::match_winner;
    use shatar_tournament::simulate::{Simulation, simulate};
    for seed in 1..12 {
        let e = simulate(&Simulation::new(System::DoubleElimination, 8, seed)).unwrap();
        let last = e
            .rounds
            .last()
            .unwrap()
            .pairings
            .iter()
            .find(|p| p.black.is_some())
            .unwrap();
        let champion = match_winner(&e, last).unwrap();
        let awards = build(&e, Kind::Awards, Lang::En);
        assert_eq!(awards[0].rows[0][0], "1");
        assert_eq!(
            awards[0].rows[0][1],
            e.entrant_name(champion),
            "seed {seed}"
        );
    }
}
