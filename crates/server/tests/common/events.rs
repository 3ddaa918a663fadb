//! The events API's test kit: a server without the per-address request limit, accounts
//! with API tokens, and the API's calls, shared by the event test files.

use super::{Backend, Client, Resp, TestServer, unique};
use serde_json::{Value, json};
use shatar_server::db::tokens;
use shatar_server::db::users::{self, AccountRole};
use std::collections::BTreeMap;
// Test kit: a server without the per-address request limit, accounts with API tokens, and
// the API's calls.

/// The configuration of these tests: every client connects from 127.0.0.1, so the
/// per-address request limits are raised out of the way.
pub fn config(dir: &tempfile::TempDir, backend: &Backend) -> shatar_server::Config {
    let mut c = super::config(dir.path().to_path_buf(), backend);
    c.http_requests_per_second = 100_000;
    c.http_request_burst = 100_000;
    c
}

pub async fn start(backend: Backend) -> TestServer {
    start_with(backend, |_| {}).await
}

/// [`start`] with the configuration changed by `adjust`.
pub async fn start_with(
    backend: Backend,
    adjust: impl FnOnce(&mut shatar_server::Config),
) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(&dir, &backend);
    adjust(&mut c);
    let running = shatar_server::start(c).await.unwrap();
    TestServer {
        addr: running.addr,
        running: Some(running),
        dir,
        backend,
    }
}

/// Stops the server and starts a new one on the same database (a new port).
pub async fn restart(server: &mut TestServer) {
    if let Some(r) = server.running.take() {
        r.shutdown().await;
    }
    let running = shatar_server::start(config(&server.dir, &server.backend))
        .await
        .unwrap();
    server.addr = running.addr;
    server.running = Some(running);
}

/// An account made with the sign-up form, given `role`, with a personal API token.
pub struct Account {
    pub name: String,
    pub token: String,
    /// The browser that signed up (its session cookie).
    pub browser: Client,
}

impl Account {
    /// A client that sends this account's token and no cookie.
    pub fn api(&self, server: &TestServer) -> Client {
        let mut c = server.client();
        c.headers
            .push(("Authorization".into(), format!("Bearer {}", self.token)));
        c
    }
}

pub async fn account(server: &TestServer, prefix: &str, role: AccountRole) -> Account {
    let name = unique(prefix);
    let mut browser = server.client();
    browser.sign_up(&name, "12345678").await;
    let db = &server.state().db;
    let user = users::by_name(db, &name)
        .await
        .unwrap()
        .expect("the account just signed up");
    assert_eq!(user.username, name);
    if user.role != role {
        users::update(db, user.id, &user.password_hash, role)
            .await
            .unwrap();
    }
    let token = tokens::create(db, user.id, "events tests").await.unwrap();
    Account {
        name,
        token,
        browser,
    }
}

pub async fn call(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Resp {
    let body = body.map(|b| ("application/json", b.to_string().into_bytes()));
    c.request(method, path, body).await
}

pub fn parse(r: &Resp) -> Value {
    serde_json::from_str(&r.body)
        .unwrap_or_else(|e| panic!("not JSON ({e}); status {}: {:?}", r.status, r.body))
}

/// Asserts the status and returns the JSON body.
pub fn expect_json(r: &Resp, status: u16, what: &str) -> Value {
    assert_eq!(r.status, status, "{what}: {}", r.body);
    parse(r)
}

/// Asserts an error answer: `status` and `{"error": "...", "field": ...}`, the field equal
/// to `field` when one is given.
pub fn assert_error(r: &Resp, status: u16, field: Option<&str>, what: &str) {
    assert_eq!(r.status, status, "{what}: {}", r.body);
    assert_error_body(r, field, what);
}

pub fn assert_error_body(r: &Resp, field: Option<&str>, what: &str) {
    let v = parse(r);
    assert!(
        v["error"].as_str().is_some_and(|s| !s.is_empty()),
        "{what}: an error message expected: {v}"
    );
    assert!(
        v.as_object().is_some_and(|o| o.contains_key("field")),
        "{what}: a \"field\" key expected: {v}"
    );
    if let Some(f) = field {
        assert_eq!(v["field"], f, "{what}: {v}");
    }
}

/// An event id as it goes in a path (a number or a string in the JSON).
pub fn id_of(v: &Value) -> String {
    match &v["id"] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => panic!("an event id expected, got {other} in {v}"),
    }
}

pub fn number(v: &Value) -> u32 {
    u32::try_from(
        v.as_u64()
            .unwrap_or_else(|| panic!("a number expected, got {v}")),
    )
    .unwrap()
}

pub async fn create_event(c: &mut Client, body: Value) -> String {
    let r = call(c, "POST", "/api/events", Some(body.clone())).await;
    id_of(&expect_json(&r, 201, &format!("create {body}")))
}

pub async fn add_player(c: &mut Client, id: &str, body: Value) -> u32 {
    let r = call(
        c,
        "POST",
        &format!("/api/events/{id}/players"),
        Some(body.clone()),
    )
    .await;
    number(&expect_json(&r, 201, &format!("add {body}"))["number"])
}

pub async fn start_event(c: &mut Client, id: &str) {
    let r = call(c, "POST", &format!("/api/events/{id}/start"), None).await;
    assert_eq!(r.status, 200, "start {id}: {}", r.body);
}

/// Pairs the next round; returns the answer `{"round", "pairings"}`.
pub async fn pair(c: &mut Client, id: &str) -> Value {
    let r = call(c, "POST", &format!("/api/events/{id}/rounds"), None).await;
    expect_json(&r, 201, &format!("pair {id}"))
}

pub async fn publish(c: &mut Client, id: &str, round: u32) {
    let r = call(
        c,
        "POST",
        &format!("/api/events/{id}/rounds/{round}/publish"),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "publish {id} round {round}: {}", r.body);
}

pub async fn put_result(
    c: &mut Client,
    id: &str,
    round: u32,
    board: u32,
    result: &str,
    replace: Option<bool>,
) -> Resp {
    let mut body = json!({ "result": result });
    if let Some(replace) = replace {
        body["replace"] = json!(replace);
    }
    call(
        c,
        "PUT",
        &format!("/api/events/{id}/rounds/{round}/boards/{board}/result"),
        Some(body),
    )
    .await
}

pub async fn get_event(c: &mut Client, id: &str) -> Value {
    let r = c.get(&format!("/api/events/{id}")).await;
    expect_json(&r, 200, &format!("GET event {id}"))
}

pub async fn history(c: &mut Client, id: &str) -> Vec<Value> {
    let r = c.get(&format!("/api/events/{id}/history")).await;
    expect_json(&r, 200, &format!("history of {id}"))
        .as_array()
        .unwrap_or_else(|| panic!("history is a list: {}", r.body))
        .clone()
}

pub fn version(event: &Value) -> u64 {
    event["version"]
        .as_u64()
        .unwrap_or_else(|| panic!("a version expected: {event}"))
}

/// The round numbered `round` of an event's JSON, if listed.
pub fn round_of(event: &Value, round: u32) -> Option<&Value> {
    event["rounds"]
        .as_array()
        .unwrap_or_else(|| panic!("rounds expected: {event}"))
        .iter()
        .find(|r| r["round"] == round)
}

/// A round's pairings as (board, white, black).
pub fn boards(round: &Value) -> Vec<(u32, u32, Option<u32>)> {
    round["pairings"]
        .as_array()
        .unwrap_or_else(|| panic!("pairings expected: {round}"))
        .iter()
        .map(|p| {
            (
                number(&p["board"]),
                number(&p["white"]),
                p["black"].as_u64().map(|b| u32::try_from(b).unwrap()),
            )
        })
        .collect()
}

/// A round's results by board (`None`: not entered).
pub fn results(round: &Value) -> BTreeMap<u32, Option<String>> {
    round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let result = match &p["result"] {
                Value::Null => None,
                Value::String(s) => Some(s.clone()),
                other => panic!("a result is a string or null, got {other}"),
            };
            (number(&p["board"]), result)
        })
        .collect()
}

/// Points as a number, or as text such as "3.5".
pub fn points(v: &Value) -> f64 {
    match v {
        Value::Number(n) => n.as_f64().unwrap(),
        Value::String(s) => s
            .parse()
            .unwrap_or_else(|_| panic!("points expected, got {s:?}")),
        other => panic!("points expected, got {other}"),
    }
}

/// Points of (White, Black) for a result word, in half points.
pub fn halves(word: &str) -> (u32, u32) {
    match word {
        "1-0" | "+-" => (2, 0),
        "0-1" | "-+" => (0, 2),
        "1/2-1/2" => (1, 1),
        "--" => (0, 0),
        other => panic!("not a result word: {other}"),
    }
}

/// An event of `n` players (ratings 2000, 1990, …) under `system`, started, round 1
/// paired and published; its id and round 1 as the API paired it.
pub async fn running_event(c: &mut Client, name: &str, n: u32, rounds: u32) -> (String, Value) {
    let id = create_event(
        c,
        json!({"name": name, "system": "dutch", "rounds": rounds, "time_control": "1800+30"}),
    )
    .await;
    for i in 0..n {
        add_player(
            c,
            &id,
            json!({"name": format!("Player {}", i + 1), "rating": 2000 - 10 * i}),
        )
        .await;
    }
    start_event(c, &id).await;
    let round = pair(c, &id).await;
    assert_eq!(round["round"], 1, "{round}");
    publish(c, &id, 1).await;
    (id, round)
}

/// A clock-only event (paper score sheets) of `n` players "Player 1"…, started, round 1
/// paired and published; its id.
pub async fn clock_only_event(
    c: &mut Client,
    name: &str,
    n: u32,
    rounds: u32,
    time_control: &str,
) -> String {
    let id = create_event(
        c,
        json!({"name": name, "system": "dutch", "rounds": rounds,
               "time_control": time_control, "score_sheet": false}),
    )
    .await;
    for i in 0..n {
        add_player(c, &id, json!({"name": format!("Player {}", i + 1)})).await;
    }
    start_event(c, &id).await;
    pair(c, &id).await;
    publish(c, &id, 1).await;
    id
}

pub async fn correct(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Value {
    let r = call(c, method, path, body.clone()).await;
    expect_json(&r, 200, &format!("{method} {path} {body:?}"))
}

/// The event as the database keeps it equals the replay of its history.
pub async fn assert_state_is_the_replay(server: &TestServer, id: &str) {
    let db = &server.state().db;
    let stored = shatar_server::db::events::load(db, id)
        .await
        .unwrap()
        .expect("the event is stored");
    let replayed = shatar_server::events::change::replayed(db, id)
        .await
        .unwrap()
        .expect("the history replays");
    assert_eq!(
        stored.state, replayed,
        "event {id}: the state and the replay"
    );
}

/// Registers team `name` with `size` members named "`name` 1" … in a team event; the
/// answer (`{"number", "members"}`).
pub async fn add_team(c: &mut Client, id: &str, name: &str, size: u32) -> Value {
    let members: Vec<Value> = (1..=size)
        .map(|i| json!({"name": format!("{name} {i}")}))
        .collect();
    let r = call(
        c,
        "POST",
        &format!("/api/events/{id}/teams"),
        Some(json!({"name": name, "members": members})),
    )
    .await;
    expect_json(&r, 201, name)
}

/// The standings as the public reads them: the lines of `GET /api/events/{id}/standings`.
pub async fn public_standings(c: &mut Client, id: &str) -> Vec<Value> {
    let r = c.get(&format!("/api/events/{id}/standings")).await;
    expect_json(&r, 200, &format!("standings of {id}"))
        .as_array()
        .unwrap_or_else(|| panic!("standings are a list: {}", r.body))
        .clone()
}
