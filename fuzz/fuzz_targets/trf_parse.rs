//! Fuzz target for the TRF-16 reader: no input panics, and every file read as an event
//! writes back to TRF that reads to the same rounds, pairings and results (team events:
//! the same matches, line-ups and board results).

#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_tournament::{Event, System, trf};

/// Each round's games as (White, Black, results or team match), sorted: board order is
/// not part of TRF.
fn games(e: &Event) -> Vec<Vec<(u32, Option<u32>, String)>> {
    e.rounds
        .iter()
        .map(|r| {
            let mut g: Vec<_> = r
                .pairings
                .iter()
                .map(|p| {
                    (
                        p.white.get(),
                        p.black.map(|b| b.get()),
                        format!("{:?}{:?}{:?}", p.games, p.bye_points, p.team_match),
                    )
                })
                .collect();
            g.sort();
            g
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for system in [System::Dutch, System::RoundRobin] {
        let Ok(event) = trf::read(text, system) else {
            continue;
        };
        let written = match trf::write(&event) {
            Ok(w) => w,
            Err(e) => panic!("an event read from TRF does not write back: {e}"),
        };
        let back = match trf::read(&written, system) {
            Ok(b) => b,
            Err(e) => panic!("our own TRF does not read back: {e}\n{written}"),
        };
        assert_eq!(back.players.len(), event.players.len(), "{written}");
        assert_eq!(games(&back), games(&event), "{written}");
    }
});
