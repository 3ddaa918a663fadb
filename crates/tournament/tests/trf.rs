//! TRF-16 against a hand-made file (tests/data/rr4.trf, see rr4.trf.source), both ways.

use std::path::PathBuf;

use shatar_tournament::{Event, GameResult, Player, System, TrfError, standings, trf};

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

fn rr4() -> Event {
    let mut e = Event::new("rr", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    let rounds: [&[(u32, u32, &str)]; 3] = [
        &[(1, 4, "1-0"), (2, 3, "1/2")],
        &[(4, 3, "0-1"), (1, 2, "0-1")],
        &[(2, 4, "1/2"), (3, 1, "1/2")],
    ];
    for (i, games) in rounds.iter().enumerate() {
        e.pair_next_round().unwrap();
        for &(w, b, r) in *games {
            e.set_result(i as u32 + 1, w, b, vec![r.parse::<GameResult>().unwrap()])
                .unwrap();
        }
    }
    e
}

#[test]
fn export_matches_hand_made_file() {
    assert_eq!(trf::write(&rr4()).unwrap(), data("rr4.trf"));
}

#[test]
fn import_rebuilds_rounds_and_standings() {
    let e = trf::read(&data("rr4.trf"), System::RoundRobin).unwrap();
    let original = rr4();
    assert_eq!(e.rounds.len(), 3);
    for (a, b) in e.rounds.iter().zip(&original.rounds) {
        let key = |p: &shatar_tournament::Pairing| (p.white, p.black, format!("{:?}", p.games));
        let mut pa: Vec<_> = a.pairings.iter().map(key).collect();
        let mut pb: Vec<_> = b.pairings.iter().map(key).collect();
        pa.sort();
        pb.sort();
        assert_eq!(pa, pb);
    }
    let order: Vec<u32> = standings(&e).lines.iter().map(|l| l.entrant).collect();
    assert_eq!(order, vec![2, 3, 1, 4]);
}

#[test]
fn utf8_names_keep_columns() {
    let mut e = rr4();
    e.players[0].name = "Батбаяр 巴特尔".into();
    let text = trf::write(&e).unwrap();
    let back = trf::read(&text, System::RoundRobin).unwrap();
    assert_eq!(back.players[0].name, "Батбаяр 巴特尔");
    assert_eq!(back.rounds[0].pairings.len(), 2);
}

#[test]
fn inconsistent_and_malformed_files_are_named() {
    let text = data("rr4.trf").replace("   2 b =     4 b 1", "   2 b =     4 b 0");
    let err = trf::read(&text, System::RoundRobin).unwrap_err();
    assert_eq!(
        err,
        TrfError::Meaning("round 2: results '0' for 4 and '0' for 3 do not agree".into())
    );
    let text = data("rr4.trf").replace("001    4      P4", "001    x      P4");
    let err = trf::read(&text, System::RoundRobin).unwrap_err();
    assert!(
        matches!(err, TrfError::Syntax { line: 9, ref columns, .. } if columns == "5-8"),
        "{err}"
    );
}

#[test]
fn simulated_swiss_round_trips() {
    use shatar_tournament::simulate::{Simulation, simulate};
    let mut sim = Simulation::new(System::Swiss, 15, 11);
    sim.forfeit_per_mille = 50;
    let e = simulate(&sim).unwrap();
    let back = trf::read(&trf::write(&e).unwrap(), System::Swiss).unwrap();
    let a: Vec<(u32, String)> = standings(&e)
        .lines
        .iter()
        .map(|l| (l.entrant, l.values[0].to_string()))
        .collect();
    let b: Vec<(u32, String)> = standings(&back)
        .lines
        .iter()
        .map(|l| (l.entrant, l.values[0].to_string()))
        .collect();
    let mut a_points: Vec<_> = a.clone();
    a_points.sort();
    let mut b_points: Vec<_> = b.clone();
    b_points.sort();
    assert_eq!(a_points, b_points);
}
