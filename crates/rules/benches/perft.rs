//! Perft speed (criterion). Each benchmark asserts the node count it times, from
//! Fairy-Stockfish (`tests/data/fsf-perft-*.txt`). The side-by-side comparison with
//! Fairy-Stockfish is `scripts/bench_perft.py`.

use criterion::{Criterion, criterion_group, criterion_main};
use shatar_rules::{Ruleset, fen, perft};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let cases = [
        ("fsf start, depth 5", "startpos", Ruleset::FSF, 5, 3_969_485),
        (
            "official after 1.e4 e5, depth 4",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
            Ruleset::OFFICIAL,
            4,
            260_171,
        ),
    ];
    for (name, fen_text, ruleset, depth, nodes) in cases {
        let pos = fen::read(fen_text, ruleset).expect("valid FEN");
        assert_eq!(perft(&pos, depth), nodes, "{name}");
        c.bench_function(name, |b| b.iter(|| perft(black_box(&pos), depth)));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_perft
}
criterion_main!(benches);
