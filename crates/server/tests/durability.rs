//! Nothing acknowledged is lost: a server process is killed with SIGKILL in the middle of a
//! live game, a new one starts on the same database, and every acknowledged account, move,
//! offer and clock reading is there; the game goes on.
//!
//! The server runs in a child process: this test binary itself, re-run with the ignored test
//! `child_server`, which serves until killed.

mod common;

use common::{Backend, Client, unique};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Not a test of its own: the server process the other tests kill.
#[test]
#[ignore = "run by the durability tests as their server process"]
fn child_server() {
    let Ok(dir) = std::env::var("SHATAR_CHILD_DATA_DIR") else {
        return;
    };
    let backend = match std::env::var("SHATAR_CHILD_DATABASE_URL") {
        Ok(url) => Backend::Postgres(url),
        Err(_) => Backend::Sqlite,
    };
    // Exit when the parent test goes away (this process is re-parented), even if it was
    // killed: no server process outlives the test run.
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
        let running = shatar_server::start(common::config(dir.into(), &backend))
            .await
            .unwrap();
        println!("LISTENING {}", running.addr);
        std::future::pending::<()>().await;
    });
}

/// A server process, killed when dropped (also when an assertion fails mid-test).
struct ServerProcess(Child);

impl ServerProcess {
    /// SIGKILL, and reap.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn spawn_server(dir: &Path, backend: &Backend) -> (ServerProcess, SocketAddr) {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "--ignored",
        "--exact",
        "child_server",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("SHATAR_CHILD_DATA_DIR", dir)
    .stdout(Stdio::piped())
    .stderr(Stdio::null());
    if let Backend::Postgres(url) = backend {
        cmd.env("SHATAR_CHILD_DATABASE_URL", url);
    }
    let mut child = ServerProcess(cmd.spawn().unwrap());
    let stdout = child.0.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let line = lines.next().expect("the child prints its address").unwrap();
        // The harness prints "test child_server ... " before it on the same line.
        if let Some((_, a)) = line.split_once("LISTENING ") {
            break a.trim().parse().unwrap();
        }
    };
    // Keep draining the child's output so it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

on_both_backends!(sigkill_mid_game_loses_nothing_acknowledged);

async fn sigkill_mid_game_loses_nothing_acknowledged(b: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = spawn_server(dir.path(), &b);
    let client = |addr| Client {
        addr,
        cookies: Default::default(),
        headers: Vec::new(),
    };
    let (wname, bname) = (unique("Temuujin"), unique("Borte"));
    let mut white = client(addr);
    let mut black = client(addr);
    let fields = [
        ("ruleset", "official"),
        ("minutes", "60"),
        ("increment", "5"),
        ("color", "white"),
    ];
    let game = white
        .game_against(&wname, &mut black, &bname, &fields)
        .await;
    let mut w = white.socket(&game).await;
    let mut bs = black.socket(&game).await;
    w.state().await;
    bs.state().await;
    let mut last = json!(null);
    for (ply, m) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"].iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut w } else { &mut bs };
        mover.play(m, ply as u64).await;
        // Acknowledged: the mover has seen the state with its move.
        last = mover.state_at(ply as u64 + 1).await;
        let other = if ply % 2 == 0 { &mut bs } else { &mut w };
        other.state_at(ply as u64 + 1).await;
    }
    bs.send(json!({"t": "draw-offer"})).await;
    let acked = bs.state().await;
    assert_eq!(acked["draw_offer"], "black");
    assert_eq!(last["ply"], 5);

    child.kill(); // SIGKILL
    drop(w);
    drop(bs);

    let (mut child, addr) = spawn_server(dir.path(), &b);
    white.addr = addr;
    black.addr = addr;
    // Accounts and sessions survived.
    assert!(
        white
            .get("/")
            .await
            .body
            .contains(&format!("Signed in as {wname}"))
    );
    let mut fresh = client(addr);
    let csrf = fresh.get("/signin").await.csrf();
    let r = fresh
        .post(
            "/signin",
            &[
                ("username", &bname),
                ("password", "12345678"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 303);
    // The game, its moves, the pending offer and the clocks as acknowledged.
    let mut bs = black.socket(&game).await;
    let s = bs.state().await;
    assert_eq!(s["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]));
    assert_eq!(s["draw_offer"], "black");
    assert_eq!(s["clock"]["white_ms"], acked["clock"]["white_ms"]);
    assert_eq!(s["clock"]["running"], "black");
    assert_eq!(s["status"], "started");
    // Play resumes: White declines by answering, Black moves.
    let mut w = white.socket(&game).await;
    w.state().await;
    w.send(json!({"t": "draw-decline"})).await;
    assert_eq!(bs.state().await["draw_offer"], json!(null));
    bs.play("g8f6", 5).await;
    assert_eq!(w.state_at(6).await["moves"][5], "g8f6");
    child.kill();
}
