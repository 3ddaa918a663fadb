//! Games against the computer through the real server: a guest plays one to its end, and the
//! computer opens when it has White.

mod common;

use common::{Backend, TestServer};
use serde_json::{Value, json};
use shatar_rules::{Game, Ruleset, uci};

on_both_backends!(
    guest_plays_the_computer_to_the_end,
    computer_opens_with_white,
    computer_answers_a_draw_offer,
);

/// A move from the server's destinations, chosen by a small deterministic generator.
fn pick(state: &Value, seed: &mut u64) -> String {
    let mut all: Vec<(String, String)> = Vec::new();
    for (from, tos) in state["dests"].as_object().unwrap() {
        for to in tos.as_array().unwrap() {
            all.push((from.clone(), to.as_str().unwrap().to_owned()));
        }
    }
    all.sort();
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let (from, to) = &all[((*seed >> 33) as usize) % all.len()];
    match state["promotions"].get(format!("{from}{to}")) {
        Some(choices) => choices[0][1].as_str().unwrap().to_owned(),
        None => format!("{from}{to}"),
    }
}

async fn guest_plays_the_computer_to_the_end(b: Backend) {
    let server = TestServer::start(b).await;
    let mut guest = server.client();
    let csrf = guest.get("/").await.csrf();
    let r = guest
        .post(
            "/computer",
            &[
                ("csrf", &csrf),
                ("ruleset", "official"),
                ("level", "2"),
                ("minutes", "30"),
                ("increment", "0"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(guest.cookies.contains_key("shatar_guest"));
    let game = r
        .header("location")
        .unwrap()
        .trim_start_matches("/game/")
        .to_owned();
    let page = guest.get(&format!("/game/{game}")).await;
    assert!(page.body.contains("Computer (level 2)"), "{}", page.body);
    let mut ws = guest.socket(&game).await;
    assert_eq!(ws.you.as_deref(), Some("white"));
    // Another browser is only a spectator.
    let other = server.client().socket(&game).await;
    assert_eq!(other.you, None);
    other.close().await;

    let mut state = ws.state().await;
    assert_eq!(state["computer"], json!({"color": "black", "level": 2}));
    let mut seed = 7u64;
    while state["status"] == "started" {
        assert!(state["ply"].as_u64().unwrap() < 600, "no end in 600 plies");
        if state["turn"] == "white" {
            let m = pick(&state, &mut seed);
            let ply = state["ply"].as_u64().unwrap();
            ws.play(&m, ply).await;
        }
        state = ws.state().await;
    }
    assert_eq!(state["status"], "ended");
    let result = state["result"].as_str().unwrap();
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&result));
    // The rules core, replaying the moves, ends the game the same way.
    let mut g = Game::new(Ruleset::OFFICIAL);
    for m in state["moves"].as_array().unwrap() {
        let mv = uci::parse_move(g.position(), m.as_str().unwrap()).unwrap();
        g.play(mv).unwrap();
    }
    let end = g.end().expect("the game ended by the rules");
    assert_eq!(end.outcome.pgn(), result);
    assert_eq!(
        shatar_server::db::games::Ending::by_rules(end.termination).as_str(),
        state["termination"].as_str().unwrap()
    );
    server.stop().await;
}

async fn computer_opens_with_white(b: Backend) {
    let server = TestServer::start(b).await;
    let mut player = server.client();
    player.sign_up(&common::unique("Nara"), "12345678").await;
    let csrf = player.csrf().await;
    let r = player
        .post(
            "/computer",
            &[
                ("csrf", &csrf),
                ("ruleset", "official"),
                ("level", "1"),
                ("minutes", "5"),
                ("color", "black"),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let game = r
        .header("location")
        .unwrap()
        .trim_start_matches("/game/")
        .to_owned();
    let mut ws = player.socket(&game).await;
    assert_eq!(ws.you.as_deref(), Some("black"));
    let s = ws.state_at(1).await;
    let first = s["moves"][0].as_str().unwrap();
    // The first-round rule binds the computer too (S1 §1.2).
    assert!(first == "e2e4" || first == "d2d4", "{first}");
    let reply = if first == "e2e4" { "e7e5" } else { "d7d5" };
    ws.play(reply, 1).await;
    let s = ws.state_at(3).await;
    assert_eq!(s["moves"][1], reply);
    assert_eq!(s["ply"], 3);
    // A bad level is refused.
    let csrf = player.csrf().await;
    let r = player
        .post(
            "/computer",
            &[
                ("csrf", &csrf),
                ("ruleset", "official"),
                ("level", "9"),
                ("minutes", "5"),
                ("color", "black"),
            ],
        )
        .await;
    assert_eq!(r.status, 400);
    server.stop().await;
}

/// A game of `white` (an account) against the computer (Black, level 1) from `initial`
/// (official rules, White to move), stored as the computer route stores one.
async fn game_against_computer_from(server: &TestServer, white: &str, initial: &str) -> String {
    let db = &server.state().db;
    let white_id = shatar_server::db::users::by_name(db, white)
        .await
        .unwrap()
        .unwrap()
        .id;
    let id = common::unique("d").replace(|c: char| !c.is_ascii_alphanumeric(), "");
    let row = shatar_server::db::games::GameRow {
        initial_fen: initial.into(),
        white_id: Some(white_id),
        computer_level: Some(1),
        ..shatar_server::db::games::GameRow::new(
            id.clone(),
            shatar_rules::Preset::Official,
            600_000,
            0,
        )
    };
    let mut tx = db.pool.begin().await.unwrap();
    shatar_server::db::games::insert(&mut tx, &row)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    id
}

/// White offers a draw at once; returns the first state after the computer has answered.
async fn offer_and_await_answer(ws: &mut common::Socket) -> Value {
    let s = ws.state().await;
    assert_eq!(s["draw_offer"], json!(null));
    ws.send(json!({"t": "draw-offer"})).await;
    loop {
        let s = ws.state().await;
        if s["draw_offer"] != "white" {
            return s;
        }
    }
}

async fn computer_answers_a_draw_offer(b: Backend) {
    let server = TestServer::start(b).await;
    let mut player = server.client();
    let name = common::unique("Offer");
    player.sign_up(&name, "12345678").await;
    // Black a bers up: the computer declines, says so, and play goes on.
    let game = game_against_computer_from(&server, &name, "q3k3/8/8/8/8/8/8/4K3 w - - 0 1").await;
    let mut ws = player.socket(&game).await;
    assert_eq!(ws.you.as_deref(), Some("white"));
    let s = offer_and_await_answer(&mut ws).await;
    assert_eq!(s["status"], "started", "{s}");
    assert_eq!(s["draw_offer"], json!(null));
    assert_eq!(s["draw_declined"], "black");
    // S4's alternation: White may not offer again until Black has.
    assert_eq!(s["can_offer"], json!({"white": false, "black": true}));
    let events = shatar_server::db::games::events(&server.state().db, &game)
        .await
        .unwrap();
    let kinds: Vec<(&str, Option<&str>)> = events
        .iter()
        .map(|e| (e.kind.as_str(), e.color.as_deref()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("draw-offer", Some("white")),
            ("draw-decline", Some("black"))
        ]
    );
    // White's move clears the note; the computer answers with a move.
    ws.play("e1d2", 0).await;
    let s = ws.state_at(1).await;
    assert_eq!(s["draw_declined"], json!(null));
    let s = ws.state_at(2).await;
    assert_eq!(s["ply"], 2, "the computer moved: {s}");
    ws.close().await;

    // Blocked pawns, kings far away: dead even, accepted. A bers down: losing, accepted.
    for initial in [
        "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
    ] {
        let game = game_against_computer_from(&server, &name, initial).await;
        let mut ws = player.socket(&game).await;
        let s = offer_and_await_answer(&mut ws).await;
        assert_eq!(s["status"], "ended", "{initial}: {s}");
        assert_eq!(s["result"], "1/2-1/2");
        assert_eq!(s["termination"], "agreement");
        ws.close().await;
    }
    server.stop().await;
}
