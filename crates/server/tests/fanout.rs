//! Two servers on one PostgreSQL database — two server instances in this process (each with
//! its own pool, listener and lock connection), and two server processes (this test binary
//! re-run as `child_server`): a spectator on B sees every move played on A; a player
//! connected to B moves in the game A owns; when A stops (the process: SIGKILL), B takes the
//! game over; a move A refuses comes back to the socket on B that sent it. PostgreSQL only (SQLite is one process's file).

mod common;

use common::{Backend, Client, Socket, TestServer, postgres_url, unique};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

fn on(client: &Client, addr: SocketAddr) -> Client {
    Client {
        addr,
        ..client.clone()
    }
}

/// Not a test of its own: a server process of `two_server_processes`.
#[test]
#[ignore = "run by two_server_processes as its server processes"]
fn child_server() {
    let (Ok(dir), Ok(url)) = (
        std::env::var("SHATAR_CHILD_DATA_DIR"),
        std::env::var("SHATAR_CHILD_DATABASE_URL"),
    ) else {
        return;
    };
    // Exit when the parent test goes away: no server process outlives the test run.
    let parent = std::os::unix::process::parent_id();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(std::time::Duration::from_millis(200));
            if std::os::unix::process::parent_id() != parent {
                std::process::exit(0);
            }
        }
    });
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let config = common::config(dir.into(), &Backend::Postgres(url));
        let running = shatar_server::start(config).await.unwrap();
        println!("LISTENING {}", running.addr);
        std::future::pending::<()>().await;
    });
}

/// A server process, killed when dropped.
struct ServerProcess(Child);

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn spawn_server(dir: &std::path::Path, url: &str) -> (ServerProcess, SocketAddr) {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "--ignored",
        "--exact",
        "child_server",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("SHATAR_CHILD_DATA_DIR", dir)
    .env("SHATAR_CHILD_DATABASE_URL", url)
    .stdout(Stdio::piped())
    .stderr(Stdio::null());
    let mut child = ServerProcess(cmd.spawn().unwrap());
    let stdout = child.0.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let line = lines.next().expect("the child prints its address").unwrap();
        if let Some((_, a)) = line.split_once("LISTENING ") {
            break a.trim().parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_server_processes() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped: SHATAR_TEST_POSTGRES_URL is unset");
        return;
    };
    common::OwnDatabase::run(&url, |backend| async move {
        let Backend::Postgres(url) = backend else {
            unreachable!("OwnDatabase runs on PostgreSQL")
        };
        let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let (mut a, a_addr) = spawn_server(dir_a.path(), &url);
        let (b, b_addr) = spawn_server(dir_b.path(), &url);
        let db = shatar_server::db::Db::connect(&url).await.unwrap();
        scenario(a_addr, b_addr, &db, async move {
            // SIGKILL: the process's connections drop, and with them its locks.
            let _ = a.0.kill();
            let _ = a.0.wait();
        })
        .await;
        drop(b);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_games_fan_out_between_two_servers() {
    let Some(url) = postgres_url() else {
        eprintln!("skipped: SHATAR_TEST_POSTGRES_URL is unset");
        return;
    };
    common::OwnDatabase::run(&url, |backend| async move {
        let a = TestServer::start(backend.clone()).await;
        let b = TestServer::start(backend).await;
        let db = b.state().db.clone();
        let (a_addr, b_addr) = (a.addr, b.addr);
        scenario(a_addr, b_addr, &db, a.stop()).await;
        b.stop().await;
    })
    .await;
}

/// Reads states until one has `ply` moves, and returns it.
async fn at(s: &mut Socket, ply: u64) -> serde_json::Value {
    let st = s.state_at(ply).await;
    assert_eq!(st["ply"], ply, "{st}");
    st
}

/// The scenario on servers A and B; `stop_a` stops A.
async fn scenario(
    a: SocketAddr,
    b: SocketAddr,
    db: &shatar_server::db::Db,
    stop_a: impl std::future::Future<Output = ()>,
) {
    let fresh = |addr| Client {
        addr,
        cookies: Default::default(),
        headers: Vec::new(),
    };
    let mut white = fresh(a);
    let mut black = fresh(a);
    let fields = [
        ("color", "white"),
        ("ruleset", "competition"),
        ("minutes", "10"),
    ];
    let game = white
        .game_against(&unique("FanW"), &mut black, &unique("FanB"), &fields)
        .await;

    // Both players on A (A opens the game first and owns it); a spectator on B.
    let mut w = white.socket(&game).await;
    let mut bl = black.socket(&game).await;
    w.state().await;
    bl.state().await;
    let mut spectator = fresh(b).socket(&game).await;
    assert_eq!(spectator.you, None);
    assert_eq!(spectator.state().await["ply"], 0);

    // Moves on A reach the spectator on B, each one, with the same state.
    let moves = ["e2e4", "e7e5", "g1f3", "g8f6"];
    for (ply, m) in moves.iter().enumerate() {
        let ply = ply as u64;
        if ply.is_multiple_of(2) {
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
        let stopped = if ply.is_multiple_of(2) {
            "white_ms"
        } else {
            "black_ms"
        };
        assert_eq!(on_a["clock"][stopped], on_b["clock"][stopped], "after {m}");
    }

    // Black now plays from B: the move is relayed to A, committed there, and every socket
    // on both servers sees it.
    // Black's socket on B reads Mongolian.
    let mut black_mn = on(&black, b);
    black_mn.cookies.insert("lang".into(), "mn".into());
    let mut bl_b = black_mn.socket(&game).await;
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
    // A move out of turn from B is refused by A, and the refusal comes back to that socket
    // (in its language) and to no other socket of the player.
    let mut bl_b2 = on(&black, b).socket(&game).await;
    at(&mut bl_b2, 6).await;
    bl_b.play("e7e6", 6).await;
    assert_eq!(bl_b.error().await, "Одоо таны нүүдэл биш.");
    // A draw offer from B is relayed too.
    w.play("e1e2", 6).await;
    at(&mut bl_b, 7).await;
    loop {
        let m = bl_b2.recv().await;
        assert_ne!(m["t"], "error", "another socket's refusal: {m}");
        if m["t"] == "state" && m["ply"] == 7 {
            break;
        }
    }
    bl_b2.close().await;
    bl_b.send(json!({"t": "draw-offer"})).await;
    loop {
        if w.state().await["draw_offer"] == "black" {
            break;
        }
    }
    let stored = shatar_server::db::games::moves(db, &game).await.unwrap();
    assert_eq!(stored.len(), 7, "one stored move per ply");

    // A stops (its locks go with its connection); B takes the game over on the next move.
    w.close().await;
    bl.close().await;
    stop_a.await;
    // PostgreSQL drops A's lock once it has noticed the closed connection.
    let key = shatar_server::live::fanout::lock_key(&game);
    tokio::time::timeout(common::PATIENCE, async {
        loop {
            let held: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1
                 AND ((classid::bigint << 32) | objid::bigint) = $1",
            )
            .bind(key)
            .fetch_one(&db.pool)
            .await
            .unwrap();
            if held == 0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("A's lock released");
    let mut w_b = on(&white, b).socket(&game).await;
    assert_eq!(at(&mut w_b, 7).await["draw_offer"], "black");
    bl_b.play("e8e7", 7).await;
    let st = at(&mut w_b, 8).await;
    assert_eq!(st["moves"][7], "e8e7");
    at(&mut spectator, 8).await;
    w_b.play("e2e1", 8).await;
    at(&mut bl_b, 9).await;
    assert_eq!(
        shatar_server::db::games::moves(db, &game)
            .await
            .unwrap()
            .len(),
        9
    );
}
