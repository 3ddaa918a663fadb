//! Team events: line-up modes (S4 ch.2 §4), board colours, team scoring and tie-breaks
//! on hand-computed crosstables (S4 ch.2 §6.2).

use shatar_tournament::standings::standings_with;
use shatar_tournament::{
    BoardNo, EntrantNo, Entrants, Event, EventError, GameResult, LineupMode, Player, RoundNo,
    System, TeamMatch, Tiebreak, standings,
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

/// 4 boards and 2 reserves in registered order: C(6,4) = 15 legal line-ups among the
/// 6·5·4·3 = 360 ordered choices (docs/competition.md §2).
#[test]
fn four_boards_two_reserves_give_fifteen_lineups() {
    let mut e = Event::new("t", System::RoundRobin);
    e.entrants = Entrants::Team {
        boards: 4,
        lineup: LineupMode::OrderedSubstitutes,
    };
    let members = (1..=6).map(|i| Player::named(format!("M{i}"))).collect();
    let t = e.add_team("A", "", members).unwrap();
    let team = e.team(t).unwrap().clone();
    let count = |mode| {
        let mut n = 0;
        for a in 1..=6u32 {
            for b in 1..=6 {
                for c in 1..=6 {
                    for d in 1..=6 {
                        if team
                            .validate_lineup(&[no(a), no(b), no(c), no(d)], 4, mode)
                            .is_ok()
                        {
                            n += 1;
                        }
                    }
                }
            }
        }
        n
    };
    assert_eq!(count(LineupMode::OrderedSubstitutes), 15);
    assert_eq!(count(LineupMode::FreeLineup), 360);
    assert_eq!(count(LineupMode::FixedBoards), 1);
}

fn team_event(boards: u8, games: u8, teams: u32) -> Event {
    let mut e = Event::new("teams", System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.games_per_pairing = games;
    e.entrants = Entrants::Team {
        boards,
        lineup: LineupMode::OrderedSubstitutes,
    };
    for t in 1..=teams {
        let members = (1..=u32::from(boards) + 1)
            .map(|m| Player::named(format!("T{t}M{m}")))
            .collect();
        e.add_team(format!("Team {t}"), "", members).unwrap();
    }
    e.start().unwrap();
    e
}

fn lineup(e: &Event, team: EntrantNo, boards: usize) -> Vec<EntrantNo> {
    e.team(team).unwrap().members[..boards].to_vec()
}

fn enter(e: &mut Event, round: u32, board: BoardNo, boards: &[&[&str]]) {
    let p = e.rounds[round as usize - 1]
        .pairings
        .iter()
        .find(|p| p.board == board)
        .unwrap()
        .clone();
    let n = boards.len();
    let tm = TeamMatch {
        white_lineup: lineup(e, p.white, n),
        black_lineup: lineup(e, p.black.unwrap(), n),
        boards: boards
            .iter()
            .map(|games| {
                games
                    .iter()
                    .map(|g| g.parse::<GameResult>().unwrap())
                    .collect()
            })
            .collect(),
    };
    e.set_team_result(rd(round), board, tm).unwrap();
}

fn show(e: &Event, order: Option<&[Tiebreak]>) -> Vec<(String, u32, Vec<String>)> {
    let s = match order {
        Some(o) => standings_with(e, o),
        None => standings(e),
    };
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

/// Three teams, four boards, one game; results in each game's colours, the first-listed
/// team White on boards 1 and 3 (S4 ch.2 §1.1.3).
///
/// R1 2–3: b1 1-0 (2), b2 ½ , b3 ½, b4 1-0 (3 has White): 2–2, match 1–1.
/// R2 1–2: b1 1-0 (1), b2 0-1 (1), b3 ½, b4 1-0 (2): 2.5–1.5, match 2–0.
/// R3 3–1: b1 0-1 (1), b2 ½, b3 1-0 (3), b4 0-1 (3): 2.5–1.5 for 3, match 2–0.
///
/// | team | MP | GP  | TBH (opponents' MP) |
/// | 1    | 2  | 4   | 1 + 3 = 4           |
/// | 2    | 1  | 3.5 | 3 + 2 = 5           |
/// | 3    | 3  | 4.5 | 1 + 2 = 3           |
#[test]
fn team_round_robin_one_game() {
    let mut e = team_event(4, 1, 3);
    e.pair_next_round().unwrap();
    enter(&mut e, 1, bd(1), &[&["1-0"], &["1/2"], &["1/2"], &["1-0"]]);
    e.pair_next_round().unwrap();
    enter(&mut e, 2, bd(1), &[&["1-0"], &["0-1"], &["1/2"], &["1-0"]]);
    e.pair_next_round().unwrap();
    enter(&mut e, 3, bd(1), &[&["0-1"], &["1/2"], &["1-0"], &["0-1"]]);
    // S4's order for team round robins: MP, GP, violations (S4 ch.2 §6.2.2(1)).
    assert_eq!(
        show(&e, None),
        vec![
            row("1", 3, &["3", "4.5", "0"]),
            row("2", 1, &["2", "4", "0"]),
            row("3", 2, &["1", "3.5", "0"]),
        ]
    );
    assert_eq!(
        show(&e, Some(&[Tiebreak::TeamBuchholz])),
        vec![
            row("1", 2, &["5"]),
            row("2", 1, &["4"]),
            row("3", 3, &["3"])
        ]
    );
}

/// All boards drawn: every team 2 MP, 4 GP; a violation by a member of team 2 puts it
/// last and teams 1 and 3 share first place.
#[test]
fn team_shared_places() {
    let mut e = team_event(4, 1, 3);
    let member = e.team(no(2)).unwrap().members[0];
    e.players
        .iter_mut()
        .find(|p| p.number == member)
        .unwrap()
        .violations = 1;
    for r in 1..=3 {
        e.pair_next_round().unwrap();
        enter(&mut e, r, bd(1), &[&["1/2"], &["1/2"], &["1/2"], &["1/2"]]);
    }
    assert_eq!(
        show(&e, None),
        vec![
            row("1-2", 1, &["2", "4", "0"]),
            row("1-2", 3, &["2", "4", "0"]),
            row("3", 2, &["2", "4", "1"]),
        ]
    );
}

/// Two games per board (S4 ch.2 §6.2.1(2)): board 1 team 1 wins 1.5–0.5, board 2
/// team 2 wins 2–0: board points 1–1, game points 1.5–2.5, so team 2 wins the match.
#[test]
fn team_two_games_board_points_then_game_points() {
    let mut e = team_event(2, 2, 2);
    e.pair_next_round().unwrap();
    // Board 1: team 1 White in game 1, Black in game 2. Board 2: the reverse.
    enter(&mut e, 1, bd(1), &[&["1-0", "1/2"], &["1-0", "0-1"]]);
    assert_eq!(
        show(&e, None),
        vec![
            row("1", 2, &["2", "1", "2.5", "0"]),
            row("2", 1, &["0", "1", "1.5", "0"])
        ]
    );
}

#[test]
fn lineup_out_of_registered_order_is_refused() {
    let mut e = team_event(4, 1, 2);
    e.pair_next_round().unwrap();
    let before = e.clone();
    let members = e.team(no(1)).unwrap().members.clone();
    let tm = TeamMatch {
        white_lineup: vec![members[1], members[0], members[2], members[3]],
        black_lineup: lineup(&e, no(2), 4),
        boards: vec![vec![GameResult::Draw]; 4],
    };
    let err = e.set_team_result(rd(1), bd(1), tm).unwrap_err();
    assert!(
        matches!(err, EventError::LineupOutOfOrder { team, .. } if team == 1),
        "{err}"
    );
    assert_eq!(e, before);
    // A reserve may replace board 2 in order: members 1, 3, 4, 5.
    let tm = TeamMatch {
        white_lineup: vec![members[0], members[2], members[3], members[4]],
        black_lineup: lineup(&e, no(2), 4),
        boards: vec![vec![GameResult::Draw]; 4],
    };
    e.set_team_result(rd(1), bd(1), tm).unwrap();
}

#[test]
fn duplicate_team_is_refused() {
    let mut e = team_event(2, 1, 2);
    e.started = false;
    let err = e
        .add_team("team 1", "", vec![Player::named("x"), Player::named("y")])
        .unwrap_err();
    assert_eq!(
        err,
        EventError::DuplicateTeam {
            name: "team 1".into(),
            existing: no(1)
        }
    );
}

/// Team Swiss (积分编排制 for teams): teams are paired on match points; the default order
/// is MP, team Buchholz, GP, violations (S4 ch.2 §6.2.2(2)). Six teams, all round-1
/// matches won by the first team on both boards: three teams on 2 MP, three on 0 — in
/// round 2 two winners meet, and exactly one winner meets a loser.
#[test]
fn team_swiss_pairs_on_match_points() {
    let mut e = Event::new("team swiss", System::Swiss);
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::FixedBoards,
    };
    e.rounds_planned = 3;
    for t in 1..=6 {
        let members = (1..=2)
            .map(|m| Player::named(format!("S{t}M{m}")))
            .collect();
        e.add_team(format!("S{t}"), "", members).unwrap();
    }
    e.start().unwrap();
    let r1 = e.pair_next_round().unwrap().clone();
    assert_eq!(r1.pairings.len(), 3);
    for p in &r1.pairings {
        // Board 1: first team White wins; board 2: first team Black wins.
        enter(&mut e, 1, p.board, &[&["1-0"], &["0-1"]]);
    }
    let winners: Vec<EntrantNo> = r1.pairings.iter().map(|p| p.white).collect();
    let r2 = e.pair_next_round().unwrap().clone();
    let mixed = r2
        .pairings
        .iter()
        .filter(|p| winners.contains(&p.white) != winners.contains(&p.black.unwrap()))
        .count();
    assert_eq!(mixed, 1);
    for p in &r2.pairings {
        let b = p.black.unwrap();
        assert!(
            !r1.pairings
                .iter()
                .any(|q| q.involves(p.white) && q.involves(b)),
            "rematch"
        );
    }
    let s = standings(&e);
    assert_eq!(
        s.order,
        vec![
            Tiebreak::MatchPoints,
            Tiebreak::TeamBuchholz,
            Tiebreak::GamePoints,
            Tiebreak::FewerViolations
        ]
    );
    assert_eq!(s.lines[0].values[0].to_string(), "2");
}

/// A team's entry taken back before the draw: the team and its two members leave, the
/// team and players after them move up (C becomes team 2 with players 3 and 4), C's
/// requested bye follows it, and after the draw nothing can be taken back.
#[test]
fn a_team_taken_back_before_the_draw_numbers_the_rest_again() {
    let mut e = Event::new("t", System::Dutch);
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::OrderedSubstitutes,
    };
    for t in ["A", "B", "C"] {
        let members = (1..=2).map(|i| Player::named(format!("{t}{i}"))).collect();
        e.add_team(t, "", members).unwrap();
    }
    e.request_bye(no(3), rd(1), shatar_tournament::ByeKind::Zero)
        .unwrap();
    let moved = e.take_back_team(no(2)).unwrap();
    assert_eq!(moved.teams, [(no(3), no(2))]);
    assert_eq!(moved.players, [(no(5), no(3)), (no(6), no(4))]);
    let names: Vec<(u32, &str, Vec<u32>)> = e
        .teams
        .iter()
        .map(|t| {
            let members = t.members.iter().map(|m| m.get()).collect();
            (t.number.get(), t.name.as_str(), members)
        })
        .collect();
    assert_eq!(names, [(1, "A", vec![1, 2]), (2, "C", vec![3, 4])]);
    let players: Vec<(u32, &str)> = e
        .players
        .iter()
        .map(|p| (p.number.get(), p.name.as_str()))
        .collect();
    assert_eq!(players, [(1, "A1"), (2, "A2"), (3, "C1"), (4, "C2")]);
    assert_eq!(e.requested_byes[0].entrant, no(2));
    assert!(matches!(
        e.take_back_team(no(3)),
        Err(EventError::UnknownTeam(n)) if n == no(3)
    ));
    e.start().unwrap();
    assert!(matches!(e.take_back_team(no(1)), Err(EventError::State(_))));
}
