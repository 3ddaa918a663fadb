//! Online event benchmark: `--players` simulated players in one online Swiss on loopback
//! (SQLite by default, PostgreSQL with `--database-url`). Round 1 is played out over the
//! game sockets (1.e4 e5, then White resigns), and the benchmark prints the round
//! turnover — from the last game of round 1 ending to every game of round 2 being
//! created and open (polled on `GET /api/events/{id}`) — and the move acknowledgement
//! (send → the mover receives the committed state) of round 2's first moves and of
//! `--background` casual games played all along, during the turnover.
//!
//! `cargo run --release -p shatar-server --example online_bench -- --players 1000`
//! (`--spread-ms 2000` spreads round 2's players opening their games and moving over two
//! seconds, as the call to the round reaches them)
//!
//! Accounts, sessions and tokens are written straight to the database (sign-up's argon2
//! would dominate); joining, the start and the play go through the API and the sockets.
//! Targets (issue "Online events"): turnover under 5 s, p99 acknowledgement under 50 ms.

mod support;

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use shatar_server::db::{tokens, users::AccountRole};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{Ws, connect, expect, id_of, move_at, percentile, until_ply};
use tokio_tungstenite::tungstenite::Message;

/// Online event benchmark options.
#[derive(Parser)]
struct Args {
    /// Players in the event (an even number from 4 to 2000).
    #[arg(long, default_value_t = 1000)]
    players: usize,
    /// Casual games played throughout, one move each `--interval-ms` (0 to 500).
    #[arg(long, default_value_t = 50)]
    background: usize,
    /// Milliseconds between the moves of one background game.
    #[arg(long, default_value_t = 200)]
    interval_ms: u64,
    /// The pairing system: `swiss` (the seed's) or `dutch` (FIDE Dutch).
    #[arg(long, default_value = "swiss")]
    system: String,
    /// Whether the event's games are rated (their ratings are computed as they end).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    rated: bool,
    /// Round 2's players open their games and move spread over this many milliseconds
    /// (0: all 500 sockets connect and move in the same instant, the worst case).
    #[arg(long, default_value_t = 0)]
    spread_ms: u64,
    /// PostgreSQL URL (default: a fresh SQLite file).
    #[arg(long)]
    database_url: Option<String>,
}

/// The longest the benchmark waits for one step before it gives up.
const STEP_LIMIT: Duration = Duration::from_secs(300);

/// Polls the event every 20 ms until round `r` has every pairing's game; the event then.
async fn round_ready(addr: SocketAddr, token: &str, id: &str, r: usize) -> Value {
    let give_up = Instant::now() + STEP_LIMIT;
    loop {
        let event = expect(addr, token, "GET", &format!("/api/events/{id}"), None, 200).await;
        let ready = event["rounds"]
            .as_array()
            .and_then(|rounds| rounds.get(r - 1))
            .and_then(|round| round["pairings"].as_array())
            .is_some_and(|ps| {
                ps.iter()
                    .all(|p| p["black"].is_null() || p["game"].is_string())
            });
        if ready {
            return event;
        }
        assert!(
            Instant::now() < give_up,
            "round {r}: no games in {STEP_LIMIT:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Round `r`'s games: (game id, White's session, Black's session).
fn games_of(
    event: &Value,
    r: usize,
    sessions: &HashMap<String, String>,
) -> Vec<(String, String, String)> {
    let username: HashMap<u64, &str> = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["number"].as_u64().unwrap(),
                p["username"].as_str().unwrap(),
            )
        })
        .collect();
    let session = |n: &Value| sessions[username[&n.as_u64().unwrap()]].clone();
    event["rounds"][r - 1]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["black"].is_null())
        .map(|p| {
            (
                p["game"].as_str().unwrap().to_owned(),
                session(&p["white"]),
                session(&p["black"]),
            )
        })
        .collect()
}

/// Sends a move and waits for its acknowledgement; the time taken in microseconds.
async fn timed_move(ws: &mut Ws, uci: &str, ply: usize) -> u64 {
    let msg = json!({"t": "move", "uci": uci, "ply": ply}).to_string();
    let sent = Instant::now();
    ws.send(Message::Text(msg.into())).await.unwrap();
    until_ply(ws, ply + 1).await.unwrap();
    u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// Reads until the game has ended.
async fn until_ended(ws: &mut Ws) {
    loop {
        let msg = tokio::time::timeout(STEP_LIMIT, ws.next())
            .await
            .expect("the game ends")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["t"] == "state" && v["status"] != "started" {
                return;
            }
        }
    }
}

/// Prints p50, p99 and the maximum of `label`'s acknowledgements (microseconds).
fn report(label: &str, mut us: Vec<u64>) {
    us.sort_unstable();
    println!(
        "{label}: {} moves, ack ms p50 {:.1}  p99 {:.1}  max {:.1}",
        us.len(),
        percentile(&us, 0.50),
        percentile(&us, 0.99),
        percentile(&us, 1.0)
    );
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let n = (args.players.clamp(4, 2000) / 2) * 2;
    let background = args.background.min(500);
    let interval = Duration::from_millis(args.interval_ms.clamp(1, 60_000));
    let dir = tempfile::tempdir().unwrap();
    let mut config = shatar_server::Config::new("127.0.0.1:0".parse().unwrap(), dir.path().into());
    config.database_url = args.database_url.clone();
    // Every simulated player connects from 127.0.0.1.
    config.max_sockets_per_ip = 2 * n + 2 * background + 64;
    config.http_requests_per_second = 1_000_000;
    config.http_request_burst = 1_000_000;
    let server = shatar_server::start(config).await.unwrap();
    let addr = server.addr;
    let db = server.state.db.clone();
    println!(
        "backend {:?}, {n} players ({}), {background} background games",
        db.backend, args.system
    );

    // Set-up: the organiser, the event, the players joining through the API.
    let t = Instant::now();
    let hash = shatar_server::auth::password::hash("bench-pw".into(), 256)
        .await
        .unwrap();
    let run = shatar_server::auth::random_token().unwrap()[..8].to_owned();
    let (org, _) =
        support::account(&db, &format!("org-{run}"), &hash, AccountRole::Organiser).await;
    let org = tokens::create(&db, org, "bench").await.unwrap();
    let body = json!({"name": format!("Bench {run}"), "system": args.system, "rounds": 2,
        "online": true, "time_control": "600+5", "pause_s": 0, "default_s": 600,
        "limit": n, "rated": args.rated});
    let id = id_of(&expect(addr, &org, "POST", "/api/events", Some(body), 201).await);
    let mut sessions = HashMap::new();
    let mut api_tokens = Vec::new();
    for i in 0..n {
        let name = format!("p{i}-{run}");
        let (user, session) = support::account(&db, &name, &hash, AccountRole::Player).await;
        api_tokens.push(tokens::create(&db, user, "bench").await.unwrap());
        sessions.insert(name, session);
    }
    let joins = futures_util::stream::iter(api_tokens)
        .map(|token| {
            let path = format!("/api/events/{id}/join");
            async move { expect(addr, &token, "POST", &path, None, 201).await }
        })
        .buffer_unordered(16)
        .count()
        .await;
    assert_eq!(joins, n);
    println!(
        "set-up (accounts, {n} joins): {:.1} s",
        t.elapsed().as_secs_f64()
    );

    // Casual games all along, each acknowledgement kept with its time.
    let stop = Arc::new(AtomicBool::new(false));
    let acks: Arc<Mutex<Vec<(Instant, u64)>>> = Arc::default();
    let mut casual = Vec::new();
    for i in 0..background {
        let (game, tokens) = support::shuffling_game(&db, &hash, &run, i).await;
        let (stop, acks) = (Arc::clone(&stop), Arc::clone(&acks));
        casual.push(tokio::spawn(async move {
            let mut sides = [
                connect(addr, &game, &tokens[0]).await,
                connect(addr, &game, &tokens[1]).await,
            ];
            tokio::time::sleep(interval.mul_f64(i as f64 / background.max(1) as f64)).await;
            let mut ply = 0;
            while !stop.load(Ordering::Relaxed) {
                tokio::time::sleep(interval).await;
                let us = timed_move(&mut sides[ply % 2], move_at(ply), ply).await;
                acks.lock().unwrap().push((Instant::now(), us));
                until_ply(&mut sides[(ply + 1) % 2], ply + 1).await.unwrap();
                ply += 1;
            }
        }));
    }

    // Round 1: paired at the start, played out (1.e4 e5, White resigns).
    let t = Instant::now();
    expect(
        addr,
        &org,
        "POST",
        &format!("/api/events/{id}/start"),
        None,
        200,
    )
    .await;
    let event = round_ready(addr, &org, &id, 1).await;
    println!(
        "round 1 from the start to every game open: {:.2} s",
        t.elapsed().as_secs_f64()
    );
    let mut ends = Vec::new();
    for (game, white, black) in games_of(&event, 1, &sessions) {
        ends.push(tokio::spawn(async move {
            let mut w = connect(addr, &game, &white).await;
            let mut b = connect(addr, &game, &black).await;
            timed_move(&mut w, "e2e4", 0).await;
            until_ply(&mut b, 1).await.unwrap();
            timed_move(&mut b, "e7e5", 1).await;
            until_ply(&mut w, 2).await.unwrap();
            w.send(Message::Text(json!({"t": "resign"}).to_string().into()))
                .await
                .unwrap();
            until_ended(&mut w).await;
            Instant::now()
        }));
    }
    let mut last_end = t;
    for e in ends {
        last_end = last_end.max(e.await.unwrap());
    }

    // The turnover: round 2's games all created and open.
    let event = round_ready(addr, &org, &id, 2).await;
    let ready = Instant::now();
    let turnover = ready - last_end;

    // Round 2's first moves: each White opens the game (after its share of the spread:
    // players see the call to the round at different moments) and moves at once.
    let spread = Duration::from_millis(args.spread_ms.min(60_000));
    let games = games_of(&event, 2, &sessions);
    let count = games.len().max(1);
    let mut firsts = Vec::new();
    for (i, (game, white, _)) in games.into_iter().enumerate() {
        firsts.push(tokio::spawn(async move {
            tokio::time::sleep(spread.mul_f64(i as f64 / count as f64)).await;
            let mut w = connect(addr, &game, &white).await;
            timed_move(&mut w, "e2e4", 0).await
        }));
    }
    let mut first_moves = Vec::new();
    for f in firsts {
        first_moves.push(f.await.unwrap());
    }
    let firsts_done = Instant::now();
    tokio::time::sleep(interval * 2).await;
    stop.store(true, Ordering::Relaxed);
    for c in casual {
        c.await.unwrap();
    }

    println!(
        "turnover (round 1's last game ended → round 2's {} games open): {:.2} s",
        first_moves.len(),
        turnover.as_secs_f64()
    );
    report(
        &format!(
            "round 2's first moves (spread over {} ms)",
            spread.as_millis()
        ),
        first_moves,
    );
    let acks = acks.lock().unwrap().clone();
    let during = |from: Instant, to: Instant| -> Vec<u64> {
        acks.iter()
            .filter(|(at, _)| *at >= from && *at <= to)
            .map(|(_, us)| *us)
            .collect()
    };
    report("background, during the turnover", during(last_end, ready));
    report(
        "background, while round 2 starts (turnover and first moves)",
        during(last_end, firsts_done),
    );
    report(
        "background, the whole run",
        acks.iter().map(|(_, us)| *us).collect(),
    );
    server.shutdown().await;
}
