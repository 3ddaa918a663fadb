//! Online events' test kit: simulated players over the game socket (random legal moves
//! from the server's `dests`), waiting for an event to reach a state, and an online event
//! with joined players; shared by the online-event tests and the durability test.

use super::Socket;
use super::events::*;
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;
use std::time::Duration;

/// A small deterministic generator (xorshift64*): the games differ, the runs repeat.
pub struct Lots(pub u64);

impl Lots {
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        usize::try_from(x % u64::try_from(n).unwrap()).unwrap()
    }
}

/// Polls `GET /api/events/{id}` until `done` holds (at most 60 s).
pub async fn wait_for(
    c: &mut super::Client,
    id: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..600 {
        let event = get_event(c, id).await;
        if done(&event) {
            return event;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what}: not in 60 s: {}", get_event(c, id).await);
}

/// The pairings of round `r` as the event gives them, once each has its game.
pub fn round_games(event: &Value, r: u32) -> Option<Vec<Value>> {
    let round = round_of(event, r)?;
    let pairings = round["pairings"].as_array()?.clone();
    pairings
        .iter()
        .all(|p| p["black"].is_null() || p["game"].is_string())
        .then_some(pairings)
}

/// Plays one game from both sides: random legal moves until `plies`, then the side to
/// move resigns (unless the game ended first). Returns the game's result.
pub async fn play_out(mut white: Socket, mut black: Socket, plies: u64, seed: u64) -> String {
    play(&mut white, &mut black, plies, seed, true)
        .await
        .expect("a result")
}

/// Plays random legal moves from both sides until `plies`; then, if `resign`, the side to
/// move resigns. Returns the result once the game has ended.
pub async fn play(
    white: &mut Socket,
    black: &mut Socket,
    plies: u64,
    seed: u64,
    resign: bool,
) -> Option<String> {
    assert_eq!(white.you.as_deref(), Some("white"));
    assert_eq!(black.you.as_deref(), Some("black"));
    let mut lots = Lots(seed | 1);
    let mut state = white.state().await;
    black.state().await;
    loop {
        if state["status"] != "started" {
            return Some(state["result"].as_str().unwrap_or("aborted").to_owned());
        }
        let ply = state["ply"].as_u64().unwrap();
        if ply >= plies && !resign {
            return None;
        }
        let mover = if state["turn"] == "white" {
            &mut *white
        } else {
            &mut *black
        };
        if ply >= plies {
            mover.send(json!({"t": "resign"})).await;
        } else {
            let dests = state["dests"].as_object().unwrap();
            let from: Vec<&String> = dests.keys().collect();
            let f = from[lots.next(from.len())];
            let to = dests[f].as_array().unwrap();
            let t = to[lots.next(to.len())].as_str().unwrap();
            let key = format!("{f}{t}");
            let uci = match state["promotions"].get(&key) {
                Some(choices) => choices[0][1].as_str().unwrap().to_owned(),
                None => key,
            };
            mover.play(&uci, ply).await;
        }
        let next = loop {
            let s = white.state().await;
            if s["ply"] != ply || s["status"] != "started" {
                break s;
            }
        };
        // Keep Black's socket read up to date too.
        loop {
            let s = black.state().await;
            if s["ply"] == next["ply"] && s["status"] == next["status"] {
                break;
            }
        }
        state = next;
    }
}

/// Creates online event `body` as `org` and has `n` new player accounts (named `prefix`…)
/// join it; the event's id and the players, in joining order.
pub async fn online_event(
    server: &super::TestServer,
    org: &Account,
    body: Value,
    prefix: &str,
    n: u32,
) -> (String, Vec<Account>) {
    let r = call(&mut org.api(server), "POST", "/api/events", Some(body)).await;
    let id = id_of(&expect_json(&r, 201, "create"));
    let mut players = Vec::new();
    for i in 0..n {
        let p = account(server, &format!("{prefix}{i}"), AccountRole::Player).await;
        let r = call(
            &mut p.api(server),
            "POST",
            &format!("/api/events/{id}/join"),
            None,
        )
        .await;
        assert_eq!(expect_json(&r, 201, "join")["number"], i + 1);
        players.push(p);
    }
    (id, players)
}

/// The index in `players` of the account playing as entrant `number` in `event` (matched
/// by the event's `username`).
pub fn player_index(event: &Value, number: &Value, players: &[Account]) -> Option<usize> {
    let name = event["players"]
        .as_array()?
        .iter()
        .find(|p| p["number"] == *number)?["username"]
        .as_str()?
        .to_owned();
    players.iter().position(|p| p.name == name)
}

/// Pairings or arena games as (white, black, game id), the players given as indexes into
/// `players`; `None` until every one has its game.
pub fn games_of(
    event: &Value,
    games: &[Value],
    players: &[Account],
) -> Option<Vec<(usize, usize, String)>> {
    games
        .iter()
        .map(|p| {
            Some((
                player_index(event, &p["white"], players)?,
                player_index(event, &p["black"], players)?,
                p["game"].as_str()?.to_owned(),
            ))
        })
        .collect()
}

/// Round `r`'s games as (white, black, game id), the players given as indexes into
/// `players` (matched by the event's `username`); `None` until every pairing has its game.
pub fn games_of_round(
    event: &Value,
    r: u32,
    players: &[Account],
) -> Option<Vec<(usize, usize, String)>> {
    games_of(event, &round_games(event, r)?, players)
}

/// An arena's wave `wave` as its games' objects of `GET /api/events/{id}`; `None` before
/// it is paired.
pub fn arena_games(event: &Value, wave: u64) -> Option<Vec<Value>> {
    let games: Vec<Value> = event["arena"]["games"]
        .as_array()?
        .iter()
        .filter(|g| g["wave"] == wave)
        .cloned()
        .collect();
    (!games.is_empty()).then_some(games)
}

/// The name event `event` gives the player who joined with `account`.
pub fn entrant_name(event: &Value, account: &Account) -> Value {
    event["players"]
        .as_array()
        .expect("the event's players")
        .iter()
        .find(|p| p["username"] == account.name.as_str())
        .unwrap_or_else(|| panic!("{} has joined", account.name))["name"]
        .clone()
}

/// Ends a game between `white` and `black` as `result` says: a few random moves, then the
/// loser resigns, or White offers a draw and Black accepts.
pub async fn end_as(white: &mut Socket, black: &mut Socket, result: &str, seed: u64) {
    let ended = match result {
        // After 3 plies Black is to move and resigns; after 2, White.
        "1-0" => play(white, black, 3, seed, true).await,
        "0-1" => play(white, black, 2, seed, true).await,
        _ => {
            assert_eq!(play(white, black, 2, seed, false).await, None);
            white.send(json!({"t": "draw-offer"})).await;
            while black.state().await["draw_offer"] != "white" {}
            black.send(json!({"t": "draw-accept"})).await;
            loop {
                let s = white.state().await;
                if s["status"] != "started" {
                    break s["result"].as_str().map(str::to_owned);
                }
            }
        }
    };
    assert_eq!(ended.as_deref(), Some(result));
}

/// Players `a` and `b`'s sockets on `game`, White's first, and which of the two is White
/// (a match's colours swap each game).
pub async fn sockets(
    players: &[Account],
    a: usize,
    b: usize,
    game: &str,
) -> (Socket, Socket, usize) {
    let first = players[a].browser.socket(game).await;
    let second = players[b].browser.socket(game).await;
    match first.you.as_deref() {
        Some("white") => (first, second, a),
        _ => (second, first, b),
    }
}
