//! Events API benchmark: starts a server on loopback (SQLite by default, PostgreSQL with
//! `--database-url`), creates `--events` events with `--players` players in all through the
//! JSON API, pairs and publishes one round of each, then enters every result through the
//! API from `--tasks` concurrent tasks and prints the latency of a result entry. Last, it
//! times the pairing of a `--dutch-players` FIDE Dutch (round 1, and round 2 after round
//! 1's results) through the API.
//!
//! `cargo run --release -p shatar-server --example events_bench -- --events 50 --players 2000`
//!
//! The organiser's account and API token are written straight to the database (sign-up's
//! argon2 would only add noise); everything else goes through HTTP, one connection a
//! request (`Connection: close`), so a latency includes the loopback connect.

mod support;

use clap::Parser;
use serde_json::{Value, json};
use shatar_server::db::users::{self, AccountRole};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;
use support::{expect, id_of, percentile, request};

/// Events API benchmark options.
#[derive(Parser)]
struct Args {
    /// Events, each paired for one round, at most 1000.
    #[arg(long, default_value_t = 50)]
    events: usize,
    /// Players in all, shared out among the events (at least 2 an event), at most 100,000.
    #[arg(long, default_value_t = 2000)]
    players: usize,
    /// Concurrent client tasks.
    #[arg(long, default_value_t = 16)]
    tasks: usize,
    /// Players of the Dutch whose pairing is timed (0: skip), at most 1000.
    #[arg(long, default_value_t = 1000)]
    dutch_players: usize,
    /// PostgreSQL URL (default: a fresh SQLite file).
    #[arg(long)]
    database_url: Option<String>,
}

/// The result entered on a board: every 5th drawn, otherwise the lower start number (the
/// higher rating) wins.
fn result_for(board: u64, white: u64, black: u64) -> &'static str {
    if board.is_multiple_of(5) {
        "1/2-1/2"
    } else if white < black {
        "1-0"
    } else {
        "0-1"
    }
}

/// A round's games as (board, white, black); byes left out.
fn games(round: &Value) -> Vec<(u64, u64, u64)> {
    round["pairings"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .filter_map(|p| {
                    Some((
                        p["board"].as_u64()?,
                        p["white"].as_u64()?,
                        p["black"].as_u64()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Creates a Dutch of `n` players (ratings 2400, 2399, …) through the API; its id.
async fn event_with_players(
    addr: SocketAddr,
    token: &Arc<String>,
    name: String,
    n: usize,
    rounds: u32,
    tasks: usize,
) -> String {
    let created = expect(
        addr,
        token,
        "POST",
        "/api/events",
        Some(json!({"name": name, "system": "dutch", "rounds": rounds})),
        201,
    )
    .await;
    let id = id_of(&created);
    let mut workers = Vec::new();
    for t in 0..tasks.clamp(1, n.max(1)) {
        let (token, id) = (Arc::clone(token), id.clone());
        workers.push(tokio::spawn(async move {
            for k in (t..n).step_by(tasks.max(1)) {
                let body = json!({"name": format!("Player {}", k + 1), "rating": 2400 - k});
                expect(
                    addr,
                    &token,
                    "POST",
                    &format!("/api/events/{id}/players"),
                    Some(body),
                    201,
                )
                .await;
            }
        }));
    }
    for w in workers {
        w.await.unwrap();
    }
    id
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let events = args.events.clamp(1, 1000);
    let players = args.players.clamp(2 * events, 100_000);
    let tasks = args.tasks.clamp(1, 256);
    let dutch = args.dutch_players.min(1000);
    let dir = tempfile::tempdir().unwrap();
    let mut config = shatar_server::Config::new("127.0.0.1:0".parse().unwrap(), dir.path().into());
    config.database_url = args.database_url.clone();
    // Every client connects from 127.0.0.1.
    config.http_requests_per_second = 1_000_000;
    config.http_request_burst = 1_000_000;
    let server = shatar_server::start(config).await.unwrap();
    let addr = server.addr;
    let db = server.state.db.clone();
    println!(
        "backend {:?}, {events} events, {players} players, {tasks} tasks",
        db.backend
    );

    let run = shatar_server::auth::random_token().unwrap()[..8].to_owned();
    let hash = shatar_server::auth::password::hash("events-bench-pw".into(), 256)
        .await
        .unwrap();
    let name = shatar_server::names::check(&format!("bench-{run}")).unwrap();
    let organiser = users::insert(&db, &name, &hash, AccountRole::Organiser)
        .await
        .unwrap();
    let token = Arc::new(
        shatar_server::db::tokens::create(&db, organiser.id, "events bench")
            .await
            .unwrap(),
    );

    // Set-up: the events with their players, each started, paired and published, the
    // events shared out among the tasks.
    let t0 = Instant::now();
    let per_task = tasks.min(events);
    let mut workers = Vec::new();
    for t in 0..per_task {
        let token = Arc::clone(&token);
        let run = run.clone();
        workers.push(tokio::spawn(async move {
            let mut out = Vec::new();
            for e in (t..events).step_by(per_task) {
                let n = players / events + usize::from(e < players % events);
                let id =
                    event_with_players(addr, &token, format!("Bench {run} {e}"), n, 5, 1).await;
                expect(
                    addr,
                    &token,
                    "POST",
                    &format!("/api/events/{id}/start"),
                    None,
                    200,
                )
                .await;
                let round = expect(
                    addr,
                    &token,
                    "POST",
                    &format!("/api/events/{id}/rounds"),
                    None,
                    201,
                )
                .await;
                expect(
                    addr,
                    &token,
                    "POST",
                    &format!("/api/events/{id}/rounds/1/publish"),
                    None,
                    200,
                )
                .await;
                out.push((id, games(&round)));
            }
            out
        }));
    }
    let mut paired = Vec::new();
    for w in workers {
        paired.extend(w.await.unwrap());
    }
    println!(
        "set-up: {} events, {players} players added, paired and published in {:.1} s",
        paired.len(),
        t0.elapsed().as_secs_f64()
    );

    // Every result, events interleaved, dealt out to the tasks.
    let mut jobs: Vec<(String, u64, &'static str)> = Vec::new();
    let deepest = paired.iter().map(|(_, g)| g.len()).max().unwrap_or(0);
    for i in 0..deepest {
        for (id, g) in &paired {
            if let Some(&(board, white, black)) = g.get(i) {
                jobs.push((id.clone(), board, result_for(board, white, black)));
            }
        }
    }
    let jobs = Arc::new(jobs);
    let t0 = Instant::now();
    let mut workers = Vec::new();
    for t in 0..tasks {
        let (jobs, token) = (Arc::clone(&jobs), Arc::clone(&token));
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = 0usize;
            for (id, board, word) in jobs.iter().skip(t).step_by(tasks) {
                let path = format!("/api/events/{id}/rounds/1/boards/{board}/result");
                let sent = Instant::now();
                let answer =
                    request(addr, &token, "PUT", &path, Some(&json!({"result": word}))).await;
                let us = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
                match answer {
                    Ok((200, _)) => latencies.push(us),
                    Ok((status, body)) => {
                        errors += 1;
                        if errors <= 3 {
                            eprintln!("PUT {path}: {status} {body}");
                        }
                    }
                    Err(e) => {
                        errors += 1;
                        eprintln!("PUT {path}: {e}");
                    }
                }
            }
            (latencies, errors)
        }));
    }
    let mut latencies = Vec::new();
    let mut errors = 0;
    for w in workers {
        let (l, e) = w.await.unwrap();
        latencies.extend(l);
        errors += e;
    }
    let elapsed = t0.elapsed().as_secs_f64();
    latencies.sort_unstable();
    println!(
        "result entry: {} requests, p50 {:.2} ms, p99 {:.2} ms (max {:.2} ms, {errors} errors, {:.0} results/s)",
        jobs.len(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
        latencies.len() as f64 / elapsed.max(1e-9),
    );

    if dutch >= 2 {
        let t0 = Instant::now();
        let id = event_with_players(addr, &token, format!("Dutch {run}"), dutch, 9, tasks).await;
        expect(
            addr,
            &token,
            "POST",
            &format!("/api/events/{id}/start"),
            None,
            200,
        )
        .await;
        println!(
            "dutch set-up: {dutch} players added in {:.1} s",
            t0.elapsed().as_secs_f64()
        );
        let t0 = Instant::now();
        let round = expect(
            addr,
            &token,
            "POST",
            &format!("/api/events/{id}/rounds"),
            None,
            201,
        )
        .await;
        println!(
            "pair {dutch}-player dutch round: {:.0} ms (round 1)",
            t0.elapsed().as_secs_f64() * 1000.0
        );
        // Round 1's results, then round 2 (score groups, colour preferences).
        let g = Arc::new(games(&round));
        let mut workers = Vec::new();
        for t in 0..tasks {
            let (g, token, id) = (Arc::clone(&g), Arc::clone(&token), id.clone());
            workers.push(tokio::spawn(async move {
                for &(board, white, black) in g.iter().skip(t).step_by(tasks) {
                    expect(
                        addr,
                        &token,
                        "PUT",
                        &format!("/api/events/{id}/rounds/1/boards/{board}/result"),
                        Some(json!({"result": result_for(board, white, black)})),
                        200,
                    )
                    .await;
                }
            }));
        }
        for w in workers {
            w.await.unwrap();
        }
        let t0 = Instant::now();
        expect(
            addr,
            &token,
            "POST",
            &format!("/api/events/{id}/rounds"),
            None,
            201,
        )
        .await;
        println!(
            "pair {dutch}-player dutch round: {:.0} ms (round 2, after {} results)",
            t0.elapsed().as_secs_f64() * 1000.0,
            g.len()
        );
    }
    server.shutdown().await;
}
