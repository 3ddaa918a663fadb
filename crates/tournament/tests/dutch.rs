//! FIDE Dutch system (C.04.3): round 1 by the rule's own example, and the absolute
//! criteria over many simulated events (no rematch among played games, one bye at most
//! and only to an eligible player, no meeting of two equal absolute colour preferences
//! outside the last round).

use std::collections::BTreeSet;

use proptest::prelude::*;
use shatar_tournament::pairing::swiss::acceleration::Acceleration;
use shatar_tournament::scoring::{EncounterKind, tallies};
use shatar_tournament::simulate::{ResultModel, Simulation, simulate};
use shatar_tournament::{Color, EntrantNo, Event, GameResult, Player, RoundNo, System};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn rd(n: u32) -> RoundNo {
    RoundNo::new(n).expect("a round from 1")
}

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
            .map(|p| (p.white.get(), p.black.unwrap().get()))
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
        .map(|p| p.white.get())
        .collect();
    assert_eq!(bye, vec![7]);
    let pairs: BTreeSet<(u32, u32)> = r
        .pairings
        .iter()
        .filter_map(|p| {
            p.black
                .map(|b| (p.white.min(b).get(), p.white.max(b).get()))
        })
        .collect();
    assert_eq!(pairs, [(1, 4), (2, 5), (3, 6)].into_iter().collect());
}

fn check(e: &Event) -> Result<(), TestCaseError> {
    let t = tallies(e);
    let mut met = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for r in &e.rounds {
        let mut seen = BTreeSet::new();
        let active: BTreeSet<EntrantNo> = e
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
            if enc.kind != EncounterKind::Played || enc.round.get() >= e.rounds_planned {
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

/// The next round of a kept case: the file holds `played` of `planned` rounds, the
/// players `absent` from the next round withdraw, and the round is paired; its games
/// (White, Black) and the bye as [`next_round`] gives them.
fn kept_round(
    name: &str,
    (played, planned): (usize, u32),
    absent: &[u32],
) -> (BTreeSet<(u32, u32)>, Vec<u32>) {
    let mut e = kept_case(name);
    assert_eq!((e.rounds.len(), e.rounds_planned), (played, planned));
    for &n in absent {
        e.withdraw(no(n), "absent").unwrap();
    }
    next_round(&mut e)
}

/// Asserts that `games` holds every (White, Black) pair of `pairs`.
fn assert_games(games: &BTreeSet<(u32, u32)>, pairs: &[(u32, u32)]) {
    for pair in pairs {
        assert!(games.contains(pair), "{pair:?} missing: {games:?}");
    }
}

/// Pairs the next round: its games as (White, Black) and the players given the bye.
fn next_round(e: &mut Event) -> (BTreeSet<(u32, u32)>, Vec<u32>) {
    let r = e.pair_next_round().unwrap();
    let games = r
        .pairings
        .iter()
        .filter_map(|p| p.black.map(|b| (p.white.get(), b.get())))
        .collect();
    let byes = r
        .pairings
        .iter()
        .filter(|p| p.black.is_none())
        .map(|p| p.white.get())
        .collect();
    (games, byes)
}

/// The bye in the lowest bracket (see tests/data/dutch_bye_colour.trf.source): of two
/// players of the lowest score, the bye goes to the one who played every round (fewest
/// unplayed games, C.04.3 2025).
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
/// topscorer from a third White in a row; the bye goes to 100, who played every round,
/// not to 84, who did not play round 9 (fewest unplayed games, before the colours).
#[test]
fn topscorer_colours_and_bye_in_the_last_round() {
    let (games, bye) = kept_round(
        "dutch_topscorer_colour.trf",
        (9, 10),
        &[21, 42, 45, 48, 49, 61, 62, 66, 97],
    );
    assert_eq!(games.len(), 45);
    assert_games(&games, &[(14, 5), (9, 18), (99, 84), (95, 98)]);
    assert_eq!(bye, vec![100]);
}

/// A game lost by forfeit is no downfloat (C.04.3 2025, 1.4.3: only a player who scores
/// more than a loss without playing floats down), so the Dutch order decides between two
/// players of equal floats; see tests/data/dutch_forfeit_float.trf.source.
#[test]
fn a_forfeit_loss_is_not_a_downfloat() {
    let (games, _) = kept_round(
        "dutch_forfeit_float.trf",
        (8, 10),
        &[21, 42, 45, 49, 61, 62, 66, 97],
    );
    assert_eq!(games.len(), 46);
    assert_games(&games, &[(98, 99), (100, 95)]);
}

/// The bye goes to the lowest score a complete pairing allows, before the brackets'
/// criteria: a higher bracket gives up a pair for it (C.04.3 2025; see
/// tests/data/dutch_bye_below.trf.source).
#[test]
fn the_bye_goes_to_the_lowest_score_first() {
    let (games, bye) = kept_round(
        "dutch_bye_below.trf",
        (9, 10),
        &[21, 42, 45, 48, 49, 61, 62, 66, 97],
    );
    assert_eq!(games.len(), 45);
    assert_games(&games, &[(83, 88), (81, 82), (89, 100), (92, 84), (99, 98)]);
    assert_eq!(bye, vec![95]);
}

/// C.16 weighs the score difference of a player who floats down again: of two moved-down
/// players, the one that floated down last round takes the nearer opponent (see
/// tests/data/dutch_repeat_float_difference.trf.source).
#[test]
fn a_repeated_downfloat_takes_the_smaller_score_difference() {
    let (games, bye) = kept_round(
        "dutch_repeat_float_difference.trf",
        (9, 11),
        &[3, 7, 16, 23, 41, 52, 53, 61, 62, 83, 91],
    );
    assert_eq!(games.len(), 42);
    assert_games(&games, &[(1, 21), (20, 4)]);
    assert_eq!(bye, vec![80]);
}

/// A small event written out by hand as TRF-16 (one `001` line per player).
fn small_event(lines: &[(u32, &str, &str)]) -> Event {
    let mut text = String::from("012 Small Dutch event\nXXR 3\n");
    for (n, points, games) in lines {
        // Columns: start number 5-8, name 15-47, rating 49-52, points 81-84, rank
        // 86-89, then a 10-column block per round from column 90.
        let name = format!("Player {n}");
        text.push_str(&format!(
            "001 {n:>4}      {name:<33} 2000{:28}{points:>4} {n:>4}{games}\n",
            ""
        ));
    }
    shatar_tournament::trf::read(&text, System::Dutch).unwrap()
}

/// The bye's receiver is settled before the brackets: the two leaders, who have not
/// met, give up their game so that the bye goes to the 0-point player rather than to a
/// 1-point one (C.04.3 2025; bbpPairings' and caissify-pairings' pairing of the same
/// shape). Round 3, player 4 absent: 1 and 3 (2 points) could meet, leaving 2, 5, 6 to
/// pair with 2-5 already played, so the bye would go to 5 (1 point); the bye to 6
/// (0 points) needs 1-5 and 3-2.
#[test]
fn leaders_give_up_their_game_for_the_lowest_bye() {
    let mut e = small_event(&[
        (1, "2.0", "     4 w 1     2 b 1"),
        (2, "1.0", "     5 b 1     1 w 0"),
        (3, "2.0", "     6 w 1     4 b 1"),
        (4, "0.0", "     1 b 0     3 w 0"),
        (5, "1.0", "     2 w 0     6 b 1"),
        (6, "0.0", "     3 b 0     5 w 0"),
    ]);
    e.withdraw(no(4), "absent").unwrap();
    let (games, bye) = next_round(&mut e);
    assert_eq!(games, [(1, 5), (3, 2)].into_iter().collect());
    assert_eq!(bye, vec![6]);
}

/// Of the 0-point players the bye avoids the one who has not played a game (fewest
/// unplayed games for the bye's receiver, C.04.3 2025); a zero-point absence is no
/// downfloat (1.4.3), so only that criterion tells 4 from 5.
#[test]
fn the_bye_avoids_a_player_with_an_unplayed_game() {
    let mut e = small_event(&[
        (1, "1.0", "     3 w 1"),
        (2, "1.0", "     4 b 1"),
        (3, "0.0", "     1 b 0"),
        (4, "0.0", "     2 w 0"),
        (5, "0.0", "  0000 - Z"),
    ]);
    let (games, bye) = next_round(&mut e);
    assert_eq!(games, [(2, 1), (3, 5)].into_iter().collect());
    assert_eq!(bye, vec![4]);
}

/// Pairs of a round as unordered pairs.
fn pairs_of(r: &shatar_tournament::Round) -> BTreeSet<(u32, u32)> {
    r.pairings
        .iter()
        .filter_map(|p| {
            p.black
                .map(|b| (p.white.min(b).get(), p.white.max(b).get()))
        })
        .collect()
}

/// Enters the last round's results: `winner` beat `loser` for each pair of `wins`, the
/// pairs of `draws` drew.
fn enter(e: &mut Event, wins: &[(u32, u32)], draws: &[(u32, u32)]) {
    let round = rd(e.rounds.len() as u32);
    let white_of = |e: &Event, a: u32, b: u32| {
        e.rounds.last().and_then(|r| {
            r.pairings
                .iter()
                .find(|p| {
                    (p.white.get(), p.black.map(EntrantNo::get)) == (a, Some(b))
                        || (p.white.get(), p.black.map(EntrantNo::get)) == (b, Some(a))
                })
                .map(|p| p.white.get())
        })
    };
    for &(winner, loser) in wins {
        let white = white_of(e, winner, loser).unwrap();
        let black = if white == winner { loser } else { winner };
        let result = if white == winner {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        e.set_result(round, no(white), no(black), vec![result])
            .unwrap();
    }
    for &(a, b) in draws {
        let white = white_of(e, a, b).unwrap();
        let black = if white == a { b } else { a };
        e.set_result(round, no(white), no(black), vec![GameResult::Draw])
            .unwrap();
    }
}

/// Baku acceleration (C.04.5.1), worked by hand: 8 players and 5 rounds, so group A is
/// players 1-4 (2 × ⌈8/4⌉), the accelerated rounds are 1-3, with a virtual point in
/// rounds 1-2 and half a point in round 3.
///
/// - Round 1: group A (1 point) and group B (0) are separate brackets: 1-3, 2-4, 5-7, 6-8
///   instead of 1-5, 2-6, 3-7, 4-8.
/// - After 1-0 3, 2 = 4, 7-0 5, 8-0 6 the pairing scores are 1: 2, 2 and 4: 1.5, 3, 7
///   and 8: 1, 5 and 6: 0. 1 floats into the 1.5 bracket and meets 2; 4 floats on and
///   meets 3 (4-2 was played); 7-8; 5-6.
/// - After 1 = 2, 3-0 4, 7-0 8, 5 = 6 (half a virtual point now): 1 and 7 have 2, 2 and
///   3 have 1.5, 4 and 8 have 1, 5 and 6 have 0.5 and have met, so one of them must
///   play 4 or 8: 1-7, 2-3, and 4-6 with 8-5 (8-6 was played in round 1).
#[test]
fn baku_acceleration_worked_by_hand() {
    let mut e = Event::new("baku", System::Dutch);
    e.rounds_planned = 5;
    e.settings.acceleration = Acceleration::Baku;
    for i in 0..8 {
        let mut p = Player::named(format!("P{i}"));
        p.rating = Some(2400 - 50 * i);
        e.add_player(p).unwrap();
    }
    e.start().unwrap();
    let r1 = e.pair_next_round().unwrap();
    assert_eq!(
        pairs_of(r1),
        [(1, 3), (2, 4), (5, 7), (6, 8)].into_iter().collect()
    );
    enter(&mut e, &[(1, 3), (7, 5), (8, 6)], &[(2, 4)]);
    let r2 = e.pair_next_round().unwrap();
    assert_eq!(
        pairs_of(r2),
        [(1, 2), (3, 4), (7, 8), (5, 6)].into_iter().collect()
    );
    enter(&mut e, &[(3, 4), (7, 8)], &[(1, 2), (5, 6)]);
    let r3 = e.pair_next_round().unwrap();
    assert_eq!(
        pairs_of(r3),
        [(1, 7), (2, 3), (4, 6), (5, 8)].into_iter().collect()
    );
    // Virtual points are for the pairing only: the standings count the games.
    let t = tallies(&e);
    let points = |n: u32| {
        t.get(&no(n))
            .map(|x| {
                x.encounters
                    .iter()
                    .map(|g| {
                        g.primary(shatar_tournament::scoring::Format::of(&e))
                            .halves()
                    })
                    .sum::<i64>()
            })
            .unwrap_or(-1)
    };
    assert_eq!((points(1), points(7), points(4)), (3, 4, 1));
}

/// A forfeit loss against a higher score floats the loser up, as bbpPairings reads the
/// round (by the scores, played or not), so C.13 keeps it from floating up again; see
/// tests/data/dutch_forfeit_upfloat.trf.source, an open reading.
#[test]
fn a_forfeit_loss_floats_by_the_scores() {
    let (games, bye) = kept_round("dutch_forfeit_upfloat.trf", (4, 5), &[57, 76, 78, 84]);
    assert_eq!(games.len(), 44);
    assert!(bye.is_empty());
    assert_games(&games, &[(74, 85), (88, 83)]);
}

/// A forfeit loss against a higher score two rounds before is an upfloat (bbpPairings'
/// reading), so C.19 gives the repeated upfloater the nearer of two moved-down opponents;
/// see tests/data/dutch_forfeit_upfloat_difference.trf.source, the same open reading.
#[test]
fn a_forfeit_upfloat_two_rounds_before_takes_the_nearer_opponent() {
    let (games, bye) = kept_round("dutch_forfeit_upfloat_difference.trf", (8, 11), &[4, 36]);
    assert_eq!(games.len(), 17);
    assert_eq!(bye, vec![23]);
    assert_games(
        &games,
        &[(14, 2), (8, 6), (9, 7), (1, 3), (17, 5), (15, 12)],
    );
}

/// The bye's receiver has the fewest unplayed games, and a game lost by forfeit is one
/// (bbpPairings' count); see tests/data/dutch_bye_forfeit_unplayed.trf.source, where
/// caissify-pairings, counting the forfeit losses as played, gives the bye to 42.
#[test]
fn a_forfeit_loss_counts_as_unplayed_for_the_bye() {
    let (games, bye) = kept_round("dutch_bye_forfeit_unplayed.trf", (7, 9), &[10, 24, 25, 40]);
    assert_eq!(games.len(), 20);
    assert_eq!(bye, vec![38]);
    assert_games(&games, &[(31, 37), (36, 45), (44, 42)]);
}
