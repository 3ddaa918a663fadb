//! An online arena: four accounts join, the server pairs whoever waits as games end,
//! simulated players play the games over the game socket, and the standings are the
//! arena's scoring worked by hand — a berserk win's extra point, a streak's doubled win,
//! no immediate rematch, and a game still played at the end that does not count.

mod common;

use common::events::*;
use common::online::*;
use common::{Backend, Socket};
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;
use std::collections::BTreeSet;

on_both_backends!(
    an_arena_pairs_players_as_their_games_end,
    an_eight_player_arena_with_a_streak_a_berserk_and_an_absentee,
    an_arena_ends_at_its_time,
);

/// Wave `wave`'s games as (White's number, Black's number, game id), once each has its
/// game.
fn wave(event: &Value, wave: u64) -> Option<Vec<(u64, u64, String)>> {
    arena_games(event, wave)?
        .iter()
        .map(|g| {
            Some((
                g["white"].as_u64()?,
                g["black"].as_u64()?,
                g["game"].as_str()?.to_owned(),
            ))
        })
        .collect()
}

/// Each account's number in `event`, in the order of `players` (the draw may have
/// renumbered them).
fn numbers(event: &Value, players: &[common::events::Account]) -> Vec<u64> {
    players
        .iter()
        .map(|p| {
            event["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["username"] == p.name.as_str())
                .unwrap()["number"]
                .as_u64()
                .unwrap()
        })
        .collect()
}

/// The pairs of a wave, each as the set of its two numbers.
fn pairs(games: &[(u64, u64, String)]) -> BTreeSet<BTreeSet<u64>> {
    games
        .iter()
        .map(|(w, b, _)| BTreeSet::from([*w, *b]))
        .collect()
}

/// The game of `wave` between numbers `a` and `b`, waited for.
async fn game_between(c: &mut common::Client, id: &str, n: u64, a: u64, b: u64) -> (u64, String) {
    let event = wait_for(c, id, &format!("wave {n}"), |e| wave(e, n).is_some()).await;
    let games = wave(&event, n).unwrap();
    let (w, _, game) = games
        .iter()
        .find(|(w, b2, _)| BTreeSet::from([*w, *b2]) == BTreeSet::from([a, b]))
        .unwrap_or_else(|| panic!("wave {n}: {a}–{b} in {games:?}"))
        .clone();
    (w, game)
}

/// The two sockets of `game` between numbers `white` and `black` (White's first).
async fn at_board(
    players: &[common::events::Account],
    number_of: &[u64],
    white: u64,
    black: u64,
    game: &str,
) -> (Socket, Socket) {
    let who = |n: u64| number_of.iter().position(|&m| m == n).unwrap();
    let w = players[who(white)].browser.socket(game).await;
    let b = players[who(black)].browser.socket(game).await;
    assert_eq!(w.you.as_deref(), Some("white"));
    (w, b)
}

/// Number `winner` beats his opponent in `game` (`white` is White's number).
async fn win(
    players: &[common::events::Account],
    number_of: &[u64],
    white: u64,
    black: u64,
    game: &str,
    winner: u64,
) {
    let (mut w, mut b) = at_board(players, number_of, white, black, game).await;
    let result = if winner == white { "1-0" } else { "0-1" };
    end_as(&mut w, &mut b, result, winner * 7919).await;
}

async fn an_arena_pairs_players_as_their_games_end(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, mut players) = online_event(
        &server,
        &org,
        json!({"name": "Friday arena", "system": "arena", "online": true,
               "time_control": "300+2", "duration_min": 30, "rated": false}),
        "A",
        4,
    )
    .await;
    let event = get_event(&mut o, &id).await;
    assert_eq!(event["arena"]["duration_min"], 30);
    assert_eq!(event["arena"]["ended"], false);
    assert_eq!(event["status"], "registration");
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "the arena's clock", |e| {
        e["arena"]["ends_at"].is_string()
    })
    .await;
    assert_eq!(event["status"], "running");
    let number_of = numbers(&event, &players);

    // Wave 1: everyone waits, all unrated (1500) and level: ranked by number, neighbours
    // meet.
    let event = wait_for(&mut o, &id, "wave 1", |e| wave(e, 1).is_some()).await;
    let w1 = wave(&event, 1).unwrap();
    assert_eq!(
        pairs(&w1),
        BTreeSet::from([BTreeSet::from([1, 2]), BTreeSet::from([3, 4])])
    );
    // 1 berserks before his first move: half of 5 minutes, and only once.
    let (white, game) = game_between(&mut o, &id, 1, 1, 2).await;
    let black = 3 - white;
    let (mut w, mut bl) = at_board(&players, &number_of, white, black, &game).await;
    let first = w.state().await;
    assert_eq!(
        first["berserk"],
        json!({"allowed": true, "white": false, "black": false})
    );
    bl.state().await;
    let (berserker, side) = if white == 1 {
        (&mut w, "white")
    } else {
        (&mut bl, "black")
    };
    berserker.send(json!({"t": "berserk"})).await;
    let s = loop {
        let s = berserker.state().await;
        if s["berserk"][side] == true {
            break s;
        }
    };
    assert_eq!(s["clock"][format!("{side}_ms")], 150_000);
    assert_eq!(
        s["clock"][if side == "white" {
            "black_ms"
        } else {
            "white_ms"
        }],
        300_000
    );
    // A second berserk changes nothing. (Its refusal is not awaited: on PostgreSQL another
    // test's server may run this game, and a relayed action's refusal stays there.)
    berserker.send(json!({"t": "berserk"})).await;
    let again = berserker.get_state_via_ping().await;
    assert_eq!(again["clock"][format!("{side}_ms")], 150_000);
    // A fresh state for the berserker to play from (the other has the berserk's).
    berserker.send(json!({"t": "ping"})).await;
    // 1 wins after 7 full moves (13 plies when White, 14 when Black): 2 + 1 for berserk.
    let plies = if white == 1 { 13 } else { 14 };
    let result = play(&mut w, &mut bl, plies, 0xA2E7A, true).await;
    assert_eq!(
        result.as_deref(),
        Some(if white == 1 { "1-0" } else { "0-1" })
    );
    // 3 and 4 draw: 1 each.
    let (white, game) = game_between(&mut o, &id, 1, 3, 4).await;
    let (mut w, mut bl) = at_board(&players, &number_of, white, 7 - white, &game).await;
    end_as(&mut w, &mut bl, "1/2-1/2", 34).await;

    // Wave 2, once both games are in: 1 (3), then 3 and 4 (1, level: by number), then 2
    // (0). 1 takes 3 (2 was his last opponent), 4 takes 2.
    let event = wait_for(&mut o, &id, "wave 2", |e| wave(e, 2).is_some()).await;
    let standings = &event["arena"]["standings"];
    assert_eq!(standings[0]["number"], 1);
    assert_eq!(standings[0]["score"], 3);
    assert_eq!(standings[0]["sheet"], "3");
    let w2 = wave(&event, 2).unwrap();
    // The call on any page names the arena, not a round.
    let one = number_of.iter().position(|&n| n == 1).unwrap();
    let called = players[one]
        .browser
        .get("/api/account/event-game")
        .await
        .json();
    assert_eq!(
        called["text"],
        "A game of the arena “Friday arena” is waiting: your game"
    );
    assert_eq!(
        pairs(&w2),
        BTreeSet::from([BTreeSet::from([1, 3]), BTreeSet::from([2, 4])])
    );
    for (white, black, game) in &w2 {
        let winner = if [*white, *black].contains(&1) { 1 } else { 2 };
        win(&players, &number_of, *white, *black, game, winner).await;
    }

    // Wave 3: 1 (5), 2 (2), then 3 and 4 (1 each, performance 1250 each: by number). 1
    // takes 2, 3 takes 4. 1 is on fire: his win counts 4; 4 beats 3.
    let event = wait_for(&mut o, &id, "wave 3", |e| wave(e, 3).is_some()).await;
    assert_eq!(event["arena"]["standings"][0]["on_fire"], true);
    let w3 = wave(&event, 3).unwrap();
    assert_eq!(
        pairs(&w3),
        BTreeSet::from([BTreeSet::from([1, 2]), BTreeSet::from([3, 4])])
    );
    for (white, black, game) in &w3 {
        let winner = if [*white, *black].contains(&1) { 1 } else { 4 };
        win(&players, &number_of, *white, *black, game, winner).await;
    }

    // Wave 4: 1 (9), 4 (3), 2 (2), 3 (1): 1 takes 4, 2 takes 3. The organiser ends the
    // arena while they play: the games go on but do not count.
    let event = wait_for(&mut o, &id, "wave 4", |e| wave(e, 4).is_some()).await;
    let w4 = wave(&event, 4).unwrap();
    assert_eq!(
        pairs(&w4),
        BTreeSet::from([BTreeSet::from([1, 4]), BTreeSet::from([2, 3])])
    );
    let r = call(&mut o, "POST", &format!("/api/events/{id}/arena/end"), None).await;
    assert_eq!(expect_json(&r, 200, "end")["status"], "finished");
    let (white, black, game) = w4.iter().find(|(w, b, _)| [*w, *b].contains(&1)).unwrap();
    win(&players, &number_of, *white, *black, game, 1).await;

    let event = get_event(&mut o, &id).await;
    assert_eq!(event["status"], "finished");
    assert_eq!(event["arena"]["ended"], true);
    let table: Vec<Value> = event["arena"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            json!([
                s["rank"],
                s["number"],
                s["score"],
                s["sheet"],
                s["games"],
                s["on_fire"],
                s["performance"]
            ])
        })
        .collect();
    // Performances: each game the opponent's 1500, ±500 for a win or loss, averaged.
    assert_eq!(
        table,
        vec![
            json!([1, 1, 9, "3 2 4", 3, true, 2000]),
            json!([2, 4, 3, "1 0 2", 3, false, 1500]),
            json!([3, 2, 2, "0 2 0", 3, false, 1333]),
            json!([4, 3, 1, "1 0 0", 3, false, 1167]),
        ]
    );
    let late: Vec<&Value> = event["arena"]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["wave"] == 4)
        .collect();
    assert!(
        late.iter()
            .all(|g| g["counted"] == false && g["result"].is_null()),
        "{late:?}"
    );
    let berserk: Vec<&Value> = event["arena"]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["white_berserk"] == true || g["black_berserk"] == true)
        .collect();
    assert_eq!(berserk.len(), 1);
    assert_eq!(berserk[0]["moves"], 7);

    // The page shows the table.
    let page = server.client().get(&format!("/events/{id}")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("3 2 4") && page.body.contains("Friday arena"));
    // The runner's steps are in the history under the server's name: the start of the
    // clock, 4 waves, 6 counted results (the end was the organiser's).
    let history = history(&mut o, &id).await;
    let by_server = history.iter().filter(|h| h["by"] == "server").count();
    assert_eq!(by_server, 1 + 4 + 6, "{history:?}");
    assert_state_is_the_replay(&server, &id).await;
}

/// One player's arena points from his games in order — (won, drawn, berserked, full moves,
/// forfeit) each — by the rules as lichess states them, written here apart from the
/// library: 2 a win and 1 a draw, doubled after two wins in a row until a game is not a
/// win, and 1 more for a berserk win at the board of at least 7 full moves.
fn own_score(games: &[(char, bool, u64, bool)]) -> (u64, String) {
    let (mut total, mut streak, mut sheet) = (0, 0, Vec::new());
    for &(outcome, berserk, moves, forfeit) in games {
        let fire = if streak >= 2 { 2 } else { 1 };
        let mut points = match outcome {
            'W' => 2 * fire,
            'D' => fire,
            _ => 0,
        };
        if outcome == 'W' && berserk && !forfeit && moves >= 7 {
            points += 1;
        }
        streak = if outcome == 'W' { streak + 1 } else { 0 };
        total += points;
        sheet.push(points.to_string());
    }
    (total, sheet.join(" "))
}

/// Plays arena game `game` between numbers `white` and `black` as the test decides:
/// player 1 berserks and plays 13 or 14 plies to win; one who is `absent` never comes
/// (his opponent comes, and moves when White); the others end it as `lots` says. Returns
/// the result and the plies played.
async fn play_arena_game(
    players: std::sync::Arc<Vec<common::events::Account>>,
    number_of: Vec<u64>,
    (white, black, game): (u64, u64, String),
    absent: Option<u64>,
    seed: u64,
) -> (String, u64) {
    let who = |n: u64| number_of.iter().position(|&m| m == n).unwrap();
    if let Some(gone) = absent.filter(|g| *g == white || *g == black) {
        let here = if gone == white { black } else { white };
        let mut s = players[who(here)].browser.socket(&game).await;
        let first = s.state().await;
        if here == white {
            s.play(
                first["dests"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .next()
                    .map(|f| {
                        let to = first["dests"][f][0].as_str().unwrap();
                        format!("{f}{to}")
                    })
                    .unwrap()
                    .as_str(),
                0,
            )
            .await;
        }
        loop {
            let st = s.state().await;
            if st["status"] != "started" {
                return (
                    st["result"].as_str().unwrap().to_owned(),
                    st["ply"].as_u64().unwrap(),
                );
            }
        }
    }
    let (mut w, mut b) = at_board(&players, &number_of, white, black, &game).await;
    if white == 1 || black == 1 {
        let (berserker, side) = if white == 1 {
            (&mut w, "white")
        } else {
            (&mut b, "black")
        };
        berserker.state().await;
        berserker.send(json!({"t": "berserk"})).await;
        while berserker.state().await["berserk"][side] != true {}
        berserker.send(json!({"t": "ping"})).await;
        let other = if white == 1 { &mut b } else { &mut w };
        other.state().await;
        let plies = if white == 1 { 13 } else { 14 };
        let result = play(&mut w, &mut b, plies, seed, true).await.unwrap();
        let ply = w.get_state_via_ping().await["ply"].as_u64().unwrap();
        return (result, ply);
    }
    let result = ["1-0", "0-1", "1/2-1/2"][usize::try_from(seed % 3).unwrap()];
    end_as(&mut w, &mut b, result, seed).await;
    let ply = w.get_state_via_ping().await["ply"].as_u64().unwrap();
    (result.to_owned(), ply)
}

/// Eight players, games played at once as the server pairs them: player 1 berserks in
/// each game and wins his way onto a streak, player 8 never comes to his first game (he
/// loses it by default and is paused), and after 16 games the organiser ends the arena.
/// Every standing is the test's own scoring of the games played; nobody plays two games at
/// once or meets his last opponent at once.
async fn an_eight_player_arena_with_a_streak_a_berserk_and_an_absentee(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Eight", "system": "arena", "online": true,
               "time_control": "180+2", "duration_min": 5, "default_s": 5, "rated": false}),
        "E",
        8,
    )
    .await;
    let players = std::sync::Arc::new(players);
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "wave 1", |e| wave(e, 1).is_some()).await;
    let number_of = numbers(&event, &players);
    let mut lots = Lots(0xA8E4A);
    let mut started = std::collections::HashMap::new();
    let mut tasks = Vec::new();
    let mut absent = Some(8);
    while started.len() < 16 {
        let event = get_event(&mut o, &id).await;
        let games = event["arena"]["games"].as_array().unwrap().clone();
        let playing: Vec<&Value> = games.iter().filter(|g| g["result"].is_null()).collect();
        let mut busy = BTreeSet::new();
        for g in &playing {
            for side in ["white", "black"] {
                assert!(
                    busy.insert(g[side].as_u64().unwrap()),
                    "two games at once: {games:?}"
                );
            }
        }
        for g in playing {
            let Some(game) = g["game"].as_str() else {
                continue;
            };
            if started.contains_key(game) || started.len() >= 16 {
                continue;
            }
            let (white, black) = (g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap());
            started.insert(game.to_owned(), (white, black));
            let gone = absent.filter(|a| *a == white || *a == black);
            if gone.is_some() {
                absent = None;
            }
            let seed = u64::try_from(lots.next(1 << 20)).unwrap();
            tasks.push((
                game.to_owned(),
                tokio::spawn(play_arena_game(
                    std::sync::Arc::clone(&players),
                    number_of.clone(),
                    (white, black, game.to_owned()),
                    gone,
                    seed,
                )),
            ));
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mut ended = std::collections::HashMap::new();
    for (game, task) in tasks {
        ended.insert(game, task.await.unwrap());
    }
    // Every game the test played is in; then the organiser ends the arena.
    wait_for(&mut o, &id, "the 16 results", |e| {
        e["arena"]["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["result"].is_string())
            .count()
            >= 16
    })
    .await;
    let r = call(&mut o, "POST", &format!("/api/events/{id}/arena/end"), None).await;
    assert_eq!(expect_json(&r, 200, "end")["status"], "finished");
    let event = get_event(&mut o, &id).await;
    // The absentee lost his one game by default and was paused: never paired again.
    let eight: Vec<&Value> = event["arena"]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["white"] == 8 || g["black"] == 8)
        .collect();
    assert_eq!(eight.len(), 1, "{eight:?}");
    assert!(
        ["+-", "-+"].contains(&eight[0]["result"].as_str().unwrap()),
        "{eight:?}"
    );
    let standing_of = |n: u64| {
        event["arena"]["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["number"] == n)
            .unwrap()
            .clone()
    };
    assert_eq!(standing_of(8)["paused"], true);
    // Each player's games in the order played, scored by the test.
    let mut by_player: std::collections::BTreeMap<u64, Vec<(char, bool, u64, bool)>> =
        Default::default();
    let mut last_opponent = std::collections::HashMap::new();
    for g in event["arena"]["games"].as_array().unwrap() {
        let game = g["game"].as_str().unwrap();
        let (white, black) = (g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap());
        for (me, them) in [(white, black), (black, white)] {
            assert_ne!(
                last_opponent.insert(me, them),
                Some(them),
                "an immediate rematch: {g}"
            );
        }
        let Some((result, plies)) = ended.get(game) else {
            // Paired after the test stopped starting games: played on after the end.
            assert_eq!(g["counted"], false, "{g}");
            continue;
        };
        assert_eq!(g["counted"], true, "{g}");
        let forfeit = g["result"] == "+-" || g["result"] == "-+";
        let (w, b) = match result.as_str() {
            "1-0" => ('W', 'L'),
            "0-1" => ('L', 'W'),
            _ => ('D', 'D'),
        };
        let moves = plies.div_ceil(2);
        assert_eq!(g["moves"], moves, "{g}");
        by_player
            .entry(white)
            .or_default()
            .push((w, white == 1 && !forfeit, moves, forfeit));
        by_player
            .entry(black)
            .or_default()
            .push((b, black == 1 && !forfeit, moves, forfeit));
    }
    for (n, games) in &by_player {
        let (score, sheet) = own_score(games);
        let line = standing_of(*n);
        assert_eq!(
            (
                line["score"].as_u64().unwrap(),
                line["sheet"].as_str().unwrap()
            ),
            (score, sheet.as_str()),
            "player {n}: {line}"
        );
    }
    // Player 1 berserked and won every game: 3, 3, then 5 a game on fire.
    let one = standing_of(1);
    assert_eq!(one["rank"], 1);
    assert_eq!(one["on_fire"], true);
    assert!(one["sheet"].as_str().unwrap().starts_with("3 3 5"), "{one}");
    assert_state_is_the_replay(&server, &id).await;
}

/// An arena of five minutes on a server whose arena minute is a second: it ends by itself
/// at its time, and a game still played then is played out but does not count.
async fn an_arena_ends_at_its_time(b: Backend) {
    let server = start_with(b, |c| c.arena_minute_ms = 1_000).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Short arena", "system": "arena", "online": true,
               "time_control": "300+2", "duration_min": 5, "rated": false}),
        "S",
        4,
    )
    .await;
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "wave 1", |e| wave(e, 1).is_some()).await;
    let (started, ends) = (
        event["arena"]["started_at"].as_str().unwrap().to_owned(),
        event["arena"]["ends_at"].as_str().unwrap().to_owned(),
    );
    let ms = |t: &str| shatar_server::timestamps::from_rfc3339(t).unwrap();
    assert_eq!(ms(&ends) - ms(&started), 5_000, "{started} – {ends}");
    let number_of = numbers(&event, &players);
    let w1 = wave(&event, 1).unwrap();
    // 1–2 is decided at once; 3–4 goes on past the end.
    let (white, game) = game_between(&mut o, &id, 1, 1, 2).await;
    win(&players, &number_of, white, 3 - white, &game, 1).await;
    let (white, game) = game_between(&mut o, &id, 1, 3, 4).await;
    let (mut w, mut bl) = at_board(&players, &number_of, white, 7 - white, &game).await;
    assert_eq!(play(&mut w, &mut bl, 2, 11, false).await, None);
    let event = wait_for(&mut o, &id, "the end", |e| e["status"] == "finished").await;
    assert_eq!(event["arena"]["ended"], true);
    assert_eq!(w1.len(), 2);
    // Played out after the end: not counted (fresh states to play on from).
    w.send(json!({"t": "ping"})).await;
    bl.send(json!({"t": "ping"})).await;
    end_as(&mut w, &mut bl, "1-0", 12).await;
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let event = get_event(&mut o, &id).await;
    let late = event["arena"]["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == game.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        (late["counted"].clone(), late["result"].clone()),
        (json!(false), Value::Null)
    );
    let scores: Vec<(u64, u64)> = event["arena"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["number"].as_u64().unwrap(), s["score"].as_u64().unwrap()))
        .collect();
    // 3 and 4 have no game that counts: their performance is their rating (1500), above
    // 2's 1000 from his loss.
    assert_eq!(scores, vec![(1, 2), (3, 0), (4, 0), (2, 0)]);
    // The end is the server's, in the history.
    let history = history(&mut o, &id).await;
    assert!(
        history
            .iter()
            .any(|h| h["by"] == "server" && h["action"]["kind"] == "arena-end"),
        "{history:?}"
    );
    assert_state_is_the_replay(&server, &id).await;
}
