//! Round robin against S4's printed tables (S4 table 3, 3–10 players) and FIDE's
//! Berger tables (11–16 players), through the event API: pairs, colours and board order.

use std::path::PathBuf;

use shatar_tournament::{EntrantNo, Event, GameResult, Player, RoundNo, System};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn rd(n: u32) -> RoundNo {
    RoundNo::new(n).expect("a round from 1")
}

/// A table file: rounds of (white, black) with the bracketed number unwrapped.
fn read_table(name: &str) -> (u32, Vec<Vec<(u32, u32)>>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut players = 0;
    let mut rounds = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(n) = line.strip_prefix("players ") {
            players = n.trim().parse().unwrap();
            continue;
        }
        let (_, pairs) = line.split_once(':').unwrap();
        let num = |s: &str| s.trim_matches(['(', ')']).parse::<u32>().unwrap();
        rounds.push(
            pairs
                .split_whitespace()
                .map(|p| {
                    let (w, b) = p.split_once('-').unwrap();
                    (num(w), num(b))
                })
                .collect(),
        );
    }
    (players, rounds)
}

fn event(n: u32, system: System) -> Event {
    let mut e = Event::new("table", system);
    e.settings.draw_by_lot = false; // draw number = registration order
    for i in 1..=n {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    e
}

/// Pairs every round (entering draws) and returns (white, black-or-0) in board order.
fn play_all(e: &mut Event) -> Vec<Vec<(u32, u32)>> {
    let mut out = Vec::new();
    while let Ok(round) = e.pair_next_round() {
        let number = round.number;
        let pairs: Vec<(u32, u32)> = round
            .pairings
            .iter()
            .map(|p| (p.white.get(), p.black.map_or(0, EntrantNo::get)))
            .collect();
        for &(w, b) in &pairs {
            if b != 0 {
                e.set_result(
                    number,
                    no(w),
                    no(b),
                    vec![GameResult::Draw; usize::from(e.games_per_pairing)],
                )
                .unwrap();
            }
        }
        out.push(pairs);
    }
    out
}

fn check_even(file: &str) {
    let (n, table) = read_table(file);
    let mut e = event(n, System::RoundRobin);
    assert_eq!(play_all(&mut e), table, "{file}");
}

/// With one player fewer, the bracketed number is the bye: the same games in the same
/// order, and the bye listed after them.
fn check_odd(file: &str) {
    let (n, table) = read_table(file);
    let mut e = event(n - 1, System::RoundRobin);
    let expected: Vec<Vec<(u32, u32)>> = table
        .iter()
        .map(|r| {
            let mut games: Vec<(u32, u32)> = r
                .iter()
                .copied()
                .filter(|&(w, b)| w != n && b != n)
                .collect();
            let bye = r.iter().find(|&&(w, b)| w == n || b == n).unwrap();
            games.push((if bye.0 == n { bye.1 } else { bye.0 }, 0));
            games
        })
        .collect();
    assert_eq!(play_all(&mut e), expected, "{file} with {} players", n - 1);
}

#[test]
fn seed_tables_3_to_10_players() {
    for n in [4, 6, 8, 10] {
        check_even(&format!("berger_seed_{n}.txt"));
        check_odd(&format!("berger_seed_{n}.txt"));
    }
}

#[test]
fn fide_tables_11_to_16_players() {
    for n in [12, 14, 16] {
        check_even(&format!("berger_fide_{n}.txt"));
        check_odd(&format!("berger_fide_{n}.txt"));
    }
}

#[test]
fn double_round_robin_swaps_colours() {
    let (n, table) = read_table("berger_seed_6.txt");
    let mut e = event(n, System::DoubleRoundRobin);
    let rounds = play_all(&mut e);
    assert_eq!(rounds.len(), 10);
    let second: Vec<Vec<(u32, u32)>> = table
        .iter()
        .map(|r| r.iter().map(|&(w, b)| (b, w)).collect())
        .collect();
    assert_eq!(rounds[..5], table[..]);
    assert_eq!(rounds[5..], second[..]);
}

#[test]
fn two_game_pairings_score_match_points() {
    let mut e = Event::new("two games", System::RoundRobin);
    e.games_per_pairing = 2;
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    e.pair_next_round().unwrap();
    // Game 2 has colours swapped: 1 wins game 1 as White and draws game 2 as Black.
    e.set_result(
        rd(1),
        no(1),
        no(4),
        vec![GameResult::WhiteWins, GameResult::Draw],
    )
    .unwrap();
    let err = e
        .set_result(rd(1), no(2), no(3), vec![GameResult::Draw])
        .unwrap_err();
    assert!(err.to_string().contains("expected 2"), "{err}");
    e.set_result(
        rd(1),
        no(2),
        no(3),
        vec![GameResult::Draw, GameResult::Draw],
    )
    .unwrap();
    let t = shatar_tournament::standings(&e);
    let first = &t.lines[0];
    assert_eq!(first.entrant, 1);
    assert_eq!(first.values[0].to_string(), "1"); // one match point
}

/// Group round robin: 8 seeded players (ratings 2000, 1990, …) in two groups by snake —
/// A: ranks 1, 4, 5, 8; B: 2, 3, 6, 7 — three rounds each, then the top two of each group
/// play a final of three rounds.
#[test]
fn group_round_robin_snake_and_final() {
    use shatar_tournament::simulate::{ResultModel, Simulation, simulate};
    let mut e = Event::new("groups", System::GroupRoundRobin);
    for i in 0..8u32 {
        let mut p = Player::named(format!("P{}", i + 1));
        p.rating = Some(2000 - 10 * i);
        e.add_player(p).unwrap();
    }
    e.start().unwrap();
    let mut a = e.groups[0].clone();
    a.sort();
    let mut b = e.groups[1].clone();
    b.sort();
    assert_eq!(a, vec![1, 4, 5, 8]);
    assert_eq!(b, vec![2, 3, 6, 7]);
    assert_eq!(e.rounds_planned, 6);
    let rounds = play_all(&mut e);
    assert_eq!(rounds.len(), 6);
    // Group rounds pair only within groups; the final only finalists.
    for r in &rounds[..3] {
        for &(w, bl) in r {
            assert_eq!(
                a.contains(&no(w)),
                a.contains(&no(bl)),
                "{w}-{bl} crosses groups"
            );
        }
    }
    let finalists = shatar_tournament::pairing::group::finalists(&e);
    assert_eq!(finalists.len(), 4);
    for r in &rounds[3..] {
        for &(w, bl) in r {
            assert!(finalists.contains(&no(w)) && finalists.contains(&no(bl)));
        }
    }
    let table = shatar_tournament::standings(&e);
    assert_eq!(table.lines.len(), 8);
    assert_eq!(table.lines[4].place, 5);
    // Whole simulated events run to the end.
    let mut sim = Simulation::new(System::GroupRoundRobin, 13, 4);
    sim.model = ResultModel::Rating;
    let e = simulate(&sim).unwrap();
    assert_eq!(e.rounds.len() as u32, e.rounds_planned);
}
