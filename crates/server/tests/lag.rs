//! Lag compensation: White plays through a proxy that holds every chunk for 60 ms each way,
//! so the server's round-trip estimate for White's socket is at least 120 ms. Each of
//! White's moves is then credited the per-move maximum (100 ms) until the quota runs low
//! (300 ms at the start, +50 ms a move), and the stored clocks show exactly the credit.

mod common;

use common::{Backend, Client, Socket, TestServer, unique};
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

on_both_backends!(a_lagging_client_is_credited_within_the_bound);

const DELAY: Duration = Duration::from_millis(60);

/// Copies `from` to `to`, delivering each chunk `DELAY` after it was read, in order.
async fn delayed_pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(tokio::time::Instant, Vec<u8>)>();
    let writer = tokio::spawn(async move {
        while let Some((due, chunk)) = rx.recv().await {
            tokio::time::sleep_until(due).await;
            if to.write_all(&chunk).await.is_err() {
                break;
            }
        }
    });
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if tx
                    .send((tokio::time::Instant::now() + DELAY, buf[..n].to_vec()))
                    .is_err()
                {
                    break;
                }
            }
        }
    }
    drop(tx);
    let _ = writer.await;
}

/// A proxy to `server` that delays both directions; returns its address.
async fn lagging_proxy(server: SocketAddr) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(upstream) = TcpStream::connect(server).await else {
                continue;
            };
            let (cr, cw) = client.into_split();
            let (ur, uw) = upstream.into_split();
            tokio::spawn(delayed_pipe(cr, uw));
            tokio::spawn(delayed_pipe(ur, cw));
        }
    });
    addr
}

async fn a_lagging_client_is_credited_within_the_bound(bk: Backend) {
    let server = TestServer::start(bk).await;
    let mut white = server.client();
    let mut black = server.client();
    // `competition`: repetitions are only claimable, so the horses may shuffle on.
    let fields = [
        ("color", "white"),
        ("ruleset", "competition"),
        ("minutes", "10"),
        ("increment", "2"),
    ];
    let game = white
        .game_against(&unique("LagW"), &mut black, &unique("LagB"), &fields)
        .await;

    let far = Client {
        addr: lagging_proxy(server.addr).await,
        ..white.clone()
    };
    let mut w: Socket = far.socket(&game).await;
    let mut b: Socket = black.socket(&game).await;
    w.state().await;
    b.state().await;
    // Wait until the server has measured White's round trip (its first ping goes out at
    // once); the pong reports the estimate.
    let mut seq = 0;
    let estimate = loop {
        seq += 1;
        w.send(json!({"t": "ping", "seq": seq})).await;
        let pong = loop {
            let m = w.recv().await;
            if m["t"] == "pong" {
                break m;
            }
        };
        assert_eq!(pong["seq"], seq);
        let lag = pong["lag_ms"].as_i64().unwrap();
        if lag > 0 {
            break lag;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(estimate >= 120, "two 60 ms delays: {estimate}");

    let moves = [
        "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3",
        "g8f6", "f3g1", "f6g8", "g1f3", "g8f6",
    ];
    for (ply, m) in moves.iter().enumerate() {
        let ply = ply as u64;
        if ply.is_multiple_of(2) {
            w.play(m, ply).await;
        } else {
            b.play(m, ply).await;
        }
        w.state_at(ply + 1).await;
        b.state_at(ply + 1).await;
    }
    let db = &server.state().db;
    let stored = shatar_server::db::games::moves(db, &game).await.unwrap();
    assert_eq!(stored.len(), moves.len());
    // The first round costs no time and earns no credit.
    assert_eq!((stored[0].lag_ms, stored[1].lag_ms), (0, 0));
    let white_credits: Vec<i64> = stored.iter().skip(2).step_by(2).map(|m| m.lag_ms).collect();
    // Quota 300: 100 a move while it lasts, then the 50 a move it regains.
    assert_eq!(white_credits, [100, 100, 100, 100, 100, 50, 50]);
    // Black on loopback: whatever its tiny estimate, never beyond the bound.
    for m in stored.iter().skip(3).step_by(2) {
        assert!((0..=100).contains(&m.lag_ms), "{m:?}");
    }
    // Every clock after a move is exactly: before − time between the presses + credit +
    // the 2 s increment.
    for k in 2..stored.len() {
        let (prev, m) = (&stored[k - 1], &stored[k]);
        let (before, after) = if k % 2 == 0 {
            (prev.white_ms, m.white_ms)
        } else {
            (prev.black_ms, m.black_ms)
        };
        let spent = m.played_ms - prev.played_ms;
        assert_eq!(
            after,
            before - spent + m.lag_ms + 2_000,
            "ply {k}: {m:?} after {prev:?}"
        );
    }
    // A restart replays the clocks with the stored credits.
    let live = server.state().hub.room(&game).await.unwrap();
    let before = live.game.lock().await.move_clocks.clone();
    drop(live);
    let mut server = server;
    w.close().await;
    b.close().await;
    server.restart().await;
    let mut again = black.clone();
    again.addr = server.addr;
    let mut s = again.socket(&game).await;
    let st = s.state().await;
    assert_eq!(st["ply"], moves.len() as u64);
    let live = server.state().hub.room(&game).await.unwrap();
    assert_eq!(live.game.lock().await.move_clocks, before);
    // The running side (White) shows the stored clock minus the time since its start.
    let last = stored.last().unwrap();
    let shown = live.game.lock().await.clock.reading(last.played_ms);
    assert_eq!(
        (shown.white_ms, shown.black_ms),
        (last.white_ms, last.black_ms)
    );
    s.close().await;
    server.stop().await;
}
