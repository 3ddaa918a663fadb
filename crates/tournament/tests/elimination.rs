//! Knock-out brackets: S4's 16-player seeding example (S4 ch.4 §1, note to table 1),
//! byes for 5–31 players, whole single- and double-elimination events.

use std::collections::BTreeMap;

use shatar_tournament::pairing::elimination::{match_winner, schedule};
use shatar_tournament::simulate::{Simulation, simulate};
use shatar_tournament::{EntrantNo, Event, Player, System};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn field(n: u32, system: System, seed: u64) -> Event {
    let mut e = Event::new("ko", system);
    e.settings.lot_seed = seed;
    for i in 1..=n {
        let mut p = Player::named(format!("P{i}"));
        // Players 1, 2: class-1 seeds; 3, 4: class-2 seeds (S4 ch.2 §5.1.2).
        p.seed_class = match i {
            1 | 2 => Some(1),
            3 | 4 => Some(2),
            _ => None,
        };
        e.add_player(p).unwrap();
    }
    e.start().unwrap();
    e
}

/// Draw position (1-based) of each registered player; players keep their numbers in
/// knock-out events.
fn positions(e: &Event) -> BTreeMap<EntrantNo, usize> {
    e.bracket
        .as_ref()
        .unwrap()
        .positions
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (p, i + 1)))
        .collect()
}

/// S4 ch.4 §1 note: "每区一号为一类种子选手，8号为二类种子选手。如果有两名棋手轮空时，则上半区
/// 和下半区的1号轮空，若有四名棋手轮空时，则上半区和下半区的8号也轮空。"
/// Positions 1 and 9 (position 1 of each half) hold the class-1 seeds, 8 and 16 the
/// class-2 seeds; with two byes position 1 of each half has the bye (2 and 10 empty), with
/// four the 8s too (7 and 15 empty).
#[test]
fn seed_sixteen_player_example() {
    for seed in 0..20 {
        let e = field(16, System::SingleElimination, seed);
        let pos = positions(&e);
        let mut c1 = [pos[&no(1)], pos[&no(2)]];
        c1.sort();
        let mut c2 = [pos[&no(3)], pos[&no(4)]];
        c2.sort();
        assert_eq!(c1, [1, 9]);
        assert_eq!(c2, [8, 16]);

        let e = field(14, System::SingleElimination, seed);
        let empty: Vec<usize> = empty_positions(&e);
        assert_eq!(empty, vec![2, 10]);

        let e = field(12, System::SingleElimination, seed);
        assert_eq!(empty_positions(&e), vec![2, 7, 10, 15]);
    }
}

fn empty_positions(e: &Event) -> Vec<usize> {
    e.bracket
        .as_ref()
        .unwrap()
        .positions
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| i + 1)
        .collect()
}

/// 5–31 players: byes = bracket − players; seeds (class 1 first) get them first; the
/// halves differ by at most one bye; no first-round match is empty on both sides.
#[test]
fn byes_for_five_to_thirty_one_players() {
    for n in 5..=31u32 {
        let e = field(n, System::SingleElimination, u64::from(n));
        let size = n.next_power_of_two() as usize;
        let byes = size - n as usize;
        let empty = empty_positions(&e);
        assert_eq!(empty.len(), byes, "n={n}");
        let upper = empty.iter().filter(|p| **p <= size / 2).count();
        assert!(
            upper.abs_diff(byes - upper) <= 1,
            "n={n}: halves {upper}/{}",
            byes - upper
        );
        let pos = positions(&e);
        let has_bye = |player: u32| {
            let p = pos[&no(player)];
            let partner = if p % 2 == 1 { p + 1 } else { p - 1 };
            empty.contains(&partner)
        };
        for pair in e.bracket.as_ref().unwrap().positions.chunks(2) {
            assert!(pair.iter().any(Option::is_some), "n={n}: empty match");
        }
        // Seeds 1–2 (class 1) get byes before 3–4 (class 2), who get them before others.
        let seeds_with_bye = (1..=4).filter(|s| has_bye(*s)).count();
        assert_eq!(seeds_with_bye, byes.min(4), "n={n}");
        if (2..4).contains(&byes) {
            assert!(has_bye(1) && has_bye(2), "n={n}: class-1 seeds first");
        }
        // The first round pairs only players without a bye.
        let mut e = e;
        let r1 = e.pair_next_round().unwrap();
        assert_eq!(
            r1.pairings.iter().filter(|p| p.black.is_none()).count(),
            byes
        );
    }
}

#[test]
fn whole_single_elimination_events() {
    for n in 5..=31u32 {
        let e = simulate(&Simulation::new(
            System::SingleElimination,
            n,
            u64::from(n) * 7,
        ))
        .unwrap();
        let size = n.next_power_of_two();
        assert_eq!(e.rounds.len() as u32, size.trailing_zeros(), "n={n}");
        let mut losses: BTreeMap<EntrantNo, u32> = BTreeMap::new();
        for r in &e.rounds {
            for p in r.pairings.iter().filter(|p| p.black.is_some()) {
                // Two games, colours swapped; level matches settled by extra games.
                assert!(p.games.len() >= 2);
                let w = match_winner(&e, p).unwrap();
                let l = if w == p.white {
                    p.black.unwrap()
                } else {
                    p.white
                };
                *losses.entry(l).or_default() += 1;
            }
        }
        assert_eq!(
            losses.len() as u32,
            n - 1,
            "n={n}: everyone but the champion lost once"
        );
        assert!(losses.values().all(|c| *c == 1));
        assert_eq!(e.rounds.last().unwrap().pairings.len(), 1);
    }
}

/// The double-elimination schedule for 8: WB1 (4) | WB2 (2) + LB1 (2) | LB2 (2) |
/// WB3 (1) + LB3 (1) | LB4 (1) | final | reset.
#[test]
fn double_elimination_schedule_for_8_and_16() {
    let tags = |size| -> Vec<Vec<String>> {
        schedule(size)
            .into_iter()
            .map(|r| r.into_iter().map(|m| m.tag()).collect())
            .collect()
    };
    assert_eq!(
        tags(8),
        vec![
            vec!["W1-1", "W1-2", "W1-3", "W1-4"],
            vec!["W2-1", "W2-2", "L1-1", "L1-2"],
            vec!["L2-1", "L2-2"],
            vec!["W3-1", "L3-1"],
            vec!["L4-1"],
            vec!["GF"],
            vec!["GF2"],
        ]
    );
    let t16 = tags(16);
    let counts: Vec<usize> = t16.iter().map(Vec::len).collect();
    // WB1 8 | WB2 4 + LB1 4 | LB2 4 | WB3 2 + LB3 2 | LB4 2 | WB4 1 + LB5 1 | LB6 1 | GF | GF2
    assert_eq!(counts, vec![8, 8, 4, 4, 2, 2, 1, 1, 1]);
}

/// Drop slots, 8 players: the losers of WB1 matches 1–2 and 3–4 meet in LB1; the loser
/// of WB2 match 2 meets the winner of LB1 match 1 and the loser of WB2 match 1 the
/// winner of LB1 match 2 (reversed, so that WB2 opponents' halves do not meet again at
/// once); the loser of WB3 meets the winner of LB3. Every player but the champion leaves
/// after exactly two lost matches.
#[test]
fn double_elimination_drop_slots_and_two_losses() {
    for (n, seed) in [(8u32, 1u64), (16, 2), (16, 3), (13, 4), (8, 5)] {
        let e = simulate(&Simulation::new(System::DoubleElimination, n, seed)).unwrap();
        let by_tag: BTreeMap<String, &shatar_tournament::Pairing> = e
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter_map(|p| p.slot.clone().map(|s| (s, p)))
            .collect();
        let who = |tag: &str| -> (Option<EntrantNo>, Option<EntrantNo>) {
            let Some(p) = by_tag.get(tag) else {
                return (None, None);
            };
            match p.black {
                None => (Some(p.white), None),
                Some(b) => {
                    let w = match_winner(&e, p).unwrap();
                    (Some(w), Some(if w == p.white { b } else { p.white }))
                }
            }
        };
        let sides = |tag: &str| -> Vec<EntrantNo> {
            by_tag.get(tag).map_or(vec![], |p| {
                let mut v = vec![p.white];
                v.extend(p.black);
                v.sort();
                v
            })
        };
        if n == 8 {
            let mut l1_1 = vec![who("W1-1").1.unwrap(), who("W1-2").1.unwrap()];
            l1_1.sort();
            assert_eq!(sides("L1-1"), l1_1);
            let mut l2_1 = vec![who("L1-1").0.unwrap(), who("W2-2").1.unwrap()];
            l2_1.sort();
            assert_eq!(sides("L2-1"), l2_1);
            let mut l2_2 = vec![who("L1-2").0.unwrap(), who("W2-1").1.unwrap()];
            l2_2.sort();
            assert_eq!(sides("L2-2"), l2_2);
            let mut l4 = vec![who("L3-1").0.unwrap(), who("W3-1").1.unwrap()];
            l4.sort();
            assert_eq!(sides("L4-1"), l4);
        }
        let mut losses: BTreeMap<EntrantNo, u32> = BTreeMap::new();
        for p in by_tag.values().filter(|p| p.black.is_some()) {
            let w = match_winner(&e, p).unwrap();
            let l = if w == p.white {
                p.black.unwrap()
            } else {
                p.white
            };
            *losses.entry(l).or_default() += 1;
        }
        let champion_losses = (1..=n)
            .filter(|p| losses.get(&no(*p)).copied().unwrap_or(0) < 2)
            .count();
        assert_eq!(
            champion_losses, 1,
            "n={n}: exactly one player with fewer than two losses"
        );
    }
}

/// 25 simulated 8-player double eliminations: the standings' first place, the award
/// list's winner and the grand final's winner (the second final's, after a bracket
/// reset) are one entrant, alone in first place; the other finalist is second.
#[test]
fn double_elimination_standings_put_the_grand_final_winner_first() {
    use shatar_tournament::report::{Kind, Lang, build};
    use shatar_tournament::standings;
    for seed in 1..=25 {
        let e = simulate(&Simulation::new(System::DoubleElimination, 8, seed)).unwrap();
        let slot = |tag: &str| {
            e.rounds
                .iter()
                .flat_map(|r| &r.pairings)
                .find(|p| p.slot.as_deref() == Some(tag))
        };
        let deciding = slot("GF2").or_else(|| slot("GF")).expect("a grand final");
        let champion = match_winner(&e, deciding).expect("decided");
        let runner_up = deciding.opponent_of(champion).expect("two finalists");
        let table = standings(&e);
        assert_eq!(
            (
                table.lines[0].entrant,
                table.lines[0].place,
                table.lines[0].place_to
            ),
            (champion, 1, 1),
            "seed {seed}"
        );
        assert_eq!(
            (
                table.lines[1].entrant,
                table.lines[1].place,
                table.lines[1].place_to
            ),
            (runner_up, 2, 2),
            "seed {seed}"
        );
        let awards = build(&e, Kind::Awards, Lang::En);
        assert_eq!(
            awards[0].rows[0][..2],
            ["1".to_owned(), e.entrant_name(champion)],
            "seed {seed}"
        );
    }
}
