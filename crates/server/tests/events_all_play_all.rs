//! An all-play-all team match (全队轮赛, S4 ch.2 §4) entered on the round page: every
//! member of one team against every member of the other, one result a cell, colours
//! alternating as the library scores them.

mod common;

use common::Backend;
use common::events::*;
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;

on_both_backends!(an_all_play_all_match_is_entered_from_its_grid);

/// Two teams of two. In the grid (rows the first team, columns the second) the first
/// team has White at (1,1) and (2,2), Black at (1,2) and (2,1). Results in each game's
/// colours: (1,1) 1-0 → first; (1,2) 1-0 → second (White there); (2,1) 0-1 → first
/// (Black there); (2,2) ½. Game points 2.5–1.5, so match points 2–0.
async fn an_all_play_all_match_is_entered_from_its_grid(b: Backend) {
    let server = start(b).await;
    let mut org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let id = create_event(
        &mut o,
        json!({"name": "All play all", "system": "round-robin", "boards": 2,
               "lineup": "all-play-all", "games": 1}),
    )
    .await;
    for t in ["Altai", "Bogd"] {
        add_team(&mut o, &id, t, 2).await;
    }
    start_event(&mut o, &id).await;
    let round = pair(&mut o, &id).await;
    let (board, first, second) = boards(&round)
        .into_iter()
        .find_map(|(b, w, bl)| bl.map(|bl| (b, w, bl)))
        .expect("a match");

    // The staff's page shows the 2 × 2 grid, with the colour marks in order.
    let page = org.browser.get(&format!("/events/{id}/rounds/1")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    for cell in ["g1_1", "g1_2", "g2_1", "g2_2"] {
        assert!(
            page.body.contains(&format!(r#"name="{cell}""#)),
            "{cell}: {}",
            page.body
        );
    }
    assert!(!page.body.contains(r#"name="g3_1""#), "{}", page.body);
    let grid = &page.body[page.body.find("all-play-all").expect("the grid")..];
    let marks: String = grid
        .chars()
        .filter(|c| *c == '○' || *c == '●')
        .take(4)
        .collect();
    assert_eq!(marks, "○●●○");
    // A public visitor gets no form.
    let mut public = server.client();
    let seen = public.get(&format!("/events/{id}/rounds/1")).await;
    assert!(!seen.body.contains(r#"name="g1_1""#));

    let path = format!("/events/{id}/rounds/1/boards/{board}/match");
    let csrf = org.browser.csrf().await;
    // A grid with a game missing is refused, naming the cell, and nothing is stored.
    let r = org
        .browser
        .post(
            &path,
            &[
                ("csrf", &csrf),
                ("all", "1"),
                ("g1_1", "1-0"),
                ("g1_2", "1-0"),
                ("g2_1", "0-1"),
            ],
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body
            .contains("The match grid has no result for row 2, column 2"),
        "{}",
        r.body
    );
    assert_eq!(
        round_of(&get_event(&mut o, &id).await, 1).unwrap()["pairings"][0]["result"],
        Value::Null
    );

    let r = org
        .browser
        .post(
            &path,
            &[
                ("csrf", &csrf),
                ("all", "1"),
                ("g1_1", "1-0"),
                ("g1_2", "1-0"),
                ("g2_1", "0-1"),
                ("g2_2", "1/2-1/2"),
            ],
        )
        .await;
    assert!(
        r.status == 303 || r.status == 200,
        "{} {}",
        r.status,
        r.body
    );
    publish(&mut o, &id, 1).await;
    let lines: Vec<(u64, f64, Value)> = public_standings(&mut public, &id)
        .await
        .iter()
        .map(|l| {
            (
                l["number"].as_u64().unwrap(),
                l["points"].as_f64().unwrap(),
                l["tiebreaks"]["GP"].clone(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            (u64::from(first), 2.0, json!(2.5)),
            (u64::from(second), 0.0, json!(1.5)),
        ]
    );
    // The page shows what was entered, ready to be corrected.
    let page = org.browser.get(&format!("/events/{id}/rounds/1")).await;
    assert!(page.body.contains(r#"name="replace""#), "{}", page.body);
    assert_state_is_the_replay(&server, &id).await;
    server.stop().await;
}
