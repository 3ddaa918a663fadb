//! An online team event: four captains register teams of five accounts (one from the
//! event page's form), the server pairs
//! a round robin of three rounds, a captain's line-up for round 1 puts his reserve on
//! board 4 (member 2 rests), each round's sixteen boards (four a match) are played at once over the game
//! socket with the first-named team White on boards 1 and 3, and every match is entered
//! and scored by match points (2 a win, 1 a draw) as the test counts them itself.

mod common;

use common::Backend;
use common::events::*;
use common::online::*;
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;
use std::collections::BTreeMap;

on_both_backends!(an_online_team_round_robin_plays_its_boards_at_once);

/// Each team's members' numbers, by team number.
fn members(event: &Value) -> BTreeMap<u64, Vec<u64>> {
    event["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["number"].as_u64().unwrap(),
                t["members"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_u64().unwrap())
                    .collect(),
            )
        })
        .collect()
}

async fn an_online_team_round_robin_plays_its_boards_at_once(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let r = call(
        &mut o,
        "POST",
        "/api/events",
        Some(
            json!({"name": "Online league", "system": "round-robin", "boards": 4,
                    "online": true, "time_control": "300+2", "pause_s": 2, "rated": false}),
        ),
    )
    .await;
    let id = id_of(&expect_json(&r, 201, "create"));
    // Four teams of five accounts; each captain is his team's first member.
    let mut accounts = Vec::new();
    let mut page_captain = None;
    for t in 0..4 {
        let team: Vec<Account> = {
            let mut v = Vec::new();
            for m in 0..5 {
                v.push(account(&server, &format!("T{t}m{m}"), AccountRole::Player).await);
            }
            v
        };
        let names: Vec<&str> = team.iter().map(|a| a.name.as_str()).collect();
        if t == 3 {
            // The last captain uses the event page's form: one username a line.
            let mut captain = account(&server, "Cap", AccountRole::Player).await;
            let page = captain.browser.get(&format!("/events/{id}")).await;
            assert!(page.body.contains("teams/join"), "the team form");
            let r = captain
                .browser
                .post(
                    &format!("/events/{id}/teams/join"),
                    &[
                        ("csrf", &page.csrf()),
                        ("name", "Team 3"),
                        ("members", &names.join("\n")),
                    ],
                )
                .await;
            assert_eq!(r.status, 303, "{}", r.body);
            // An unknown account is named in the page's language.
            let r = captain
                .browser
                .post(
                    &format!("/events/{id}/teams/join"),
                    &[
                        ("csrf", &page.csrf()),
                        ("name", "Ghosts"),
                        ("members", "nobody-here"),
                    ],
                )
                .await;
            assert_eq!(r.status, 400);
            assert!(
                r.body.contains("There is no account “nobody-here”."),
                "{}",
                r.body
            );
            page_captain = Some(captain);
        } else {
            let r = call(
                &mut team[0].api(&server),
                "POST",
                &format!("/api/events/{id}/teams/join"),
                Some(json!({"name": format!("Team {t}"), "members": names})),
            )
            .await;
            expect_json(&r, 201, "a team joins");
        }
        accounts.push(team);
    }
    // An account plays in one team only; an unknown one is named.
    let r = call(
        &mut accounts[0][0].api(&server),
        "POST",
        &format!("/api/events/{id}/teams/join"),
        Some(json!({"name": "Again", "members": [accounts[1][0].name]})),
    )
    .await;
    assert_error(&r, 400, Some("members"), "in a team already");
    assert!(r.body.contains(&accounts[1][0].name), "{}", r.body);
    let r = call(
        &mut accounts[0][0].api(&server),
        "POST",
        &format!("/api/events/{id}/teams/join"),
        Some(json!({"name": "Ghosts", "members": ["nobody-here"]})),
    )
    .await;
    assert_error(&r, 400, Some("username"), "an unknown account");
    start_event(&mut o, &id).await;

    let by_name: BTreeMap<String, (usize, usize)> = accounts
        .iter()
        .enumerate()
        .flat_map(|(t, team)| {
            team.iter()
                .enumerate()
                .map(move |(m, a)| (a.name.clone(), (t, m)))
        })
        .collect();
    let mut lots = Lots(0x7ea5);
    let mut match_points: BTreeMap<u64, u32> = BTreeMap::new();
    for r in 1..=3u32 {
        let event = wait_for(&mut o, &id, &format!("round {r} paired"), |e| {
            round_of(e, r).is_some_and(|round| round["published"] == true)
        })
        .await;
        let teams = members(&event);
        let account_of = |n: u64| -> (usize, usize) {
            let name = event["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["number"] == n)
                .unwrap()["username"]
                .as_str()
                .unwrap()
                .to_owned();
            by_name[&name]
        };
        let team_of = |team: u64| account_of(teams[&team][0]).0;
        // Round 1: the first match's first team rests member 2 and plays its reserve on board
        // 4 (the line-up keeps the registered order, as the event's mode asks).
        let mut lineups: BTreeMap<u64, Vec<u64>> =
            teams.iter().map(|(t, m)| (*t, m[..4].to_vec())).collect();
        if r == 1 {
            let first = round_of(&event, 1).unwrap()["pairings"][0]["white"]
                .as_u64()
                .unwrap();
            let m = &teams[&first];
            let lineup = vec![m[0], m[2], m[3], m[4]];
            // The captain who registered the team (team 3's is not one of its members).
            let t = team_of(first);
            let captain = match (&page_captain, t) {
                (Some(c), 3) => c,
                _ => &accounts[t][0],
            };
            let answer = call(
                &mut captain.api(&server),
                "PUT",
                &format!("/api/events/{id}/rounds/1/lineups/{first}"),
                Some(json!({"players": lineup})),
            )
            .await;
            expect_json(&answer, 200, "the captain's line-up");
            lineups.insert(first, lineup);
        }
        let event = wait_for(&mut o, &id, &format!("round {r}'s boards"), |e| {
            round_of(e, r).is_some_and(|round| {
                round["pairings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|p| p["games"].as_array().is_some_and(|g| g.len() == 4))
            })
        })
        .await;
        let mut tasks = Vec::new();
        for p in round_of(&event, r).unwrap()["pairings"].as_array().unwrap() {
            let (first, second) = (p["white"].as_u64().unwrap(), p["black"].as_u64().unwrap());
            for (k, game) in p["games"].as_array().unwrap().iter().enumerate() {
                let game = game.as_str().unwrap().to_owned();
                // Board k's players from the line-ups; White is the first team's on boards
                // 1 and 3.
                let (a, b) = (lineups[&first][k], lineups[&second][k]);
                let (white, black) = if k % 2 == 0 { (a, b) } else { (b, a) };
                let (wt, wm) = account_of(white);
                let (bt, bm) = account_of(black);
                let mut ws = accounts[wt][wm].browser.socket(&game).await;
                let mut bs = accounts[bt][bm].browser.socket(&game).await;
                assert_eq!(
                    ws.you.as_deref(),
                    Some("white"),
                    "round {r} board {}",
                    k + 1
                );
                assert_eq!(
                    bs.you.as_deref(),
                    Some("black"),
                    "round {r} board {}",
                    k + 1
                );
                let result = ["1-0", "0-1", "1/2-1/2"][lots.next(3)];
                let seed = u64::try_from(lots.next(1 << 20)).unwrap();
                tasks.push((
                    first,
                    second,
                    k,
                    result,
                    tokio::spawn(async move { end_as(&mut ws, &mut bs, result, seed).await }),
                ));
            }
        }
        // Board points of each match, the first-named team's first.
        let mut board_points: BTreeMap<(u64, u64), (u32, u32)> = BTreeMap::new();
        for (first, second, k, result, task) in tasks {
            task.await.unwrap();
            let (w, b) = match result {
                "1-0" => (2, 0),
                "0-1" => (0, 2),
                _ => (1, 1),
            };
            let (f, s) = if k % 2 == 0 { (w, b) } else { (b, w) };
            let e = board_points.entry((first, second)).or_default();
            e.0 += f;
            e.1 += s;
        }
        for ((first, second), (f, s)) in board_points {
            let (mf, ms) = match f.cmp(&s) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Less => (0, 2),
                std::cmp::Ordering::Equal => (1, 1),
            };
            *match_points.entry(first).or_default() += mf;
            *match_points.entry(second).or_default() += ms;
        }
        // The server enters each match with the line-ups played.
        let event = wait_for(&mut o, &id, &format!("round {r}'s matches"), |e| {
            round_of(e, r).is_some_and(|round| {
                round["pairings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|p| p["match"].is_object())
            })
        })
        .await;
        for p in round_of(&event, r).unwrap()["pairings"].as_array().unwrap() {
            let first = p["white"].as_u64().unwrap();
            assert_eq!(
                p["match"]["white_lineup"],
                json!(lineups[&first]),
                "round {r}"
            );
        }
    }
    let event = wait_for(&mut o, &id, "the end", |e| e["status"] == "finished").await;
    assert_eq!(event["rounds"].as_array().unwrap().len(), 3);
    for line in public_standings(&mut server.client(), &id).await {
        let team = line["number"].as_u64().unwrap();
        assert_eq!(
            line["points"].as_f64().unwrap(),
            f64::from(match_points[&team]),
            "{line}"
        );
    }
    assert_state_is_the_replay(&server, &id).await;
}

on_both_backends!(a_captain_takes_a_team_back_and_a_member_declines);

/// Each entered team's name and captain, by number (`None` for a withdrawn team).
fn entered(event: &Value) -> Vec<(u64, String, Option<String>)> {
    event["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let captain = (t["withdrawn"] != true).then(|| t["captain"].as_str().unwrap().into());
            (
                t["number"].as_u64().unwrap(),
                t["name"].as_str().unwrap().to_owned(),
                captain,
            )
        })
        .collect()
}

/// A member entered by a captain declines before the start: the team's entry is taken back
/// (a round robin numbers the others again, their captains with them) and the captain may
/// enter it again without him; a captain takes his team's entry back; during a round robin's
/// first round with no result a withdrawal is refused (it would draw the event again); during
/// a Swiss a member cannot withdraw the team and its captain can (the library's withdrawal).
async fn a_captain_takes_a_team_back_and_a_member_declines(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "TbOrg", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let id = create_event(
        &mut o,
        json!({"name": "Online league", "system": "round-robin", "boards": 2,
                "online": true, "time_control": "300+2", "rated": false}),
    )
    .await;
    let mut people = BTreeMap::new();
    for name in ["A0", "A1", "B0", "B1", "C0", "C1", "D0", "D1", "E1"] {
        people.insert(
            name,
            account(&server, &format!("Tb{name}"), AccountRole::Player).await,
        );
    }
    let join = format!("/api/events/{id}/teams/join");
    let leave = format!("/api/events/{id}/join");
    macro_rules! api {
        ($who:expr) => {
            people[$who].api(&server)
        };
    }
    macro_rules! name {
        ($who:expr) => {
            people[$who].name.clone()
        };
    }
    for t in ["A", "B", "C", "D"] {
        let (c, m) = (format!("{t}0"), format!("{t}1"));
        let members = [
            people[c.as_str()].name.clone(),
            people[m.as_str()].name.clone(),
        ];
        let r = call(
            &mut api!(c.as_str()),
            "POST",
            &join,
            Some(json!({"name": format!("Team {t}"), "members": members})),
        )
        .await;
        expect_json(&r, 201, "a team joins");
    }
    macro_rules! team {
        ($n:expr, $t:expr, $c:expr) => {
            ($n, format!("Team {}", $t), Some(name!($c)))
        };
    }

    // B1 was entered by B0 and declines: Team B's entry is taken back, C and D move up.
    let page = people
        .get_mut("B1")
        .unwrap()
        .browser
        .get(&format!("/events/{id}"))
        .await;
    assert!(
        page.body.contains("Decline the place in the team"),
        "{}",
        page.body
    );
    assert!(page.body.contains("entered you in Team B"), "{}", page.body);
    let v = expect_json(
        &call(&mut api!("B1"), "DELETE", &leave, None).await,
        200,
        "declines",
    );
    assert_eq!(
        v["message"],
        format!(
            "{} declined to play for Team B: the team's entry is taken back, and its captain \
             may enter it again without them",
            name!("B1")
        )
    );
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        entered(&event),
        [
            team!(1, "A", "A0"),
            team!(2, "C", "C0"),
            team!(3, "D", "D0")
        ]
    );
    // B0 enters the team again with E1; B1 is free to play elsewhere.
    let members = [name!("B0"), name!("E1")];
    let r = call(
        &mut api!("B0"),
        "POST",
        &join,
        Some(json!({"name": "Team B", "members": members})),
    )
    .await;
    assert_eq!(expect_json(&r, 201, "again")["number"], 4);

    // D0 takes Team D's entry back from the event page.
    let page = people
        .get_mut("D0")
        .unwrap()
        .browser
        .get(&format!("/events/{id}"))
        .await;
    assert!(
        page.body.contains("Take back the entry of Team D"),
        "{}",
        page.body
    );
    let r = people
        .get_mut("D0")
        .unwrap()
        .browser
        .post(&format!("/events/{id}/leave"), &[("csrf", &page.csrf())])
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let event = get_event(&mut o, &id).await;
    assert_eq!(
        entered(&event),
        [
            team!(1, "A", "A0"),
            team!(2, "C", "C0"),
            team!(3, "B", "B0")
        ]
    );
    let r = call(&mut api!("D0"), "DELETE", &join, None).await;
    assert_error(&r, 400, Some("username"), "no team any more");

    start_event(&mut o, &id).await;
    // Round 1 is paired at once, with no result yet: a withdrawal would draw the round
    // robin again, which its live games do not allow.
    wait_for(&mut o, &id, "round 1", |e| round_of(e, 1).is_some()).await;
    let r = call(&mut api!("C0"), "DELETE", &join, None).await;
    assert_error(&r, 400, Some("event"), "a redraw");
    assert!(r.body.contains("would draw the event again"), "{}", r.body);

    // In a Swiss the captain withdraws his team during the event (the page offers it).
    let swiss = create_event(
        &mut o,
        json!({"name": "Online Swiss", "system": "dutch", "rounds": 3, "boards": 2,
                "online": true, "time_control": "300+2", "rated": false}),
    )
    .await;
    let join = format!("/api/events/{swiss}/teams/join");
    for t in ["A", "C", "D"] {
        let members = [
            name!(format!("{t}0").as_str()),
            name!(format!("{t}1").as_str()),
        ];
        let r = call(
            &mut api!(format!("{t}0").as_str()),
            "POST",
            &join,
            Some(json!({"name": format!("Team {t}"), "members": members})),
        )
        .await;
        expect_json(&r, 201, "a team joins");
    }
    start_event(&mut o, &swiss).await;
    let page = people
        .get_mut("C0")
        .unwrap()
        .browser
        .get(&format!("/events/{swiss}"))
        .await;
    assert!(page.body.contains("Withdraw the team"), "{}", page.body);
    let r = call(&mut api!("C1"), "DELETE", &join, None).await;
    assert_error(&r, 400, Some("username"), "a member during the event");
    assert!(
        r.body.contains("only its captain can withdraw the team"),
        "{}",
        r.body
    );
    let v = expect_json(
        &call(&mut api!("C0"), "DELETE", &join, None).await,
        200,
        "withdraws",
    );
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("Team C withdrew from the event"),
        "{v}"
    );
    let event = get_event(&mut o, &swiss).await;
    let c = event["teams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Team C")
        .unwrap();
    assert_eq!(c["withdrawn"], true, "{event}");
    let v = expect_json(
        &call(&mut api!("C0"), "DELETE", &join, None).await,
        200,
        "again",
    );
    assert_eq!(v["message"], "Team C has already left the event");
    server.stop().await;
}
