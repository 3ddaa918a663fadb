//! A round's games as PGN (`/api/events/{id}/rounds/{r}/pgn`, `/api/events/{id}/live.pgn`):
//! an over-the-board board from its log with the mover's clock after each move, a board
//! the arbiter scored by hand with its result, read back by the records library's reader;
//! the public refused before the round is published, the staff not; `live.pgn`'s entity
//! tag answered with 304 while nothing changed and changing with the next move; an online
//! event's round from its live games. And the hall's live boards of an over-the-board
//! round (`/api/events/{id}/boards`): the boards whose logs are open, their clocks from the
//! logs. On both backends.

mod common;

use common::Backend;
use common::events::*;
use common::online::*;
use serde_json::{Value, json};
use shatar_records::pgn::read_pgn;
use shatar_rules::Ruleset;
use shatar_server::db::users::AccountRole;

on_both_backends!(a_round_over_the_board_as_pgn, an_online_round_as_pgn,);

fn line(t: u64, by: &str, event: Value) -> Value {
    json!({"v": 1, "t": t, "by": by, "event": event})
}

fn mv(t: u64, by: &str, uci: &str) -> Value {
    line(t, by, json!({"move": uci}))
}

async fn send_log(c: &mut common::Client, id: &str, board: u32, from: usize, lines: &[Value]) {
    let path = format!("/api/events/{id}/rounds/1/boards/{board}/log");
    // The server opens the log on the first read.
    let r = c.request("GET", &path, None).await;
    assert_eq!(r.status, 200, "GET {path}: {}", r.body);
    let r = call(
        c,
        "POST",
        &path,
        Some(json!({"from": from, "lines": lines})),
    )
    .await;
    assert_eq!(r.status, 200, "POST {path}: {}", r.body);
}

/// The PGN file's games, every one read without error.
fn games(text: &str) -> Vec<shatar_records::Record> {
    let file = read_pgn(text, Ruleset::OFFICIAL);
    assert!(file.errors.is_empty(), "{:?}\n{text}", file.errors);
    file.records
}

/// A GET with `If-None-Match: tag`.
async fn conditional(c: &mut common::Client, path: &str, tag: &str) -> common::Resp {
    c.headers.push(("If-None-Match".to_owned(), tag.to_owned()));
    let r = c.request("GET", path, None).await;
    c.headers.pop();
    r
}

fn tag<'a>(r: &'a shatar_records::Record, name: &str) -> &'a str {
    r.tags.get(name).unwrap_or_else(|| panic!("no {name} tag"))
}

async fn a_round_over_the_board_as_pgn(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "PgnOrg", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let mut public = server.client();
    let id = create_event(
        &mut o,
        json!({"name": "Naadam PGN", "system": "dutch", "rounds": 2, "time_control": "1800+30"}),
    )
    .await;
    for i in 0..4 {
        add_player(
            &mut o,
            &id,
            json!({"name": format!("Player {}", i + 1), "rating": 2000 - 10 * i}),
        )
        .await;
    }
    start_event(&mut o, &id).await;
    let round = pair(&mut o, &id).await;
    let pairings = boards(&round);
    assert_eq!(pairings.len(), 2, "{round}");
    let round_path = format!("/api/events/{id}/rounds/1/pgn");
    let live_path = format!("/api/events/{id}/live.pgn");

    // Before the round is published: the public sees nothing, the staff the round.
    let r = public.request("GET", &round_path, None).await;
    assert_error(&r, 404, None, "an unpublished round's PGN");
    let r = public.request("GET", &live_path, None).await;
    assert_error(&r, 404, None, "live.pgn with nothing published");
    let r = o.request("GET", &round_path, None).await;
    assert_eq!(r.status, 200, "the staff: {}", r.body);
    assert_eq!(games(&r.body).len(), 2);
    let r = o
        .request("GET", &format!("/api/events/{id}/rounds/3/pgn"), None)
        .await;
    assert_error(&r, 404, None, "round 3");
    publish(&mut o, &id, 1).await;

    // Board 1 is played on its tablet: 30 minutes + 30 s a move; White moves after 5 s
    // (1800 − 5 + 30 = 1825 s left), Black after 4 s more (1826 s).
    send_log(
        &mut o,
        &id,
        1,
        2,
        &[
            line(0, "arbiter", json!("start")),
            mv(5_000, "white", "e2e4"),
            mv(9_000, "black", "e7e5"),
        ],
    )
    .await;
    // The hall: board 1's log is open, board 2's not. 30 minutes + 30 s: Black has
    // 1826 s, standing; White's clock runs from 9 s, so it shows less than 1825 s.
    let hall = expect_json(
        &public
            .request("GET", &format!("/api/events/{id}/boards"), None)
            .await,
        200,
        "the live boards",
    );
    assert_eq!(hall["round"], 1);
    let listed = hall["boards"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{hall}");
    let one = &listed[0];
    let (_, w1, b1) = pairings[0];
    assert_eq!(one["board"], 1);
    assert_eq!(one["white"], format!("Player {w1}"));
    assert_eq!(one["black"], format!("Player {}", b1.unwrap()));
    assert_eq!(one["ply"], 2);
    assert_eq!(one["turn"], "white");
    assert_eq!(one["last"], json!(["e7", "e5"]));
    assert_eq!(one["status"], "started");
    assert_eq!(one["clock"]["running"], "white");
    assert_eq!(one["clock"]["black_ms"], 1_826_000);
    let white_ms = one["clock"]["white_ms"].as_i64().unwrap();
    assert!(white_ms <= 1_825_000 && white_ms > 1_700_000, "{one}");
    assert_eq!(one["href"], format!("/events/{id}/rounds/1"));
    let page = public.get(&format!("/events/{id}")).await;
    assert!(page.body.contains("id=\"event-boards\""), "{}", page.body);
    // The hall screen has the same live boards, each panel 15 s unless the address says.
    let hall = public.get(&format!("/events/{id}/hall")).await;
    assert_eq!(hall.status, 200);
    assert!(hall.body.contains("data-every=\"15\""), "{}", hall.body);
    assert!(
        hall.body
            .contains(&format!("data-src=\"/api/events/{id}/boards?limit=12\""))
    );
    let hall = public.get(&format!("/events/{id}/hall?every=2")).await;
    assert!(hall.body.contains("data-every=\"5\""), "{}", hall.body);

    let r = public.request("GET", &live_path, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.header("content-type"),
        Some("application/x-chess-pgn; charset=utf-8")
    );
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    let tag1 = r.header("etag").expect("an entity tag").to_owned();
    let in_play = games(&r.body);
    assert_eq!(tag(&in_play[0], "Result"), "*");
    assert_eq!(in_play[0].moves.len(), 2);
    // Nothing changed: 304, no body.
    let r = conditional(&mut public, &live_path, &tag1).await;
    assert_eq!(r.status, 304, "{}", r.body);
    assert!(r.body.is_empty());
    assert_eq!(r.header("etag"), Some(tag1.as_str()));

    // White moves again (9 s → 20 s: 1825 − 11 + 30 = 1844 s), Black resigns; board 2
    // the arbiter scores by hand as a forfeit.
    send_log(
        &mut o,
        &id,
        1,
        5,
        &[
            mv(20_000, "white", "g1f3"),
            line(25_000, "black", json!("resign")),
        ],
    )
    .await;
    let r = put_result(&mut o, &id, 1, 2, "-+", None).await;
    assert_eq!(r.status, 200, "board 2: {}", r.body);
    let r = conditional(&mut public, &live_path, &tag1).await;
    assert_eq!(r.status, 200, "changed since: {}", r.body);
    assert_ne!(r.header("etag"), Some(tag1.as_str()));

    // The hall: board 1 ended, its clocks stopped; board 2 still without a log.
    let hall = expect_json(
        &public
            .request("GET", &format!("/api/events/{id}/boards"), None)
            .await,
        200,
        "the live boards after the game",
    );
    let listed = hall["boards"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{hall}");
    assert_eq!(listed[0]["status"], "ended");
    assert_eq!(listed[0]["result"], "1-0");
    assert_eq!(listed[0]["clock"]["running"], Value::Null);
    assert_eq!(listed[0]["clock"]["white_ms"], 1_844_000);

    let r = public.request("GET", &round_path, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.header("content-disposition").map(str::to_owned),
        Some(format!("attachment; filename=\"{id}-round-1.pgn\""))
    );
    let read = games(&r.body);
    assert_eq!(read.len(), 2, "{}", r.body);
    let (one, two) = (&read[0], &read[1]);
    let (_, w2, b2) = pairings[1];
    assert_eq!(tag(one, "Event"), "Naadam PGN");
    assert!(
        tag(one, "Site").ends_with(&format!("/events/{id}")),
        "{}",
        tag(one, "Site")
    );
    assert_eq!(tag(one, "Round"), "1");
    assert_eq!(tag(one, "Board"), "1");
    assert_eq!(tag(one, "White"), format!("Player {w1}"));
    assert_eq!(tag(one, "Black"), format!("Player {}", b1.unwrap()));
    assert_eq!(tag(one, "Result"), "1-0");
    assert_eq!(tag(one, "Termination"), "normal");
    assert_eq!(tag(one, "TimeControl"), "1800+30");
    assert_eq!(tag(one, "Date").len(), "2026.12.06".len());
    let clocks: Vec<&str> = one.moves.iter().map(|m| m.comments[0].as_str()).collect();
    assert_eq!(
        clocks,
        ["[%clk 0:30:25]", "[%clk 0:30:26]", "[%clk 0:30:44]"],
        "{}",
        r.body
    );
    let moves: Vec<String> = one
        .moves
        .iter()
        .map(|m| shatar_rules::uci::write(&m.mv, &Ruleset::OFFICIAL))
        .collect();
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(tag(two, "Board"), "2");
    assert_eq!(tag(two, "White"), format!("Player {w2}"));
    assert_eq!(tag(two, "Black"), format!("Player {}", b2.unwrap()));
    assert_eq!(tag(two, "Result"), "0-1");
    assert_eq!(tag(two, "Termination"), "abandoned");
    assert!(two.moves.is_empty());
    // Board 2 has no log, so no day it was played.
    assert_eq!(tag(two, "Date"), "????.??.??");

    // The round page links the file.
    let page = public.get(&format!("/events/{id}/rounds/1")).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains(&format!("href=\"/api/events/{id}/rounds/1/pgn\"")),
        "{}",
        page.body
    );

    // Round 2 paired but not published: live.pgn stays on round 1 for the public, the
    // staff see round 2.
    pair(&mut o, &id).await;
    let r = public.request("GET", &live_path, None).await;
    assert_eq!(tag(&games(&r.body)[0], "Round"), "1");
    let r = o.request("GET", &live_path, None).await;
    assert_eq!(tag(&games(&r.body)[0], "Round"), "2");
    server.stop().await;
}

async fn an_online_round_as_pgn(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "PgnOnOrg", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": "Online PGN", "system": "swiss", "rounds": 1, "online": true,
               "time_control": "60+1", "pause_s": 0, "rated": false}),
        "PgnP",
        2,
    )
    .await;
    start_event(&mut o, &id).await;
    let event = wait_for(&mut o, &id, "round 1's games", |e| {
        round_games(e, 1).is_some()
    })
    .await;
    let game = round_games(&event, 1).unwrap()[0].clone();
    let game_id = game["game"].as_str().unwrap().to_owned();
    let white_is_first = player_index(&event, &game["white"], &players) == Some(0);
    let (w, bl) = if white_is_first { (0, 1) } else { (1, 0) };
    let mut white = players[w].browser.socket(&game_id).await;
    let mut black = players[bl].browser.socket(&game_id).await;
    end_as(&mut white, &mut black, "1-0", 7).await;
    wait_for(&mut o, &id, "the result", |e| {
        results(round_of(e, 1).unwrap())
            .values()
            .all(Option::is_some)
    })
    .await;

    let r = server
        .client()
        .request("GET", &format!("/api/events/{id}/rounds/1/pgn"), None)
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let read = games(&r.body);
    assert_eq!(read.len(), 1, "{}", r.body);
    let g = &read[0];
    assert_eq!(tag(g, "Event"), "Online PGN");
    assert_eq!(tag(g, "Round"), "1");
    assert_eq!(tag(g, "Board"), "1");
    assert_eq!(tag(g, "Result"), "1-0");
    assert!(tag(g, "Site").ends_with(&format!("/game/{game_id}")));
    // The same moves and clocks as the game's own download.
    let own = server
        .client()
        .request("GET", &format!("/game/{game_id}/pgn"), None)
        .await;
    assert_eq!(own.status, 200);
    let own = &games(&own.body)[0];
    assert_eq!(g.moves, own.moves);
    assert_eq!(g.moves.len(), 3);
    server.stop().await;
}
