//! The event file: round trip, atomic update, and bad input leaving the file unchanged.

use std::path::PathBuf;

use shatar_tournament::store::{self, UpdateError};
use shatar_tournament::{EntrantNo, Event, EventError, EventFileError, Player, RoundNo, System};

fn no(n: u32) -> EntrantNo {
    EntrantNo::new(n).expect("a start number from 1")
}

fn rd(n: u32) -> RoundNo {
    RoundNo::new(n).expect("a round from 1")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("shatar-tournament-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn sample() -> Event {
    let mut e = Event::new("Naadam", System::Swiss);
    let mut p = Player::named("Батбаяр");
    p.name_traditional = Some("ᠪᠠᠲᠤᠪᠠᠶᠠᠷ".into());
    p.rating = Some(1800);
    e.add_player(p).unwrap();
    e.add_player(Player::named("巴特尔")).unwrap();
    e
}

#[test]
fn round_trip_keeps_every_field() {
    let d = temp_dir("rt");
    let path = d.join("e.json");
    let e = sample();
    store::save(&e, &path).unwrap();
    assert_eq!(store::load(&path).unwrap(), e);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"format\": \"shatar-event\""));
    assert!(text.contains("\"version\": 1"));
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
}

#[test]
fn corrupt_file_is_reported_and_left_unchanged() {
    let d = temp_dir("corrupt");
    let path = d.join("e.json");
    let bad = "{\"format\": \"shatar-event\", \"version\": 1, \"event\": {\"name\": 5";
    std::fs::write(&path, bad).unwrap();
    let err = store::update(&path, |e: &mut Event| e.add_player(Player::named("X"))).unwrap_err();
    match err {
        UpdateError::File(EventFileError::Corrupt { line, .. }) => assert_eq!(line, 1),
        other => panic!("unexpected {other}"),
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
}

#[test]
fn wrong_version_and_format_are_named() {
    let d = temp_dir("ver");
    let path = d.join("e.json");
    let mut text = store::to_json(&sample()).unwrap();
    text = text.replace("\"version\": 1", "\"version\": 9");
    std::fs::write(&path, &text).unwrap();
    let err = store::load(&path).unwrap_err();
    assert!(
        matches!(
            err,
            EventFileError::UnsupportedVersion {
                found: 9,
                supported: 1,
                ..
            }
        ),
        "{err}"
    );
    std::fs::write(&path, "{\"name\": \"x\"}").unwrap();
    assert!(matches!(
        store::load(&path).unwrap_err(),
        EventFileError::WrongFormat { found: None, .. }
    ));
}

#[test]
fn refused_change_leaves_file_unchanged() {
    let d = temp_dir("dup");
    let path = d.join("e.json");
    store::save(&sample(), &path).unwrap();
    let before = std::fs::read(&path).unwrap();
    let err = store::update(&path, |e: &mut Event| {
        e.add_player(Player::named(" батбаяр "))
    })
    .unwrap_err();
    match err {
        UpdateError::Change(EventError::DuplicatePlayer { existing, .. }) => {
            assert_eq!(existing, 1)
        }
        other => panic!("unexpected {other}"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn inconsistent_file_is_invalid() {
    let d = temp_dir("inv");
    let path = d.join("e.json");
    let mut e = sample();
    e.players[1].number = no(1);
    std::fs::write(&path, store::to_json(&e).unwrap()).unwrap();
    let err = store::load(&path).unwrap_err();
    assert!(
        err.to_string().contains("start number 1 used twice"),
        "{err}"
    );
}

#[test]
fn a_player_paired_against_himself_is_refused_on_load() {
    let mut e = Event::new("rr", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    e.pair_next_round().unwrap();
    // Round 1 is 1-4, 2-3; board 2 made 2-2.
    e.rounds[0].pairings[1].black = Some(no(2));
    let path = PathBuf::from("rr.json");
    let err = store::from_json(&store::to_json(&e).unwrap(), &path).unwrap_err();
    assert_eq!(
        err.to_string(),
        "event file rr.json is invalid: invalid round 1 board 2: entrant 2 is paired against himself"
    );
}

#[test]
fn result_for_unpaired_game_is_refused() {
    let mut e = Event::new("rr", System::RoundRobin);
    e.settings.draw_by_lot = false;
    for i in 1..=4 {
        e.add_player(Player::named(format!("P{i}"))).unwrap();
    }
    e.start().unwrap();
    e.pair_next_round().unwrap();
    let err = e
        .set_result(
            rd(1),
            no(1),
            no(2),
            vec![shatar_tournament::GameResult::Draw],
        )
        .unwrap_err();
    assert_eq!(
        err,
        EventError::UnpairedGame {
            round: rd(1),
            white: no(1),
            black: no(2)
        }
    );
    let err = e.set_result(rd(3), no(1), no(4), vec![]).unwrap_err();
    assert_eq!(
        err,
        EventError::UnknownRound {
            round: rd(3),
            rounds: 1
        }
    );
}
