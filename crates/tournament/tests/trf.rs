//! TRF-16 against a hand-made file (tests/data/rr4.trf, see rr4.trf.source), both ways.

use std::path::PathBuf;

use shatar_tournament::{
    BoardNo, ByeKind, Color, EntrantNo, Event, GameResult, Player, RequestedBye, RoundNo, Score,
    System, TrfError, standings, trf,
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

fn bd(n: u32) -> BoardNo {
    BoardNo::new(n).expect("a board from 1")
}

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

fn rr4() -> Event {
    let mut e = Event::new("rr", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
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
fn export_matches_hand_made_file() {
    assert_eq!(trf::write(&rr4()).unwrap(), data("rr4.trf"));
}

#[test]
fn import_rebuilds_rounds_and_standings() {
    let e = trf::read(&data("rr4.trf"), System::RoundRobin).unwrap();
    let original = rr4();
    assert_eq!(e.rounds.len(), 3);
    for (a, b) in e.rounds.iter().zip(&original.rounds) {
        let key = |p: &shatar_tournament::Pairing| (p.white, p.black, format!("{:?}", p.games));
        let mut pa: Vec<_> = a.pairings.iter().map(key).collect();
        let mut pb: Vec<_> = b.pairings.iter().map(key).collect();
        pa.sort();
        pb.sort();
        assert_eq!(pa, pb);
    }
    let order: Vec<u32> = standings(&e)
        .lines
        .iter()
        .map(|l| l.entrant.get())
        .collect();
    assert_eq!(order, vec![2, 3, 1, 4]);
}

#[test]
fn forfeits_keep_their_pairing_colours() {
    // rr4 with 1–4 forfeited by 4 and 2–3 forfeited by both: the pairing stands, so the
    // colour column keeps 'w'/'b' and the result column says '+'/'-' (TRF-16).
    let mut e = rr4();
    e.set_result(rd(1), no(1), no(4), vec!["+-".parse().unwrap()])
        .unwrap();
    e.set_result(rd(1), no(2), no(3), vec!["--".parse().unwrap()])
        .unwrap();
    let text = trf::write(&e).unwrap();
    let line = |n: usize| {
        text.lines()
            .find(|l| l.starts_with(&format!("001 {n:>4}")))
            .unwrap()
    };
    assert_eq!(&line(1)[91..99], "   4 w +");
    assert_eq!(&line(4)[91..99], "   1 b -");
    assert_eq!(&line(2)[91..99], "   3 w -");
    assert_eq!(&line(3)[91..99], "   2 b -");
    let back = trf::read(&text, System::RoundRobin).unwrap();
    let first: Vec<_> = back.rounds[0]
        .pairings
        .iter()
        .map(|p| (p.white.get(), p.black.map(EntrantNo::get), p.games.clone()))
        .collect();
    assert!(first.contains(&(1, Some(4), vec!["+-".parse::<GameResult>().unwrap()])));
    assert!(first.contains(&(2, Some(3), vec!["--".parse::<GameResult>().unwrap()])));
}

#[test]
fn utf8_names_keep_columns() {
    let mut e = rr4();
    e.players[0].name = "Батбаяр 巴特尔".into();
    let text = trf::write(&e).unwrap();
    let back = trf::read(&text, System::RoundRobin).unwrap();
    assert_eq!(back.players[0].name, "Батбаяр 巴特尔");
    assert_eq!(back.rounds[0].pairings.len(), 2);
}

#[test]
fn inconsistent_and_malformed_files_are_named() {
    let text = data("rr4.trf").replace("   2 b =     4 b 1", "   2 b =     4 b 0");
    let err = trf::read(&text, System::RoundRobin).unwrap_err();
    assert_eq!(
        err,
        TrfError::Meaning("round 2: results '0' for 4 and '0' for 3 do not agree".into())
    );
    let text = data("rr4.trf").replace("001    4      P4", "001    x      P4");
    let err = trf::read(&text, System::RoundRobin).unwrap_err();
    assert!(
        matches!(err, TrfError::Syntax { line: 9, ref columns, .. } if columns == "5-8"),
        "{err}"
    );
}

#[test]
fn simulated_swiss_round_trips() {
    use shatar_tournament::simulate::{Simulation, simulate};
    let mut sim = Simulation::new(System::Swiss, 15, 11);
    sim.forfeit_per_mille = 50;
    let e = simulate(&sim).unwrap();
    let back = trf::read(&trf::write(&e).unwrap(), System::Swiss).unwrap();
    let a: Vec<(u32, String)> = standings(&e)
        .lines
        .iter()
        .map(|l| (l.entrant.get(), l.values[0].to_string()))
        .collect();
    let b: Vec<(u32, String)> = standings(&back)
        .lines
        .iter()
        .map(|l| (l.entrant.get(), l.values[0].to_string()))
        .collect();
    let mut a_points: Vec<_> = a.clone();
    a_points.sort();
    let mut b_points: Vec<_> = b.clone();
    b_points.sort();
    assert_eq!(a_points, b_points);
}

/// Two games per pairing: each game is one TRF round, colours swapped in the second
/// (tests/data/rr4_two_games.trf, see its .source).
#[test]
fn two_game_pairings_write_one_round_per_game() {
    let mut e = Event::new("two games", System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.games_per_pairing = 2;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    e.pair_next_round().unwrap();
    let g = |s: &str| s.parse::<GameResult>().unwrap();
    e.set_result(rd(1), no(1), no(4), vec![g("1-0"), g("0-1")])
        .unwrap();
    e.set_result(rd(1), no(2), no(3), vec![g("1-0"), g("1/2")])
        .unwrap();
    let text = trf::write(&e).unwrap();
    assert_eq!(text, data("rr4_two_games.trf"));
    // Read back as single games: the same points.
    let back = trf::read(&text, System::RoundRobin).unwrap();
    assert_eq!(back.rounds.len(), 2);
    let points: Vec<String> = (1..=4)
        .map(|n| {
            shatar_tournament::tiebreak::Context::new(&back)
                .primary(no(n))
                .to_string()
        })
        .collect();
    assert_eq!(points, ["2", "1.5", "0.5", "0"]);
}

/// A double round robin: the second cycle repeats the first with colours swapped, and
/// the TRF shows it round by round.
#[test]
fn double_round_robin_writes_both_cycles() {
    let mut e = Event::new("drr", System::DoubleRoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    for r in 1..=6 {
        let round = e.pair_next_round().unwrap().clone();
        for p in &round.pairings {
            let b = p.black.unwrap();
            e.set_result(rd(r), p.white, b, vec!["1/2".parse().unwrap()])
                .unwrap();
        }
    }
    let text = trf::write(&e).unwrap();
    assert!(text.contains("\nXXR 6\n"), "{text}");
    for line in text.lines().filter(|l| l.starts_with("001")) {
        let cols: Vec<char> = line.chars().collect();
        let block = |r: usize| -> String { cols[91 + 10 * r..99 + 10 * r].iter().collect() };
        for r in 0..3 {
            let (a, b) = (block(r), block(r + 3));
            assert_eq!(
                a[..4],
                b[..4],
                "{line}: same opponent in rounds {} and {}",
                r + 1,
                r + 4
            );
            let swapped = match &a[5..6] {
                "w" => "b",
                _ => "w",
            };
            assert_eq!(
                &b[5..6],
                swapped,
                "{line}: colours swapped in round {}",
                r + 4
            );
        }
    }
    // The first cycle is the Berger table (S4 table 3) of tests/data/rr4.trf: the same
    // opponents and colours.
    let pairs = |text: &str| -> Vec<Vec<String>> {
        text.lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| {
                (0..3)
                    .map(|r| l[91 + 10 * r..97 + 10 * r].to_owned())
                    .collect()
            })
            .collect()
    };
    assert_eq!(pairs(&text), pairs(&data("rr4.trf")));
}

/// A team event: every member's board games and the team lines
/// (tests/data/teams2.trf, see its .source).
#[test]
fn team_event_writes_members_and_team_lines() {
    use shatar_tournament::{LineupMode, TeamMatch};
    let mut e = alpha_beta("teams", LineupMode::OrderedSubstitutes);
    let tm = TeamMatch {
        white_lineup: nos(&[1, 2]),
        black_lineup: nos(&[4, 5]),
        boards: vec![vec!["1-0".parse().unwrap()], vec!["1/2".parse().unwrap()]],
    };
    e.set_team_result(rd(1), bd(1), tm).unwrap();
    assert_eq!(trf::write(&e).unwrap(), data("teams2.trf"));
}

/// All-play-all team matches give a player several games in a round: refused by name.
#[test]
fn all_play_all_team_events_are_refused() {
    use shatar_tournament::{Entrants, LineupMode};
    let mut e = Event::new("teams", System::RoundRobin);
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::AllPlayAll,
    };
    let err = trf::write(&e).unwrap_err();
    assert!(err.to_string().contains("all-play-all"), "{err}");
}

/// Cases the fuzz target found: a player listed as its own opponent is refused; a round
/// entry without opponent and result is an absence, as 'Z' is, so what is written reads
/// back the same.
#[test]
fn own_opponent_refused_and_blank_entries_are_absences() {
    let text = data("rr4.trf").replace("001    2      P2                                                                 2.0    1     3 w =", "001    2      P2                                                                 2.0    1     2 w =");
    let err = trf::read(&text, System::RoundRobin).unwrap_err();
    assert_eq!(
        err,
        TrfError::Meaning("round 1: 2 is listed as its own opponent".into())
    );
    // A round without any game is a round not yet paired: both players declare an
    // absence (a zero-point bye) for it, and so does the file written back.
    let blank = "012 b\n062 2\n001    1      P1                                                                 0.0    1  0000 -  \n001    2      P2                                                                 0.0    1  0000 - Z\n";
    let e = trf::read(blank, System::Dutch).unwrap();
    assert!(e.rounds.is_empty());
    let zero = |n| RequestedBye {
        entrant: no(n),
        round: rd(1),
        kind: ByeKind::Zero,
    };
    assert_eq!(e.requested_byes, [zero(1), zero(2)]);
    let back = trf::read(&trf::write(&e).unwrap(), System::Dutch).unwrap();
    assert_eq!(back.requested_byes, e.requested_byes);
}

/// A Baku-accelerated Dutch event writes each group-A player's virtual points as TRF(x)
/// `XXA` lines: 9 players and 9 rounds give group A players 1-6 (2 × ⌈9/4⌉), a point in
/// rounds 1-3 and half a point in rounds 4-5 (C.04.5.1).
#[test]
fn baku_acceleration_writes_xxa_lines() {
    use shatar_tournament::pairing::swiss::acceleration::Acceleration;
    use shatar_tournament::simulate::{Simulation, simulate};
    let mut sim = Simulation::new(System::Dutch, 9, 4);
    sim.rounds = 9;
    sim.acceleration = Acceleration::Baku;
    let e = simulate(&sim).unwrap();
    let text = trf::write(&e).unwrap();
    let xxa: Vec<&str> = text.lines().filter(|l| l.starts_with("XXA")).collect();
    let expected: Vec<String> = (1..=6)
        .map(|n| format!("XXA {n:>4}  1.0  1.0  1.0  0.5  0.5"))
        .collect();
    assert_eq!(xxa, expected);
    // Without acceleration there are none.
    sim.acceleration = Acceleration::None;
    let plain = trf::write(&simulate(&sim).unwrap()).unwrap();
    assert!(!plain.contains("XXA"));
}

/// Columns `from..=to` (1-based) of a line.
fn cols(line: &str, from: usize, to: usize) -> String {
    line.chars().skip(from - 1).take(to + 1 - from).collect()
}

/// A team round robin worked by hand for the TRF-2026 team records (`310`, `352`).
///
/// Four teams of three members (two boards and a reserve), registered in this order and
/// numbered so (no lot): Alpha 1 (players 1-3, rated 1800, 1700, unrated), Beta 2 (4-6:
/// 1601, 1600, 1500), Gamma 3 (7-9: 1501, 1500, unrated), Delta 4 (10-12, unrated).
/// Strength, the mean rating of the rated members rounded half up: Alpha 3500 / 2 =
/// 1750, Beta 4701 / 3 = 1567, Gamma 3001 / 2 = 1500.5 → 1501, Delta none (blank).
///
/// The Berger table pairs 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1; the first-listed team has White
/// on board 1 and Black on board 2. Results, in each game's colours:
///
/// | round | match | board 1 | board 2 | games | match points |
/// |---|---|---|---|---|---|
/// | 1 | Alpha-Delta | 1-10 1-0 | 11-2 ½ | 1.5-0.5 | 2-0 |
/// | 1 | Beta-Gamma | 4-7 ½ | 8-5 ½ | 1-1 | 1-1 (drawn match) |
/// | 2 | Delta-Gamma | 10-7 0-1 | 8-12 0-1 | 1-1 | 1-1 (Delta's reserve 12 on board 2) |
/// | 2 | Alpha-Beta | 1-4 +- (forfeit) | 5-3 ½ | 1.5-0.5 | 2-0 |
/// | 3 | Beta-Delta | 4-10 1-0 | 11-5 ½ | 1.5-0.5 | 2-0 |
/// | 3 | Gamma-Alpha | 7-1 ½ | 2-9 ½ | 1-1 | 1-1 |
///
/// Totals: Alpha 2 + 2 + 1 = 5 match points, 1.5 + 1.5 + 1 = 4 game points; Beta 1 + 0 +
/// 2 = 3, 1 + 0.5 + 1.5 = 3; Gamma 1 + 1 + 1 = 3, 1 + 1 + 1 = 3; Delta 0 + 1 + 0 = 1,
/// 0.5 + 1 + 0.5 = 2 (12 match points and 12 game points in all: six matches of two
/// boards). S4's order for a team round robin is match points, game points,
/// violations: Alpha first, Beta and Gamma equal on all three and sharing places 2-3
/// (rank 2 for both), Delta 4th.
fn teams4() -> Event {
    use shatar_tournament::{Entrants, LineupMode, TeamMatch};
    let mut e = Event::new("teams4", System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::OrderedSubstitutes,
    };
    let teams: [(&str, [Option<u32>; 3]); 4] = [
        ("Alpha", [Some(1800), Some(1700), None]),
        ("Beta", [Some(1601), Some(1600), Some(1500)]),
        ("Gamma", [Some(1501), Some(1500), None]),
        ("Delta", [None, None, None]),
    ];
    for (name, ratings) in teams {
        let members = ratings
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut p = Player::named(format!("{name} {}", i + 1));
                p.rating = *r;
                p
            })
            .collect();
        e.add_team(name, "", members).unwrap();
    }
    e.start().unwrap();
    // (first team, second team, its line-ups, board 1 and board 2 results).
    type Match = (u32, u32, [u32; 2], [u32; 2], [&'static str; 2]);
    let rounds: [[Match; 2]; 3] = [
        [
            (1, 4, [1, 2], [10, 11], ["1-0", "1/2"]),
            (2, 3, [4, 5], [7, 8], ["1/2", "1/2"]),
        ],
        [
            (4, 3, [10, 12], [7, 8], ["0-1", "0-1"]),
            (1, 2, [1, 3], [4, 5], ["+-", "1/2"]),
        ],
        [
            (2, 4, [4, 5], [10, 11], ["1-0", "1/2"]),
            (3, 1, [7, 9], [1, 2], ["1/2", "1/2"]),
        ],
    ];
    for (i, matches) in rounds.iter().enumerate() {
        let round = e.pair_next_round().unwrap().clone();
        for &(first, second, white_lineup, black_lineup, results) in matches {
            let p = round
                .pairings
                .iter()
                .find(|p| p.white == first && p.black.is_some_and(|b| b == second))
                .unwrap_or_else(|| panic!("round {}: no pairing {first}-{second}", i + 1));
            let tm = TeamMatch {
                white_lineup: nos(&white_lineup),
                black_lineup: nos(&black_lineup),
                boards: results.iter().map(|r| vec![r.parse().unwrap()]).collect(),
            };
            e.set_team_result(rd(i as u32 + 1), p.board, tm).unwrap();
        }
    }
    e
}

/// The `310` records of the hand-worked event, field by field in TRF-2026's columns,
/// then as whole lines; `352` gives the boards' colours; the `013` lines stay.
#[test]
fn team_records_310_worked_by_hand() {
    let text = trf::write(&teams4()).unwrap();
    let records: Vec<&str> = text.lines().filter(|l| l.starts_with("310")).collect();
    // (pairing number, name, strength, match points, game points, rank, members).
    type Fields = (&'static str, &'static str, &'static str, &'static str);
    let expected: [(&str, &str, Fields, [&str; 3]); 4] = [
        (
            "  1",
            "Alpha",
            ("  1750", "   5.0", "   4.0", "  1"),
            ["   1", "   2", "   3"],
        ),
        (
            "  2",
            "Beta",
            ("  1567", "   3.0", "   3.0", "  2"),
            ["   4", "   5", "   6"],
        ),
        (
            "  3",
            "Gamma",
            ("  1501", "   3.0", "   3.0", "  2"),
            ["   7", "   8", "   9"],
        ),
        (
            "  4",
            "Delta",
            ("      ", "   1.0", "   2.0", "  4"),
            ["  10", "  11", "  12"],
        ),
    ];
    assert_eq!(records.len(), expected.len());
    for (line, (tpn, name, (strength, mp, gp, rank), members)) in records.iter().zip(expected) {
        assert_eq!(cols(line, 1, 4), "310 ", "{line}");
        assert_eq!(cols(line, 5, 7), tpn, "{line}");
        assert_eq!(cols(line, 8, 8), " ", "{line}");
        assert_eq!(cols(line, 9, 40), format!("{name:<32}"), "{line}");
        assert_eq!(cols(line, 41, 47), "       ", "{line}");
        assert_eq!(cols(line, 48, 53), strength, "{line}");
        assert_eq!(cols(line, 54, 54), " ", "{line}");
        assert_eq!(cols(line, 55, 60), mp, "{line}");
        assert_eq!(cols(line, 61, 61), " ", "{line}");
        assert_eq!(cols(line, 62, 67), gp, "{line}");
        assert_eq!(cols(line, 68, 68), " ", "{line}");
        assert_eq!(cols(line, 69, 71), rank, "{line}");
        assert_eq!(cols(line, 72, 73), "  ", "{line}");
        assert_eq!(cols(line, 74, 77), members[0], "{line}");
        assert_eq!(cols(line, 78, 78), " ", "{line}");
        assert_eq!(cols(line, 79, 82), members[1], "{line}");
        assert_eq!(cols(line, 84, 87), members[2], "{line}");
        assert_eq!(line.chars().count(), 87, "{line}");
    }
    assert_eq!(
        records,
        [
            "310   1 Alpha                                    1750    5.0    4.0   1     1    2    3",
            "310   2 Beta                                     1567    3.0    3.0   2     4    5    6",
            "310   3 Gamma                                    1501    3.0    3.0   2     7    8    9",
            "310   4 Delta                                            1.0    2.0   4    10   11   12",
        ]
    );
    assert!(text.lines().any(|l| l == "352 WB"), "{text}");
    let t013: Vec<&str> = text.lines().filter(|l| l.starts_with("013")).collect();
    assert_eq!(
        t013,
        [
            "013 Alpha                              1    2    3",
            "013 Beta                               4    5    6",
            "013 Gamma                              7    8    9",
            "013 Delta                             10   11   12",
        ]
    );
}

/// A team's pairing-allocated byes (TRF-2026 `320`), worked by hand: three teams of two
/// (Alpha 1: players 1-2, Beta 2: 3-4, Gamma 3: 5-6) in a round robin whose byes are
/// worth a point (the organiser's setting). The Berger table for four with the rest as
/// number 4 pairs 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1, so Alpha rests in round 1, Gamma in
/// round 2, Beta in round 3: `001 003 002` from column 15. A bye of one point counts on
/// both boards and as a won match: 2.0 match points (columns 5-8), 2.0 game points
/// (10-13).
///
/// Matches: round 1 Beta-Gamma 3-5 1-0, 6-4 1-0: 1-1; round 2 Alpha-Beta 1-3 1-0, 4-2
/// 0-1: 2-0; round 3 Gamma-Alpha 5-1 ½, 2-6 ½: 1-1. With the byes: Alpha 2 + 2 + 1 = 5
/// match points, 2 + 2 + 1 = 5 game points; Beta 1 + 0 + 2 = 3 and 1 + 0 + 2 = 3; Gamma
/// 1 + 2 + 1 = 4 and 1 + 2 + 1 = 4: Alpha 1st, Gamma 2nd, Beta 3rd.
fn byes3() -> Event {
    use shatar_tournament::{Entrants, LineupMode, Score, TeamMatch};
    let mut e = Event::new("byes", System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.settings.bye_points = Some(Score::ONE);
    e.entrants = Entrants::Team {
        boards: 2,
        lineup: LineupMode::FixedBoards,
    };
    for name in ["Alpha", "Beta", "Gamma"] {
        let members = (1..=2)
            .map(|m| Player::named(format!("{name} {m}")))
            .collect();
        e.add_team(name, "", members).unwrap();
    }
    e.start().unwrap();
    let matches: [(u32, u32, [&str; 2]); 3] = [
        (2, 3, ["1-0", "1-0"]),
        (1, 2, ["1-0", "0-1"]),
        (3, 1, ["1/2", "1/2"]),
    ];
    for (i, (first, second, results)) in matches.into_iter().enumerate() {
        let round = e.pair_next_round().unwrap().clone();
        let p = round
            .pairings
            .iter()
            .find(|p| p.white == first && p.black.is_some_and(|b| b == second))
            .unwrap_or_else(|| panic!("round {}: no pairing {first}-{second}", i + 1));
        let lineup = |t: u32| nos(&[2 * t - 1, 2 * t]);
        let tm = TeamMatch {
            white_lineup: lineup(first),
            black_lineup: lineup(second),
            boards: results.iter().map(|r| vec![r.parse().unwrap()]).collect(),
        };
        e.set_team_result(rd(i as u32 + 1), p.board, tm).unwrap();
    }
    e
}

#[test]
fn team_byes_write_a_320_record() {
    let text = trf::write(&byes3()).unwrap();
    let pab: Vec<&str> = text.lines().filter(|l| l.starts_with("320")).collect();
    assert_eq!(pab, ["320  2.0  2.0 001 003 002"]);
    let line = pab[0];
    assert_eq!(cols(line, 5, 8), " 2.0");
    assert_eq!(cols(line, 10, 13), " 2.0");
    assert_eq!(cols(line, 15, 17), "001");
    assert_eq!(cols(line, 19, 21), "003");
    assert_eq!(cols(line, 23, 25), "002");
    let records: Vec<(String, String, String, String)> = text
        .lines()
        .filter(|l| l.starts_with("310"))
        .map(|l| {
            (
                cols(l, 5, 7),
                cols(l, 55, 60),
                cols(l, 62, 67),
                cols(l, 69, 71),
            )
        })
        .collect();
    let expected = [
        ("  1", "   5.0", "   5.0", "  1"),
        ("  2", "   3.0", "   3.0", "  3"),
        ("  3", "   4.0", "   4.0", "  2"),
    ]
    .map(|(a, b, c, d)| (a.to_owned(), b.to_owned(), c.to_owned(), d.to_owned()));
    assert_eq!(records, expected);
}

/// No team bye, no `320`; nor in an individual event.
#[test]
fn no_byes_no_320_record() {
    assert!(!trf::write(&teams4()).unwrap().contains("\n320"));
    assert!(!trf::write(&rr4()).unwrap().contains("\n320"));
}

/// Replaces round `round`'s (1-based) block of player `player`'s `001` line.
fn set_block(text: &str, player: u32, round: usize, block: &str) -> String {
    let prefix = format!("001 {player:>4}");
    text.lines()
        .map(|l| {
            if l.starts_with(&prefix) {
                let at = 91 + 10 * (round - 1);
                format!("{}{block}{}", &l[..at], &l[at + 8..])
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// 1-based number of the first line starting with `prefix`.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1
}

/// Each round's pairings as (first, second, bye points, team match), by first team.
fn team_rounds(e: &Event) -> Vec<Vec<String>> {
    e.rounds
        .iter()
        .map(|r| {
            let mut v: Vec<String> = r
                .pairings
                .iter()
                .map(|p| {
                    format!(
                        "{} {:?} {:?} {:?}",
                        p.white, p.black, p.bye_points, p.team_match
                    )
                })
                .collect();
            v.sort();
            v
        })
        .collect()
}

/// The hand-worked four-team event (`teams4`) read back from its export: the same teams,
/// matches (first team, line-ups, board results), standings, and the same file again.
#[test]
fn import_rebuilds_the_hand_worked_team_event() {
    use shatar_tournament::scoring::tallies;
    use shatar_tournament::{Entrants, LineupMode, TeamMatch};
    let original = teams4();
    let text = trf::write(&original).unwrap();
    let e = trf::read(&text, System::RoundRobin).unwrap();
    assert_eq!(
        e.entrants,
        Entrants::Team {
            boards: 2,
            lineup: LineupMode::OrderedSubstitutes
        }
    );
    assert_eq!(e.teams, original.teams);
    let names: Vec<&str> = e.teams.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Alpha", "Beta", "Gamma", "Delta"]);
    assert_eq!(e.teams[3].members, [10, 11, 12]);
    let ratings: Vec<Option<u32>> = e.players.iter().map(|p| p.rating).collect();
    assert_eq!(
        ratings,
        original
            .players
            .iter()
            .map(|p| p.rating)
            .collect::<Vec<_>>()
    );
    assert_eq!(e.rounds.len(), 3);
    assert_eq!(e.rounds_planned, 3);
    assert_eq!(team_rounds(&e), team_rounds(&original));
    // Hand-known matches (see `teams4`). Round 2, Alpha-Beta: Alpha first, its reserve 3
    // on board 2, board 1 won by forfeit.
    let find = |round: usize, first: u32| {
        e.rounds[round - 1]
            .pairings
            .iter()
            .find(|p| p.white == first)
            .unwrap()
            .clone()
    };
    let g = |s: &str| s.parse::<GameResult>().unwrap();
    let ab = find(2, 1);
    assert_eq!(ab.black, Some(no(2)));
    assert_eq!(
        ab.team_match,
        Some(TeamMatch {
            white_lineup: nos(&[1, 3]),
            black_lineup: nos(&[4, 5]),
            boards: vec![vec![g("+-")], vec![g("1/2")]],
        })
    );
    // Round 2, Delta-Gamma: Delta first (White on board 1), its reserve 12 on board 2.
    let dg = find(2, 4);
    assert_eq!(dg.black, Some(no(3)));
    let tm = dg.team_match.unwrap();
    assert_eq!(
        (tm.white_lineup, tm.black_lineup),
        (nos(&[10, 12]), nos(&[7, 8]))
    );
    assert_eq!(tm.boards, vec![vec![g("0-1")], vec![g("0-1")]]);
    // Round 3, Gamma-Alpha: Gamma first although Alpha has the lower number.
    assert_eq!(find(3, 3).black, Some(no(1)));
    // Match and game points: Alpha 5 and 4, Beta 3 and 3, Gamma 3 and 3, Delta 1 and 2.
    let t = tallies(&e);
    let points: Vec<(String, String)> = (1..=4)
        .map(|n| {
            (
                t[&no(n)].match_points().to_string(),
                t[&no(n)].game_points().to_string(),
            )
        })
        .collect();
    let expected =
        [("5", "4"), ("3", "3"), ("3", "3"), ("1", "2")].map(|(a, b)| (a.to_owned(), b.to_owned()));
    assert_eq!(points, expected);
    let places = |e: &Event| -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = standings(e)
            .lines
            .iter()
            .map(|l| (l.entrant.get(), l.place))
            .collect();
        v.sort();
        v
    };
    assert_eq!(places(&e), [(1, 1), (2, 2), (3, 2), (4, 4)]);
    assert_eq!(places(&e), places(&original));
    // Written again, the file is the same, byte for byte.
    assert_eq!(trf::write(&e).unwrap(), text);
}

/// The same event from TRF-16 team lines alone (`013`, no `310`, `352` or `320`): the
/// teams are numbered in the lines' order and the boards' colours alternate.
#[test]
fn import_reads_013_lines_without_310() {
    let text: String = trf::write(&teams4())
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("310") && !l.starts_with("352"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = trf::read(&text, System::RoundRobin).unwrap();
    assert_eq!(e.teams, teams4().teams);
    assert_eq!(team_rounds(&e), team_rounds(&teams4()));
}

/// A hand-made TRF-16 file with `013` lines only (tests/data/teams2_trf16.trf, see its
/// .source): Alpha 1-3 against Beta 4-6, Beta's reserve 6 on board 2, board 1 forfeited.
#[test]
fn import_reads_a_hand_made_trf16_team_file() {
    use shatar_tournament::scoring::tallies;
    use shatar_tournament::{Entrants, LineupMode, TeamMatch};
    let e = trf::read(&data("teams2_trf16.trf"), System::RoundRobin).unwrap();
    assert_eq!(e.name, "teams16");
    assert_eq!(
        e.entrants,
        Entrants::Team {
            boards: 2,
            lineup: LineupMode::OrderedSubstitutes
        }
    );
    let teams: Vec<(u32, &str, Vec<u32>)> = e
        .teams
        .iter()
        .map(|t| {
            (
                t.number.get(),
                t.name.as_str(),
                t.members.iter().map(|m| m.get()).collect(),
            )
        })
        .collect();
    assert_eq!(
        teams,
        [(1, "Alpha", vec![1, 2, 3]), (2, "Beta", vec![4, 5, 6])]
    );
    assert_eq!(e.rounds.len(), 1);
    let p = &e.rounds[0].pairings[0];
    assert_eq!(
        (p.board.get(), p.white.get(), p.black.map(EntrantNo::get)),
        (1, 1, Some(2))
    );
    assert_eq!(
        p.team_match,
        Some(TeamMatch {
            white_lineup: nos(&[1, 2]),
            black_lineup: nos(&[4, 6]),
            boards: vec![vec!["+-".parse().unwrap()], vec!["1-0".parse().unwrap()]],
        })
    );
    let t = tallies(&e);
    for n in [1, 2] {
        assert_eq!(t[&no(n)].match_points().to_string(), "1");
        assert_eq!(t[&no(n)].game_points().to_string(), "1");
    }
}

/// Team byes read from `320` (`byes3`): Alpha rests in round 1, Gamma in round 2, Beta
/// in round 3, each bye worth a point; the `310` points (5, 3, 4 with the byes) agree.
#[test]
fn import_reads_team_byes_from_320() {
    use shatar_tournament::Score;
    let original = byes3();
    let text = trf::write(&original).unwrap();
    let e = trf::read(&text, System::RoundRobin).unwrap();
    let byes: Vec<(u32, Option<Score>)> = e
        .rounds
        .iter()
        .map(|r| {
            let b = r.pairings.iter().find(|p| p.black.is_none()).unwrap();
            (b.white.get(), b.bye_points)
        })
        .collect();
    assert_eq!(
        byes,
        [
            (1, Some(Score::ONE)),
            (3, Some(Score::ONE)),
            (2, Some(Score::ONE))
        ]
    );
    assert_eq!(team_rounds(&e), team_rounds(&original));
    assert_eq!(trf::write(&e).unwrap(), text);
    // A 320 whose game points are not the bye's points on every board.
    let bad = text.replace("320  2.0  2.0", "320  2.0  3.0");
    let err = trf::read(&bad, System::RoundRobin).unwrap_err();
    assert_eq!(
        err,
        TrfError::Inconsistent {
            line: line_of(&text, "320"),
            columns: "10-13".into(),
            message: "320 gives a bye 3 game points; a bye of 1 point(s) (2 match points) on 2 board(s) gives 2".into(),
        }
    );
    // A bye for a team that plays that round: Beta plays Gamma in round 1.
    let bad = text.replace("320  2.0  2.0 001", "320  2.0  2.0 002");
    let err = trf::read(&bad, System::RoundRobin).unwrap_err();
    assert!(
        matches!(&err, TrfError::Inconsistent { columns, message, .. }
            if columns == "15-17" && message.contains("team 2 (Beta) has the bye here but plays team 3 (Gamma)")),
        "{err}"
    );
}

/// Each inconsistency of a team file, named by its line and columns.
#[test]
fn team_file_inconsistencies_are_named() {
    let text = trf::write(&teams4()).unwrap();
    let read = |t: &str| trf::read(t, System::RoundRobin).unwrap_err();
    let inconsistent = |line: usize, columns: &str, message: &str| TrfError::Inconsistent {
        line,
        columns: columns.into(),
        message: message.into(),
    };
    let alpha = line_of(&text, "310   1");
    let beta = line_of(&text, "310   2");
    let delta = line_of(&text, "310   4");

    // A player in two teams: Beta's 310 lists Alpha's reserve 3 instead of its own 6
    // (and so disagrees with its 013 line as well).
    let bad = text.replace("   2     4    5    6", "   2     4    5    3");
    assert_eq!(
        read(&bad),
        inconsistent(
            beta,
            "84-87",
            &format!(
                "player 3 is listed for team 2 (Beta) and, on line {alpha}, for team 1 (Alpha)"
            )
        )
    );

    // A 013 line that gives a team other members (or another order) than its 310.
    let bad = text.replace(
        "013 Beta                               4    5    6",
        "013 Beta                               4    6    5",
    );
    assert_eq!(
        read(&bad),
        inconsistent(
            line_of(&text, "013 Beta"),
            "37-",
            &format!(
                "013 team 2 (Beta) lists the members [4, 6, 5]; 310 (line {beta}) gives team 2 the members [4, 5, 6]"
            )
        )
    );

    // A member with no 001 line.
    let bad = text.replace("   4    10   11   12", "   4    10   11   13");
    assert_eq!(
        read(&bad),
        inconsistent(
            delta,
            "84-87",
            "team 4 (Delta): member 13 has no 001 player line"
        )
    );

    // Round 1: Alpha's board 2 plays Gamma's 8 and Delta's 11 plays Beta's 5, so Gamma
    // meets Beta (4-7) and Alpha (8-2).
    let mut bad = set_block(&text, 2, 1, "   8 b =");
    bad = set_block(&bad, 8, 1, "   2 w =");
    bad = set_block(&bad, 11, 1, "   5 w =");
    bad = set_block(&bad, 5, 1, "  11 b =");
    assert_eq!(
        read(&bad),
        inconsistent(
            line_of(&text, "001    8"),
            "92-99",
            &format!(
                "round 1: team 3 (Gamma) meets team 2 (Beta) through player 7 (line {}) and team 1 (Alpha) through player 8",
                line_of(&text, "001    7")
            )
        )
    );

    // Round 1, board 1 with the colours the wrong way round: Alpha has Black on both of
    // its boards, which 352 `WB` allows neither team.
    let bad = set_block(&set_block(&text, 1, 1, "  10 b 0"), 10, 1, "   1 w 1");
    assert_eq!(
        read(&bad),
        inconsistent(
            line_of(&text, "001    2"),
            "97",
            "round 1: player 2, on board 2 of team 1 (Alpha) by the registered order, has Black; 352 (line 4) gives the first team WB and the second team the opposite, which with team 4 (Delta) first gives team 1 White on board 2"
        )
    );
    // The same game under 352 `BW`: Alpha's Black on board 1 makes it the first team,
    // due White on board 2.
    let bad = set_block(&set_block(&text, 1, 1, "  10 b 0"), 10, 1, "   1 w 1")
        .replace("352 WB", "352 BW");
    assert_eq!(
        read(&bad),
        inconsistent(
            line_of(&text, "001    2"),
            "97",
            "round 1: player 2, on board 2 of team 1 (Alpha) by the registered order, has Black; 352 (line 4) gives the first team BW and the second team the opposite, which with team 1 (Alpha) first gives team 1 White on board 2"
        )
    );

    // 310 points against the games.
    let bad = text.replace("1750    5.0    4.0", "1750    6.0    4.0");
    assert_eq!(
        read(&bad),
        inconsistent(
            alpha,
            "55-60",
            "team 1 (Alpha): 310 gives 6 match points, the games give 5"
        )
    );
    let bad = text.replace("1567    3.0    3.0", "1567    3.0    3.5");
    assert_eq!(
        read(&bad),
        inconsistent(
            beta,
            "62-67",
            "team 2 (Beta): 310 gives 3.5 game points, the games give 3"
        )
    );

    // Malformed 310 fields.
    let syntax = |line: usize, columns: &str, message: &str| TrfError::Syntax {
        line,
        columns: columns.into(),
        message: message.into(),
    };
    let bad = text.replace("1750    5.0    4.0", "1750    5.0    4.x");
    assert_eq!(
        read(&bad),
        syntax(
            alpha,
            "62-67",
            "game points \"4.x\" are not a number of points"
        )
    );
    let bad = text.replace("310   2 Beta", "310  2x Beta");
    assert_eq!(
        read(&bad),
        syntax(beta, "5-7", "team pairing number \"2x\" is not a number")
    );
    let bad = text.replace("   4    10   11   12", "   4    10   1x   12");
    assert_eq!(
        read(&bad),
        syntax(delta, "79-82", "member \"1x\" is not a start number")
    );
    let bad = text.replace("   4    10   11   12", "   4    10   11x  12");
    assert_eq!(
        read(&bad),
        syntax(
            delta,
            "83",
            "'x' where a blank separates two members (fields of four columns from column 74, in steps of five)"
        )
    );
}

/// The export of `teams4` as a file (tests/data/teams4.trf), which the command-line
/// tests read; its 310, 352 and 013 lines are checked field by field above.
#[test]
fn team_export_matches_teams4_file() {
    assert_eq!(trf::write(&teams4()).unwrap(), data("teams4.trf"));
}

/// Free line-ups (临时定台): Alpha (1-3) first with 1, 2; Beta (4-6) sets out 5 on board 1
/// and 4 on board 2, against its registered order. Board 1: 1-5 1-0 (Alpha White);
/// board 2: 4-2 ½ (Beta White). The file keeps no board numbers: the reader takes
/// Alpha's registered order (1, 2), which puts 5 on board 1 and 4 on board 2 and Alpha
/// first (White on board 1, as 352 `WB` gives), and, with a line-up out of the
/// registered order, reads the event as one of free line-ups.
#[test]
fn free_lineups_read_back_by_the_first_team_order() {
    use shatar_tournament::{Entrants, LineupMode, TeamMatch};
    let mut e = alpha_beta("free", LineupMode::FreeLineup);
    let tm = TeamMatch {
        white_lineup: nos(&[1, 2]),
        black_lineup: nos(&[5, 4]),
        boards: vec![vec!["1-0".parse().unwrap()], vec!["1/2".parse().unwrap()]],
    };
    e.set_team_result(rd(1), bd(1), tm.clone()).unwrap();
    let text = trf::write(&e).unwrap();
    let back = trf::read(&text, System::RoundRobin).unwrap();
    assert_eq!(
        back.entrants,
        Entrants::Team {
            boards: 2,
            lineup: LineupMode::FreeLineup
        }
    );
    let p = &back.rounds[0].pairings[0];
    assert_eq!((p.white.get(), p.black.map(EntrantNo::get)), (1, Some(2)));
    assert_eq!(p.team_match.as_ref(), Some(&tm));
    assert_eq!(trf::write(&back).unwrap(), text);
}

/// A player whom no team record lists, and team numbers with a gap, are refused.
#[test]
fn players_outside_the_teams_and_gaps_in_team_numbers_are_refused() {
    let text = data("teams4.trf");
    // Delta registers 10 and 11 only (both records), so player 12 is in no team.
    let bad = text
        .replace("   4    10   11   12", "   4    10   11")
        .replace(
            "013 Delta                             10   11   12",
            "013 Delta                             10   11",
        );
    assert_eq!(
        trf::read(&bad, System::RoundRobin).unwrap_err(),
        TrfError::Inconsistent {
            line: line_of(&text, "001   12"),
            columns: "5-8".into(),
            message: "player 12 is a member of no team (310)".into(),
        }
    );
    let bad = text.replace("310   4 Delta", "310   5 Delta");
    assert_eq!(
        trf::read(&bad, System::RoundRobin).unwrap_err(),
        TrfError::Meaning("team pairing numbers must run 1..4; 4 is missing".into())
    );
}

/// `352 BW` gives the first-listed team Black on board 1: the same matches as `WB` with
/// the teams listed the other way round, so the event lists first the team with White on
/// board 1 (docs/competition.md §2). A sequence the games contradict is refused.
#[test]
fn board_colours_bw_and_non_alternating_352() {
    let text = data("teams4.trf");
    let wb = trf::read(&text, System::RoundRobin).unwrap();
    let bw = trf::read(&text.replace("352 WB", "352 BW"), System::RoundRobin).unwrap();
    assert_eq!(team_rounds(&bw), team_rounds(&wb));
    // Round 1: Alpha (White on board 1 with player 1) is listed first.
    assert!(
        bw.rounds[0]
            .pairings
            .iter()
            .any(|p| p.white == 1 && p.black == Some(no(4)))
    );
    // teams4's games alternate colours; 352 WW says the first team has White on both.
    let bad = data("teams4.trf").replace("352 WB", "352 WW");
    let err = trf::read(&bad, System::RoundRobin).unwrap_err();
    assert!(
        matches!(&err, TrfError::Inconsistent { message, .. }
            if message.contains("352 (line 4) gives the first team WW")),
        "{err}"
    );
}

/// Points of each player from the event read, in start-number order.
fn points_of(e: &Event) -> Vec<String> {
    let ctx = shatar_tournament::tiebreak::Context::new(e);
    e.players
        .iter()
        .map(|p| ctx.primary(p.number).to_string())
        .collect()
}

/// The byes of round `r` (1-based): (player, points).
fn byes_of(e: &Event, r: usize) -> Vec<(u32, String)> {
    e.rounds[r - 1]
        .pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| {
            (
                p.white.get(),
                p.bye_points.unwrap_or(Score::ZERO).to_string(),
            )
        })
        .collect()
}

/// lichess's spelling: blank opponents for `H` and `U` (tests/data/trf_blank_byes.trf,
/// worked in its .source).
#[test]
fn blank_opponents_are_byes() {
    let i = trf::import(&data("trf_blank_byes.trf"), System::Dutch).unwrap();
    assert_eq!(i.warnings, Vec::<String>::new());
    let e = i.event;
    assert_eq!((e.rounds.len(), e.rounds_planned), (2, 3));
    assert_eq!(byes_of(&e, 1), [(2, "0.5".into()), (4, "1".into())]);
    assert_eq!(points_of(&e), ["1.5", "1", "1", "1"]);
    // H is the player's own bye, U the pairing's.
    assert_eq!(
        e.requested_byes,
        [RequestedBye {
            entrant: no(2),
            round: rd(1),
            kind: ByeKind::Half
        }]
    );
}

/// Swiss-Manager's and TRF-2026's `0000 - +` full-point bye, CRLF line ends and trailing
/// blanks; the same file with CR alone (old Mac) or LF reads the same
/// (tests/data/trf_plus_byes.trf).
#[test]
fn plus_byes_and_every_line_end() {
    let crlf = data("trf_plus_byes.trf");
    assert!(crlf.contains("\r\n"));
    let i = trf::import(&crlf, System::Swiss).unwrap();
    assert_eq!(i.warnings, Vec::<String>::new());
    let e = i.event;
    assert_eq!(e.name, "Plus byes");
    assert_eq!(byes_of(&e, 1), [(3, "1".into())]);
    assert_eq!(byes_of(&e, 2), [(2, "1".into())]);
    assert_eq!(points_of(&e), ["1.5", "1", "1.5"]);
    let cr = crlf.replace("\r\n", "\r");
    assert!(!cr.contains('\n'));
    assert_eq!(trf::read(&cr, System::Swiss).unwrap(), e);
    assert_eq!(
        trf::read(&crlf.replace("\r\n", "\n"), System::Swiss).unwrap(),
        e
    );
}

/// A file without player lines is refused, not read as an empty event; so is a result
/// a round without an opponent cannot have.
#[test]
fn empty_files_and_unreadable_rounds_are_refused() {
    assert_eq!(
        trf::read("012 Nothing here\r\r\r", System::Swiss).unwrap_err(),
        TrfError::NoPlayers { lines: 3 }
    );
    assert_eq!(
        trf::read("", System::Swiss).unwrap_err().to_string(),
        "TRF: none of the 0 line(s) read is a player line (001); nothing to import"
    );
    let bad = data("trf_blank_byes.trf").replace("      - H", "      - 1");
    assert_eq!(
        trf::read(&bad, System::Swiss).unwrap_err(),
        TrfError::Syntax {
            line: 4,
            columns: "92-99".into(),
            message: "round 1: result '1' without an opponent (a round without one takes U, +, F, H, =, Z or -)".into(),
        }
    );
}

/// The points column (81-84) against the rounds: a difference is named by player, line
/// and round.
#[test]
fn stated_points_are_checked() {
    let text = data("trf_blank_byes.trf").replace(
        "Player Two                                                         1.0",
        "Player Two                                                         1.5",
    );
    let i = trf::import(&text, System::Swiss).unwrap();
    assert_eq!(
        i.warnings,
        [
            "line 4, columns 81-84: player 2 (Player Two) has 1.5 points in the file, 1 from the rounds read (round 1: 0.5, round 2: 0.5)"
        ]
    );
}

/// bbpPairings' way of asking for the next round: the players absent from it have
/// `0000 - Z` in its column. dutch_bye_below.trf (9 of 10 rounds) with the nine players
/// who withdrew before round 10 declaring that round's absence pairs round 10 exactly as
/// tests/dutch.rs pairs it with the nine withdrawn (see the fixture's .source).
#[test]
fn declared_absences_for_the_next_round_are_requested_byes() {
    let absent = [21, 42, 45, 48, 49, 61, 62, 66, 97];
    let text: String = data("dutch_bye_below.trf")
        .lines()
        .map(|l| {
            let n = l.get(4..8).and_then(|n| n.trim().parse::<u32>().ok());
            if l.starts_with("001") && n.is_some_and(|n| absent.contains(&n)) {
                format!("{l}  0000 - Z\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let mut e = trf::read(&text, System::Dutch).unwrap();
    assert_eq!((e.rounds.len(), e.rounds_planned), (9, 10));
    assert_eq!(e.requested_byes.len(), 9);
    let r = e.pair_next_round().unwrap().clone();
    let games: std::collections::BTreeSet<(u32, u32)> = r
        .pairings
        .iter()
        .filter_map(|p| p.black.map(|b| (p.white.get(), b.get())))
        .collect();
    assert_eq!(games.len(), 45);
    for pair in [(83, 88), (81, 82), (89, 100), (92, 84), (99, 98)] {
        assert!(games.contains(&pair), "{pair:?} missing");
    }
    let byes: Vec<(u32, String)> = r
        .pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| {
            (
                p.white.get(),
                p.bye_points.unwrap_or(Score::ZERO).to_string(),
            )
        })
        .collect();
    let mut expected: Vec<(u32, String)> = vec![(95, "1".into())];
    expected.extend(absent.iter().map(|n| (*n, "0".into())));
    assert_eq!(byes, expected);
    // Written back, round 10's column says the same, and reads as the same games.
    let text = trf::write(&e).unwrap();
    for n in absent {
        let start = format!("001 {n:>4}");
        assert!(
            text.lines()
                .any(|l| l.starts_with(&start) && l.ends_with("0000 - Z")),
            "{n}"
        );
    }
    let back = trf::read(&text, System::Dutch).unwrap();
    let back_games: std::collections::BTreeSet<(u32, u32)> = back.rounds[9]
        .pairings
        .iter()
        .filter_map(|p| p.black.map(|b| (p.white.get(), b.get())))
        .collect();
    assert_eq!(back_games, games);
}

/// Our own events round-trip with requested byes: a half-point bye taken in round 2 and
/// a full-point bye asked for round 3, export → import → export, the same text.
#[test]
fn requested_byes_round_trip() {
    let mut e = Event::new("byes", System::Dutch);
    e.rounds_planned = 3;
    for i in 1..=5 {
        let mut p = Player::named(format!("P{i}"));
        p.rating = Some(2000 - 10 * i);
        e.add_player(p).unwrap();
    }
    e.start().unwrap();
    e.request_bye(no(2), rd(2), ByeKind::Half).unwrap();
    for r in 1..=2 {
        let round = e.pair_next_round().unwrap().clone();
        for p in &round.pairings {
            if let Some(b) = p.black {
                e.set_result(rd(r), p.white, b, vec![GameResult::WhiteWins])
                    .unwrap();
            }
        }
    }
    // Round 2: 2 asked for the half point and is not paired.
    let two = &e.rounds[1];
    assert!(
        two.pairings
            .iter()
            .any(|p| p.white == 2 && p.black.is_none() && p.bye_points == Some(Score::HALF))
    );
    e.request_bye(no(5), rd(3), ByeKind::Full).unwrap();
    let text = trf::write(&e).unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("001    5") && l.ends_with("0000 - F")),
        "{text}"
    );
    let back = trf::read(&text, System::Dutch).unwrap();
    assert_eq!(back.requested_byes, e.requested_byes);
    assert_eq!(trf::write(&back).unwrap(), text);
}

/// A team file of another convention (352 WBBW, tests/data/trf_team_wbbw.trf): its round
/// keeps the file's colours, the import says so, and the points are the file's.
#[test]
fn team_colours_of_another_convention_are_kept() {
    let text = data("trf_team_wbbw.trf");
    let i = trf::import(&text, System::RoundRobin).unwrap();
    assert_eq!(i.warnings, Vec::<String>::new());
    assert_eq!(
        i.notes,
        [
            "rounds 1-1 keep the file's board colours WBBW (352 (line 4) gives the first team WBBW); rounds paired from now on give the first team White on odd boards"
        ]
    );
    let e = i.event;
    let c = e.imported_colours.clone().unwrap();
    assert_eq!(c.through_round, 1);
    assert_eq!(
        c.first_team,
        [Color::White, Color::Black, Color::Black, Color::White]
    );
    let p = &e.rounds[0].pairings[0];
    assert_eq!((p.white.get(), p.black.map(EntrantNo::get)), (1, Some(2)));
    let t = shatar_tournament::scoring::tallies(&e);
    let team = |n: u32| {
        let x = &t[&no(n)];
        (x.match_points().to_string(), x.game_points().to_string())
    };
    assert_eq!(team(1), ("2".into(), "2.5".into()));
    assert_eq!(team(2), ("0".into(), "1.5".into()));
    // Written back: the same colours, player lines and team records.
    let out = trf::write(&e).unwrap();
    let keep = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| ["001", "310", "352"].iter().any(|c| l.starts_with(c)))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(keep(&out), keep(&text));
}

/// Two teams of three (Alpha 1-3, Beta 4-6) on two boards, a round robin without lots,
/// started and paired for round 1.
fn alpha_beta(name: &str, lineup: shatar_tournament::LineupMode) -> Event {
    let mut e = Event::new(name, System::RoundRobin);
    e.settings.draw_by_lot = false;
    e.entrants = shatar_tournament::Entrants::Team { boards: 2, lineup };
    for name in ["Alpha", "Beta"] {
        let members = (1..=3)
            .map(|m| Player::named(format!("{name} {m}")))
            .collect();
        e.add_team(name, "", members).unwrap();
    }
    e.start().unwrap();
    e.pair_next_round().unwrap();
    e
}
