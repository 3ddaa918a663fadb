//! Worked examples of the competition rules, run through the events API: the hand-worked
//! team round robin of the tournament library's tests (S4 ch.2 §1.1.3, §6.2.2) and the
//! knock-out draw of S4 ch.4 §1's note (seeds and byes by bracket position), with a whole
//! knock-out played to its champion.

mod common;

use common::Backend;
use common::events::*;
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;

on_both_backends!(
    the_hand_worked_team_round_robin_reproduces,
    the_knock_out_draw_places_seeds_and_byes_as_s4_says,
);

/// The match of a round (the pairing that has two teams) as (board, white, black).
fn the_match(round: &Value) -> (u32, u32, u32) {
    boards(round)
        .into_iter()
        .find_map(|(b, w, bl)| bl.map(|bl| (b, w, bl)))
        .unwrap_or_else(|| panic!("a match in {round}"))
}

/// Three teams, four boards and a reserve each, one game a board; results in each game's
/// colours, the first-listed team White on boards 1 and 3 (S4 ch.2 §1.1.3). By draw
/// number (the lot renumbers the teams, the table is Berger's for four with 4 resting):
///
/// R1 2–3: b1 1-0, b2 ½, b3 ½, b4 1-0: 2–2, match points 1–1.
/// R2 1–2: b1 1-0, b2 0-1, b3 ½, b4 1-0: 2.5–1.5, match points 2–0.
/// R3 3–1: b1 0-1, b2 ½, b3 1-0, b4 0-1: 2.5–1.5 for 3, match points 2–0.
///
/// | team | MP | GP  |
/// | 3    | 3  | 4.5 |
/// | 1    | 2  | 4   |
/// | 2    | 1  | 3.5 |
///
/// S4's order for a team round robin: match points, game points, violations (ch.2
/// §6.2.2(1)). The same values as `crates/tournament/tests/teams.rs`.
async fn the_hand_worked_team_round_robin_reproduces(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let id = create_event(
        &mut o,
        json!({"name": "Three teams", "system": "round-robin", "boards": 4,
               "lineup": "ordered-substitutes", "games": 1}),
    )
    .await;
    for t in ["Altai", "Bogd", "Khangai"] {
        add_team(&mut o, &id, t, 5).await;
    }
    start_event(&mut o, &id).await;
    let played: [(u32, u32, [&str; 4]); 3] = [
        (2, 3, ["1-0", "1/2-1/2", "1/2-1/2", "1-0"]),
        (1, 2, ["1-0", "0-1", "1/2-1/2", "1-0"]),
        (3, 1, ["0-1", "1/2-1/2", "1-0", "0-1"]),
    ];
    for (r, (white, black, games)) in (1..).zip(played) {
        let round = pair(&mut o, &id).await;
        let (board, w, bl) = the_match(&round);
        assert_eq!((w, bl), (white, black), "round {r}: {round}");
        let answer = call(
            &mut o,
            "PUT",
            &format!("/api/events/{id}/rounds/{r}/boards/{board}/match"),
            Some(json!({ "boards": games })),
        )
        .await;
        assert_eq!(answer.status, 200, "round {r}: {}", answer.body);
        publish(&mut o, &id, r).await;
    }
    let mut public = server.client();
    let lines: Vec<(u64, u64, f64, Value)> = public_standings(&mut public, &id)
        .await
        .iter()
        .map(|l| {
            (
                l["place"].as_u64().unwrap(),
                l["number"].as_u64().unwrap(),
                l["points"].as_f64().unwrap(),
                l["tiebreaks"].clone(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            (1, 3, 3.0, json!({"GP": 4.5, "VIOL": 0.0})),
            (2, 1, 2.0, json!({"GP": 4.0, "VIOL": 0.0})),
            (3, 2, 1.0, json!({"GP": 3.5, "VIOL": 0.0})),
        ]
    );
    assert_eq!(get_event(&mut public, &id).await["status"], "finished");
    assert_state_is_the_replay(&server, &id).await;
    server.stop().await;
}

/// S4 ch.4 §1 note: "每区一号为一类种子选手，8号为二类种子选手。如果有两名棋手轮空时，则上半区
/// 和下半区的1号轮空，若有四名棋手轮空时，则上半区和下半区的8号也轮空。" In a bracket of 16,
/// positions 1 and 9 (the first of each half) hold the class-1 seeds and 8 and 16 the
/// class-2 seeds, whatever the lot; with 14 players positions 2 and 10 are empty (the
/// class-1 seeds' byes), with 12 also 7 and 15. Then the 16-player event is played to its
/// end through the API: the final's winner stands first.
async fn the_knock_out_draw_places_seeds_and_byes_as_s4_says(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let mut full = None;
    for (players, lot) in [
        (16, 1),
        (16, 2),
        (16, 3),
        (14, 1),
        (14, 2),
        (12, 1),
        (12, 2),
    ] {
        let id = create_event(
            &mut o,
            json!({"name": format!("Cup {players}/{lot}"), "system": "single-elimination",
                   "games": 1, "lot_seed": lot}),
        )
        .await;
        for i in 1..=players {
            // Players 1, 2: class-1 seeds; 3, 4: class-2 seeds (S4 ch.2 §5.1.2).
            let class = match i {
                1 | 2 => json!(1),
                3 | 4 => json!(2),
                _ => Value::Null,
            };
            add_player(
                &mut o,
                &id,
                json!({"name": format!("P{i}"), "seed_class": class}),
            )
            .await;
        }
        start_event(&mut o, &id).await;
        let bracket = get_event(&mut o, &id).await["bracket"].clone();
        let at = |position: usize| bracket[position - 1].as_u64();
        let positions = bracket.as_array().unwrap_or_else(|| panic!("{bracket}"));
        assert_eq!(positions.len(), 16, "{bracket}");
        let pair_of = |a: usize, b: usize| {
            let mut p = [at(a), at(b)];
            p.sort();
            p
        };
        assert_eq!(
            pair_of(1, 9),
            [Some(1), Some(2)],
            "{players}/{lot}: {bracket}"
        );
        assert_eq!(
            pair_of(8, 16),
            [Some(3), Some(4)],
            "{players}/{lot}: {bracket}"
        );
        let empty: Vec<usize> = (1..=16).filter(|&p| at(p).is_none()).collect();
        let want: &[usize] = match players {
            16 => &[],
            14 => &[2, 10],
            _ => &[2, 7, 10, 15],
        };
        assert_eq!(empty, want, "{players}/{lot}: {bracket}");
        if players == 16 && full.is_none() {
            full = Some(id);
        }
    }

    // The first 16-player cup to its end: White wins every game.
    let id = full.expect("a 16-player cup");
    let mut last_winner = None;
    for r in 1..=4u32 {
        let round = pair(&mut o, &id).await;
        let matches: Vec<_> = boards(&round)
            .into_iter()
            .filter_map(|(b, w, bl)| bl.map(|_| (b, w)))
            .collect();
        assert_eq!(matches.len(), 16 >> r, "round {r}: {round}");
        for &(board, white) in &matches {
            let answer = put_result(&mut o, &id, r, board, "1-0", None).await;
            assert_eq!(
                answer.status, 200,
                "round {r} board {board}: {}",
                answer.body
            );
            last_winner = Some(white);
        }
        publish(&mut o, &id, r).await;
    }
    let mut public = server.client();
    let event = get_event(&mut public, &id).await;
    assert_eq!(event["status"], "finished", "{event}");
    let table = public_standings(&mut public, &id).await;
    let first = &table[0];
    assert_eq!(
        (first["place"].as_u64(), first["number"].as_u64()),
        (Some(1), last_winner.map(u64::from)),
        "{first}"
    );
    assert_state_is_the_replay(&server, &id).await;
    server.stop().await;
}
