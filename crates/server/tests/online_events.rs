//! Online events: accounts join, the server pairs each round and creates its live games,
//! simulated players play them over the game socket (random legal moves from the
//! server's `dests`, then a resignation), and the server enters every result and pairs the
//! next round by itself; a player who does not make a first move loses by default.

mod common;

use common::Backend;
use common::events::*;
use common::online::*;
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;
use std::collections::BTreeMap;

on_both_backends!(
    an_online_swiss_runs_by_itself,
    players_who_do_not_move_lose_by_default,
    joining_is_checked,
    an_online_event_goes_on_after_a_restart,
    an_online_event_from_the_pages,
    players_pause_and_withdraw_and_the_arbiter_decides,
    the_arbiter_gives_time,
    an_online_knock_out_plays_its_matches,
    the_live_boards_show_the_round,
);

async fn an_online_swiss_runs_by_itself(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Online Swiss", "system": "swiss", "rounds": 3, "online": true,
                    "time_control": "60+1", "pause_s": 0, "rated": false}),
        "P",
        8,
    )
    .await;
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        event["online"],
        json!({"time_control": "60+1", "rated": false, "pause_s": 0, "limit": 1000, "default_s": 30})
    );
    assert_eq!(event["status"], "registration");
    start_event(&mut o, &id).await;

    let by_name: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.clone(), i))
        .collect();
    let mut lots = Lots(0x5eed);
    let mut halves = [0u32; 8]; // each player's half points, as the games ended
    for r in 1..=3 {
        let event = wait_for(&mut o, &id, &format!("round {r}'s games"), |e| {
            round_games(e, r).is_some()
        })
        .await;
        assert_eq!(round_of(&event, r).unwrap()["published"], true);
        let numbers: BTreeMap<u64, usize> = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["number"].as_u64().unwrap(),
                    by_name[p["username"].as_str().unwrap()],
                )
            })
            .collect();
        let mut games = Vec::new();
        for p in round_games(&event, r).unwrap() {
            let (w, bl) = (
                numbers[&p["white"].as_u64().unwrap()],
                numbers[&p["black"].as_u64().unwrap()],
            );
            let game = p["game"].as_str().unwrap().to_owned();
            let white = players[w].browser.socket(&game).await;
            let black = players[bl].browser.socket(&game).await;
            let plies = 2 + u64::try_from(lots.next(30)).unwrap();
            let seed = u64::try_from(lots.next(1 << 30)).unwrap();
            games.push((
                p["board"].as_u64().unwrap(),
                w,
                bl,
                tokio::spawn(play_out(white, black, plies, seed)),
            ));
        }
        let mut played = BTreeMap::new();
        for (board, w, bl, task) in games {
            let result = task.await.unwrap();
            let (pw, pb) = match result.as_str() {
                "1-0" => (2, 0),
                "0-1" => (0, 2),
                "1/2-1/2" => (1, 1),
                other => panic!("round {r} board {board}: {other}"),
            };
            halves[w] += pw;
            halves[bl] += pb;
            played.insert(board, result);
        }
        // The server enters each game's result as it ends.
        let event = wait_for(&mut o, &id, &format!("round {r}'s results"), |e| {
            results(round_of(e, r).unwrap())
                .values()
                .all(Option::is_some)
        })
        .await;
        let entered: BTreeMap<u64, String> = results(round_of(&event, r).unwrap())
            .into_iter()
            .map(|(b, res)| (u64::from(b), res.unwrap()))
            .collect();
        assert_eq!(entered, played, "round {r}");
    }
    let event = wait_for(&mut o, &id, "the end", |e| e["status"] == "finished").await;
    assert_eq!(event["rounds"].as_array().unwrap().len(), 3);
    // The standings are the games' points.
    for line in public_standings(&mut server.client(), &id).await {
        let name = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == line["number"])
            .and_then(|p| p["username"].as_str())
            .unwrap();
        assert_eq!(
            line["points"].as_f64().unwrap() * 2.0,
            f64::from(halves[by_name[name]]),
            "{line}"
        );
    }
    // The server made the rounds and entered the results, under its own name.
    let history = history(&mut o, &id).await;
    let by_server = history.iter().filter(|h| h["by"] == "server").count();
    assert_eq!(
        by_server,
        3 * (2 + 4),
        "3 rounds, each paired, published and 4 results"
    );
    assert_state_is_the_replay(&server, &id).await;
}

async fn players_who_do_not_move_lose_by_default(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Defaults", "system": "swiss", "rounds": 1, "online": true,
                    "time_control": "300", "default_s": 5}),
        "D",
        6,
    )
    .await;
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "round 1's games", |e| {
        round_games(e, 1).is_some()
    })
    .await;
    let account_of = |n: &Value| {
        let name = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == *n)
            .and_then(|p| p["username"].as_str())
            .unwrap()
            .to_owned();
        players.iter().find(|p| p.name == name).unwrap()
    };
    let pairings = round_games(&event, 1).unwrap();
    // Board 1: Black comes, White never does. Board 2: White moves, Black never comes.
    // Board 3: nobody comes.
    let p1 = &pairings[0];
    let mut black1 = account_of(&p1["black"])
        .browser
        .socket(p1["game"].as_str().unwrap())
        .await;
    let s = black1.state().await;
    assert_eq!(s["abortable"], false);
    let p2 = &pairings[1];
    let mut white2 = account_of(&p2["white"])
        .browser
        .socket(p2["game"].as_str().unwrap())
        .await;
    white2.state().await;
    white2.send(json!({"t": "abort"})).await;
    assert_eq!(
        white2.error().await,
        "An event game cannot be aborted: a player who does not make a first move in time loses by default."
    );
    white2.play("e2e4", 0).await;
    white2.state_at(1).await;
    let event = wait_for(&mut o, &id, "the defaults", |e| e["status"] == "finished").await;
    let entered = results(round_of(&event, 1).unwrap());
    assert_eq!(
        entered.values().cloned().collect::<Vec<_>>(),
        vec![
            Some("-+".to_owned()),
            Some("+-".to_owned()),
            Some("--".to_owned())
        ]
    );
    let end = black1.state().await;
    assert_eq!(end["termination"], "no-show");
    assert_eq!(end["result"], "0-1");
    // The event is rated, but a default is not a game played: no rating moves.
    assert_eq!(event["online"]["rated"], true);
    for p in &pairings {
        let game = p["game"].as_str().unwrap();
        let changes = shatar_server::db::ratings::changes_of_game(&server.state().db, game)
            .await
            .unwrap();
        assert!(changes.is_empty(), "{game}: {changes:?}");
    }
    assert_state_is_the_replay(&server, &id).await;
}

async fn send_ok(c: &mut common::Client, method: &str, path: &str) -> Value {
    let r = call(c, method, path, None).await;
    assert!(
        (200..300).contains(&r.status),
        "{method} {path}: {} {}",
        r.status,
        r.body
    );
    parse(&r)
}

async fn joining_is_checked(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    // The clocks the live games cannot run are refused at creation.
    for (tc, error) in [
        (
            "40/5400:1800",
            "an online event's clock is one period with an increment or none (for example 300+3): 40/5400:1800 is not one",
        ),
        ("-", "an online event needs a clock: - has none"),
    ] {
        let r = call(
            &mut o,
            "POST",
            "/api/events",
            Some(json!({"name": "X", "system": "swiss", "online": true, "time_control": tc})),
        )
        .await;
        assert_error(&r, 400, Some("time_control"), tc);
        assert_eq!(parse(&r)["error"], error);
    }
    let r = call(
        &mut o,
        "POST",
        "/api/events",
        Some(
            json!({"name": "Small", "system": "swiss", "online": true, "limit": 2,
                    "time_control": "180+2"}),
        ),
    )
    .await;
    let id = id_of(&expect_json(&r, 201, "create"));
    let a = account(&server, "A", AccountRole::Player).await;
    let b2 = account(&server, "B", AccountRole::Player).await;
    let c = account(&server, "C", AccountRole::Player).await;
    let join = format!("/api/events/{id}/join");
    assert_eq!(
        send_ok(&mut a.api(&server), "POST", &join).await["number"],
        1
    );
    // Joining twice changes nothing.
    assert_eq!(
        send_ok(&mut a.api(&server), "POST", &join).await["number"],
        1
    );
    assert_eq!(
        send_ok(&mut b2.api(&server), "POST", &join).await["number"],
        2
    );
    let r = call(&mut c.api(&server), "POST", &join, None).await;
    assert_error(&r, 400, Some("event"), "full");
    assert_eq!(parse(&r)["error"], "the event is full: 2 players");
    // B leaves; C takes the place; B may not come back while it is full.
    send_ok(&mut b2.api(&server), "DELETE", &join).await;
    assert_eq!(
        send_ok(&mut c.api(&server), "POST", &join).await["number"],
        3
    );
    let r = call(&mut b2.api(&server), "POST", &join, None).await;
    assert_error(&r, 400, Some("event"), "full again");
    // Signing in is required; joining is only before the start.
    let r = call(&mut server.client(), "POST", &join, None).await;
    assert_eq!(r.status, 401, "{}", r.body);
    start_event(&mut o, &id).await;
    let r = call(&mut b2.api(&server), "POST", &join, None).await;
    assert_error(&r, 400, Some("event"), "started");
    assert_eq!(
        parse(&r)["error"],
        "the event has started: players join only before it"
    );
    // An event that is not online has no joining.
    let plain = create_event(&mut o, json!({"name": "OTB", "system": "swiss"})).await;
    let r = call(
        &mut a.api(&server),
        "POST",
        &format!("/api/events/{plain}/join"),
        None,
    )
    .await;
    assert_error(&r, 400, Some("event"), "not online");
    assert_state_is_the_replay(&server, &id).await;
}

/// The server restarts in the middle of round 2: the games resume where they were, the
/// runner takes the event up again, and it finishes with every result, no round paired
/// twice.
async fn an_online_event_goes_on_after_a_restart(b: Backend) {
    let mut server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let (id, mut players) = online_event(
        &server,
        &org,
        json!({"name": "Restart", "system": "swiss", "rounds": 2, "online": true,
                    "time_control": "120+1", "pause_s": 0}),
        "R",
        4,
    )
    .await;
    start_event(&mut org.api(&server), &id).await;
    let mut lots = Lots(42);
    for r in 1..=2 {
        let event = wait_for(
            &mut org.api(&server),
            &id,
            &format!("round {r}'s games"),
            |e| round_games(e, r).is_some(),
        )
        .await;
        let pairings = games_of_round(&event, r, &players).expect("the players' games");
        let mut played = Vec::new();
        for (w, bl, game) in &pairings {
            let mut white = players[*w].browser.socket(game).await;
            let mut black = players[*bl].browser.socket(game).await;
            let seed = u64::try_from(lots.next(1 << 30)).unwrap();
            if r == 2 {
                // Four moves, then the server goes down mid-round.
                assert_eq!(play(&mut white, &mut black, 4, seed, false).await, None);
                white.close().await;
                black.close().await;
            } else {
                played.push(play(&mut white, &mut black, 6, seed, true).await.unwrap());
            }
        }
        if r == 2 {
            restart(&mut server).await;
            for p in &mut players {
                p.browser.addr = server.addr;
            }
            for (w, bl, game) in &pairings {
                let mut white = players[*w].browser.socket(game).await;
                let mut black = players[*bl].browser.socket(game).await;
                // The game resumed where it was.
                let s = white.get_state_via_ping().await;
                assert_eq!(
                    (s["ply"].as_u64(), s["status"].as_str()),
                    (Some(4), Some("started"))
                );
                let seed = u64::try_from(lots.next(1 << 30)).unwrap();
                played.push(play(&mut white, &mut black, 8, seed, true).await.unwrap());
            }
        }
        let event = wait_for(
            &mut org.api(&server),
            &id,
            &format!("round {r}'s results"),
            |e| {
                results(round_of(e, r).unwrap())
                    .values()
                    .all(Option::is_some)
            },
        )
        .await;
        let entered: Vec<String> = results(round_of(&event, r).unwrap())
            .into_values()
            .map(Option::unwrap)
            .collect();
        assert_eq!(entered, played, "round {r}");
    }
    let event = wait_for(&mut org.api(&server), &id, "the end", |e| {
        e["status"] == "finished"
    })
    .await;
    assert_eq!(event["rounds"].as_array().unwrap().len(), 2);
    let history = history(&mut org.api(&server), &id).await;
    assert_eq!(
        history.iter().filter(|h| h["by"] == "server").count(),
        2 * (2 + 2),
        "2 rounds, each paired, published and 2 results: nothing done twice"
    );
    assert_state_is_the_replay(&server, &id).await;
}

/// The organiser makes an online event with the form (its start time typed in UTC+8),
/// players join with the event page's button, and each finds their game from it.
async fn an_online_event_from_the_pages(b: Backend) {
    let server = start(b).await;
    let mut org = account(&server, "Org", AccountRole::Organiser).await;
    let csrf = org.browser.get("/events/new").await.csrf();
    let r = org
        .browser
        .post(
            "/events/new",
            &[
                ("csrf", &csrf),
                ("name", "Online from the form"),
                ("system", "swiss"),
                ("rounds", "1"),
                ("time_control", "180+2"),
                ("online", "1"),
                ("rated", "1"),
                ("start_at", "2099-01-01T08:00"),
                ("behind_utc", "-480"),
                ("pause_s", "30"),
                ("limit", "10"),
                ("default_s", ""),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let path = r.header("location").unwrap().to_owned();
    let id = path.trim_start_matches("/events/").to_owned();
    let mut o = org.api(&server);
    assert_eq!(
        get_event(&mut o, &id).await["online"],
        json!({"time_control": "180+2", "rated": true, "pause_s": 30, "limit": 10,
               "default_s": 45, "start_at": "2099-01-01T00:00:00Z"})
    );
    let mut players = Vec::new();
    for i in 0..2 {
        let mut p = account(&server, &format!("W{i}"), AccountRole::Player).await;
        let page = p.browser.get(&path).await;
        assert!(page.body.contains("Join</button>"), "{}", page.body);
        let r = p
            .browser
            .post(&format!("{path}/join"), &[("csrf", &page.csrf())])
            .await;
        assert_eq!(r.status, 303, "{}", r.body);
        let page = p.browser.get(&path).await;
        assert!(page.body.contains("Leave</button>"), "{}", page.body);
        assert!(
            page.body.contains(&format!("{} of 10 players", i + 1)),
            "{}",
            page.body
        );
        players.push(p);
    }
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "round 1's game", |e| {
        round_games(e, 1).is_some()
    })
    .await;
    let game = round_games(&event, 1).unwrap()[0]["game"]
        .as_str()
        .unwrap()
        .to_owned();
    for p in &mut players {
        let page = p.browser.get(&path).await;
        let link = format!("{path}/rounds/1/boards/1/game");
        assert!(
            page.body
                .contains(&format!(r#"href="{link}">Your game in round 1: play</a>"#)),
            "{}",
            page.body
        );
        let r = p.browser.get(&link).await;
        assert_eq!(r.status, 303, "{}", r.body);
        assert_eq!(r.header("location"), Some(format!("/game/{game}").as_str()));
        // Every page calls them to it (static/notify.js asks this).
        assert!(
            page.body
                .contains(r#"<script src="/static/notify.js" defer>"#)
        );
        let called = p.browser.get("/api/account/event-game").await.json();
        assert_eq!(
            called,
            json!({"game": game, "text": "Round 1 of “Online from the form” has started: your game"})
        );
    }
    assert_eq!(
        server.client().get("/api/account/event-game").await.status,
        401
    );
    let page = server.client().get(&path).await;
    assert!(
        !page.body.contains("notify.js"),
        "not for visitors who are not signed in"
    );
    let round = server.client().get(&format!("{path}/rounds/1")).await;
    assert!(
        round.body.contains(r#"class="game-link""#),
        "{}",
        round.body
    );
}

/// While an online Swiss runs: a player who paused before the start is not paired in round
/// 1 (no bye, no points) and comes back for round 2; the arbiter decides a game being
/// played, which ends it on the board; a player who withdraws mid-game loses it and is not
/// paired again. Each is in the history under its author.
async fn players_pause_and_withdraw_and_the_arbiter_decides(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Pauses", "system": "swiss", "rounds": 2, "online": true,
                    "time_control": "300+2", "pause_s": 0}),
        "W",
        7,
    )
    .await;
    let pause = format!("/api/events/{id}/pause");
    let paused = &players[6];
    send_ok(&mut paused.api(&server), "POST", &pause).await;
    // Pausing twice changes nothing; only the player (or the staff) may pause them.
    let again = send_ok(&mut paused.api(&server), "POST", &pause).await;
    assert_eq!(again["changed"], false, "{again}");
    let r = call(&mut server.client(), "POST", &pause, None).await;
    assert_eq!(r.status, 401, "{}", r.body);
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "round 1's games", |e| {
        round_games(e, 1).is_some()
    })
    .await;
    let number_of = |name: &str| {
        event["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["username"] == name)
            .map(|p| p["number"].clone())
            .unwrap()
    };
    let account_of = |n: &Value| players.iter().find(|p| number_of(&p.name) == *n).unwrap();
    let paused_no = number_of(&paused.name);
    let all = round_games(&event, 1).unwrap();
    // Six play in three games; the paused player is listed absent (a bye worth nothing).
    let pairings: Vec<Value> = all
        .iter()
        .filter(|p| !p["black"].is_null())
        .cloned()
        .collect();
    assert_eq!(pairings.len(), 3, "{all:?}");
    assert!(
        pairings
            .iter()
            .all(|p| p["white"] != paused_no && p["black"] != paused_no),
        "{all:?}"
    );
    assert_eq!(all[3]["white"], paused_no, "{all:?}");
    let listed = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == paused_no)
        .unwrap();
    assert_eq!(listed["paused"], true, "{listed}");
    // Back for round 2 (a pause counts for the rounds paired while it lasts).
    send_ok(&mut paused.api(&server), "DELETE", &pause).await;
    let sockets = |p: &Value| {
        let game = p["game"].as_str().unwrap().to_owned();
        let (w, bl) = (account_of(&p["white"]), account_of(&p["black"]));
        async move {
            (
                w.browser.socket(&game).await,
                bl.browser.socket(&game).await,
            )
        }
    };
    // Board 1 is played out; on board 2 the arbiter decides for Black while it is played;
    // on board 3 White withdraws in the middle of the game.
    let (w1, b1) = sockets(&pairings[0]).await;
    let played = tokio::spawn(play_out(w1, b1, 6, 7));
    let (mut w2, mut b2) = sockets(&pairings[1]).await;
    assert_eq!(play(&mut w2, &mut b2, 4, 11, false).await, None);
    let r = put_result(&mut o, &id, 1, 2, "0-1", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let end = loop {
        let s = w2.state().await;
        if s["status"] != "started" {
            break s;
        }
    };
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("0-1"), Some("decision"))
    );
    let (mut w3, mut b3) = sockets(&pairings[2]).await;
    assert_eq!(play(&mut w3, &mut b3, 2, 13, false).await, None);
    let leaver = account_of(&pairings[2]["white"]);
    let left = send_ok(
        &mut leaver.api(&server),
        "DELETE",
        &format!("/api/events/{id}/join"),
    )
    .await;
    assert_eq!(
        left["message"],
        format!(
            "{} withdrew from the event: the results stand, a game being played is lost, and no further rounds are paired for them",
            leaver.name
        ),
        "{left}"
    );
    let end = loop {
        let s = b3.state().await;
        if s["status"] != "started" {
            break s;
        }
    };
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("0-1"), Some("decision"))
    );
    let first = played.await.unwrap();
    let event = wait_for(&mut o, &id, "round 2's games", |e| {
        round_games(e, 2).is_some()
    })
    .await;
    let entered = results(round_of(&event, 1).unwrap());
    assert_eq!(
        entered.into_values().collect::<Vec<_>>(),
        vec![Some(first), Some("0-1".into()), Some("-+".into()), None]
    );
    let leaver_no = number_of(&leaver.name);
    let second = round_games(&event, 2).unwrap();
    // Six again: the one who came back, not the one who withdrew.
    assert_eq!(second.len(), 3, "{second:?}");
    assert!(
        second
            .iter()
            .any(|p| p["white"] == paused_no || p["black"] == paused_no)
    );
    assert!(
        second
            .iter()
            .all(|p| p["white"] != leaver_no && p["black"] != leaver_no)
    );
    let mut tasks = Vec::new();
    for (k, p) in second.iter().enumerate() {
        let (w, bl) = sockets(p).await;
        tasks.push(tokio::spawn(play_out(w, bl, 4, 100 + k as u64)));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let event = wait_for(&mut o, &id, "the end", |e| e["status"] == "finished").await;
    // The paused player scored nothing in round 1: their points are round 2's alone.
    let line = public_standings(&mut server.client(), &id)
        .await
        .into_iter()
        .find(|l| l["number"] == paused_no)
        .unwrap();
    let round2 = results(round_of(&event, 2).unwrap());
    let board = second
        .iter()
        .find(|p| p["white"] == paused_no || p["black"] == paused_no)
        .unwrap();
    let as_white = board["white"] == paused_no;
    let won = round2[&number(&board["board"])].as_deref().unwrap();
    let expected = match (won, as_white) {
        ("1-0", true) | ("0-1", false) => 1.0,
        ("1/2-1/2", _) => 0.5,
        _ => 0.0,
    };
    assert_eq!(points(&line["points"]), expected, "{line}");
    let history = history(&mut o, &id).await;
    let by = |who: &str| history.iter().filter(|h| h["by"] == who).count();
    assert_eq!(by(&paused.name), 3, "join, pause, come back: {history:?}");
    assert_eq!(by(&leaver.name), 2, "join, withdraw");
    assert_state_is_the_replay(&server, &id).await;
}

/// The arbiter gives White a minute in a live game: the clock has it at once, and again
/// after a restart (the clock is rebuilt from the stored steps); the history keeps it.
/// Refused for players, for a side that is not one, for nothing and for a game over.
async fn the_arbiter_gives_time(b: Backend) {
    let mut server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let (id, mut players) = online_event(
        &server,
        &org,
        json!({"name": "Time", "system": "swiss", "rounds": 1, "online": true,
                    "time_control": "300", "pause_s": 0}),
        "T",
        2,
    )
    .await;
    start_event(&mut org.api(&server), &id).await;
    let event = wait_for(&mut org.api(&server), &id, "round 1's game", |e| {
        round_games(e, 1).is_some()
    })
    .await;
    let white_no = round_games(&event, 1).unwrap()[0]["white"]
        .as_u64()
        .unwrap();
    let (w, bl, game) = games_of_round(&event, 1, &players).unwrap().remove(0);
    let mut white = players[w].browser.socket(&game).await;
    let mut black = players[bl].browser.socket(&game).await;
    white.state().await;
    black.state().await;
    white.play("e2e4", 0).await;
    black.state_at(1).await;
    black.play("e7e5", 1).await;
    white.state_at(2).await;
    let time = format!("/api/events/{id}/rounds/1/boards/1/time");
    let give = |color: &str, seconds: u32| Some(json!({"color": color, "seconds": seconds}));
    // Refused: a player, a side that is not one, nothing, a board that is not there.
    let r = call(
        &mut players[w].api(&server),
        "POST",
        &time,
        give("white", 60),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = call(&mut org.api(&server), "POST", &time, give("red", 60)).await;
    assert_error(&r, 400, Some("color"), "red");
    let r = call(&mut org.api(&server), "POST", &time, give("white", 0)).await;
    assert_error(&r, 400, Some("seconds"), "zero");
    let r = call(
        &mut org.api(&server),
        "POST",
        &format!("/api/events/{id}/rounds/1/boards/2/time"),
        give("white", 60),
    )
    .await;
    // (as a result for a board that is not there: the library's refusal)
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(parse(&r)["error"], "round 1 has no board 2");
    let r = call(&mut org.api(&server), "POST", &time, give("white", 60)).await;
    let answer = expect_json(&r, 200, "give time");
    assert_eq!(
        answer["message"],
        format!(
            "{white_no} {} was given 60 s in round 1 board 1",
            players[w].name
        )
    );
    // White's clock runs (from Black's first move): 300 s + 60 s less the time since.
    // (White's socket may have a state queued before the one with the time given.)
    let mut s = white.state().await;
    for _ in 0..4 {
        if s["clock"]["white_ms"].as_i64() > Some(300_000) {
            break;
        }
        s = white.state().await;
    }
    let white_ms = s["clock"]["white_ms"].as_i64().unwrap();
    assert!((300_000..=360_000).contains(&white_ms), "{s}");
    assert_eq!(s["clock"]["black_ms"], 300_000, "{s}");
    // The round page has the form for it: Black gets half a minute.
    let mut org = org;
    let page = org.browser.get(&format!("/events/{id}/rounds/1")).await;
    assert!(page.body.contains("Give time"), "{}", page.body);
    let csrf = page.csrf();
    let r = org
        .browser
        .post(
            &format!("/events/{id}/rounds/1/time"),
            &[
                ("csrf", &csrf),
                ("board", "1"),
                ("color", "black"),
                ("seconds", "30"),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    // (Black's socket has the states since its move queued: the last one has it.)
    let mut s = black.state().await;
    for _ in 0..4 {
        if s["clock"]["black_ms"] != 300_000 {
            break;
        }
        s = black.state().await;
    }
    assert_eq!(s["clock"]["black_ms"], 330_000, "{s}");
    white.close().await;
    black.close().await;
    restart(&mut server).await;
    for p in &mut players {
        p.browser.addr = server.addr;
    }
    let mut white = players[w].browser.socket(&game).await;
    let s = white.get_state_via_ping().await;
    let after = s["clock"]["white_ms"].as_i64().unwrap();
    assert!(
        (300_000..=white_ms).contains(&after),
        "the minute given is rebuilt with the clock: {s}"
    );
    white.send(json!({"t": "resign"})).await;
    wait_for(&mut org.api(&server), &id, "the end", |e| {
        e["status"] == "finished"
    })
    .await;
    let r = call(&mut org.api(&server), "POST", &time, give("black", 30)).await;
    assert_error(&r, 400, Some("board"), "a game over");
    assert_eq!(
        parse(&r)["error"],
        "round 1 board 1 is not a game being played: only a live game can be given time"
    );
    let history = history(&mut org.api(&server), &id).await;
    let given: Vec<&Value> = history
        .iter()
        .filter(|h| h["action"]["kind"] == "give-time")
        .collect();
    assert_eq!(given.len(), 2, "{history:?}");
    assert_eq!(given[0]["by"], org.name.as_str());
    assert_state_is_the_replay(&server, &id).await;
}

/// A knock-out of two-game matches, online: each match's second game is created with the
/// colours swapped once the first ends, a level match goes to an armageddon game whose
/// draw sends Black through, and the final is paired from the winners.
async fn an_online_knock_out_plays_its_matches(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Online cup", "system": "single-elimination", "online": true,
               "drawn_match": "armageddon", "time_control": "120+1", "pause_s": 0,
               "rated": false}),
        "C",
        4,
    )
    .await;
    start_event(&mut o, &id).await;
    // Each board's games' results, first entrant's point of view aside: in the games'
    // own colours. Round 1, board 1: 1–1 after two games, then an armageddon draw;
    // board 2: 1½–½. The final: 2–0.
    let plan: [&[&[&str]]; 2] = [
        &[&["1-0", "1-0", "1/2-1/2"], &["1-0", "1/2-1/2"]],
        &[&["1-0", "0-1"]],
    ];
    let mut seed = 11;
    let mut winners = Vec::new();
    for (r, boards) in (1..).zip(plan) {
        let event = wait_for(&mut o, &id, &format!("round {r}'s games"), |e| {
            games_of_round(e, r, &players).is_some()
        })
        .await;
        let first_games = games_of_round(&event, r, &players).unwrap();
        assert_eq!(first_games.len(), boards.len(), "round {r}");
        for ((a, bl, game1), results) in first_games.iter().zip(boards) {
            let mut game = game1.clone();
            let mut seen = vec![game.clone()];
            for (k, result) in results.iter().enumerate() {
                let (mut white, mut black, white_is) = sockets(&players, *a, *bl, &game).await;
                // Games 1 and 3 (the armageddon): the first entrant is White; game 2: the
                // second.
                let expected = if k % 2 == 0 { *a } else { *bl };
                assert_eq!(white_is, expected, "round {r}, game {}: colours", k + 1);
                seed += 1;
                end_as(&mut white, &mut black, result, seed).await;
                if k + 1 < results.len() {
                    // The match's next game, on the same board.
                    let board =
                        u32::try_from(first_games.iter().position(|g| g.2 == *game1).unwrap() + 1)
                            .unwrap();
                    let next = wait_for(&mut o, &id, "the next game", |e| {
                        round_of(e, r).is_some_and(|round| {
                            round["pairings"][usize::try_from(board - 1).unwrap()]["game"]
                                .as_str()
                                .is_some_and(|g| !seen.iter().any(|s| s == g))
                        })
                    })
                    .await;
                    let p = &round_of(&next, r).unwrap()["pairings"]
                        [usize::try_from(board - 1).unwrap()];
                    game = p["game"].as_str().unwrap().to_owned();
                    seen.push(game.clone());
                    assert_eq!(p["games"], json!(seen), "every game of the match, in order");
                    assert!(p["result"].is_null(), "no result before the match is over");
                }
            }
        }
        let event = wait_for(&mut o, &id, &format!("round {r}'s results"), |e| {
            round_of(e, r).is_some_and(|round| results(round).values().all(Option::is_some))
        })
        .await;
        let round = round_of(&event, r).unwrap();
        let entered: Vec<String> = results(round).into_values().map(Option::unwrap).collect();
        let expected: Vec<String> = boards.iter().map(|b| b.join(" ")).collect();
        assert_eq!(entered, expected, "round {r}");
        winners = round["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["decided_for"].clone())
            .collect();
        if r == 1 {
            // The armageddon's draw: Black (the second entrant) goes through.
            assert_eq!(winners[0], round["pairings"][0]["black"], "{round}");
            assert!(winners[1].is_null(), "won on points: no decision needed");
        }
    }
    assert!(winners[0].is_null());
    let event = wait_for(&mut o, &id, "the end", |e| e["status"] == "finished").await;
    assert_eq!(event["rounds"].as_array().unwrap().len(), 2);
    // The final was between board 1's armageddon winner and board 2's winner.
    let r1 = round_of(&event, 1).unwrap();
    let fin = &round_of(&event, 2).unwrap()["pairings"][0];
    let mut finalists = [fin["white"].clone(), fin["black"].clone()];
    finalists.sort_by_key(|v| v.as_u64());
    let mut expected = [
        r1["pairings"][0]["black"].clone(),
        r1["pairings"][1]["white"].clone(),
    ];
    expected.sort_by_key(|v| v.as_u64());
    assert_eq!(finalists, expected);
    assert_state_is_the_replay(&server, &id).await;
}

/// The event page's live boards: `GET /api/events/{id}/boards` gives anyone the round's
/// games with their players, men, last move and clocks, board 1 first, and the page has
/// the section the script draws them in.
async fn the_live_boards_show_the_round(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Live boards", "system": "swiss", "rounds": 1, "online": true,
               "time_control": "300+2", "pause_s": 0, "rated": false}),
        "L",
        4,
    )
    .await;
    let mut anyone = server.client();
    let before = call(
        &mut anyone,
        "GET",
        &format!("/api/events/{id}/boards"),
        None,
    )
    .await;
    assert_eq!(
        expect_json(&before, 200, "boards before the start"),
        json!({"round": null, "boards": []})
    );
    start_event(&mut org.api(&server), &id).await;
    let event = wait_for(&mut org.api(&server), &id, "round 1's games", |e| {
        games_of_round(e, 1, &players).is_some()
    })
    .await;
    let games = games_of_round(&event, 1, &players).unwrap();
    let (w, bl, game) = &games[0];
    let mut white = players[*w].browser.socket(game).await;
    let mut black = players[*bl].browser.socket(game).await;
    white.state().await;
    black.state().await;
    white.play("e2e4", 0).await;
    let seen = black.state_at(1).await;
    let name = |i: usize| entrant_name(&event, &players[i]);
    let r = call(
        &mut anyone,
        "GET",
        &format!("/api/events/{id}/boards"),
        None,
    )
    .await;
    let answer = expect_json(&r, 200, "boards");
    assert_eq!(answer["round"], 1);
    let boards = answer["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2, "{answer}");
    let b1 = &boards[0];
    assert_eq!(b1["board"], 1);
    assert_eq!(b1["game"], json!(game));
    assert_eq!(b1["href"], format!("/game/{game}"));
    assert_eq!(
        (b1["white"].clone(), b1["black"].clone()),
        (name(*w), name(*bl))
    );
    assert_eq!(b1["ply"], 1);
    assert_eq!(b1["last"], json!(["e2", "e4"]));
    assert_eq!(b1["board_men"]["e4"], "wP");
    assert!(b1["board_men"].get("e2").is_none());
    assert_eq!(b1["turn"], "black");
    assert_eq!(b1["status"], "started");
    // The clocks start once both have moved: standing, as the players' socket says.
    assert_eq!(b1["clock"]["running"], json!(null));
    assert_eq!(b1["clock"]["white_ms"], seen["clock"]["white_ms"], "{b1}");
    assert_eq!(b1["clock"]["black_ms"], 300_000, "{b1}");
    assert!(b1.get("dests").is_none(), "a glance has no legal moves");
    assert_eq!(boards[1]["board"], 2);
    assert_eq!(boards[1]["ply"], 0);
    let one = call(
        &mut anyone,
        "GET",
        &format!("/api/events/{id}/boards?limit=1"),
        None,
    )
    .await;
    assert_eq!(
        expect_json(&one, 200, "one board")["boards"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let none = call(&mut anyone, "GET", "/api/events/nosuchevent/boards", None).await;
    assert_eq!(none.status, 404, "{}", none.body);
    let page = anyone.get(&format!("/events/{id}")).await;
    assert!(page.body.contains(r#"id="event-boards""#), "{}", page.body);
    assert!(page.body.contains("Live boards — round 1"), "{}", page.body);
    assert!(page.body.contains("/static/event_boards.js"));
    let script = anyone.get("/static/event_boards.js").await;
    assert_eq!(script.status, 200);
}
