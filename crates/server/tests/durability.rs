//! Nothing acknowledged is lost: a server process is killed with SIGKILL in the middle of a
//! live game, a new one starts on the same database, and every acknowledged account, move,
//! offer and clock reading is there; the game goes on. An online event killed as a round
//! ends and again in the middle of the next goes on too: no round paired twice, no result
//! lost.
//!
//! The server runs in a child process: this test binary itself, re-run with the ignored test
//! `child_server`, which serves until killed.

mod common;

use common::events::{
    Account, account, assert_state_is_the_replay, call, expect_json, get_event, history, restart,
    results, round_of, start, start_event,
};
use common::online::{arena_games, games_of, games_of_round, online_event, play, wait_for};
use common::{Backend, Client, unique};
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;
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
        let mut config = common::config(dir.into(), &backend);
        // Every test client connects from 127.0.0.1: the per-address limits are raised out
        // of the way (the event tests' players make many calls).
        config.http_requests_per_second = 100_000;
        config.http_request_burst = 100_000;
        let running = shatar_server::start(config).await.unwrap();
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

on_both_backends!(
    sigkill_mid_game_loses_nothing_acknowledged,
    sigkill_mid_event_loses_nothing,
    sigkill_mid_arena_loses_nothing,
);

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

/// Stops the in-process server: the event is run by child processes from here on.
async fn hand_over(server: &mut common::TestServer) {
    if let Some(r) = server.running.take() {
        r.shutdown().await;
    }
}

/// A new child server process on `server`'s data, the test's clients pointed at it.
fn respawn(server: &mut common::TestServer, players: &mut [Account], b: &Backend) -> ServerProcess {
    let (child, addr) = spawn_server(server.dir.path(), b);
    server.addr = addr;
    for p in players {
        p.browser.addr = addr;
    }
    child
}

/// Plays each of `games` (White's index, Black's, game id) from its start with random
/// moves (seed `seed` + its index) to `plies`, resigning there when `resign`; each result.
async fn play_each(
    players: &[Account],
    games: &[(usize, usize, String)],
    plies: u64,
    seed: u64,
    resign: bool,
) -> Vec<Option<String>> {
    let mut played = Vec::new();
    for (i, (w, bl, game)) in games.iter().enumerate() {
        let mut white = players[*w].browser.socket(game).await;
        let mut black = players[*bl].browser.socket(game).await;
        let seed = seed + u64::try_from(i).unwrap();
        played.push(play(&mut white, &mut black, plies, seed, resign).await);
    }
    played
}

/// Each of `games`, asserted resumed at ply 4 after a kill, played on to ply 8 and resigned
/// (seed `seed` + its index); each result.
async fn resume_each(
    players: &[Account],
    games: &[(usize, usize, String)],
    seed: u64,
    what: &str,
) -> Vec<String> {
    let mut played = Vec::new();
    for (i, (w, bl, game)) in games.iter().enumerate() {
        let mut white = players[*w].browser.socket(game).await;
        let mut black = players[*bl].browser.socket(game).await;
        let s = white.get_state_via_ping().await;
        assert_eq!(
            (s["ply"].as_u64(), s["status"].as_str()),
            (Some(4), Some("started")),
            "{what}'s game {game} resumed at its fourth move"
        );
        let seed = seed + u64::try_from(i).unwrap();
        played.push(play(&mut white, &mut black, 8, seed, true).await.unwrap());
    }
    played
}

/// An online Swiss of 4 players and 2 rounds in a server process killed twice: the instant
/// round 1's last game ends (the server has its result to enter and round 2 to pair), and
/// four moves into round 2. Each new process finishes what the last one began: every
/// result entered once, each round paired once, the games resumed at their last move.
async fn sigkill_mid_event_loses_nothing(b: Backend) {
    // The accounts and the event are made in-process; the event is run by child processes.
    let mut server = start(b.clone()).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let (id, mut players) = online_event(
        &server,
        &org,
        json!({"name": "Killed", "system": "swiss", "rounds": 2, "online": true,
               "time_control": "120+1", "pause_s": 0, "rated": true}),
        "K",
        4,
    )
    .await;
    hand_over(&mut server).await;
    let mut child = respawn(&mut server, &mut players, &b);
    start_event(&mut org.api(&server), &id).await;

    // Round 1, played to its end; the server is killed as the last game ends.
    let event = wait_for(&mut org.api(&server), &id, "round 1's games", |e| {
        games_of_round(e, 1, &players).is_some()
    })
    .await;
    let round1 = games_of_round(&event, 1, &players).unwrap();
    let played: Vec<String> = play_each(&players, &round1, 6, 7, true)
        .await
        .into_iter()
        .map(Option::unwrap)
        .collect();
    child.kill();
    let mut child = respawn(&mut server, &mut players, &b);
    let event = wait_for(&mut org.api(&server), &id, "round 1's results", |e| {
        round_of(e, 1).is_some_and(|r| results(r).values().all(Option::is_some))
    })
    .await;
    let entered: Vec<String> = results(round_of(&event, 1).unwrap())
        .into_values()
        .map(Option::unwrap)
        .collect();
    assert_eq!(entered, played, "round 1's results, entered after the kill");

    // Round 2: four moves in each game, then SIGKILL.
    let event = wait_for(&mut org.api(&server), &id, "round 2's games", |e| {
        games_of_round(e, 2, &players).is_some()
    })
    .await;
    let games = games_of_round(&event, 2, &players).unwrap();
    let unfinished = play_each(&players, &games, 4, 70, false).await;
    assert!(unfinished.iter().all(Option::is_none), "{unfinished:?}");
    child.kill();
    let mut child = respawn(&mut server, &mut players, &b);
    let played = resume_each(&players, &games, 700, "round 2").await;
    let event = wait_for(&mut org.api(&server), &id, "the end", |e| {
        e["status"] == "finished"
    })
    .await;
    let entered: Vec<String> = results(round_of(&event, 2).unwrap())
        .into_values()
        .map(Option::unwrap)
        .collect();
    assert_eq!(entered, played, "round 2's results");
    assert_eq!(event["rounds"].as_array().unwrap().len(), 2);
    let history = history(&mut org.api(&server), &id).await;
    assert_eq!(
        history.iter().filter(|h| h["by"] == "server").count(),
        2 * (2 + 2),
        "2 rounds, each paired, published and 2 results: nothing done twice"
    );
    child.kill();
    restart(&mut server).await;
    assert_state_is_the_replay(&server, &id).await;
    // The event is rated: each game changed its two players' ratings once.
    let event = get_event(&mut org.api(&server), &id).await;
    for r in 1..=2 {
        for (_, _, game) in games_of_round(&event, r, &players).unwrap() {
            let changes = shatar_server::db::ratings::changes_of_game(&server.state().db, &game)
                .await
                .unwrap();
            assert_eq!(changes.len(), 2, "round {r}, game {game}: {changes:?}");
        }
    }
}

/// Wave `wave` of an arena as (White's index in `players`, Black's, game id), once each
/// of its games has its live game.
fn arena_wave(
    event: &Value,
    wave: u64,
    players: &[Account],
) -> Option<Vec<(usize, usize, String)>> {
    games_of(event, &arena_games(event, wave)?, players)
}

/// The results of wave `wave`'s games, each asserted entered.
fn arena_results(event: &Value, wave: u64) -> Vec<String> {
    arena_games(event, wave)
        .unwrap()
        .iter()
        .map(|g| {
            g["result"]
                .as_str()
                .unwrap_or_else(|| panic!("wave {wave}'s game has its result: {g}"))
                .to_owned()
        })
        .collect()
}

/// An online arena of 4 players in a server process killed twice: the instant wave 1's
/// last game ends (its results to enter and wave 2 to pair), and four moves into wave 2.
/// Each new process finishes what the last one began: every result entered once, each wave
/// paired once, the games resumed at their last move; then the organiser ends it.
async fn sigkill_mid_arena_loses_nothing(b: Backend) {
    let mut server = start(b.clone()).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let (id, mut players) = online_event(
        &server,
        &org,
        json!({"name": "Killed arena", "system": "arena", "online": true,
               "time_control": "120+1", "duration_min": 60, "rated": false}),
        "KA",
        4,
    )
    .await;
    hand_over(&mut server).await;
    let mut child = respawn(&mut server, &mut players, &b);
    start_event(&mut org.api(&server), &id).await;

    // Wave 1, played to its end; the server is killed as its last game ends.
    let event = wait_for(&mut org.api(&server), &id, "wave 1's games", |e| {
        arena_wave(e, 1, &players).is_some()
    })
    .await;
    let wave1 = arena_wave(&event, 1, &players).unwrap();
    assert_eq!(wave1.len(), 2, "four waiting players, two games");
    let played: Vec<String> = play_each(&players, &wave1, 6, 11, true)
        .await
        .into_iter()
        .map(Option::unwrap)
        .collect();
    child.kill();
    let mut child = respawn(&mut server, &mut players, &b);
    let event = wait_for(
        &mut org.api(&server),
        &id,
        "wave 1's results and wave 2",
        |e| arena_wave(e, 2, &players).is_some(),
    )
    .await;
    assert_eq!(
        arena_results(&event, 1),
        played,
        "wave 1's results, entered after the kill"
    );

    // Wave 2: four moves in each game, then SIGKILL.
    let wave2 = arena_wave(&event, 2, &players).unwrap();
    assert_eq!(wave2.len(), 2);
    let unfinished = play_each(&players, &wave2, 4, 110, false).await;
    assert!(unfinished.iter().all(Option::is_none), "{unfinished:?}");
    child.kill();
    let mut child = respawn(&mut server, &mut players, &b);
    let played = resume_each(&players, &wave2, 1100, "wave 2").await;
    let event = wait_for(&mut org.api(&server), &id, "wave 3", |e| {
        arena_wave(e, 3, &players).is_some()
    })
    .await;
    assert_eq!(arena_results(&event, 2), played, "wave 2's results");
    let r = call(
        &mut org.api(&server),
        "POST",
        &format!("/api/events/{id}/arena/end"),
        None,
    )
    .await;
    assert_eq!(expect_json(&r, 200, "the end")["status"], "finished");

    let history = history(&mut org.api(&server), &id).await;
    let by_server = |kind: &str| {
        history
            .iter()
            .filter(|h| h["by"] == "server" && h["action"]["kind"] == kind)
            .count()
    };
    assert_eq!(by_server("arena-begin"), 1, "begun once");
    assert_eq!(
        by_server("arena-pair"),
        3,
        "waves 1, 2 and 3, each paired once"
    );
    assert_eq!(
        by_server("arena-result"),
        4,
        "each of four results entered once"
    );
    let event = get_event(&mut org.api(&server), &id).await;
    assert_eq!(event["arena"]["games"].as_array().unwrap().len(), 6);
    child.kill();
    restart(&mut server).await;
    assert_state_is_the_replay(&server, &id).await;
}
