//! Arena tournaments through the public API: score sheets worked by hand (lichess's
//! arena rules: win 2, draw 1, doubled on fire after two wins in a row, a berserk win of
//! 7 moves or more +1 undoubled), standings, and the pairing of waiting players (no
//! immediate rematch, the last arrival of an odd field sitting out, colours, a thousand
//! players at once).

use std::collections::BTreeSet;

use shatar_tournament::arena::{
    Arena, ArenaError, ArenaGame, ArenaPairing, BERSERK_MIN_MOVES, RANK_WINDOW,
};
use shatar_tournament::lot::Lot;
use shatar_tournament::{Color, EntrantNo, GameResult};

fn forfeit_white() -> GameResult {
    GameResult::WhiteWinsByForfeit {
        reason: String::new(),
    }
}

/// `player` (always White) plays the games of `results` ("W", "D", "L") against fresh
/// opponents, berserking in each when `berserk`, 30 moves each.
fn play_sheet(results: &str, berserk: bool) -> (Arena, EntrantNo) {
    let mut arena = Arena::new(1);
    let player = arena.add_player(1500);
    for r in results.split_whitespace() {
        let opponent = arena.add_player(1500);
        let result = match r {
            "W" => GameResult::WhiteWins,
            "D" => GameResult::Draw,
            _ => GameResult::BlackWins,
        };
        let mut game = ArenaGame::new(player, opponent, result, 30);
        game.white_berserk = berserk;
        arena.record(game).unwrap();
    }
    (arena, player)
}

fn line(arena: &Arena, player: EntrantNo) -> shatar_tournament::arena::ArenaStanding {
    arena
        .standings()
        .into_iter()
        .find(|s| s.entrant == player)
        .unwrap()
}

/// W W W D W L by hand: 2, 2 (two wins: on fire), 4 (a doubled win), 2 (a doubled
/// draw, the fire out), 2, 0 = 12.
#[test]
fn worked_sheet_without_berserk() {
    let (arena, p) = play_sheet("W W W D W L", false);
    let s = line(&arena, p);
    assert_eq!(s.sheet.to_string(), "2 2 4 2 2 0");
    assert_eq!((s.score, s.games, s.on_fire), (12, 6, false));
}

/// The same berserked: each win +1, not doubled: 3, 3, 5, 2, 3, 0 = 16.
#[test]
fn worked_sheet_with_berserk() {
    let (arena, p) = play_sheet("W W W D W L", true);
    let s = line(&arena, p);
    assert_eq!(s.sheet.to_string(), "3 3 5 2 3 0");
    assert_eq!(s.score, 16);
}

/// W W W W berserked: 3, 3, 5, 5 = 16, on fire after; then L: 0, fire out.
#[test]
fn fire_lasts_while_winning() {
    let (arena, p) = play_sheet("W W W W", true);
    let s = line(&arena, p);
    assert_eq!(
        (s.sheet.to_string().as_str(), s.score, s.on_fire),
        ("3 3 5 5", 16, true)
    );
    let (arena, p) = play_sheet("W W W W L W", false);
    let s = line(&arena, p);
    assert_eq!(
        (s.sheet.to_string().as_str(), s.score, s.on_fire),
        ("2 2 4 4 0 2", 14, false)
    );
}

#[test]
fn a_short_berserk_win_earns_no_extra_point() {
    let mut arena = Arena::new(1);
    let [a, b, c] = [1500, 1500, 1500].map(|r| arena.add_player(r));
    let mut short = ArenaGame::new(a, b, GameResult::WhiteWins, BERSERK_MIN_MOVES - 1);
    short.white_berserk = true;
    arena.record(short).unwrap();
    // Black berserked and won a game of exactly 7 moves: 2 + 1.
    let mut long = ArenaGame::new(a, c, GameResult::BlackWins, BERSERK_MIN_MOVES);
    long.black_berserk = true;
    arena.record(long).unwrap();
    assert_eq!(arena.sheet(a).unwrap().to_string(), "2 0");
    assert_eq!(arena.sheet(c).unwrap().to_string(), "3");
    assert_eq!(arena.sheet(b).unwrap().to_string(), "0");
}

/// Forfeit wins, berserked, keep the streak but earn no berserk point: 2, 2, 4; the
/// loser of a forfeit scores 0; a double forfeit is a loss for both.
#[test]
fn forfeits_count_for_score_and_streak_only() {
    let mut arena = Arena::new(1);
    let a = arena.add_player(1500);
    for _ in 0..3 {
        let b = arena.add_player(1500);
        let mut g = ArenaGame::new(a, b, forfeit_white(), 0);
        g.white_berserk = true;
        arena.record(g).unwrap();
        assert_eq!(arena.sheet(b).unwrap().total, 0);
    }
    let s = arena.sheet(a).unwrap();
    assert_eq!((s.to_string().as_str(), s.on_fire), ("2 2 4", true));
    let b = arena.add_player(1500);
    let reason = String::new();
    arena
        .record(ArenaGame::new(
            a,
            b,
            GameResult::DoubleForfeit { reason },
            0,
        ))
        .unwrap();
    let s = arena.sheet(a).unwrap();
    assert_eq!((s.to_string().as_str(), s.on_fire), ("2 2 4 0", false));
    // Forfeits are not played: no performance.
    assert_eq!(line(&arena, a).performance, None);
}

/// Score first, then performance (opponent's rating ± 500), then rating. a (1500) beats
/// b (2000): performance 2500; c (1800) beats d (1000): 1500. Both on 2: a above c
/// although rated lower. b: 1500 − 500 = 1000; d: 1800 − 500 = 1300; e (1200) has not
/// played and counts his rating: d, e, b on 0.
#[test]
fn standings_break_ties_by_performance() {
    let mut arena = Arena::new(1);
    let [a, b, c, d, e] = [1500, 2000, 1800, 1000, 1200].map(|r| arena.add_player(r));
    arena
        .record(ArenaGame::new(a, b, GameResult::WhiteWins, 20))
        .unwrap();
    arena
        .record(ArenaGame::new(d, c, GameResult::BlackWins, 20))
        .unwrap();
    let table = arena.standings();
    let order: Vec<EntrantNo> = table.iter().map(|s| s.entrant).collect();
    assert_eq!(order, [a, c, d, e, b]);
    let perf: Vec<Option<i64>> = table.iter().map(|s| s.performance).collect();
    assert_eq!(perf, [Some(2500), Some(1500), Some(1300), None, Some(1000)]);
}

#[test]
fn refusals() {
    let mut arena = Arena::new(1);
    let [a, b] = [1500, 1500].map(|r| arena.add_player(r));
    let ghost = EntrantNo::new(3).unwrap();
    assert_eq!(
        arena.record(ArenaGame::new(a, ghost, GameResult::Draw, 10)),
        Err(ArenaError::UnknownPlayer(ghost))
    );
    assert_eq!(
        arena.record(ArenaGame::new(a, a, GameResult::Draw, 10)),
        Err(ArenaError::AgainstHimself(a))
    );
    let adjusted = GameResult::Adjusted {
        white: shatar_tournament::Score::HALF,
        black: shatar_tournament::Score::ZERO,
        reason: "ruling".into(),
    };
    assert_eq!(
        arena.record(ArenaGame::new(a, b, adjusted, 10)),
        Err(ArenaError::AdjustedResult { white: a, black: b })
    );
    assert_eq!(arena.pair(&[a, b, a]), Err(ArenaError::WaitingTwice(a)));
    assert_eq!(
        arena.pair(&[a, ghost]),
        Err(ArenaError::UnknownPlayer(ghost))
    );
    // Nothing was recorded.
    assert_eq!(arena.sheet(a).unwrap().games.len(), 0);
    assert_eq!(
        ArenaError::AgainstHimself(a).to_string(),
        "player 1 cannot play against himself"
    );
}

fn as_set(pairs: &[ArenaPairing]) -> BTreeSet<(EntrantNo, EntrantNo)> {
    pairs
        .iter()
        .map(|p| (p.white.min(p.black), p.white.max(p.black)))
        .collect()
}

#[test]
fn numbers_in_order_and_fresh_field_by_rating() {
    let mut arena = Arena::new(3);
    let players: Vec<EntrantNo> = [1400, 2000, 1600, 1800]
        .iter()
        .map(|&r| arena.add_player(r))
        .collect();
    let n: Vec<u32> = players.iter().map(|e| e.get()).collect();
    assert_eq!(n, [1, 2, 3, 4]);
    // Ranked 2 (2000), 4 (1800), 3 (1600), 1 (1400): 2–4 on board 1, 3–1 on board 2.
    let pairs = arena.pair(&players).unwrap();
    let [one, two, three, four] = players[..] else {
        unreachable!()
    };
    let boards: Vec<(EntrantNo, EntrantNo)> = pairs
        .iter()
        .map(|x| (x.white.min(x.black), x.white.max(x.black)))
        .collect();
    assert_eq!(boards, [(two, four), (one, three)]);
}

#[test]
fn two_players_who_just_met_are_not_paired() {
    let mut arena = Arena::new(1);
    let [a, b] = [1500, 1600].map(|r| arena.add_player(r));
    assert_eq!(arena.pair(&[a, b]).unwrap().len(), 1);
    arena
        .record(ArenaGame::new(a, b, GameResult::Draw, 40))
        .unwrap();
    assert_eq!(arena.pair(&[a, b]).unwrap(), []);
    assert_eq!(arena.pair(&[b, a]).unwrap(), []);
}

/// The rule holds when either one's last game was against the other: b has played c
/// since, but a's last opponent is still b.
#[test]
fn no_rematch_when_either_just_played_the_other() {
    let mut arena = Arena::new(1);
    let [a, b, c] = [1500, 1500, 1500].map(|r| arena.add_player(r));
    arena
        .record(ArenaGame::new(a, b, GameResult::WhiteWins, 40))
        .unwrap();
    arena
        .record(ArenaGame::new(b, c, GameResult::WhiteWins, 40))
        .unwrap();
    assert_eq!(arena.pair(&[a, b]).unwrap(), []);
    // a and c may meet.
    assert_eq!(arena.pair(&[a, c]).unwrap().len(), 1);
}

/// Two pairs come back together: 1–2 and 3–4 just met. The neighbours pairing 1–2,
/// 3–4 is refused; the repair pairs across: 1–3 and 2–4.
#[test]
fn two_pairs_coming_back_are_crossed() {
    let mut arena = Arena::new(1);
    let [a, b, c, d] = [2000, 1900, 1800, 1700].map(|r| arena.add_player(r));
    arena
        .record(ArenaGame::new(a, b, GameResult::Draw, 40))
        .unwrap();
    arena
        .record(ArenaGame::new(c, d, GameResult::Draw, 40))
        .unwrap();
    let pairs = arena.pair(&[a, b, c, d]).unwrap();
    assert_eq!(as_set(&pairs), BTreeSet::from([(a, c), (b, d)]));
}

#[test]
fn odd_field_leaves_out_the_last_arrival() {
    let mut arena = Arena::new(1);
    let [a, b, c] = [1500, 1600, 1700].map(|r| arena.add_player(r));
    // c ranks first but arrived last: a and b play.
    let pairs = arena.pair(&[a, b, c]).unwrap();
    assert_eq!(as_set(&pairs), BTreeSet::from([(a, b)]));
    let pairs = arena.pair(&[c, b, a]).unwrap();
    assert_eq!(as_set(&pairs), BTreeSet::from([(b, c)]));
}

/// When the others cannot play each other (a and b just met), the last arrival plays.
#[test]
fn odd_field_pairs_the_last_arrival_when_the_others_cannot_meet() {
    let mut arena = Arena::new(1);
    let [a, b, c] = [1500, 1600, 1700].map(|r| arena.add_player(r));
    arena
        .record(ArenaGame::new(a, b, GameResult::Draw, 40))
        .unwrap();
    let pairs = arena.pair(&[a, b, c]).unwrap();
    assert_eq!(pairs.len(), 1);
    assert!(pairs[0].white == c || pairs[0].black == c);
}

/// a has White against b; then the one who had Black more often gets White: b against
/// d (fresh), and c (fresh) against a (White once): c.
#[test]
fn colours_alternate() {
    let mut arena = Arena::new(1);
    let [a, b, c, d] = [1500, 1500, 1500, 1500].map(|r| arena.add_player(r));
    arena
        .record(ArenaGame::new(a, b, GameResult::Draw, 40))
        .unwrap();
    let pairs = arena.pair(&[b, d]).unwrap();
    assert_eq!(pairs, [ArenaPairing { white: b, black: d }]);
    let pairs = arena.pair(&[a, c]).unwrap();
    assert_eq!(pairs, [ArenaPairing { white: c, black: a }]);
    // Both games as paired. a: White, Black; b: Black, White. Level, and a had Black
    // last: a has White, his third colour alternating again.
    arena
        .record(ArenaGame::new(c, a, GameResult::Draw, 40))
        .unwrap();
    arena
        .record(ArenaGame::new(b, d, GameResult::Draw, 40))
        .unwrap();
    assert_eq!(arena.colours(a).unwrap(), [Color::White, Color::Black]);
    assert_eq!(arena.colours(b).unwrap(), [Color::Black, Color::White]);
    let pairs = arena.pair(&[b, a]).unwrap();
    assert_eq!(pairs, [ArenaPairing { white: a, black: b }]);
}

/// Equals draw lots: the same seed gives the same colours; over many waves both colours
/// come up.
#[test]
fn colours_between_equals_by_lot() {
    let draw = |seed| {
        let mut arena = Arena::new(seed);
        let [a, b] = [1500, 1500].map(|r| arena.add_player(r));
        (0..32)
            .map(|_| arena.pair(&[a, b]).unwrap()[0].white == a)
            .collect::<Vec<bool>>()
    };
    assert_eq!(draw(5), draw(5));
    let whites = draw(5).iter().filter(|&&w| w).count();
    assert!(whites > 0 && whites < 32);
}

/// Plays `waves` waves of a 1000-player arena: everyone waits, is paired, and the pairs
/// come back (both players together) in a random order; each wave's pairing is checked.
#[test]
fn a_thousand_players_paired_as_a_valid_matching() {
    let mut lot = Lot::new(2026, 0, "arena-test");
    let mut arena = Arena::new(2026);
    let mut waiting: Vec<EntrantNo> = (0..1000)
        .map(|_| arena.add_player(1000 + lot.below(1500) as u32))
        .collect();
    for wave in 0..12 {
        // Each waiting player's place in the waiting list sorted by rank.
        let mut rank = vec![0; 1000];
        for (place, line) in arena.standings().iter().enumerate() {
            rank[line.entrant.index()] = place;
        }
        let mut sorted = waiting.clone();
        sorted.sort_by_key(|e| rank[e.index()]);
        let mut place = vec![0; 1000];
        for (i, e) in sorted.iter().enumerate() {
            place[e.index()] = i;
        }
        let pairs = arena.pair(&waiting).unwrap();
        let mut seen = BTreeSet::new();
        for p in &pairs {
            assert_ne!(p.white, p.black);
            assert!(
                seen.insert(p.white) && seen.insert(p.black),
                "wave {wave}: twice"
            );
            assert_ne!(arena.last_opponent(p.white).unwrap(), Some(p.black));
            assert_ne!(arena.last_opponent(p.black).unwrap(), Some(p.white));
            let gap = place[p.white.index()].abs_diff(place[p.black.index()]);
            assert!(gap <= RANK_WINDOW, "wave {wave}: {gap} places apart");
        }
        // Everyone paired: the field is even and no rematch blocks a whole window.
        assert_eq!(pairs.len(), 500, "wave {wave}");
        let mut back = Vec::new();
        for p in &pairs {
            let result = match lot.below(3) {
                0 => GameResult::WhiteWins,
                1 => GameResult::Draw,
                _ => GameResult::BlackWins,
            };
            let mut game = ArenaGame::new(p.white, p.black, result, lot.below(80) as u32);
            game.white_berserk = lot.below(4) == 0;
            game.black_berserk = lot.below(4) == 0;
            arena.record(game).unwrap();
            back.push([p.white, p.black]);
        }
        lot.shuffle(&mut back);
        waiting = back.into_iter().flatten().collect();
    }
    let table = arena.standings();
    assert!(table.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(table.iter().all(|s| s.games == 12));
}
