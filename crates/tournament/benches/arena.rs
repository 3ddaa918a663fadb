//! Pairing speed of an arena: 1000 players waiting at once, at the start (ranked by
//! rating alone) and after ten waves of random results, the pairs coming back together
//! (each call has to avoid 500 immediate rematches among neighbours). The pairings are
//! checked, outside the timing: everyone paired, no one twice.

use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shatar_tournament::EntrantNo;
use shatar_tournament::GameResult;
use shatar_tournament::arena::{Arena, ArenaGame, ArenaPairing};
use shatar_tournament::lot::Lot;

/// An arena of `players` after `waves` waves, and who waits now.
fn arena(players: u32, waves: u32) -> (Arena, Vec<EntrantNo>) {
    let mut lot = Lot::new(2026, 0, "arena-bench");
    let mut arena = Arena::new(2026);
    let mut waiting: Vec<EntrantNo> = (0..players)
        .map(|_| arena.add_player(1000 + lot.below(1500) as u32))
        .collect();
    for _ in 0..waves {
        let pairs = arena.pair(&waiting).expect("known players");
        check(&pairs, players);
        let mut back = Vec::new();
        for p in pairs {
            let result = match lot.below(3) {
                0 => GameResult::WhiteWins,
                1 => GameResult::Draw,
                _ => GameResult::BlackWins,
            };
            let mut game = ArenaGame::new(p.white, p.black, result, lot.below(80) as u32);
            game.white_berserk = lot.below(4) == 0;
            arena.record(game).expect("a valid game");
            back.push([p.white, p.black]);
        }
        lot.shuffle(&mut back);
        waiting = back.into_iter().flatten().collect();
    }
    (arena, waiting)
}

fn check(pairs: &[ArenaPairing], players: u32) {
    assert_eq!(pairs.len() as u32, players / 2);
    let mut seen = BTreeSet::new();
    assert!(
        pairs
            .iter()
            .all(|p| seen.insert(p.white) && seen.insert(p.black))
    );
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("arena-1000");
    for (name, waves) in [("fresh field", 0), ("after 10 waves", 10)] {
        let (mut arena, waiting) = arena(1000, waves);
        check(&arena.pair(&waiting).expect("known players"), 1000);
        g.bench_function(name, |b| {
            b.iter(|| black_box(arena.pair(black_box(&waiting)).expect("known players")))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
