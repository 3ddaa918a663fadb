//! The actions on hand-made histories.

use super::*;

fn organiser() -> Person {
    Person {
        id: 1,
        name: "Saraa".into(),
    }
}

fn swiss(players: usize) -> Vec<Action> {
    let mut h = vec![Action::Create {
        event: NewEvent {
            name: "Naadam".into(),
            system: "swiss".into(),
            rounds: Some(3),
            ruleset: None,
            time_control: Some("1800+30".into()),
            boards: None,
            lineup: None,
            settings: EventSettings::default(),
            ..NewEvent::default()
        }
        .into(),
        organiser: organiser(),
    }];
    for i in 0..players {
        h.push(Action::AddPlayer {
            player: NewPlayer {
                name: format!("P{i}"),
                rating: Some(2000 - i as u32 * 10),
                club: None,
                region: None,
                birth_year: None,
                missed: None,
                ..NewPlayer::default()
            },
            account: None,
        });
    }
    h.push(Action::Start);
    h.push(Action::PairRound);
    h
}

fn numbered(h: &[Action]) -> impl Iterator<Item = (i64, &Action)> {
    h.iter().enumerate().map(|(i, a)| (i as i64 + 1, a))
}

fn step(state: &EventState, a: &Action) -> Result<EventState, ActionError> {
    a.apply(Some(state)).map(|(s, _)| s)
}

#[test]
fn a_result_on_a_taken_board_needs_replace_and_names_what_it_affects() {
    let state = replay(numbered(&swiss(4))).unwrap().unwrap();
    let one = RoundNo::FIRST;
    let b1 = BoardNo::FIRST;
    let set = |games: Vec<GameResult>, replace| Action::SetResult {
        round: one,
        board: b1,
        games,
        replace,
        sheet: None,
    };
    let s = step(&state, &set(vec![GameResult::WhiteWins], false)).unwrap();
    // The same result again changes nothing.
    let (_, applied) = set(vec![GameResult::WhiteWins], false)
        .apply(Some(&s))
        .unwrap();
    assert!(matches!(applied, Applied::Unchanged(_)));
    let err = step(&s, &set(vec![GameResult::Draw], false)).unwrap_err();
    assert!(matches!(err, ActionError::ResultConflict { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "round 1 board 1 already has the result 1-0; send \"replace\": true to change it"
    );
    let s = step(&s, &set(vec![GameResult::Draw], true)).unwrap();
    assert_eq!(s.event.rounds[0].pairings[0].games, vec![GameResult::Draw]);
}

#[test]
fn a_bye_and_a_missing_board_are_refused_by_name() {
    let state = replay(numbered(&swiss(5))).unwrap().unwrap();
    let round = &state.event.rounds[0];
    let bye = round.pairings.iter().find(|p| p.black.is_none()).unwrap();
    let err = step(
        &state,
        &Action::SetResult {
            round: RoundNo::FIRST,
            board: bye.board,
            games: vec![GameResult::WhiteWins],
            replace: false,
            sheet: None,
        },
    )
    .unwrap_err();
    assert_eq!(err.field(), Some("board"));
    let err = step(
        &state,
        &Action::SetResult {
            round: RoundNo::FIRST,
            board: BoardNo::try_from(9).unwrap(),
            games: vec![GameResult::WhiteWins],
            replace: false,
            sheet: None,
        },
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "round 1 has no board 9");
}

#[test]
fn results_on_different_boards_commute_and_other_changes_do_not() {
    let r = |board: u32| Action::SetResult {
        round: RoundNo::FIRST,
        board: BoardNo::try_from(board).unwrap(),
        games: vec![GameResult::Draw],
        replace: false,
        sheet: None,
    };
    assert!(r(1).commutes_with(&r(2)));
    assert!(!r(1).commutes_with(&r(1)));
    assert!(!r(1).commutes_with(&Action::PairRound));
    assert!(!Action::PairRound.commutes_with(&r(1)));
    assert!(r(1).commutes_with(&Action::Publish {
        round: RoundNo::FIRST
    }));
}

#[test]
fn bad_settings_name_their_field() {
    let mut new = NewEvent {
        name: "X".into(),
        system: "swizz".into(),
        rounds: None,
        ruleset: None,
        time_control: None,
        boards: None,
        lineup: None,
        settings: EventSettings::default(),
        ..NewEvent::default()
    };
    let field = |new: &NewEvent| create(new, &organiser()).err().and_then(|e| e.field());
    assert_eq!(field(&new), Some("system"));
    new.system = "dutch".into();
    assert_eq!(field(&new), None);
    new.time_control = Some("soon".into());
    assert_eq!(field(&new), Some("time_control"));
    new.time_control = None;
    new.ruleset = Some("chess".into());
    assert_eq!(field(&new), Some("ruleset"));
    new.ruleset = None;
    new.lineup = Some("fixed-boards".into());
    assert_eq!(field(&new), Some("lineup"));
}

#[test]
fn the_organisers_settings_are_applied_or_named() {
    let new = |settings: EventSettings| NewEvent {
        name: "Naadam".into(),
        system: "dutch".into(),
        settings,
        ..NewEvent::default()
    };
    let made = |s: EventSettings| create(&new(s), &organiser());
    let (state, _) = made(EventSettings {
        tiebreaks: Some(vec!["BH-C1".into(), "SB".into()]),
        games: Some(2),
        acceleration: Some("baku".into()),
        lot_seed: Some(7),
        default_time_min: Some(30),
        score_sheet: Some(false),
        ..EventSettings::default()
    })
    .unwrap();
    let e = &state.event;
    assert_eq!(
        e.tiebreaks,
        vec![
            shatar_tournament::Tiebreak::BuchholzCut1,
            shatar_tournament::Tiebreak::SonnebornBerger
        ]
    );
    assert_eq!(e.games_per_pairing, 2);
    assert_eq!(e.settings.acceleration.code(), "baku");
    assert_eq!(e.settings.lot_seed, 7);
    assert_eq!(state.default_time_min, 30);
    assert!(!state.score_sheet, "a clock-only event");
    // Left out: S4's defaults.
    let (state, _) = made(EventSettings::default()).unwrap();
    assert_eq!(state.default_time_min, 15);
    assert!(state.score_sheet, "score sheets unless said");
    assert!(state.event.tiebreaks.is_empty());
    let field = |s: EventSettings| made(s).err().and_then(|e| e.field());
    for (bad, named) in [
        (
            EventSettings {
                tiebreaks: Some(vec!["XX".into()]),
                ..EventSettings::default()
            },
            "tiebreaks",
        ),
        (
            EventSettings {
                tiebreaks: Some(vec!["SB".into(), "SB".into()]),
                ..EventSettings::default()
            },
            "tiebreaks",
        ),
        (
            EventSettings {
                games: Some(3),
                ..EventSettings::default()
            },
            "games",
        ),
        (
            EventSettings {
                drawn_match: Some("lot".into()),
                ..EventSettings::default()
            },
            "drawn_match",
        ),
        (
            EventSettings {
                groups: Some(0),
                ..EventSettings::default()
            },
            "groups",
        ),
        (
            EventSettings {
                default_time_min: Some(241),
                ..EventSettings::default()
            },
            "default_time_min",
        ),
    ] {
        assert_eq!(field(bad.clone()), Some(named), "{bad:?}");
    }
}

#[test]
fn the_draw_carries_accounts_check_ins_and_captains_to_the_new_numbers() {
    // Swiss: numbered by rating at the draw, so the account's player (1500, registered
    // first) becomes number 2.
    let account = Person {
        id: 7,
        name: "temuujin".into(),
    };
    let player = |name: &str, rating| NewPlayer {
        name: name.into(),
        rating: Some(rating),
        ..NewPlayer::default()
    };
    let mut h = vec![Action::Create {
        event: NewEvent {
            name: "Open".into(),
            system: "swiss".into(),
            ..NewEvent::default()
        }
        .into(),
        organiser: organiser(),
    }];
    h.push(Action::AddPlayer {
        player: player("Тэмүүжин", 1500),
        account: Some(account.clone()),
    });
    h.push(Action::AddPlayer {
        player: player("Батбаяр", 2100),
        account: None,
    });
    h.push(Action::CheckIn {
        entrant: EntrantNo::FIRST,
        present: true,
    });
    h.push(Action::Start);
    let state = replay(numbered(&h)).unwrap().unwrap();
    let two = EntrantNo::try_from(2).unwrap();
    assert_eq!(state.event.player(two).unwrap().name, "Тэмүүжин");
    assert_eq!(state.entrant_of(7), Some(two));
    assert_eq!(
        state.checked_in.iter().copied().collect::<Vec<_>>(),
        vec![two]
    );

    // A league drawn by lot: each captain stays with their team.
    let mut h = vec![Action::Create {
        event: NewEvent {
            name: "League".into(),
            system: "round-robin".into(),
            boards: Some(1),
            settings: EventSettings {
                lot_seed: Some(3),
                ..EventSettings::default()
            },
            ..NewEvent::default()
        }
        .into(),
        organiser: organiser(),
    }];
    let teams = ["Altai", "Bogd", "Khangai", "Khentii"];
    for (i, t) in teams.iter().enumerate() {
        h.push(Action::AddTeam {
            team: NewTeam {
                name: (*t).into(),
                region: None,
                members: vec![player(&format!("{t} 1"), 1800)],
            },
            captain: Some(Person {
                id: 100 + i as i64,
                name: format!("cap{t}"),
            }),
        });
    }
    h.push(Action::Start);
    let state = replay(numbered(&h)).unwrap().unwrap();
    let moved = state
        .event
        .teams
        .iter()
        .any(|t| t.name != teams[t.number.index()]);
    assert!(
        moved,
        "the lot of seed 3 moves some team: {:?}",
        state.event.teams
    );
    for t in &state.event.teams {
        assert_eq!(state.captains[&t.number].name, format!("cap{}", t.name));
    }
}

#[test]
fn the_history_is_worded_again_in_the_readers_language() {
    let mut h = swiss(4);
    let result = |games| Action::SetResult {
        round: RoundNo::FIRST,
        board: BoardNo::FIRST,
        games,
        replace: true,
        sheet: None,
    };
    h.push(result(vec![GameResult::WhiteWins]));
    h.push(result(vec![GameResult::Draw]));
    // The summaries as the history kept them, each on the state it was made on.
    let mut kept: Vec<String> = Vec::new();
    let mut state: Option<EventState> = None;
    for a in &h {
        let (next, applied) = a.apply(state.as_ref()).unwrap();
        kept.push(applied.summary().to_string());
        state = Some(next);
    }
    let undo = Action::Undo { seq: 9 };
    h.push(undo);
    kept.push(format!("undone: {}", kept[8]));
    // An entry an earlier version worded otherwise is left as it was kept.
    kept[1] = "player P0 registered".into();
    let worded = worded(
        h.iter()
            .zip(&kept)
            .enumerate()
            .map(|(i, (a, k))| (i as i64 + 1, a, k.as_str())),
    );
    let names = |seq: i64| worded.get(&seq).map(|m| m.text(crate::i18n::Lang::Zh));
    assert_eq!(kept[0], "event \"Naadam\" created (swiss)");
    assert_eq!(names(1).as_deref(), Some("已创建赛事 \"Naadam\"（swiss）"));
    assert_eq!(names(2), None, "worded otherwise when it was kept");
    assert_eq!(names(3).as_deref(), Some("已登记 2 号棋手 P1"));
    let board = kept[8]
        .strip_prefix("round 1 board 1: ")
        .and_then(|s| s.strip_suffix(" (was 1-0)"))
        .expect("a result changed");
    assert!(board.contains(" ½ – ½ "), "{board}");
    let said = format!("第 1 轮第 1 台：{board}（原为 1-0）");
    assert_eq!(names(9), Some(said.clone()));
    assert_eq!(names(10), Some(format!("已撤销：{said}")));
    // Every entry worded is the English it was kept as.
    for (seq, msg) in &worded {
        assert_eq!(msg.to_string(), kept[*seq as usize - 1]);
    }
}
