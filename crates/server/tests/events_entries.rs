//! Entries through the events API: players from a CSV file in three scripts, accounts
//! asking to play and the staff's answer, the check-in, and a league of teams whose
//! captains submit their line-ups, checked against the line-up mode and by the time they
//! are due.

mod common;

use common::events::*;
use common::{Backend, Client};
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;

on_both_backends!(
    players_come_from_a_csv_file_all_or_none,
    accounts_ask_to_play_and_the_staff_answer,
    a_league_of_teams_with_captains_line_ups,
    line_ups_are_due_by_a_time,
);

async fn send(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Value {
    let r = call(c, method, path, body.clone()).await;
    assert!(
        (200..300).contains(&r.status),
        "{method} {path} {body:?}: {} {}",
        r.status,
        r.body
    );
    parse(&r)
}

async fn players_come_from_a_csv_file_all_or_none(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut c = org.api(&server);
    let id = create_event(&mut c, json!({"name": "Open", "system": "swiss"})).await;
    let path = format!("/api/events/{id}/players/import");
    // A bad rating on the third line: nothing of the file is kept.
    let bad = "name,club,rating\nБат-Эрдэнэ,Улаанбаатар,1850\n巴特尔,呼和浩特,high\n";
    let r = c
        .request("POST", &path, Some(("text/csv", bad.as_bytes().to_vec())))
        .await;
    assert_error(&r, 400, Some("csv"), "a bad rating");
    assert!(r.body.contains("line 3"), "{}", r.body);
    assert!(r.body.contains("rating"), "{}", r.body);
    assert_eq!(get_event(&mut c, &id).await["players"], json!([]));

    let good = "\u{feff}name,name_traditional,club,region,rating,birth_year\n\
                Бат-Эрдэнэ,ᠪᠠᠲᠤ ᠡᠷᠳᠡᠨᠢ,Улаанбаатар,Төв,1850,1990\n\
                巴特尔,,呼和浩特,内蒙古,1700,\n\
                \"Dorj, the younger\",,,,1600,2008\n";
    let r = c
        .request("POST", &path, Some(("text/csv", good.as_bytes().to_vec())))
        .await;
    let answer = expect_json(&r, 201, "the CSV file");
    assert_eq!(answer["numbers"], json!([1, 2, 3]), "{answer}");
    assert_eq!(
        answer["message"],
        "3 player(s) registered from a CSV file (numbers 1–3)"
    );
    let event = get_event(&mut c, &id).await;
    let players = event["players"].as_array().unwrap();
    assert_eq!(players[0]["name"], "Бат-Эрдэнэ");
    assert_eq!(players[0]["club"], "Улаанбаатар");
    assert_eq!(players[0]["birth_year"], 1990);
    assert_eq!(players[1]["name"], "巴特尔");
    assert_eq!(players[1]["region"], "内蒙古");
    assert_eq!(players[2]["name"], "Dorj, the younger");
    // The same file again: every line names a player already registered.
    let r = c
        .request("POST", &path, Some(("text/csv", good.as_bytes().to_vec())))
        .await;
    assert_error(&r, 400, Some("csv"), "the same file twice");
    assert_eq!(
        get_event(&mut c, &id).await["players"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // A player may not import.
    let p = account(&server, "Plr", AccountRole::Player).await;
    let r = p
        .api(&server)
        .request("POST", &path, Some(("text/csv", good.as_bytes().to_vec())))
        .await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert_state_is_the_replay(&server, &id).await;
}

async fn accounts_ask_to_play_and_the_staff_answer(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let arb = account(&server, "Arb", AccountRole::Player).await;
    let bat = account(&server, "Bat", AccountRole::Player).await;
    let dorj = account(&server, "Dorj", AccountRole::Player).await;
    let mut o = org.api(&server);
    let id = create_event(
        &mut o,
        json!({"name": "Naadam", "system": "swiss", "rounds": 5}),
    )
    .await;
    send(
        &mut o,
        "POST",
        &format!("/api/events/{id}/arbiters"),
        Some(json!({"username": arb.name})),
    )
    .await;
    let register = format!("/api/events/{id}/register");
    let mut b1 = bat.api(&server);
    // Closed until the organiser opens it.
    let r = call(&mut b1, "POST", &register, Some(json!({"name": "Батбаяр"}))).await;
    assert_error(&r, 400, Some("event"), "registration closed");
    // Only the organiser opens it; an arbiter may not.
    let open = format!("/api/events/{id}/registration");
    let r = call(
        &mut arb.api(&server),
        "PUT",
        &open,
        Some(json!({"open": true})),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    send(&mut o, "PUT", &open, Some(json!({"open": true}))).await;

    let r = call(
        &mut b1,
        "POST",
        &register,
        Some(json!({"name": "Батбаяр", "club": "Дархан", "rating": 1800})),
    )
    .await;
    let answer = expect_json(&r, 202, "Bat asks to play");
    assert_eq!(answer["pending"], true);
    assert_eq!(
        answer["message"],
        format!("{} asked to play as Батбаяр", bat.name)
    );
    let mut d1 = dorj.api(&server);
    send(&mut d1, "POST", &register, Some(json!({"name": "Дорж"}))).await;
    // The public and the players do not see who asked; the staff do.
    let event = get_event(&mut d1, &id).await;
    assert!(event.get("pending").is_none(), "{event}");
    let event = get_event(&mut arb.api(&server), &id).await;
    assert_eq!(
        event["pending"],
        json!([{"username": bat.name, "name": "Батбаяр"}, {"username": dorj.name, "name": "Дорж"}])
    );
    // A player cannot approve anyone, even themselves.
    let approve_bat = format!("/api/events/{id}/requests/{}", bat.name);
    let r = call(&mut b1, "POST", &approve_bat, None).await;
    assert_eq!(r.status, 403, "{}", r.body);
    // The arbiter approves Bat: player 1 with the account; Dorj takes the request back.
    let answer = send(&mut arb.api(&server), "POST", &approve_bat, None).await;
    assert_eq!(answer["number"], 1, "{answer}");
    send(&mut d1, "DELETE", &register, None).await;
    let event = get_event(&mut o, &id).await;
    assert_eq!(event["pending"], json!([]));
    assert_eq!(event["players"][0]["username"], bat.name);
    assert_eq!(event["players"][0]["club"], "Дархан");
    assert_eq!(event["players"].as_array().unwrap().len(), 1);
    // Asking again once registered is refused by name.
    let r = call(&mut b1, "POST", &register, Some(json!({"name": "Батбаяр"}))).await;
    assert_error(&r, 400, Some("username"), "already registered");

    // The check-in: the player checks themselves in; another's check-in is the staff's.
    send(
        &mut o,
        "POST",
        &format!("/api/events/{id}/players"),
        Some(json!({"name": "Saraa"})),
    )
    .await;
    let check = |n: u32| format!("/api/events/{id}/players/{n}/check-in");
    let answer = send(&mut b1, "PUT", &check(1), Some(json!({"present": true}))).await;
    assert_eq!(answer["checked_in"], 1);
    let r = call(&mut b1, "PUT", &check(2), Some(json!({"present": true}))).await;
    assert_eq!(r.status, 403, "{}", r.body);
    send(
        &mut arb.api(&server),
        "PUT",
        &check(2),
        Some(json!({"present": true})),
    )
    .await;
    assert_eq!(get_event(&mut o, &id).await["checked_in"], json!([1, 2]));
    assert_state_is_the_replay(&server, &id).await;
}

/// Six members: four board players, then two reserves.
fn members(team: &str) -> Value {
    json!(
        (1..=6)
            .map(|i| json!({"name": format!("{team} {i}")}))
            .collect::<Vec<_>>()
    )
}

async fn a_league_of_teams_with_captains_line_ups(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let id = create_event(
        &mut o,
        json!({"name": "League", "system": "round-robin", "boards": 4, "lineup": "ordered-substitutes"}),
    )
    .await;
    let mut captains = Vec::new();
    let mut teams = Vec::new();
    for t in ["Altai", "Bogd", "Khangai", "Khentii", "Ikh", "Govi"] {
        let captain = account(&server, &format!("Cap{t}"), AccountRole::Player).await;
        let answer = send(
            &mut o,
            "POST",
            &format!("/api/events/{id}/teams"),
            Some(json!({"name": t, "members": members(t), "captain": captain.name})),
        )
        .await;
        teams.push(answer);
        captains.push(captain);
    }
    assert_eq!(teams[0]["number"], 1);
    assert_eq!(teams[0]["members"], json!([1, 2, 3, 4, 5, 6]));
    assert_eq!(teams[5]["members"], json!([31, 32, 33, 34, 35, 36]));
    start_event(&mut o, &id).await;
    let round = pair(&mut o, &id).await;
    let (table, first, second) = boards(&round)
        .into_iter()
        .find_map(|(b, w, bl)| bl.map(|bl| (b, w, bl)))
        .expect("a match");
    // The draw numbers the teams by lot (S4 ch.2 §5.3.1): members by the drawn numbers.
    let drawn = get_event(&mut o, &id).await["teams"].clone();
    let member = |team: u32, i: u32| -> u32 {
        let t = drawn
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["number"] == team)
            .unwrap_or_else(|| panic!("team {team} in {drawn}"));
        number(&t["members"][usize::try_from(i - 1).unwrap()])
    };
    let captain_of = |team: u32| -> String {
        drawn
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["number"] == team)
            .map(|t| t["captain"].as_str().unwrap().to_owned())
            .unwrap()
    };
    let lineup = |team: u32| format!("/api/events/{id}/rounds/1/lineups/{team}");
    let cap = |team: u32| {
        captains
            .iter()
            .find(|c| c.name == captain_of(team))
            .unwrap()
            .api(&server)
    };

    // The first team's captain brings in reserve 5 for board 4: the order is kept.
    let mine = json!({"players": [member(first, 1), member(first, 2), member(first, 3), member(first, 5)]});
    send(&mut cap(first), "PUT", &lineup(first), Some(mine)).await;
    // Out of the registered order: refused, and the line-up stays.
    let swapped = json!({"players": [member(first, 2), member(first, 1), member(first, 3), member(first, 4)]});
    let r = call(&mut cap(first), "PUT", &lineup(first), Some(swapped)).await;
    assert_eq!(r.status, 400, "{}", r.body);
    // Another team's captain may not set it.
    let r = call(
        &mut cap(second),
        "PUT",
        &lineup(first),
        Some(json!({"players": [member(first, 1), member(first, 2), member(first, 3), member(first, 4)]})),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    // Until the line-ups are closed, nobody but the staff sees them.
    assert_eq!(get_event(&mut cap(second), &id).await["lineups"], json!([]));
    let staff_view = get_event(&mut o, &id).await;
    assert_eq!(
        staff_view["lineups"][0]["players"],
        json!([
            member(first, 1),
            member(first, 2),
            member(first, 3),
            member(first, 5)
        ])
    );
    send(
        &mut o,
        "POST",
        &format!("/api/events/{id}/rounds/1/lineups/close"),
        None,
    )
    .await;
    assert_eq!(
        get_event(&mut cap(second), &id).await["lineups"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let r = call(
        &mut cap(first),
        "PUT",
        &lineup(first),
        Some(json!({"players": [member(first, 1), member(first, 2), member(first, 3), member(first, 4)]})),
    )
    .await;
    assert_error(&r, 400, Some("round"), "line-ups closed");

    // The match: boards 1 and 3 give the first team White. 1-0 (first team 1),
    // ½-½ (½), 0-1 (0), 1-0 on board 4 where the second team has White (0): 1½ – 2½.
    let path = format!("/api/events/{id}/rounds/1/boards/{table}/match");
    let body = json!({"boards": ["1-0", "1/2-1/2", "0-1", "1-0"]});
    let r = call(&mut cap(first), "PUT", &path, Some(body.clone())).await;
    assert_eq!(
        r.status, 403,
        "a captain does not enter results: {}",
        r.body
    );
    let answer = send(&mut o, "PUT", &path, Some(body)).await;
    let event = get_event(&mut o, &id).await;
    let played = event["rounds"][0]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["board"] == table)
        .unwrap()
        .clone();
    assert_eq!(
        played["match"]["white_lineup"],
        json!([
            member(first, 1),
            member(first, 2),
            member(first, 3),
            member(first, 5)
        ])
    );
    // The second team's line-up was never submitted: its registered board players.
    assert_eq!(
        played["match"]["black_lineup"],
        json!([
            member(second, 1),
            member(second, 2),
            member(second, 3),
            member(second, 4)
        ])
    );
    assert!(
        answer["message"].as_str().unwrap().contains(" 1.5 – 2.5 "),
        "{answer}"
    );
    // A different result needs "replace".
    let r = call(
        &mut o,
        "PUT",
        &path,
        Some(json!({"boards": ["1-0", "1-0", "1-0", "0-1"]})),
    )
    .await;
    assert_error(&r, 409, Some("result"), "a different match result");
    // Match points 2 / 0 for the match (S4 ch.2 §6), 0 for teams yet to play.
    let table_now = expect_json(
        &o.get(&format!("/api/events/{id}/standings")).await,
        200,
        "standings",
    );
    let points = |team: u32| {
        table_now
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["number"] == team)
            .map(|l| points(&l["points"]))
            .unwrap()
    };
    assert_eq!(points(second), 2.0);
    assert_eq!(points(first), 0.0);
    assert_state_is_the_replay(&server, &id).await;
}

/// The staff set the time a round's line-ups are due: until then a captain may change
/// theirs and nobody else sees it; after it the captain is refused (the staff may still
/// enter one) and everyone sees the line-ups, as when closed by hand.
async fn line_ups_are_due_by_a_time(b: Backend) {
    let server = start(b).await;
    let mut org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let id = create_event(
        &mut o,
        json!({"name": "Due", "system": "round-robin", "boards": 2, "lineup": "ordered-substitutes"}),
    )
    .await;
    let mut captains = [
        account(&server, "CapA", AccountRole::Player).await,
        account(&server, "CapB", AccountRole::Player).await,
    ];
    for (t, c) in ["Altai", "Bogd"].iter().zip(&captains) {
        let members: Vec<Value> = (1..=3)
            .map(|i| json!({"name": format!("{t} {i}")}))
            .collect();
        send(
            &mut o,
            "POST",
            &format!("/api/events/{id}/teams"),
            Some(json!({"name": t, "members": members, "captain": c.name})),
        )
        .await;
    }
    start_event(&mut o, &id).await;
    pair(&mut o, &id).await;
    publish(&mut o, &id, 1).await;
    let event = get_event(&mut o, &id).await;
    let teams = event["teams"].as_array().unwrap().clone();
    let team_of = |c: &Account| {
        teams
            .iter()
            .find(|t| t["captain"] == c.name.as_str())
            .unwrap()
    };
    let (a, b) = (team_of(&captains[0]), team_of(&captains[1]));
    let (ta, tb) = (number(&a["number"]), number(&b["number"]));
    let a_lineup = json!({"players": [number(&a["members"][0]), number(&a["members"][2])]});
    let lineup = |t: u32| format!("/api/events/{id}/rounds/1/lineups/{t}");
    let due = format!("/api/events/{id}/rounds/1/lineup-deadline");

    // Due in the future: the captain submits, the other captain sees nothing yet.
    send(
        &mut o,
        "PUT",
        &due,
        Some(json!({"at": "2099-01-01T08:00:00+08:00"})),
    )
    .await;
    let staff_view = get_event(&mut o, &id).await;
    assert_eq!(
        staff_view["lineups_due"],
        json!([{"round": 1, "at": "2099-01-01T00:00:00Z"}])
    );
    send(
        &mut captains[0].api(&server),
        "PUT",
        &lineup(ta),
        Some(a_lineup.clone()),
    )
    .await;
    assert_eq!(
        get_event(&mut captains[1].api(&server), &id).await["lineups"],
        json!([])
    );
    let page = captains[1]
        .browser
        .get(&format!("/events/{id}/rounds/1"))
        .await;
    assert!(
        page.body.contains(
            r#"Line-ups due by <time data-local datetime="2099-01-01T00:00:00Z">2099-01-01 00:00 UTC</time>"#
        ),
        "{}",
        page.body
    );

    // Times that cannot be read, and rounds the event does not have.
    let r = call(&mut o, "PUT", &due, Some(json!({"at": "tomorrow"}))).await;
    assert_error(&r, 400, Some("at"), "an unreadable time");
    assert_eq!(
        parse(&r)["error"],
        "Cannot read the time “tomorrow”: write it as 2026-12-02T14:00:00Z or 2026-12-02T22:00:00+08:00."
    );
    let r = call(
        &mut o,
        "PUT",
        &format!("/api/events/{id}/rounds/3/lineup-deadline"),
        Some(json!({"at": "2099-01-01T00:00:00Z"})),
    )
    .await;
    assert_error(&r, 400, Some("round"), "a round the event does not have");
    assert_eq!(
        parse(&r)["error"],
        "there is no round 3: the event has 1 round(s)"
    );
    // A captain does not set the time.
    let r = call(
        &mut captains[0].api(&server),
        "PUT",
        &due,
        Some(json!({"at": null})),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);

    // Set on the round page in the organiser's zone (UTC+8: the browser says −480).
    let csrf = org
        .browser
        .get(&format!("/events/{id}/rounds/1"))
        .await
        .csrf();
    let r = org
        .browser
        .post(
            &format!("/events/{id}/rounds/1/lineup-deadline"),
            &[
                ("csrf", &csrf),
                ("at", "2026-12-02T22:00"),
                ("behind_utc", "-480"),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        get_event(&mut o, &id).await["lineups_due"],
        json!([{"round": 1, "at": "2026-12-02T14:00:00Z"}])
    );

    // Past it: the captain is refused in their language, the staff may still enter one,
    // and everyone sees the line-ups.
    let mut late = captains[1].api(&server);
    let b_lineup = json!({"players": [number(&b["members"][0]), number(&b["members"][1])]});
    let r = call(&mut late, "PUT", &lineup(tb), Some(b_lineup.clone())).await;
    assert_error(&r, 400, Some("round"), "a line-up after its time");
    assert_eq!(
        parse(&r)["error"],
        "the line-ups of round 1 were due by 2026-12-02 14:00 UTC: only the arbiters can enter one now"
    );
    late.headers.push(("Accept-Language".into(), "zh".into()));
    let r = call(&mut late, "PUT", &lineup(tb), Some(b_lineup.clone())).await;
    assert_eq!(
        parse(&r)["error"],
        "第 1 轮排阵已于 2026-12-02 14:00 UTC 截止：现在只有裁判可以录入"
    );
    late.headers.pop();
    late.headers.push(("Accept-Language".into(), "mn".into()));
    let r = call(&mut late, "PUT", &lineup(tb), Some(b_lineup.clone())).await;
    assert_eq!(
        parse(&r)["error"],
        "1-р тойргийн бүрэлдэхүүн өгөх хугацаа 2026-12-02 14:00 UTC-д дууссан: одоо зөвхөн шүүгч оруулна"
    );
    assert_eq!(
        get_event(&mut captains[1].api(&server), &id).await["lineups"],
        json!([{"round": 1, "team": ta, "players": a_lineup["players"]}])
    );
    send(&mut o, "PUT", &lineup(tb), Some(b_lineup)).await;
    assert_eq!(
        get_event(&mut server.client(), &id).await["lineups"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // No due time again: the captain may change theirs, and it is the staff's once more.
    send(&mut o, "PUT", &due, Some(json!({"at": null}))).await;
    assert_eq!(get_event(&mut o, &id).await["lineups_due"], json!([]));
    send(
        &mut captains[0].api(&server),
        "PUT",
        &lineup(ta),
        Some(a_lineup),
    )
    .await;
    assert_eq!(
        get_event(&mut server.client(), &id).await["lineups"],
        json!([])
    );
    let history = history(&mut o, &id).await;
    let said: Vec<&str> = history
        .iter()
        .filter_map(|h| h["summary"].as_str())
        .collect();
    assert!(
        said.contains(&"the line-ups of round 1 are due by 2026-12-02 14:00 UTC"),
        "{said:?}"
    );
    assert!(
        said.contains(&"the line-ups of round 1 have no due time"),
        "{said:?}"
    );
    assert_state_is_the_replay(&server, &id).await;
}
