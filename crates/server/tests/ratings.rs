//! Glicko-2 ratings through the real server: a rated game's end changes both players'
//! ratings as Glickman's formulas say (checked against the step-by-step reference below,
//! written from the paper, not from the crate the server uses), in the category of the
//! game; a casual game changes nothing.

mod common;

use common::{Backend, Client, Socket, TestServer, unique};
use serde_json::json;
use shatar_server::db::ratings::{self, Change};

on_both_backends!(rated_games_move_ratings_casual_games_do_not);

/// Glickman, "Example of the Glicko-2 system" (2013), steps 1–8 for one rating period.
/// `games`: (opponent rating, opponent RD, score). Returns (r′, RD′, σ′).
fn glickman(r: f64, rd: f64, sigma: f64, games: &[(f64, f64, f64)], tau: f64) -> (f64, f64, f64) {
    const SCALE: f64 = 173.7178;
    // Step 2: to the Glicko-2 scale.
    let mu = (r - 1500.0) / SCALE;
    let phi = rd / SCALE;
    let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
    let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
    let opponents: Vec<(f64, f64, f64)> = games
        .iter()
        .map(|&(rj, rdj, s)| ((rj - 1500.0) / SCALE, rdj / SCALE, s))
        .collect();
    // Step 3: the estimated variance v.
    let v = 1.0
        / opponents
            .iter()
            .map(|&(mj, pj, _)| g(pj).powi(2) * e(mj, pj) * (1.0 - e(mj, pj)))
            .sum::<f64>();
    // Step 4: the estimated improvement Δ.
    let delta = v * opponents
        .iter()
        .map(|&(mj, pj, s)| g(pj) * (s - e(mj, pj)))
        .sum::<f64>();
    // Step 5: the new volatility by the Illinois algorithm, ε = 0.000001.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 0.000_001 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma2 = (big_a / 2.0).exp();
    // Steps 6–7: the new deviation and rating.
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu2 = mu
        + phi2
            * phi2
            * opponents
                .iter()
                .map(|&(mj, pj, s)| g(pj) * (s - e(mj, pj)))
                .sum::<f64>();
    // Step 8: back to the Glicko scale.
    (SCALE * mu2 + 1500.0, SCALE * phi2, sigma2)
}

#[test]
fn the_reference_reproduces_glickmans_example() {
    let (r, rd, sigma) = glickman(
        1500.0,
        200.0,
        0.06,
        &[
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ],
        0.5,
    );
    // The paper prints μ′ = −0.2069 → r′ = 1464.06 (from the rounded μ′), RD′ = 151.52,
    // σ′ = 0.05999 (truncated); unrounded, r′ = 1464.05 and σ′ = 0.059996.
    assert_eq!(format!("{:.4}", (r - 1500.0) / 173.7178), "-0.2069");
    assert_eq!(format!("{r:.2}"), "1464.05");
    assert_eq!(format!("{rd:.2}"), "151.52");
    assert_eq!(format!("{sigma:.6}"), "0.059996");
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

async fn pair(server: &TestServer, seek: &[(&str, &str)]) -> (Client, Client, String, String) {
    let name = unique("RatedW");
    let mut white = server.client();
    white.sign_up(&name, "12345678").await;
    let mut black = server.client();
    black.sign_up(&unique("RatedB"), "12345678").await;
    let game = new_game(&mut white, &mut black, seek).await;
    (white, black, name, game)
}

async fn new_game(white: &mut Client, black: &mut Client, seek: &[(&str, &str)]) -> String {
    let mut fields = vec![("color", "white")];
    fields.extend_from_slice(seek);
    let seek = white.seek(&fields).await;
    black.accept(&seek).await
}

/// Plays the first round, then `end` ends the game; returns the final state.
async fn play_and_end(white: &Client, black: &Client, game: &str, end: &str) -> serde_json::Value {
    let mut w: Socket = white.socket(game).await;
    let mut b: Socket = black.socket(game).await;
    w.state().await;
    b.state().await;
    w.play("e2e4", 0).await;
    b.state_at(1).await;
    b.play("e7e5", 1).await;
    w.state_at(2).await;
    match end {
        "black-resigns" => b.send(json!({"t": "resign"})).await,
        "draw" => {
            w.send(json!({"t": "draw-offer"})).await;
            while b.state().await["draw_offer"] != "white" {}
            b.send(json!({"t": "draw-accept"})).await;
        }
        other => panic!("unknown end {other}"),
    }
    loop {
        let s = w.state().await;
        if s["status"] == "ended" {
            w.close().await;
            b.close().await;
            return s;
        }
    }
}

async fn user_id(server: &TestServer, name: &str) -> i64 {
    let db = &server.state().db;
    shatar_server::db::users::by_name(db, name)
        .await
        .unwrap()
        .unwrap()
        .id
}

async fn rated_games_move_ratings_casual_games_do_not(bk: Backend) {
    let server = TestServer::start(bk).await;
    let db = server.state().db.clone();
    // 3 + 2 is blitz: 180 s + 40 × 2 s = 260 s.
    let rated = [
        ("ruleset", "official"),
        ("minutes", "3"),
        ("increment", "2"),
        ("rated", "1"),
    ];
    let (mut white, mut black, wn, game) = pair(&server, &rated).await;
    let wid = user_id(&server, &wn).await;
    // The game page shows both new players' provisional ratings beside their names.
    let page = white.get(&format!("/game/{game}")).await;
    // (in the page's names for the script and in the hidden "white – black" line).
    assert!(
        page.body
            .contains(&format!(r#""name-white":"{wn} (1500?)""#)),
        "{}",
        page.body
    );
    assert_eq!(page.body.matches("(1500?)").count(), 4, "{}", page.body);
    let end = play_and_end(&white, &black, &game, "black-resigns").await;
    assert_eq!(end["result"], "1-0");
    let changes = ratings::changes_of_game(&db, &game).await.unwrap();
    assert_eq!(changes.len(), 2, "{changes:?}");
    let w: &Change = changes.iter().find(|c| c.user_id == wid).unwrap();
    let b: &Change = changes.iter().find(|c| c.user_id != wid).unwrap();
    let bid = b.user_id;
    assert_eq!(w.category, "official-blitz");
    // Two new players: 1500 / 350 / 0.06 each; White won.
    let (r, rd, s) = glickman(1500.0, 350.0, 0.06, &[(1500.0, 350.0, 1.0)], 0.5);
    assert!(
        close(w.after.rating, r) && close(w.after.deviation, rd) && close(w.after.volatility, s),
        "{w:?} vs {r} {rd} {s}"
    );
    let (r, rd, s) = glickman(1500.0, 350.0, 0.06, &[(1500.0, 350.0, 0.0)], 0.5);
    assert!(
        close(b.after.rating, r) && close(b.after.deviation, rd) && close(b.after.volatility, s),
        "{b:?}"
    );
    let stored_w = ratings::get(&db, wid, "official-blitz").await.unwrap();
    assert_eq!(stored_w, w.after);

    // The profile shows it, provisional.
    let page = white.get(&format!("/player/{wn}")).await;
    assert_eq!(page.status, 200);
    let shown = format!("{:.0}?", w.after.rating);
    assert!(page.body.contains(&shown), "{shown}: {}", page.body);

    // A second rated game (competition rules count in the official family), a draw,
    // starts from the stored ratings.
    let (w1, b1) = (w.after, b.after);
    let competition = [
        ("ruleset", "competition"),
        ("minutes", "3"),
        ("increment", "2"),
        ("rated", "1"),
    ];
    let game2 = new_game(&mut white, &mut black, &competition).await;
    let end = play_and_end(&white, &black, &game2, "draw").await;
    assert_eq!(end["result"], "1/2-1/2");
    let after_w = ratings::get(&db, wid, "official-blitz").await.unwrap();
    let after_b = ratings::get(&db, bid, "official-blitz").await.unwrap();
    let (r, rd, s) = glickman(
        w1.rating,
        w1.deviation,
        w1.volatility,
        &[(b1.rating, b1.deviation, 0.5)],
        0.5,
    );
    assert!(
        close(after_w.rating, r) && close(after_w.deviation, rd) && close(after_w.volatility, s),
        "{after_w:?}"
    );
    let (r, rd, s) = glickman(
        b1.rating,
        b1.deviation,
        b1.volatility,
        &[(w1.rating, w1.deviation, 0.5)],
        0.5,
    );
    assert!(
        close(after_b.rating, r) && close(after_b.deviation, rd) && close(after_b.volatility, s),
        "{after_b:?}"
    );
    assert!(after_w.rating < w1.rating && after_b.rating > b1.rating);

    // A casual game and a rated game aborted in the first round change nothing.
    let casual = [
        ("ruleset", "official"),
        ("minutes", "3"),
        ("increment", "2"),
    ];
    let game3 = new_game(&mut white, &mut black, &casual).await;
    let end = play_and_end(&white, &black, &game3, "black-resigns").await;
    assert_eq!(end["result"], "1-0");
    assert!(
        ratings::changes_of_game(&db, &game3)
            .await
            .unwrap()
            .is_empty()
    );
    let game4 = new_game(&mut white, &mut black, &rated).await;
    let mut s = white.socket(&game4).await;
    s.state().await;
    s.send(json!({"t": "abort"})).await;
    loop {
        if s.state().await["status"] == "aborted" {
            break;
        }
    }
    assert!(
        ratings::changes_of_game(&db, &game4)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        ratings::get(&db, wid, "official-blitz").await.unwrap(),
        after_w
    );
    assert_eq!(
        ratings::get(&db, bid, "official-blitz").await.unwrap(),
        after_b
    );
    let all = ratings::of_user(&db, wid).await.unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].games, 2);

    // The lobby shows a seeker's rating in the seek's category.
    let open = white
        .seek(&[
            ("color", "white"),
            ("ruleset", "official"),
            ("minutes", "3"),
            ("increment", "2"),
            ("rated", "1"),
            ("listed", "1"),
        ])
        .await;
    let lobby = black.get("/").await;
    // Still provisional after two games (RD above 110).
    assert!(after_w.deviation > 110.0);
    let shown = format!("({:.0}?)", after_w.rating);
    assert!(
        lobby.body.contains(&shown),
        "{open} {shown}: {}",
        lobby.body
    );
    server.stop().await;
}
