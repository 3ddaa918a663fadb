//! S4's Swiss system over many simulated events: no rematch, everyone paired once
//! (or exactly one bye in an odd field), colour differences within ±2, reproducible.

use std::collections::BTreeSet;

use proptest::prelude::*;
use shatar_tournament::scoring::{EncounterKind, tallies};
use shatar_tournament::simulate::{ResultModel, Simulation, simulate};
use shatar_tournament::{Color, EntrantNo, Event, System};

fn check_event(e: &Event) -> Result<(), TestCaseError> {
    let mut met = BTreeSet::new();
    for r in &e.rounds {
        let active: BTreeSet<EntrantNo> = e
            .entrant_numbers()
            .into_iter()
            .filter(|n| e.is_active_in(*n, r.number))
            .collect();
        let mut seen = BTreeSet::new();
        let mut byes = 0;
        for p in &r.pairings {
            prop_assert!(
                seen.insert(p.white),
                "round {} pairs {} twice",
                r.number,
                p.white
            );
            match p.black {
                Some(b) => {
                    prop_assert!(seen.insert(b), "round {} pairs {b} twice", r.number);
                    let key = (p.white.min(b), p.white.max(b));
                    prop_assert!(met.insert(key), "rematch {key:?} in round {}", r.number);
                }
                None => byes += 1,
            }
        }
        prop_assert_eq!(
            &seen,
            &active,
            "round {}: not everyone active is paired",
            r.number
        );
        prop_assert_eq!(byes, active.len() % 2, "round {}: byes", r.number);
    }
    for (n, t) in tallies(e) {
        let mut d: i32 = 0;
        for enc in &t.encounters {
            if enc.kind == EncounterKind::Played {
                d += if enc.color == Some(Color::White) {
                    1
                } else {
                    -1
                };
                prop_assert!(
                    d.abs() <= 2,
                    "player {n}: colour difference {d} in round {}",
                    enc.round
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn seed_swiss_invariants(
        players in 6u32..48,
        rounds_frac in 0.3f64..0.5,
        seed in any::<u64>(),
        rating in any::<bool>(),
        forfeits in 0u32..40,
        withdrawals in 0u32..20,
    ) {
        let mut sim = Simulation::new(System::Swiss, players, seed);
        sim.rounds = ((f64::from(players) * rounds_frac) as u32).clamp(3, 11);
        sim.model = if rating { ResultModel::Rating } else { ResultModel::Random };
        sim.forfeit_per_mille = forfeits;
        sim.withdraw_per_mille = withdrawals;
        let e = simulate(&sim).map_err(|err| TestCaseError::fail(format!("{err}")))?;
        prop_assert_eq!(e.rounds.len() as u32, sim.rounds);
        check_event(&e)?;
        // Deterministic: the same simulation gives the same event.
        let again = simulate(&sim).map_err(|err| TestCaseError::fail(format!("{err}")))?;
        prop_assert_eq!(&e, &again);
    }
}

#[test]
fn swiss_elimination_drops_the_lowest_and_keeps_half() {
    let mut sim = Simulation::new(System::SwissElimination, 20, 5);
    sim.rounds = 9;
    let e = simulate(&sim).unwrap();
    // After round 5, two per round: rounds 6..9 drop 2 each = 8, leaving 12 ≥ 10.
    assert_eq!(e.eliminated.len(), 8);
    let last = e.rounds.last().unwrap();
    let playing: usize = last
        .pairings
        .iter()
        .map(|p| 1 + usize::from(p.black.is_some()))
        .sum();
    assert_eq!(playing, 12);
    assert!(e.eliminated.iter().all(|(_, after)| *after >= 5));
    check_event(&e).unwrap();
}

#[test]
fn swiss_elimination_floor_is_half_the_field() {
    // 24 players, four dropped per round after round 5: rounds 6, 7, 8 drop 12, and
    // round 9 may drop nobody since 12 is half the field.
    let mut sim = Simulation::new(System::SwissElimination, 24, 9);
    sim.rounds = 9;
    sim.eliminate_per_round = 4;
    let e = simulate(&sim).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(e.eliminated.len(), 12);
    assert!(
        e.eliminated
            .iter()
            .all(|(_, after)| (5..=7).contains(after))
    );
    check_event(&e).unwrap();
}

#[test]
fn explain_names_each_decision() {
    let e = simulate(&Simulation::new(System::Swiss, 10, 3)).unwrap();
    let r2 = &e.rounds[1];
    assert!(
        r2.explanation.iter().any(|l| l.starts_with("top-down:")),
        "{:?}",
        r2.explanation
    );
    assert!(
        r2.explanation.iter().any(|l| l.starts_with("colours ")),
        "{:?}",
        r2.explanation
    );
    let r1 = &e.rounds[0];
    assert!(
        r1.explanation
            .iter()
            .all(|l| l.contains("by lot") || l.starts_with("colours"))
    );
}

/// A bye asked for before the draw follows its player to the number the draw gives them
/// (the draw numbers a Swiss by rating), and `start_renumbered` says who moved where.
#[test]
fn a_bye_asked_before_the_draw_follows_its_player() {
    let mut e = shatar_tournament::Event::new("Open", shatar_tournament::System::Swiss);
    for (name, rating) in [("Low", 1500), ("High", 2100), ("Mid", 1800)] {
        let mut p = shatar_tournament::Player::named(name);
        p.rating = Some(rating);
        e.add_player(p).unwrap();
    }
    let low = shatar_tournament::EntrantNo::FIRST;
    let round2 = shatar_tournament::RoundNo::try_from(2).unwrap();
    e.request_bye(low, round2, shatar_tournament::ByeKind::Half)
        .unwrap();
    let moved = e.start_renumbered().unwrap();
    let n = |k: u32| shatar_tournament::EntrantNo::try_from(k).unwrap();
    assert_eq!(moved, vec![(n(2), n(1)), (n(3), n(2)), (n(1), n(3))]);
    assert_eq!(e.player(n(3)).unwrap().name, "Low");
    assert_eq!(e.requested_byes.len(), 1);
    assert_eq!(e.requested_byes[0].entrant, n(3));
}
