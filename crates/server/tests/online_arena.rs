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

on_both_backends!(an_arena_pairs_players_as_their_games_end);

/// Wave `wave`'s games as (White's number, Black's number, game id), once each has its
/// game.
fn wave(event: &Value, wave: u64) -> Option<Vec<(u64, u64, String)>> {
    let games: Vec<&Value> = event["arena"]["games"]
        .as_array()?
        .iter()
        .filter(|g| g["wave"] == wave)
        .collect();
    if games.is_empty() {
        return None;
    }
    games
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
    let (id, players) = online_event(
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
    // Each account's number (the draw may have renumbered them).
    let number_of: Vec<u64> = players
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
        .collect();

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
    berserker.send(json!({"t": "berserk"})).await;
    assert_eq!(
        berserker.error().await,
        "Berserk only once, before your first move."
    );
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
