//! Live games through the real server and two (or more) socket clients.

mod common;

use common::{Backend, Client, Socket, TestServer, unique};
use serde_json::json;

on_both_backends!(
    full_game_to_mate_with_clocks,
    draw_by_offer_with_alternation,
    reconnect_resumes_exactly,
    spectators_watch_but_cannot_act,
    abort_only_in_the_first_round,
    flag_fall_ends_the_game,
    restart_rebuilds_games_from_the_database,
    bad_socket_messages_are_refused,
    rematch_swaps_colours_when_both_ask,
    a_player_who_left_can_be_claimed_against,
);

/// Two signed-up players and a game between them (White seeks, Black accepts).
async fn pair(server: &TestServer, seek: &[(&str, &str)]) -> (Client, Client, String) {
    let mut white = server.client();
    let mut black = server.client();
    let mut fields = vec![("color", "white")];
    fields.extend_from_slice(seek);
    let game = white
        .game_against(&unique("White"), &mut black, &unique("Black"), &fields)
        .await;
    (white, black, game)
}

/// Plays `moves` alternately from ply `from`, checking both sockets see each one.
async fn play(w: &mut Socket, b: &mut Socket, moves: &[&str], from: u64) -> serde_json::Value {
    let mut last = json!(null);
    for (i, m) in moves.iter().enumerate() {
        let ply = from + i as u64;
        let mover = if ply.is_multiple_of(2) {
            &mut *w
        } else {
            &mut *b
        };
        mover.play(m, ply).await;
        let sw = w.state_at(ply + 1).await;
        let sb = b.state_at(ply + 1).await;
        assert_eq!(sw["ply"], ply + 1, "after {m}: {sw}");
        assert_eq!(sw["moves"], sb["moves"]);
        assert_eq!(sw["moves"][ply as usize], *m);
        last = sw;
    }
    last
}

async fn full_game_to_mate_with_clocks(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(
        &server,
        &[
            ("ruleset", "official"),
            ("minutes", "5"),
            ("increment", "3"),
        ],
    )
    .await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    assert_eq!(w.you.as_deref(), Some("white"));
    assert_eq!(b.you.as_deref(), Some("black"));
    let s = w.state().await;
    b.state().await;
    // The first round (S1 §1.2): White may only open e2-e4 or d2-d4.
    assert_eq!(s["dests"], json!({"d2": ["d4"], "e2": ["e4"]}));
    assert_eq!(s["first_round"], true);
    assert_eq!(
        s["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    assert_eq!(
        s["clock"],
        json!({"white_ms": 300000, "black_ms": 300000, "running": null, "initial_ms": 300000, "increment_ms": 3000})
    );
    // Black's only answer is the mirror.
    w.play("e2e4", 0).await;
    let s = b.state_at(1).await;
    w.state_at(1).await;
    assert_eq!(s["dests"], json!({"e7": ["e5"]}));
    assert_eq!(s["last"], json!(["e2", "e4"]));
    // The first two moves cost no time and add no increment.
    assert_eq!(s["clock"]["white_ms"], 300000);
    assert_eq!(s["clock"]["running"], json!(null));
    b.play("e7e5", 1).await;
    let s = w.state_at(2).await;
    b.state_at(2).await;
    assert_eq!(s["first_round"], false);
    assert_eq!(s["clock"]["black_ms"], 300000);
    assert_eq!(s["clock"]["running"], "white");
    // The scholar's mate, as in the rules core's own example.
    let s = play(&mut w, &mut b, &["d1h5", "b8c6", "f1c4", "g8f6"], 2).await;
    assert_eq!(s["check"], json!(null));
    let c = &s["clock"];
    // Each side has pressed twice since the clocks started: at most 2 increments gained.
    let (wm, bm) = (
        c["white_ms"].as_i64().unwrap(),
        c["black_ms"].as_i64().unwrap(),
    );
    assert!(wm > 0 && wm <= 306000, "{c}");
    assert!(bm > 0 && bm <= 306000, "{c}");
    w.play("h5f7", 6).await;
    let end = w.state_at(7).await;
    let end_b = b.state_at(7).await;
    assert_eq!(end, end_b);
    assert_eq!(end["status"], "ended");
    assert_eq!(end["result"], "1-0");
    assert_eq!(end["termination"], "checkmate");
    assert_eq!(end["check"], "e8");
    assert_eq!(end["dests"], json!({}));
    assert_eq!(end["clock"]["running"], json!(null));
    assert_eq!(
        end["fen"],
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b - - 0 4"
    );
    // No further move is accepted.
    b.play("e8e7", 7).await;
    assert_eq!(b.error().await, "The game is over.");
    // What the page's JSON reads is what was stored.
    let mut anyone = server.client();
    let stored = anyone.get(&format!("/api/games/{game}")).await.json();
    assert_eq!(stored["moves"], end["moves"]);
    assert_eq!(stored["result"], "1-0");
    server.stop().await;
}

async fn draw_by_offer_with_alternation(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(&server, &[("ruleset", "fsf"), ("minutes", "10")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    // fsf starts after 1.d4 d5 with no first-round rule: any of White's legal moves.
    w.send(json!({"t": "draw-offer"})).await;
    let s = b.state().await;
    assert_eq!(s["draw_offer"], "white");
    assert_eq!(s["can_offer"], json!({"white": false, "black": false}));
    w.state().await;
    // White cannot offer again; Black's move declines the offer.
    w.send(json!({"t": "draw-offer"})).await;
    assert_eq!(
        w.error().await,
        "You cannot offer a draw now: your offer is still waiting for an answer."
    );
    b.play("e7e6", 0).await;
    assert_eq!(b.error().await, "It is not your move.");
    w.play("e2e3", 0).await;
    w.state().await;
    b.state().await;
    b.play("e7e6", 1).await;
    let s = w.state().await;
    b.state().await;
    assert_eq!(s["draw_offer"], json!(null));
    // S4: after a declined offer, White must wait for Black's offer.
    assert_eq!(s["can_offer"], json!({"white": false, "black": true}));
    w.send(json!({"t": "draw-offer"})).await;
    assert_eq!(
        w.error().await,
        "You cannot offer a draw now: after a declined offer, your opponent must offer before you may again."
    );
    b.send(json!({"t": "draw-offer"})).await;
    assert_eq!(w.state().await["draw_offer"], "black");
    b.state().await;
    w.send(json!({"t": "draw-accept"})).await;
    let end = b.state().await;
    assert_eq!(end["status"], "ended");
    assert_eq!(end["result"], "1/2-1/2");
    assert_eq!(end["termination"], "agreement");
    server.stop().await;
}

async fn reconnect_resumes_exactly(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(&server, &[("ruleset", "official"), ("minutes", "30")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    play(&mut w, &mut b, &["d2d4", "d7d5", "g1f3"], 0).await;
    // Black drops; White's next move happens while Black is away... (Black to move here, so
    // Black comes back to find the position it left, then plays on.)
    b.close().await;
    let before = w.get_state_via_ping().await;
    let mut b = black.socket(&game).await;
    let again = b.state().await;
    assert_eq!(again["moves"], json!(["d2d4", "d7d5", "g1f3"]));
    assert_eq!(again["ply"], 3);
    assert_eq!(again["fen"], before["fen"]);
    assert_eq!(again["dests"], before["dests"]);
    assert_eq!(b.you.as_deref(), Some("black"));
    // And a player who reconnects in the middle of the opponent's turn sees the move made
    // while away.
    w.close().await;
    b.play("g8f6", 3).await;
    b.state_at(4).await;
    let mut w = white.socket(&game).await;
    let s = w.state().await;
    assert_eq!(s["moves"], json!(["d2d4", "d7d5", "g1f3", "g8f6"]));
    assert_eq!(s["turn"], "white");
    play(&mut w, &mut b, &["c1f4"], 4).await;
    server.stop().await;
}

async fn spectators_watch_but_cannot_act(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(&server, &[("ruleset", "official"), ("minutes", "30")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    let mut third = server.client();
    third.sign_up(&unique("Watcher"), "12345678").await;
    let mut guest_sock = server.client().socket(&game).await;
    let mut third_sock = third.socket(&game).await;
    assert_eq!(third_sock.you, None);
    assert_eq!(guest_sock.you, None);
    assert_eq!(third_sock.state().await["ply"], 0);
    guest_sock.state().await;
    // Another account cannot move, offer, resign or abort for a player.
    for msg in [
        json!({"t": "move", "uci": "e2e4", "ply": 0}),
        json!({"t": "draw-offer"}),
        json!({"t": "resign"}),
        json!({"t": "abort"}),
    ] {
        third_sock.send(msg).await;
        assert_eq!(
            third_sock.error().await,
            "Only the players of this game may act in it."
        );
        guest_sock.send(json!({"t": "resign"})).await;
        assert_eq!(
            guest_sock.error().await,
            "Only the players of this game may act in it."
        );
    }
    // Black cannot move for White.
    b.play("e2e4", 0).await;
    assert_eq!(b.error().await, "It is not your move.");
    // Spectators see the moves live.
    play(&mut w, &mut b, &["e2e4", "e7e5"], 0).await;
    let s = third_sock.state_at(2).await;
    assert_eq!(s["moves"], json!(["e2e4", "e7e5"]));
    assert_eq!(
        guest_sock.state_at(2).await["moves"],
        json!(["e2e4", "e7e5"])
    );
    // Nothing the spectators sent changed the game.
    let stored = server
        .client()
        .get(&format!("/api/games/{game}"))
        .await
        .json();
    assert_eq!(stored["status"], "started");
    assert_eq!(stored["draw_offer"], json!(null));
    server.stop().await;
}

async fn abort_only_in_the_first_round(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(&server, &[("ruleset", "official"), ("minutes", "30")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    play(&mut w, &mut b, &["e2e4", "e7e5"], 0).await;
    w.send(json!({"t": "abort"})).await;
    assert_eq!(
        w.error().await,
        "A game can be aborted only before both sides have made their first move."
    );
    w.send(json!({"t": "resign"})).await;
    let end = b.state().await;
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("0-1"), Some("resign"))
    );

    let (white, black, game) = pair(&server, &[("ruleset", "official"), ("minutes", "30")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    play(&mut w, &mut b, &["d2d4"], 0).await;
    b.send(json!({"t": "abort"})).await;
    let end = w.state().await;
    assert_eq!(end["status"], "aborted");
    assert_eq!(end["result"], json!(null));
    assert_eq!(end["termination"], "aborted");
    server.stop().await;
}

async fn flag_fall_ends_the_game(bk: Backend) {
    let server = TestServer::start(bk).await;
    // Two seconds each: the flag falls on White after the first round.
    let (white, black, game) = pair(&server, &[("ruleset", "official"), ("seconds", "2")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    play(&mut w, &mut b, &["e2e4", "e7e5"], 0).await;
    // White does not move: the server's timer ends the game.
    let end = b.state().await;
    assert_eq!(end["status"], "ended", "{end}");
    assert_eq!(end["termination"], "flag");
    assert_eq!(end["result"], "0-1");
    assert_eq!(end["clock"]["white_ms"], 0);
    assert_eq!(end["clock"]["black_ms"], 2000);
    assert_eq!(w.state().await, end);
    server.stop().await;
}

async fn restart_rebuilds_games_from_the_database(bk: Backend) {
    let mut server = TestServer::start(bk).await;
    let (mut white, mut black, game) =
        pair(&server, &[("ruleset", "official"), ("minutes", "60")]).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    play(&mut w, &mut b, &["d2d4", "d7d5", "c2c3"], 0).await;
    w.send(json!({"t": "draw-offer"})).await;
    b.state().await;
    let before = w.state().await;
    assert_eq!(before["draw_offer"], "white");
    drop(w);
    drop(b);
    server.restart().await;
    // Sessions, games, moves, clocks and the pending offer are all back.
    white.addr = server.addr;
    black.addr = server.addr;
    assert!(white.get("/").await.body.contains("Signed in as"));
    let mut b = black.socket(&game).await;
    let after = b.state().await;
    for key in [
        "moves",
        "fen",
        "dests",
        "draw_offer",
        "can_offer",
        "players",
        "status",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    assert_eq!(after["clock"]["white_ms"], before["clock"]["white_ms"]);
    assert_eq!(after["clock"]["running"], "black");
    let mut w = white.socket(&game).await;
    w.state().await;
    // Black's move declines the offer, and play goes on.
    let s = play(&mut w, &mut b, &["e7e6"], 3).await;
    assert_eq!(s["draw_offer"], json!(null));
    server.stop().await;
}

async fn bad_socket_messages_are_refused(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(&server, &[("ruleset", "official"), ("minutes", "30")]).await;
    let mut w = white.socket(&game).await;
    let _b = black.socket(&game).await;
    w.state().await;
    w.send_text("not json").await;
    assert!(
        w.error()
            .await
            .starts_with("The message could not be read (")
    );
    w.send(json!({"t": "move", "uci": "e2e5", "ply": 0})).await;
    assert_eq!(
        w.error().await,
        "e2e5 is not a legal move in this position."
    );
    w.send(json!({"t": "move", "uci": "a2a3", "ply": 0})).await;
    assert_eq!(
        w.error().await,
        "a2a3 is not a legal move in this position.",
        "first round"
    );
    w.send(json!({"t": "move", "uci": "e2e4", "ply": 5})).await;
    assert_eq!(
        w.error().await,
        "This was sent for an earlier position: the game is at ply 0, the message was for ply 5."
    );
    w.send(json!({"t": "move", "uci": "<b>x</b>", "ply": 0}))
        .await;
    assert_eq!(
        w.error().await,
        "Move: “<b>x</b>” is not written as a move; give 4 or 5 letters and digits, such as e2e4."
    );
    // The game is untouched and still playable.
    w.play("e2e4", 0).await;
    assert_eq!(w.state_at(1).await["moves"], json!(["e2e4"]));
    // A cross-site socket is refused at the upgrade.
    let mut req = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
        format!("ws://{}/game/{game}/ws", server.addr),
    )
    .unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    req.headers_mut()
        .insert("Cookie", white.cookie_header().parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_err());
    server.stop().await;
}

async fn rematch_swaps_colours_when_both_ask(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(
        &server,
        &[
            ("ruleset", "official"),
            ("minutes", "15"),
            ("increment", "10"),
        ],
    )
    .await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    // Not before the end.
    w.send(json!({"t": "rematch"})).await;
    assert_eq!(
        w.error().await,
        "A rematch can be asked for only after the game has ended."
    );
    play(&mut w, &mut b, &["d2d4", "d7d5"], 0).await;
    b.send(json!({"t": "resign"})).await;
    assert_eq!(w.state().await["result"], "1-0");
    b.state().await;
    w.send(json!({"t": "rematch"})).await;
    let s = b.state().await;
    assert_eq!(s["rematch"], json!({"offer": "white", "game": null}));
    w.state().await;
    b.send(json!({"t": "rematch"})).await;
    let s = w.state().await;
    let next = s["rematch"]["game"].as_str().unwrap().to_owned();
    // Colours swap; the time control is kept.
    let mut w2 = black.socket(&next).await;
    let mut b2 = white.socket(&next).await;
    assert_eq!(w2.you.as_deref(), Some("white"));
    assert_eq!(b2.you.as_deref(), Some("black"));
    let s = w2.state().await;
    assert_eq!(s["clock"]["initial_ms"], 900_000);
    assert_eq!(s["clock"]["increment_ms"], 10_000);
    assert_eq!(s["ply"], 0);
    b2.state().await;
    play(&mut w2, &mut b2, &["e2e4"], 0).await;
    // A spectator cannot ask.
    let mut guest = server.client().socket(&game).await;
    guest.send(json!({"t": "rematch"})).await;
    assert_eq!(
        guest.error().await,
        "Only the players of this game may act in it."
    );
    server.stop().await;
}

/// The seeker's page: the challenge link as a whole address (the configured public URL,
/// else the request's host) with a copy button in the page language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_link_is_a_full_url_with_a_copy_button() {
    let server = TestServer::start(Backend::Sqlite).await;
    let mut c = server.client();
    c.sign_up(&unique("Link"), "12345678").await;
    let seek = c
        .seek(&[
            ("color", "white"),
            ("ruleset", "official"),
            ("minutes", "5"),
        ])
        .await;
    let page = c.get(&format!("/seeks/{seek}")).await;
    assert_eq!(page.status, 200);
    let link = format!("http://{}/seeks/{seek}", server.addr);
    assert!(
        page.body.contains(&format!(
            r#"<input class="link" id="seek-link" readonly value="{link}"> <button type="button" data-copy="seek-link" data-copied="Copied" hidden>Copy the link</button>"#
        )),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(r#"<script src="/static/copy.js"></script>"#)
    );
    c.cookies.insert("lang".into(), "zh".into());
    let page = c.get(&format!("/seeks/{seek}")).await;
    assert!(
        page.body
            .contains(r#"data-copied="已复制" hidden>复制链接</button>"#),
        "{}",
        page.body
    );
    let js = c.get("/static/copy.js").await;
    assert_eq!(js.status, 200);
    assert_eq!(
        js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(
        js.body
            .contains("navigator.clipboard.writeText(field.value)")
    );
    server.stop().await;

    // With --public-url the link names the public site, whatever the Host.
    let server =
        TestServer::start_with(|c| c.public_url = Some("https://shatar.example".into())).await;
    let mut c = server.client();
    c.sign_up(&unique("Link"), "12345678").await;
    let seek = c
        .seek(&[
            ("color", "white"),
            ("ruleset", "official"),
            ("minutes", "5"),
        ])
        .await;
    let page = c.get(&format!("/seeks/{seek}")).await;
    assert!(
        page.body.contains(&format!(
            r#"readonly value="https://shatar.example/seeks/{seek}">"#
        )),
        "{}",
        page.body
    );
    server.stop().await;
}

/// The next state whose status is not `started`.
async fn until_over(s: &mut Socket) -> serde_json::Value {
    loop {
        let st = s.state().await;
        if st["status"] != "started" {
            return st;
        }
    }
}

/// A game whose first round stalls is aborted after `--first-move-seconds` (here 1 s, a
/// 5-minute game), by the server, and everyone on the game page is told why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_without_a_first_move_is_aborted() {
    let server = TestServer::start_with(|c| c.first_move_seconds = 1).await;
    let db = server.state().db.clone();
    let fields = [("ruleset", "official"), ("minutes", "5")];
    // Nobody moves.
    let (mut white, black, game) = pair(&server, &fields).await;
    let mut w = white.socket(&game).await;
    let end = until_over(&mut w).await;
    assert_eq!(end["status"], "aborted");
    assert_eq!(end["termination"], "no-start");
    assert_eq!(end["result"], json!(null));
    assert_eq!(end["moves"], json!([]));
    let row = shatar_server::db::games::by_id(&db, &game)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, shatar_server::db::games::Status::Aborted);
    assert_eq!(row.termination.map(|t| t.as_str()), Some("no-start"));
    let events = shatar_server::db::games::events(&db, &game).await.unwrap();
    let kinds: Vec<_> = events
        .iter()
        .map(|e| (e.kind.as_str(), e.color.as_deref()))
        .collect();
    assert_eq!(kinds, [("abort", None)]);
    // The page carries the reason in the creator's language.
    white.cookies.insert("lang".into(), "zh".into());
    let page = white.get(&format!("/game/{game}")).await;
    assert!(
        page.body.contains("已取消：未按时走出第一步"),
        "{}",
        page.body
    );
    drop(black);

    // White moves, Black never answers: aborted one second after White's move.
    let (white, black, game) = pair(&server, &fields).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    let sent = std::time::Instant::now();
    w.play("e2e4", 0).await;
    b.state_at(1).await;
    let end = until_over(&mut b).await;
    let waited = sent.elapsed();
    assert_eq!(end["status"], "aborted");
    assert_eq!(end["termination"], "no-start");
    assert_eq!(end["moves"], json!(["e2e4"]));
    assert!(
        waited >= std::time::Duration::from_millis(1000),
        "{waited:?}"
    );
    assert!(waited < std::time::Duration::from_secs(10), "{waited:?}");

    // Once the first round is played, the clock rules and nothing is aborted.
    let (white, black, game) = pair(&server, &fields).await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    play(&mut w, &mut b, &["e2e4", "e7e5"], 0).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let s = w.get_state_via_ping().await;
    assert_eq!(s["status"], "started", "{s}");
    server.stop().await;
}

/// The next `presence` message (skipping states).
async fn presence(s: &mut Socket) -> serde_json::Value {
    loop {
        let m = s.recv().await;
        if m["t"] == "presence" {
            return m;
        }
    }
}

/// A player who leaves a game can be claimed against once gone for the game's wait (30 s
/// for a 5-minute game): the claim is refused while they are there and while the wait
/// runs (with the seconds left), the page is told how long they have been gone, and the
/// claim ends the game as a win, `abandoned`, rated like any result. The stored notes
/// are aged by hand instead of waiting.
async fn a_player_who_left_can_be_claimed_against(bk: Backend) {
    let server = TestServer::start(bk).await;
    let (white, black, game) = pair(
        &server,
        &[("ruleset", "official"), ("minutes", "5"), ("rated", "1")],
    )
    .await;
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    let quiet = json!({"t": "presence", "opponent_gone_s": null, "claim_in_s": null});
    assert_eq!(presence(&mut w).await, quiet);
    play(&mut w, &mut b, &["e2e4", "e7e5"], 0).await;
    w.send(json!({"t": "claim-victory"})).await;
    assert_eq!(
        w.error().await,
        "Your opponent is still at the game: there is nothing to claim."
    );

    // Black leaves; their socket's last note is the moment they left.
    b.close().await;
    // The server writes that last note after the close: let it land before ageing it.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let age = |ms: i64| {
        let pool = server.state().db.pool.clone();
        let game = game.clone();
        async move {
            sqlx::query("UPDATE games SET black_seen_ms = $1 WHERE id = $2")
                .bind(shatar_server::db::now_ms() - ms)
                .bind(&game)
                .execute(&pool)
                .await
                .unwrap();
        }
    };
    // Gone 20 s: the wait (30 s) runs for 10 s more.
    age(20_000).await;
    w.send(json!({"t": "claim-victory"})).await;
    assert_eq!(
        w.error().await,
        "Your opponent has left; the game can be claimed in 10 s."
    );
    // A page opened now is told at once (its first note).
    let mut w2 = white.socket(&game).await;
    let note = presence(&mut w2).await;
    assert_eq!(note["opponent_gone_s"], 20, "{note}");
    assert_eq!(note["claim_in_s"], 10, "{note}");

    age(31_000).await;
    w.send(json!({"t": "claim-victory"})).await;
    let end = until_over(&mut w).await;
    assert_eq!(
        (end["result"].as_str(), end["termination"].as_str()),
        (Some("1-0"), Some("abandoned"))
    );
    let stored = white
        .clone()
        .get(&format!("/api/games/{game}"))
        .await
        .json();
    assert_eq!(stored["termination"], "abandoned");
    server.stop().await;
}

/// Moves a seek's creation time `minutes` into the past.
async fn age_seek(server: &TestServer, seek: &str, minutes: i64) {
    sqlx::query("UPDATE seeks SET created_ms = created_ms - $1 WHERE id = $2")
        .bind(minutes * 60_000)
        .bind(seek)
        .execute(&server.state().db.pool)
        .await
        .unwrap();
}

/// A seek expires `--seek-minutes` (60 by default) after it was made: no longer listed,
/// its page and its acceptance refused with the reason, its poll says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_expires_after_the_set_time() {
    let server = TestServer::start(Backend::Sqlite).await;
    let mut seeker = server.client();
    seeker.sign_up(&unique("Seeker"), "12345678").await;
    let mut other = server.client();
    other.sign_up(&unique("Taker"), "12345678").await;
    let fields = [
        ("color", "white"),
        ("ruleset", "official"),
        ("minutes", "5"),
        ("listed", "1"),
    ];
    let old = seeker.seek(&fields).await;
    let young = seeker.seek(&fields).await;
    let accept_form = |id: &str| format!(r#"action="/seeks/{id}/accept""#);
    let lobby = other.get("/").await;
    assert!(lobby.body.contains(&accept_form(&old)), "{}", lobby.body);
    age_seek(&server, &old, 61).await;
    age_seek(&server, &young, 59).await;

    let lobby = other.get("/").await;
    assert!(!lobby.body.contains(&accept_form(&old)), "{}", lobby.body);
    assert!(lobby.body.contains(&accept_form(&young)), "{}", lobby.body);
    let poll = seeker.get(&format!("/api/seeks/{old}")).await;
    assert_eq!(poll.json(), json!({"game": null, "expired": true}));
    let poll = seeker.get(&format!("/api/seeks/{young}")).await;
    assert_eq!(poll.json(), json!({"game": null, "expired": false}));
    let page = other.get(&format!("/seeks/{old}")).await;
    assert_eq!(page.status, 404);
    let said = format!("The challenge “{old}” has expired: a challenge stays open 60 minutes.");
    assert!(page.body.contains(&said), "{}", page.body);
    other.cookies.insert("lang".into(), "zh".into());
    let page = other.get(&format!("/seeks/{old}")).await;
    assert!(
        page.body
            .contains(&format!("挑战“{old}”已过期：挑战只保留 60 分钟。")),
        "{}",
        page.body
    );
    other.cookies.insert("lang".into(), "en".into());
    let csrf = other.csrf().await;
    let r = other
        .post(&format!("/seeks/{old}/accept"), &[("csrf", &csrf)])
        .await;
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(r.body.contains(&said), "{}", r.body);
    // The younger one is still taken up.
    let game = other.accept(&young).await;
    assert!(!game.is_empty());
    server.stop().await;
}

/// A seek expires when its player has left: their waiting page polls (and the lobby
/// notes them) every few seconds; once neither has for `--seek-owner-gone-seconds`, the
/// seek is no longer listed nor accepted, and says why. An open lobby page sees seeks
/// come and go by polling `/lobby/live`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_expires_when_its_player_leaves_and_the_lobby_says_so() {
    let server = TestServer::start_with(|c| c.seek_owner_gone_seconds = 5).await;
    let mut seeker = server.client();
    seeker.sign_up(&unique("Seeker"), "12345678").await;
    let mut other = server.client();
    other.sign_up(&unique("Taker"), "12345678").await;
    // The taker's lobby polls what it shows, from the signature the page showed.
    let lobby = other.get("/").await;
    let marker = r#"data-src="/lobby/live" data-since=""#;
    let at = lobby.body.find(marker).expect("the lobby names its poll") + marker.len();
    let since: String = lobby.body[at..].chars().take_while(|c| *c != '"').collect();
    let polled = other.get("/lobby/live").await.json();
    assert_eq!(polled["signature"], since.as_str());
    let fields = [
        ("color", "white"),
        ("ruleset", "official"),
        ("minutes", "5"),
        ("listed", "1"),
    ];
    let stays = seeker.seek(&fields).await;
    let polled = other.get("/lobby/live").await.json();
    assert_ne!(
        polled["signature"],
        since.as_str(),
        "the lobby changed: {polled}"
    );
    let accept_form = |id: &str| format!(r#"action="/seeks/{id}/accept""#);
    assert!(other.get("/").await.body.contains(&accept_form(&stays)));
    // The seeker's waiting page polls for 3 s: the seek stays.
    for _ in 0..6 {
        let poll = seeker.get(&format!("/api/seeks/{stays}")).await;
        assert_eq!(poll.json(), json!({"game": null, "expired": false}));
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    assert!(other.get("/").await.body.contains(&accept_form(&stays)));
    // Then the seeker leaves (nothing polls) for 6 s: gone, and its page says why.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    let lobby = other.get("/").await;
    assert!(!lobby.body.contains(&accept_form(&stays)), "{}", lobby.body);
    let page = other.get(&format!("/seeks/{stays}")).await;
    assert_eq!(page.status, 404);
    assert!(
        page.body.contains(&format!(
            "The challenge “{stays}” has expired: its player has left."
        )),
        "{}",
        page.body
    );
    let csrf = other.csrf().await;
    let r = other
        .post(&format!("/seeks/{stays}/accept"), &[("csrf", &csrf)])
        .await;
    assert_eq!(r.status, 404, "{}", r.body);
    server.stop().await;
}

/// A socket's refusals are written in the visitor's language (the page's cookie), as
/// sentences naming what was refused; a spectator's too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn socket_refusals_are_in_the_page_language() {
    let server = TestServer::start(Backend::Sqlite).await;
    let (mut white, mut black, game) =
        pair(&server, &[("ruleset", "official"), ("minutes", "30")]).await;
    white.cookies.insert("lang".into(), "zh".into());
    black.cookies.insert("lang".into(), "mn".into());
    let mut w = white.socket(&game).await;
    let mut b = black.socket(&game).await;
    w.state().await;
    b.state().await;
    b.play("e7e5", 0).await;
    assert_eq!(b.error().await, "Одоо таны нүүдэл биш.");
    w.play("e2e5", 0).await;
    assert_eq!(w.error().await, "e2e5 在此局面中不是合法着法。");
    w.send(json!({"t": "move", "uci": "e2e4", "ply": 3})).await;
    assert_eq!(
        w.error().await,
        "这是针对较早局面发出的：本局已走到第 0 步（半回合），消息针对的是第 3 步。"
    );
    w.send(json!({"t": "draw-offer"})).await;
    w.state().await;
    b.state().await;
    w.send(json!({"t": "draw-offer"})).await;
    assert_eq!(w.error().await, "现在不能提和：您的提和尚在等待答复。");
    w.send_text("{").await;
    assert!(
        w.error().await.starts_with("无法读取消息（"),
        "a malformed message"
    );
    let mut watcher = server.client();
    watcher.cookies.insert("lang".into(), "mn".into());
    let mut s = watcher.socket(&game).await;
    s.state().await;
    s.send(json!({"t": "resign"})).await;
    assert_eq!(
        s.error().await,
        "Энэ тоглолтод зөвхөн түүний тоглогчид нүүж болно."
    );
    server.stop().await;
}
