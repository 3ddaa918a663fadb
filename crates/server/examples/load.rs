//! Load benchmark: N live games between simulated players over WebSocket on loopback, for a
//! bounded time, against SQLite (default) or PostgreSQL (`--database-url`). Prints moves per
//! second and the move-acknowledge latency (send → the mover receives the committed state).
//!
//! `cargo run --release -p shatar-server --example load -- --games 1000 --seconds 30`
//!
//! Set-up writes accounts, sessions and games straight to the database (sign-up's argon2
//! would dominate otherwise); play goes through the real socket path. Each game plays
//! 1.e4 e5 and then shuffles horses (Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8 …) under the `competition`
//! ruleset, whose repetitions are claimable only, so games never end during the run.

mod support;

use clap::Parser;
use futures_util::SinkExt;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{connect, move_at, until_ply};
use tokio_tungstenite::tungstenite::Message;

/// Load benchmark options.
#[derive(Parser)]
struct Args {
    /// Concurrent games (two players each), at most 2000.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// How long to play, in seconds, at most 120.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Milliseconds between the moves of one game (0: as fast as acknowledged). With N
    /// games, 1000 gives about N moves per second in all.
    #[arg(long, default_value_t = 0)]
    interval_ms: u64,
    /// PostgreSQL URL (default: a fresh SQLite file).
    #[arg(long)]
    database_url: Option<String>,
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let n = args.games.clamp(1, 2000);
    let seconds = args.seconds.clamp(1, 120);
    let dir = tempfile::tempdir().unwrap();
    let mut config = shatar_server::Config::new("127.0.0.1:0".parse().unwrap(), dir.path().into());
    config.database_url = args.database_url.clone();
    // Every simulated player connects from 127.0.0.1.
    config.max_sockets_per_ip = 2 * n + 16;
    config.http_request_burst = u32::try_from(4 * n + 64).unwrap_or(u32::MAX);
    let server = shatar_server::start(config).await.unwrap();
    let addr = server.addr;
    let db = server.state.db.clone();
    println!("backend {:?}, {n} games, {seconds} s", db.backend);

    // Set-up: 2n accounts with sessions, n games.
    let hash = shatar_server::auth::password::hash("load-test-pw".into(), 256)
        .await
        .unwrap();
    let run = shatar_server::auth::random_token().unwrap()[..8].to_owned();
    let mut pairs = Vec::with_capacity(n);
    for i in 0..n {
        pairs.push(support::shuffling_game(&db, &hash, &run, i).await);
    }

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let latencies = Arc::new(std::sync::Mutex::new(Vec::<u32>::new()));
    let errors = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let t0 = Instant::now();
    let interval = Duration::from_millis(args.interval_ms.min(60_000));
    let mut tasks = Vec::new();
    for (i, (id, tokens)) in pairs.into_iter().enumerate() {
        let latencies = Arc::clone(&latencies);
        let errors = Arc::clone(&errors);
        tasks.push(tokio::spawn(async move {
            let mut w = connect(addr, &id, &tokens[0]).await;
            let mut b = connect(addr, &id, &tokens[1]).await;
            let mut local = Vec::new();
            let mut ply = 0usize;
            // Spread the games' first moves over one interval.
            if !interval.is_zero() {
                tokio::time::sleep(interval.mul_f64(i as f64 / n as f64)).await;
            }
            let mut next = Instant::now();
            while Instant::now() < deadline {
                if !interval.is_zero() {
                    tokio::time::sleep_until(next.into()).await;
                    next += interval;
                }
                let (mover, other) = if ply.is_multiple_of(2) {
                    (&mut w, &mut b)
                } else {
                    (&mut b, &mut w)
                };
                let msg = json!({"t": "move", "uci": move_at(ply), "ply": ply}).to_string();
                let sent = Instant::now();
                if mover.send(Message::Text(msg.into())).await.is_err() {
                    errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    break;
                }
                if let Err(e) = until_ply(mover, ply + 1).await {
                    eprintln!("game {id} ply {ply}: {e}");
                    errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    break;
                }
                local.push(u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX));
                if until_ply(other, ply + 1).await.is_err() {
                    errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    break;
                }
                ply += 1;
            }
            latencies.lock().unwrap().extend(local);
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let mut l = latencies.lock().unwrap().clone();
    l.sort_unstable();
    let pct = |p: f64| {
        l.get(((l.len() as f64 * p) as usize).min(l.len().saturating_sub(1)))
            .map_or(0.0, |us| f64::from(*us) / 1000.0)
    };
    println!("moves acknowledged: {}", l.len());
    println!(
        "errors: {}",
        errors.load(std::sync::atomic::Ordering::Relaxed)
    );
    println!("moves/s: {:.0}", l.len() as f64 / elapsed);
    println!(
        "ack latency ms: p50 {:.1}  p90 {:.1}  p99 {:.1}  max {:.1}",
        pct(0.50),
        pct(0.90),
        pct(0.99),
        pct(1.0)
    );
    server.shutdown().await;
}
