//! Pairing speed of S4's Swiss system: a 1000-player, 11-round event (per round and
//! whole event, random results); and of the FIDE Dutch system: 100 players, 9 rounds
//! (whole event) and 1000 players, round 11 paired from the state after round 10 (the
//! whole 1000-player Dutch event takes minutes, too long to repeat ten times here:
//! `scripts/bench_dutch.py` times it, round by round, beside py4swiss). Each run checks
//! the event it times: all rounds, everyone paired each round, no rematch.

use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use shatar_tournament::simulate::{Simulation, simulate};
use shatar_tournament::{Event, System};

fn event(players: u32, rounds: u32) -> Event {
    let mut sim = Simulation::new(System::Swiss, players, 2026);
    sim.rounds = rounds;
    let e = simulate(&sim).expect("simulated event");
    check(&e, players, rounds);
    e
}

/// The event has all its rounds, everyone of the (even) field paired each round, and no
/// rematch.
fn check(e: &Event, players: u32, rounds: u32) {
    assert_eq!(e.rounds.len() as u32, rounds);
    let mut met = BTreeSet::new();
    for r in &e.rounds {
        assert_eq!(r.pairings.len() as u32, players / 2);
        for p in &r.pairings {
            let b = p.black.expect("even field: no bye");
            assert!(met.insert((p.white.min(b), p.white.max(b))), "rematch");
        }
    }
}

/// Times pairing round 11 from the state after round 10 of `full`.
fn bench_round_11(g: &mut BenchmarkGroup<'_, WallTime>, full: &Event) {
    let players = full.players.len();
    let mut before = full.clone();
    before.rounds.truncate(10);
    g.bench_function("round 11", |b| {
        b.iter(|| {
            let mut e = before.clone();
            let r = e.pair_next_round().expect("round 11").pairings.len();
            assert_eq!(r, players / 2);
            black_box(r)
        })
    });
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("seed-swiss-1000");
    g.sample_size(10);
    g.bench_function("whole event, 11 rounds", |b| {
        b.iter(|| black_box(event(1000, 11)))
    });
    bench_round_11(&mut g, &event(1000, 11));
    g.finish();
    let mut g = c.benchmark_group("dutch-100");
    g.sample_size(10);
    g.bench_function("whole event, 9 rounds", |b| {
        b.iter(|| {
            let mut sim = Simulation::new(System::Dutch, 100, 2026);
            sim.rounds = 9;
            let e = simulate(&sim).expect("simulated event");
            check(&e, 100, 9);
            black_box(e)
        })
    });
    g.finish();
    let mut g = c.benchmark_group("dutch-1000");
    g.sample_size(10);
    let mut sim = Simulation::new(System::Dutch, 1000, 2026);
    sim.rounds = 11;
    let full = simulate(&sim).expect("simulated Dutch event");
    check(&full, 1000, 11);
    bench_round_11(&mut g, &full);
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
