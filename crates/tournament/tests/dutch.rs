//! FIDE Dutch system (C.04.3): round 1 by the rule's own example, and the absolute
//! criteria over many simulated events (no rematch among played games, one bye at most
//! and only to an eligible player, no meeting of two equal absolute colour preferences
//! outside the last round).

use std::collections::BTreeSet;

use proptest::prelude::*;
use shatar_tournament::scoring::{EncounterKind, tallies};
use shatar_tournament::simulate::{ResultModel, Simulation, simulate};
use shatar_tournament::{Color, Event, Player, System};

/// C.04.3 round 1: S1 = 1–4 against S2 = 5–8; the initial colour goes to player 1 and
/// alternates down the boards (E.5): 1–5, 6–2, 3–7, 8–4 (or the mirror image).
#[test]
fn round_one_upper_half_against_lower_half() {
    for seed in 0..4 {
        let mut e = Event::new("dutch", System::Dutch);
        e.settings.lot_seed = seed;
        e.rounds_planned = 5;
        for i in 0..8 {
            let mut p = Player::named(format!("P{i}"));
            p.rating = Some(2400 - 50 * i);
            e.add_player(p).unwrap();
        }
        e.start().unwrap();
        let r = e.pair_next_round().unwrap();
        let got: Vec<(u32, u32)> = r
            .pairings
            .iter()
            .map(|p| (p.white, p.black.unwrap()))
            .collect();
        let white = vec![(1, 5), (6, 2), (3, 7), (8, 4)];
        let black: Vec<(u32, u32)> = white.iter().map(|&(a, b)| (b, a)).collect();
        assert!(got == white || got == black, "seed {seed}: {got:?}");
    }
}

/// With an odd field the lowest-ranked player has the bye in round 1.
#[test]
fn round_one_bye_to_the_last() {
    let mut e = Event::new("dutch", System::Dutch);
    e.rounds_planned = 4;
    for i in 0..7 {
        let mut p = Player::named(format!("P{i}"));
        p.rating = Some(2000 - 10 * i);
        e.add_player(p).unwrap();
    }
    e.start().unwrap();
    let r = e.pair_next_round().unwrap();
    let bye: Vec<u32> = r
        .pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| p.white)
        .collect();
    assert_eq!(bye, vec![7]);
    let pairs: BTreeSet<(u32, u32)> = r
        .pairings
        .iter()
        .filter_map(|p| p.black.map(|b| (p.white.min(b), p.white.max(b))))
        .collect();
    assert_eq!(pairs, [(1, 4), (2, 5), (3, 6)].into_iter().collect());
}

fn check(e: &Event) -> Result<(), TestCaseError> {
    let t = tallies(e);
    let mut met = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for r in &e.rounds {
        let mut seen = BTreeSet::new();
        let active: BTreeSet<u32> = e
            .entrant_numbers()
            .into_iter()
            .filter(|n| e.is_active_in(*n, r.number))
            .collect();
        let mut bye_count = 0;
        for p in &r.pairings {
            prop_assert!(seen.insert(p.white));
            match p.black {
                Some(b) => {
                    prop_assert!(seen.insert(b));
                    let key = (p.white.min(b), p.white.max(b));
                    prop_assert!(
                        !met.contains(&key),
                        "round {}: {key:?} met before",
                        r.number
                    );
                    let played = p.games.iter().any(|g| g.is_played());
                    if played {
                        met.insert(key);
                    }
                }
                None => {
                    bye_count += 1;
                    prop_assert!(byes.insert(p.white), "second bye for {}", p.white);
                }
            }
        }
        prop_assert_eq!(seen, active.clone());
        prop_assert_eq!(bye_count, active.len() % 2);
    }
    // Colour: nobody reaches a difference beyond ±2 or three equal colours in a row
    // before the last round.
    for (n, tally) in t {
        let mut colors: Vec<Color> = Vec::new();
        for enc in &tally.encounters {
            if enc.kind != EncounterKind::Played || enc.round >= e.rounds_planned {
                continue;
            }
            if let Some(c) = enc.color {
                colors.push(c);
            }
            let d: i32 = colors
                .iter()
                .map(|c| if *c == Color::White { 1 } else { -1 })
                .sum();
            prop_assert!(d.abs() <= 2, "player {n}: difference {d}");
            let k = colors.len();
            prop_assert!(
                !(k >= 3 && colors[k - 1] == colors[k - 2] && colors[k - 2] == colors[k - 3]),
                "player {n}: three {:?} in a row",
                colors[k - 1]
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn dutch_absolute_criteria(players in 8u32..40, seed in any::<u64>(), forfeits in 0u32..50) {
        let mut sim = Simulation::new(System::Dutch, players, seed);
        sim.rounds = (players / 3).clamp(4, 9);
        sim.model = ResultModel::Rating;
        sim.forfeit_per_mille = forfeits;
        let e = simulate(&sim).map_err(|err| TestCaseError::fail(format!("{err}")))?;
        check(&e)?;
    }
}

/// Beyond the matcher's weight range the system says so instead of overflowing.
#[test]
fn very_large_fields_are_refused_by_name() {
    let err = simulate(&Simulation::new(System::Dutch, 1001, 1)).unwrap_err();
    assert!(
        err.to_string()
            .contains("handles fields up to 1000 players"),
        "{err}"
    );
}

/// A case kept from a checked event: the event file `tests/data/NAME` (TRF-16).
fn kept_case(name: &str) -> Event {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    shatar_tournament::trf::read(&text, System::Dutch).unwrap()
}

/// Pairs the next round: its games as (White, Black) and the players given the bye.
fn next_round(e: &mut Event) -> (BTreeSet<(u32, u32)>, Vec<u32>) {
    let r = e.pair_next_round().unwrap();
    let games = r
        .pairings
        .iter()
        .filter_map(|p| p.black.map(|b| (p.white, b)))
        .collect();
    let byes = r
        .pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| p.white)
        .collect();
    (games, byes)
}

/// The bye in the lowest bracket (see tests/data/dutch_bye_colour.trf.source): equal on
/// colours, the bye goes to the player who did not float down last round (C.12, with a
/// forfeited game a downfloat by A.4.b).
#[test]
fn bye_and_colours_in_the_lowest_bracket() {
    let mut e = kept_case("dutch_bye_colour.trf");
    assert_eq!(e.rounds.len(), 6);
    let (games, bye) = next_round(&mut e);
    assert_eq!(bye, vec![90]);
    let has = |a: u32, b: u32| games.contains(&(a, b)) || games.contains(&(b, a));
    assert!(has(81, 100) && has(94, 97) && has(79, 89));
}

/// A last-round case (see tests/data/dutch_topscorer_colour.trf.source): C.9 keeps a
/// topscorer from a third White in a row; C.10 gives the bye to 84, not 100.
#[test]
fn topscorer_colours_and_bye_in_the_last_round() {
    let mut e = kept_case("dutch_topscorer_colour.trf");
    assert_eq!((e.rounds.len(), e.rounds_planned), (9, 10));
    // Absent in round 10 of the original event.
    for n in [21, 42, 45, 48, 49, 61, 62, 66, 97] {
        e.withdraw(n, "absent").unwrap();
    }
    let (games, bye) = next_round(&mut e);
    assert_eq!(games.len(), 45);
    for pair in [(14, 5), (9, 18), (99, 100)] {
        assert!(games.contains(&pair), "{pair:?} missing");
    }
    assert_eq!(bye, vec![84]);
}

/// A forfeited game is a downfloat (C.04.3 A.4.b), so its loser is not floated again in
/// the next round when another player can be (C.12); see
/// tests/data/dutch_forfeit_float.trf.source.
#[test]
fn a_forfeit_counts_as_a_downfloat() {
    let mut e = kept_case("dutch_forfeit_float.trf");
    assert_eq!((e.rounds.len(), e.rounds_planned), (8, 10));
    for n in [21, 42, 45, 49, 61, 62, 66, 97] {
        e.withdraw(n, "absent").unwrap();
    }
    let (games, _) = next_round(&mut e);
    assert_eq!(games.len(), 46);
    for pair in [(98, 95), (100, 99)] {
        assert!(games.contains(&pair), "{pair:?} missing: {games:?}");
    }
}

/// The bye is the last bracket's downfloater, not a goal of the brackets above: a higher
/// bracket keeps all its pairs (C.5) even when that leaves the bye to a higher score (see
/// tests/data/dutch_bye_below.trf.source).
#[test]
fn a_higher_bracket_keeps_its_pairs_over_the_lowest_bye() {
    let mut e = kept_case("dutch_bye_below.trf");
    assert_eq!((e.rounds.len(), e.rounds_planned), (9, 10));
    for n in [21, 42, 45, 48, 49, 61, 62, 66, 97] {
        e.withdraw(n, "absent").unwrap();
    }
    let (games, bye) = next_round(&mut e);
    assert_eq!(games.len(), 45);
    for pair in [(83, 89), (92, 88), (95, 100)] {
        assert!(games.contains(&pair), "{pair:?} missing: {games:?}");
    }
    assert_eq!(bye, vec![84]);
}

/// C.16 weighs the score difference of a player who floats down again: of two moved-down
/// players, the one that floated down last round takes the nearer opponent (see
/// tests/data/dutch_repeat_float_difference.trf.source).
#[test]
fn a_repeated_downfloat_takes_the_smaller_score_difference() {
    let mut e = kept_case("dutch_repeat_float_difference.trf");
    assert_eq!((e.rounds.len(), e.rounds_planned), (9, 11));
    for n in [3, 7, 16, 23, 41, 52, 53, 61, 62, 83, 91] {
        e.withdraw(n, "absent").unwrap();
    }
    let (games, bye) = next_round(&mut e);
    assert_eq!(games.len(), 42);
    for pair in [(1, 21), (20, 4)] {
        assert!(games.contains(&pair), "{pair:?} missing: {games:?}");
    }
    assert_eq!(bye, vec![80]);
}
