//! Two server instances on one PostgreSQL database (each with its own pool, listener and
//! lock connection, as two processes would have): a spectator on B sees every move played
//! on A; a player connected to B moves in the game A owns; when A stops, B takes the game
//! over. PostgreSQL only (SQLite is one process's file).

mod common;

use common::{Backend, Client, Socket, TestServer, postgres_url, unique};
use serde_json::json;

fn on(client: &Client, server: &TestServer) -> Client {
    Client {
        addr: server.addr,
        ..client.clone()
    }
}

/// Reads states until one has `ply` moves, and returns it.
async fn at(s: &mut Socket, ply: u64) -> serde_json::Value {
    let st = s.state_at(ply).await;
    assert_eq!(st["ply"], ply, "{st}");
    st
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_games_fan_out_between_two_servers() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped: SHATAR_TEST_POSTGRES_URL is unset");
        return;
    };
    let a = TestServer::start(Backend::Postgres(url.clone())).await;
    let b = TestServer::start(Backend::Postgres(url)).await;
    let mut white = a.client();
    white.sign_up(&unique("FanW"), "12345678").await;
    let mut black = a.client();
    black.sign_up(&unique("FanB"), "12345678").await;
    let seek = white
        .seek(&[
            ("color", "white"),
            ("ruleset", "competition"),
            ("minutes", "10"),
        ])
        .await;
    let game = black.accept(&seek).await;

    // Both players on A (A opens the game first and owns it); a spectator on B.
    let mut w = white.socket(&game).await;
    let mut bl = black.socket(&game).await;
    w.state().await;
    bl.state().await;
    let mut spectator = b.client().socket(&game).await;
    assert_eq!(spectator.you, None);
    assert_eq!(spectator.state().await["ply"], 0);

    // Moves on A reach the spectator on B, each one, with the same state.
    let moves = ["e2e4", "e7e5", "g1f3", "g8f6"];
    for (ply, m) in moves.iter().enumerate() {
        let ply = ply as u64;
        if ply % 2 == 0 {
            w.play(m, ply).await;
        } else {
            bl.play(m, ply).await;
        }
        let on_a = at(&mut w, ply + 1).await;
        at(&mut bl, ply + 1).await;
        let on_b = at(&mut spectator, ply + 1).await;
        for key in ["fen", "moves", "last", "turn", "dests", "status"] {
            assert_eq!(on_a[key], on_b[key], "{key} after {m}");
        }
        // The stopped side's clock is the same; the running one is read at each server's
        // own moment.
        assert_eq!(on_a["clock"]["running"], on_b["clock"]["running"]);
        let stopped = if ply % 2 == 0 { "white_ms" } else { "black_ms" };
        assert_eq!(on_a["clock"][stopped], on_b["clock"][stopped], "after {m}");
    }

    // Black now plays from B: the move is relayed to A, committed there, and every socket
    // on both servers sees it.
    let mut bl_b = on(&black, &b).socket(&game).await;
    assert_eq!(bl_b.you.as_deref(), Some("black"));
    at(&mut bl_b, 4).await;
    w.play("f3g1", 4).await;
    at(&mut w, 5).await;
    at(&mut bl_b, 5).await;
    bl_b.play("f6g8", 5).await;
    let st = at(&mut bl_b, 6).await;
    assert_eq!(st["moves"][5], "f6g8");
    at(&mut w, 6).await;
    at(&mut spectator, 6).await;
    // A draw offer from B is relayed too.
    w.play("e1e2", 6).await;
    at(&mut bl_b, 7).await;
    bl_b.send(json!({"t": "draw-offer"})).await;
    loop {
        if w.state().await["draw_offer"] == "black" {
            break;
        }
    }
    let db = &a.running.as_ref().unwrap().state.db;
    let stored = shatar_server::db::games::moves(db, &game).await.unwrap();
    assert_eq!(stored.len(), 7, "one stored move per ply");

    // A stops (its locks go with its connection); B takes the game over on the next move.
    w.close().await;
    bl.close().await;
    a.stop().await;
    let mut w_b = on(&white, &b).socket(&game).await;
    assert_eq!(at(&mut w_b, 7).await["draw_offer"], "black");
    bl_b.play("e8e7", 7).await;
    let st = at(&mut w_b, 8).await;
    assert_eq!(st["moves"][7], "e8e7");
    at(&mut spectator, 8).await;
    w_b.play("e2e1", 8).await;
    at(&mut bl_b, 9).await;
    let db = &b.running.as_ref().unwrap().state.db;
    assert_eq!(
        shatar_server::db::games::moves(db, &game)
            .await
            .unwrap()
            .len(),
        9
    );
    b.stop().await;
}
