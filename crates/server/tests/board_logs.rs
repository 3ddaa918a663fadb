//! An over-the-board board's log through the API (`/api/events/{id}/rounds/{r}/boards/{b}/log`):
//! the server's `open` line from the event, lines sent again taken once, a contradicting
//! line and a gap refused with 409, a line the arbiter library refuses refused whole with
//! its reason, the result entered once when the log ends the game (a resignation; a default
//! for a player absent past the event's 15 minutes), a different result already there left
//! alone, and who may; board links: one key per game of a round, that board's log only, the
//! players' lines only, revoked and made again; the event's arbiter PIN, which gives a link's
//! holder the arbiter's lines, set by the staff, wrong ones limited; a clock-only event's
//! boards (paper score sheets): presses without moves, a fallen flag losing. On both
//! backends.

mod common;

use common::Backend;
use common::events::*;
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;

on_both_backends!(
    a_board_log_is_kept_and_ends_in_the_result,
    a_board_link_sends_the_players_lines,
    the_arbiter_pin_unlocks_a_board_link,
    a_clock_only_board_logs_the_presses,
);

fn line(t: u64, by: &str, event: Value) -> Value {
    json!({"v": 1, "t": t, "by": by, "event": event})
}

fn mv(t: u64, by: &str, uci: &str) -> Value {
    line(t, by, json!({"move": uci}))
}

fn log_path(id: &str, round: u32, board: u32) -> String {
    format!("/api/events/{id}/rounds/{round}/boards/{board}/log")
}

async fn send(c: &mut common::Client, path: &str, from: usize, lines: &[Value]) -> common::Resp {
    call(c, "POST", path, Some(json!({"from": from, "lines": lines}))).await
}

/// The log's lines as the server answers them.
async fn stored(c: &mut common::Client, path: &str) -> Vec<Value> {
    let r = c.request("GET", path, None).await;
    assert_eq!(r.status, 200, "GET {path}: {}", r.body);
    assert_eq!(r.header("content-type"), Some("application/x-ndjson"));
    assert!(r.body.ends_with('\n'), "each line ends with a newline");
    // The whole answer replays by the arbiter library.
    shatar_arbiter::replay(&r.body).expect("the log replays");
    r.body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

async fn a_board_log_is_kept_and_ends_in_the_result(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "LogOrg", AccountRole::Organiser).await;
    let arbiter = account(&server, "LogArb", AccountRole::Arbiter).await;
    let player = account(&server, "LogPla", AccountRole::Player).await;
    let (mut o, mut a, mut p) = (org.api(&server), arbiter.api(&server), player.api(&server));
    let mut nobody = server.client();
    let (id, round) = running_event(&mut o, "Board logs", 6, 2).await;
    let r = call(
        &mut o,
        "POST",
        &format!("/api/events/{id}/arbiters"),
        Some(json!({"username": arbiter.name})),
    )
    .await;
    assert_eq!(r.status, 200, "appoint: {}", r.body);
    let pairings = boards(&round);
    assert_eq!(pairings.len(), 3, "{round}");
    let (_, w1, b1) = pairings[0];
    let b1 = b1.unwrap();
    let one = log_path(&id, 1, 1);

    // Who may: the staff only.
    let r = nobody.request("GET", &one, None).await;
    assert_error(&r, 401, None, "no credentials read a log");
    let r = p.request("GET", &one, None).await;
    assert_error(&r, 403, None, "a player reads a log");
    let r = send(&mut p, &one, 2, &[line(0, "arbiter", json!("start"))]).await;
    assert_error(&r, 403, None, "a player writes a log");
    let r = a.request("GET", &log_path(&id, 1, 9), None).await;
    assert_error(&r, 404, None, "no board 9");
    let r = a.request("GET", &log_path(&id, 2, 1), None).await;
    assert_error(&r, 404, None, "round 2 is not paired");

    // The server opens the log from the event: its time control, the players by the
    // pairing (the first-listed has White), the event's 15-minute default time.
    let lines = stored(&mut a, &one).await;
    assert_eq!(lines.len(), 1, "{lines:?}");
    let open = &lines[0]["event"]["open"];
    assert_eq!(lines[0]["by"], "arbiter");
    assert_eq!(open["time_control"], "1800+30");
    assert_eq!(open["white"], format!("Player {w1}"));
    assert_eq!(open["black"], format!("Player {b1}"));
    assert_eq!(open["late_limit_ms"], 15 * 60_000);
    assert_eq!(open["scheduled_start_ms"], 0);
    assert_eq!(stored(&mut o, &one).await, lines, "opened once");

    // The tablet sends the start and two moves, then sends them again with one more.
    let first = [
        line(0, "arbiter", json!("start")),
        mv(5_000, "white", "e2e4"),
        mv(9_000, "black", "e7e5"),
    ];
    let r = send(&mut a, &one, 2, &first).await;
    let mut v = expect_json(&r, 200, "the first lines");
    // The answer carries the tablet's view of the game after the stored lines.
    let state = v.as_object_mut().unwrap().remove("state").unwrap();
    assert_eq!(v, json!({"stored": 4, "appended": 3, "result": null}));
    assert_eq!(state["lines"], 4);
    assert_eq!(state["now_ms"], 9_000);
    assert_eq!(state["position"]["turn"], "white");
    assert_eq!(state["position"]["last"], json!(["e7", "e5"]));
    let texts: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["e4", "e5"], "{state}");
    // The blocked pawn has no move; the horse on g1 goes to f3.
    let dests = &state["position"]["dests"];
    assert!(dests.get("e4").is_none(), "{dests}");
    assert!(
        dests["g1"].as_array().unwrap().contains(&json!("f3")),
        "{dests}"
    );
    // 30 minutes + 30 s a move: each player has moved once, White in 5 s and Black in 4 s,
    // and White's clock runs since 9 s.
    let clock = &state["clock"];
    assert_eq!(
        clock["white"],
        json!({"allowance_ms": 1_830_000, "used_ms": 5_000, "moves": 1})
    );
    assert_eq!(
        clock["black"],
        json!({"allowance_ms": 1_830_000, "used_ms": 4_000, "moves": 1})
    );
    assert_eq!(
        clock["running"],
        json!({"color": "white", "since_ms": 9_000, "carried_ms": 0})
    );
    assert_eq!(
        clock["periods"],
        json!([{"moves": null, "ms": 1_800_000, "bonus": "fischer", "bonus_ms": 30_000}])
    );
    assert_eq!(state["in_play"], true);
    let mut again: Vec<Value> = first.to_vec();
    again.push(mv(15_000, "white", "g1f3"));
    // A line may come as its JSON text too.
    again[1] = json!(again[1].to_string());
    let mut v = expect_json(&send(&mut a, &one, 2, &again).await, 200, "sent again");
    v.as_object_mut().unwrap().remove("state");
    assert_eq!(v, json!({"stored": 5, "appended": 1, "result": null}));
    // The tablet's view by itself, with the log's time 0 on the server's clock.
    let view = expect_json(
        &a.request("GET", &one.replace("/log", "/state"), None).await,
        200,
        "the tablet's view",
    );
    assert_eq!(view["lines"], 5);
    assert_eq!(view["position"]["turn"], "black");
    assert_eq!(view["arbiter"], true);
    let (origin, now) = (
        view["origin_ms"].as_i64().unwrap(),
        view["server_ms"].as_i64().unwrap(),
    );
    assert!(origin > 0 && origin <= now, "{view}");

    // A line that says something else under a stored number, and a gap: 409.
    let r = send(&mut a, &one, 3, &[mv(5_000, "white", "d2d4")]).await;
    assert_error(&r, 409, None, "a contradicting line 3");
    assert!(
        parse(&r)["error"].as_str().unwrap().contains("line 3"),
        "{}",
        r.body
    );
    let r = send(&mut a, &one, 7, &[mv(20_000, "black", "b8c6")]).await;
    assert_error(&r, 409, None, "line 7 with 5 stored");
    // White moving twice: the library's refusal, naming the line; and a batch whose
    // second line is refused stores nothing of it.
    let r = send(&mut a, &one, 6, &[mv(20_000, "white", "f1c4")]).await;
    assert_error(&r, 400, Some("lines"), "white out of turn");
    let error = parse(&r)["error"].as_str().unwrap().to_owned();
    assert!(
        error.contains("line 6") && error.contains("not white's turn"),
        "{error}"
    );
    let r = send(
        &mut a,
        &one,
        6,
        &[mv(20_000, "black", "b8c6"), mv(19_000, "white", "f1c4")],
    )
    .await;
    assert_error(&r, 400, Some("lines"), "time going back on line 7");
    assert!(
        parse(&r)["error"].as_str().unwrap().contains("line 7"),
        "{}",
        r.body
    );
    let r = send(&mut a, &one, 6, &[json!("not a line")]).await;
    assert_error(&r, 400, Some("lines"), "not an entry");
    assert_eq!(
        stored(&mut a, &one).await.len(),
        5,
        "nothing of the refused requests"
    );

    // Black resigns: the board's result is entered in the event, once.
    let resign = [
        mv(20_000, "black", "b8c6"),
        line(30_000, "black", json!("resign")),
    ];
    let v = expect_json(&send(&mut a, &one, 6, &resign).await, 200, "resigned");
    assert_eq!(v["stored"], 7);
    assert_eq!(v["result"], "1-0");
    assert!(v["message"].is_string(), "{v}");
    let v = expect_json(&send(&mut a, &one, 6, &resign).await, 200, "resigned again");
    assert_eq!(
        (v["appended"].clone(), v["result"].clone()),
        (json!(0), json!("1-0"))
    );
    // Nothing may follow the end.
    let r = send(&mut a, &one, 8, &[line(31_000, "white", json!("offer"))]).await;
    assert_error(&r, 400, Some("lines"), "after the end");
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        results(round_of(&event, 1).unwrap())[&1],
        Some("1-0".into())
    );
    let set_results = history(&mut o, &id)
        .await
        .iter()
        .filter(|h| h["action"]["kind"] == "set-result")
        .count();
    assert_eq!(set_results, 1, "the result entered once");

    // Board 2: Black absent 15 minutes after the start — White wins by default.
    let two = log_path(&id, 1, 2);
    let absent = [
        line(0, "white", json!("arrive")),
        line(0, "arbiter", json!("start")),
        line(
            15 * 60_000 + 1,
            "arbiter",
            json!({"no-show": {"player": "black"}}),
        ),
    ];
    let v = expect_json(&send(&mut a, &two, 2, &absent).await, 200, "no-show");
    assert_eq!(v["result"], "+-", "{v}");

    // Board 3: the organiser entered 0-1 from the paper sheet; the log's 1-0 is kept as a
    // log but does not replace it.
    let r = put_result(&mut o, &id, 1, 3, "0-1", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let three = log_path(&id, 1, 3);
    let lines = [
        line(0, "arbiter", json!("start")),
        line(1_000, "white", json!("resign")),
    ];
    let v = expect_json(&send(&mut a, &three, 2, &lines).await, 200, "white resigns");
    assert_eq!(v["result"], "0-1", "{v}");
    assert!(v.get("result_error").is_none(), "the same result: {v}");
    let r = put_result(&mut o, &id, 1, 3, "1-0", Some(true)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v = expect_json(&send(&mut a, &three, 2, &lines).await, 200, "sent again");
    assert_eq!(v["result"], "0-1");
    assert!(
        v["result_error"].is_string(),
        "a different result is there: {v}"
    );
    let event = get_event(&mut o, &id).await;
    let results = results(round_of(&event, 1).unwrap());
    assert_eq!(results[&2], Some("+-".into()));
    assert_eq!(
        results[&3],
        Some("1-0".into()),
        "the arbiter's result stands"
    );

    // Round 2, board 1: eight requests at once, each the first k lines of one game (as
    // tablets and arbiters sending again after a timeout would): every line is stored
    // once, in order.
    let r = pair(&mut o, &id).await;
    assert_eq!(r["round"], 2, "{r}");
    let game: Vec<Value> = std::iter::once(line(0, "arbiter", json!("start")))
        .chain(
            [
                "e2e4", "e7e5", "g1f3", "b8c6", "b1c3", "g8f6", "d2d3", "d7d6", "c1e3",
            ]
            .iter()
            .enumerate()
            .map(|(k, m)| {
                let by = if k % 2 == 0 { "white" } else { "black" };
                mv(1_000 * (k as u64 + 1), by, m)
            }),
        )
        .collect();
    let path = log_path(&id, 2, 1);
    let mut tasks = Vec::new();
    for k in 0..8 {
        let mut c = if k % 2 == 0 { a.clone() } else { o.clone() };
        let (path, lines) = (path.clone(), game[..game.len() - k].to_vec());
        tasks.push(tokio::spawn(async move {
            let r = send(&mut c, &path, 2, &lines).await;
            assert_eq!(r.status, 200, "{}", r.body);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let lines = stored(&mut a, &path).await;
    assert_eq!(lines.len(), 1 + game.len());
    assert_eq!(lines[1..], game[..], "each line once, in order");
    assert_state_is_the_replay(&server, &id).await;
}

async fn a_board_link_sends_the_players_lines(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "LinkOrg", AccountRole::Organiser).await;
    let player = account(&server, "LinkPla", AccountRole::Player).await;
    let (mut o, mut p) = (org.api(&server), player.api(&server));
    let (id, _) = running_event(&mut o, "Board links", 5, 2).await;
    // Links: the staff only; one per game, none for the bye.
    let links_path = format!("/api/events/{id}/rounds/1/links");
    let r = call(&mut p, "POST", &links_path, None).await;
    assert_error(&r, 403, None, "a player makes links");
    let r = call(
        &mut o,
        "POST",
        &format!("/api/events/{id}/rounds/2/links"),
        None,
    )
    .await;
    assert_error(&r, 404, None, "round 2 is not paired");
    let links = expect_json(&call(&mut o, "POST", &links_path, None).await, 200, "links");
    let list = links["links"].as_array().unwrap().clone();
    assert_eq!(list.len(), 2, "5 players: 2 games and a bye: {links}");
    let again = expect_json(&call(&mut o, "POST", &links_path, None).await, 200, "again");
    assert_eq!(
        again["links"], links["links"],
        "the same keys when asked again"
    );
    let key = list[0]["key"].as_str().unwrap().to_owned();
    assert_ne!(key, list[1]["key"].as_str().unwrap(), "a key per board");
    let board = number(&list[0]["board"]);
    let log = list[0]["log"].as_str().unwrap().to_owned();
    assert_eq!(log, format!("{}?key={key}", log_path(&id, 1, board)));

    // Anyone with the link reads and writes that board's log; no other board's.
    let mut tablet = server.client();
    assert_eq!(stored(&mut tablet, &log).await.len(), 1);
    let other = format!("{}?key={key}", log_path(&id, 1, number(&list[1]["board"])));
    let r = tablet.request("GET", &other, None).await;
    assert_error(&r, 403, None, "board 1's key on board 2");
    let r = tablet
        .request(
            "GET",
            &format!("{}?key={}", log_path(&id, 1, board), "0".repeat(64)),
            None,
        )
        .await;
    assert_error(&r, 403, None, "a made-up key");
    let play = [
        line(0, "arbiter", json!("start")),
        mv(4_000, "white", "e2e4"),
        mv(8_000, "black", "e7e5"),
    ];
    let v = expect_json(
        &send(&mut tablet, &log, 2, &play).await,
        200,
        "the tablet plays",
    );
    assert_eq!(v["stored"], 4);
    // The arbiter's lines are not the link's.
    let decide = line(
        9_000,
        "arbiter",
        json!({"decide": {"result": "1-0", "reason": "x"}}),
    );
    let r = send(&mut tablet, &log, 5, std::slice::from_ref(&decide)).await;
    assert_error(&r, 403, None, "a decision through the link");
    let sheet = log_path(&id, 1, board);
    let v = expect_json(
        &send(&mut o, &sheet, 5, &[decide]).await,
        200,
        "the arbiter decides",
    );
    assert_eq!(v["result"], "1-0");
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        results(round_of(&event, 1).unwrap())[&board],
        Some("1-0".into())
    );

    // The second board's game ends by resignation through its link: entered by the server.
    let log2 = list[1]["log"].as_str().unwrap().to_owned();
    let resign = [
        line(0, "arbiter", json!("start")),
        line(3_000, "white", json!("resign")),
    ];
    let v = expect_json(&send(&mut tablet, &log2, 2, &resign).await, 200, "resigned");
    assert_eq!(v["result"], "0-1");
    let entries = history(&mut o, &id).await;
    let last = entries.last().unwrap();
    assert_eq!(last["action"]["kind"], "set-result", "{last}");
    assert_eq!(last["by"], "server", "{last}");

    // Revoked: the printed link stops working; made again, the board has a new key.
    let revoke = format!("/api/events/{id}/rounds/1/boards/{board}/link");
    let r = call(&mut p, "DELETE", &revoke, None).await;
    assert_error(&r, 403, None, "a player revokes");
    let v = expect_json(&call(&mut o, "DELETE", &revoke, None).await, 200, "revoke");
    assert_eq!(v["revoked"], true);
    let r = tablet.request("GET", &log, None).await;
    assert_error(&r, 403, None, "a revoked link");
    let v = expect_json(&call(&mut o, "DELETE", &revoke, None).await, 200, "again");
    assert_eq!(v["revoked"], false);
    let links = expect_json(
        &call(&mut o, "POST", &links_path, None).await,
        200,
        "remade",
    );
    let fresh = links["links"][0]["key"].as_str().unwrap();
    assert_ne!(fresh, key, "a new key");
    let log = links["links"][0]["log"].as_str().unwrap();
    assert_eq!(
        stored(&mut tablet, log).await.len(),
        5,
        "the log is the board's, kept"
    );
    assert_eq!(
        links["links"][1]["key"], list[1]["key"],
        "the other board's key stands"
    );
    assert_state_is_the_replay(&server, &id).await;
}

async fn the_arbiter_pin_unlocks_a_board_link(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "PinOrg", AccountRole::Organiser).await;
    let player = account(&server, "PinPla", AccountRole::Player).await;
    let (mut o, mut p) = (org.api(&server), player.api(&server));
    let (id, _) = running_event(&mut o, "Arbiter PIN", 4, 2).await;
    let pin_path = format!("/api/events/{id}/arbiter-pin");
    let v = expect_json(&o.request("GET", &pin_path, None).await, 200, "no PIN");
    assert_eq!(v["pin"], false);
    // Set by the staff only, 6 to 12 digits.
    let r = call(&mut p, "PUT", &pin_path, Some(json!({"pin": "204817"}))).await;
    assert_error(&r, 403, None, "a player sets the PIN");
    for bad in ["2048", "20481x", "2048172048172"] {
        let r = call(&mut o, "PUT", &pin_path, Some(json!({"pin": bad}))).await;
        assert_error(&r, 400, Some("pin"), bad);
        assert!(r.body.contains("6 to 12 digits"), "{}", r.body);
    }
    let v = expect_json(
        &call(&mut o, "PUT", &pin_path, Some(json!({"pin": "204817"}))).await,
        200,
        "set",
    );
    assert_eq!(v["pin"], true);
    let v = expect_json(&o.request("GET", &pin_path, None).await, 200, "a PIN");
    assert_eq!(v["pin"], true);
    let r = p.request("GET", &pin_path, None).await;
    assert_error(&r, 403, None, "a player asks");

    let links = format!("/api/events/{id}/rounds/1/links");
    let links = expect_json(&call(&mut o, "POST", &links, None).await, 200, "links");
    let log = links["links"][0]["log"].as_str().unwrap().to_owned();
    let board = number(&links["links"][0]["board"]);
    let state = log.replace("/log?", "/state?");
    let mut tablet = server.client();
    let v = expect_json(&tablet.request("GET", &state, None).await, 200, "state");
    assert_eq!(v["arbiter"], false, "the link alone");
    let play = [
        line(0, "arbiter", json!("start")),
        mv(4_000, "white", "e2e4"),
    ];
    expect_json(&send(&mut tablet, &log, 2, &play).await, 200, "plays");

    // A wrong PIN is refused, whatever the request.
    tablet.headers.push((PIN.into(), "111111".into()));
    let r = tablet.request("GET", &state, None).await;
    assert_error(&r, 403, None, "a wrong PIN");
    assert!(r.body.contains("arbiter PIN"), "{}", r.body);
    // The event's PIN: the arbiter's lines, the result entered under the server's name.
    tablet.headers.clear();
    tablet.headers.push((PIN.into(), "204817".into()));
    let v = expect_json(&tablet.request("GET", &state, None).await, 200, "unlocked");
    assert_eq!(v["arbiter"], true);
    let decide = line(
        9_000,
        "arbiter",
        json!({"decide": {"result": "1-0", "reason": "Black left the hall"}}),
    );
    let v = expect_json(&send(&mut tablet, &log, 4, &[decide]).await, 200, "decides");
    assert_eq!(v["result"], "1-0");
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        results(round_of(&event, 1).unwrap())[&board],
        Some("1-0".into())
    );
    let last = history(&mut o, &id).await.pop().unwrap();
    assert_eq!(last["by"], "server", "{last}");
    assert!(
        !history_text(&mut o, &id).await.contains("204817"),
        "the PIN is nowhere in the history"
    );

    // Removed: the PIN unlocks nothing; set again, wrong ones are limited per address.
    let v = expect_json(
        &call(&mut o, "DELETE", &pin_path, None).await,
        200,
        "removed",
    );
    assert_eq!(v["removed"], true);
    let r = tablet.request("GET", &state, None).await;
    assert_error(&r, 403, None, "no PIN now");
    expect_json(
        &call(&mut o, "PUT", &pin_path, Some(json!({"pin": "777000"}))).await,
        200,
        "set again",
    );
    let r = tablet.request("GET", &state, None).await;
    assert_error(&r, 403, None, "the old PIN"); // the third wrong one in the minute
    tablet.headers.clear();
    tablet.headers.push((PIN.into(), "000000".into()));
    for _ in 0..2 {
        let r = tablet.request("GET", &state, None).await;
        assert_error(&r, 403, None, "wrong");
    }
    tablet.headers.clear();
    tablet.headers.push((PIN.into(), "777000".into()));
    let r = tablet.request("GET", &state, None).await;
    assert_eq!(r.status, 429, "five wrong PINs in the minute: {}", r.body);
    // The link without a PIN still works.
    tablet.headers.clear();
    let v = expect_json(&tablet.request("GET", &state, None).await, 200, "link");
    assert_eq!(v["arbiter"], false);
    assert_state_is_the_replay(&server, &id).await;
}

/// The header that carries the arbiter PIN.
const PIN: &str = "x-shatar-arbiter-pin";

/// The event's history as text.
async fn history_text(c: &mut common::Client, id: &str) -> String {
    serde_json::to_string(&history(c, id).await).unwrap()
}

/// An event whose players keep paper score sheets: its boards' logs are opened clock-only,
/// the tablet sends presses without moves, and a fallen flag loses whatever the position.
async fn a_clock_only_board_logs_the_presses(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "PressOrg", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    // An online event is recorded on the site: clock-only is refused there, by name.
    let r = call(
        &mut o,
        "POST",
        "/api/events",
        Some(json!({"name": "Online", "system": "dutch", "online": true,
                    "time_control": "300+5", "score_sheet": false})),
    )
    .await;
    assert_error(&r, 400, Some("score_sheet"), "clock-only online");
    let id = clock_only_event(&mut o, "Paper sheets", 4, 3, "300+5").await;
    assert_eq!(get_event(&mut o, &id).await["score_sheet"], false);
    let one = log_path(&id, 1, 1);
    let lines = stored(&mut o, &one).await;
    assert_eq!(lines[0]["event"]["open"]["clock_only"], true, "{lines:?}");

    // White presses at 10 s and Black at 25 s: 300 s + 5 s a press, White's clock running.
    let presses = [
        line(0, "arbiter", json!("start")),
        line(10_000, "white", json!("press")),
        line(25_000, "black", json!("press")),
    ];
    let v = expect_json(&send(&mut o, &one, 2, &presses).await, 200, "presses");
    let state = &v["state"];
    assert_eq!(state["clock_only"], true);
    assert_eq!(state["moves"], json!([]), "no record");
    assert_eq!(state["position"]["turn"], "white");
    assert_eq!(state["position"]["dests"], json!({}), "nothing to enter");
    assert_eq!(
        state["clock"]["white"],
        json!({"allowance_ms": 305_000, "used_ms": 10_000, "moves": 1})
    );
    assert_eq!(
        state["clock"]["black"],
        json!({"allowance_ms": 305_000, "used_ms": 15_000, "moves": 1})
    );
    // A move is refused (there is no record to enter it in), and Black may not press twice.
    let r = send(&mut o, &one, 5, &[mv(30_000, "white", "e2e4")]).await;
    assert_error(&r, 400, Some("lines"), "a move on a clock-only board");
    let r = send(&mut o, &one, 5, &[line(30_000, "black", json!("press"))]).await;
    assert_error(&r, 400, Some("lines"), "black pressing out of turn");
    // White's 295 s run out at 320 s: the flag loses, 0-1, entered in the event.
    let flag = [line(320_000, "arbiter", json!("flag"))];
    let v = expect_json(&send(&mut o, &one, 5, &flag).await, 200, "the flag");
    assert_eq!(v["result"], "0-1", "{v}");
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        results(round_of(&event, 1).unwrap())[&1],
        Some("0-1".into())
    );
    // The tablet page has no score sheet for this event.
    let page = o
        .request(
            "GET",
            &format!("/events/{id}/rounds/1/boards/1/tablet"),
            None,
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(!page.body.contains(r#"id="tablet-moves""#), "no move list");
    assert!(page.body.contains("tablet.js"));
}
