//! The events JSON API through the real server: a 40-player FIDE Dutch run to its end and
//! checked against the tournament library (and, where it is installed, the independent
//! engine caissify-pairings that `scripts/check_dutch.py` uses), permissions and CSRF,
//! markup in names, result entry and its conflicts, concurrent entry, the change history,
//! and results kept across a restart.

mod common;

use common::events::*;
use common::{Backend, Client, unique};
use serde_json::{Value, json};
use shatar_server::db::users::AccountRole;
use shatar_tournament::{EntrantNo, Event, GameResult, Player, RoundNo, System};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use tokio::sync::Barrier;

on_both_backends!(
    a_dutch_of_40_runs_to_its_end,
    who_may_do_what,
    results_conflicts_and_words,
    simultaneous_results_are_neither_lost_nor_doubled,
    history_lists_every_change,
    results_survive_a_restart,
    an_arbiter_corrects_a_running_event,
    exports_give_the_public_only_what_is_published,
    refusals_are_in_the_requests_language,
);

// ---------------------------------------------------------------------------------------
// 1. A whole event.

/// The result the tests enter on `board` between players rated `white` and `black`:
/// every 5th board drawn, every 7th an upset, otherwise the higher rating wins.
fn chosen_result(board: u32, white: u32, black: u32) -> &'static str {
    let white_higher = white > black;
    if board.is_multiple_of(5) {
        "1/2-1/2"
    } else if board.is_multiple_of(7) != white_higher {
        "1-0"
    } else {
        "0-1"
    }
}

async fn a_dutch_of_40_runs_to_its_end(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut c = org.api(&server);
    let mut anonymous = server.client();
    let name = unique("Naadam Open ");
    let id = create_event(
        &mut c,
        json!({"name": name, "system": "dutch", "rounds": 7, "time_control": "5400"}),
    )
    .await;

    // The same event in the library, built from the same registrations. Registration
    // order is not rating order: the draw renumbers the players by rating.
    let mut lib = Event::new(name.clone(), System::Dutch);
    lib.rounds_planned = 7;
    let mut registered: BTreeMap<u32, Value> = BTreeMap::new();
    for i in 0..40u32 {
        let rating = 1500 + (i * 17 % 40) * 10;
        let pname = format!("Player {:02}", i + 1);
        let mut body = json!({"name": pname, "rating": rating});
        let mut p = Player::named(&pname);
        p.rating = Some(rating);
        if i % 3 == 0 {
            body["club"] = json!("Khangai");
            p.club = "Khangai".into();
        }
        if i % 4 == 0 {
            body["region"] = json!("Arkhangai");
            p.region = "Arkhangai".into();
        }
        if i % 5 == 0 {
            body["birth_year"] = json!(1980 + i);
            p.birth_year = Some(u16::try_from(1980 + i).unwrap());
        }
        let n = add_player(&mut c, &id, body.clone()).await;
        assert!(
            registered.insert(n, body).is_none(),
            "start number {n} given twice"
        );
        lib.add_player(p).unwrap();
    }

    // Before the start: the registrations as given.
    let event = get_event(&mut anonymous, &id).await;
    assert_eq!(event["name"], name.as_str());
    assert_eq!(event["system"], "dutch");
    assert_eq!(event["status"], "registration");
    let players = event["players"].as_array().unwrap();
    assert_eq!(players.len(), 40, "{event}");
    for p in players {
        let given = &registered[&number(&p["number"])];
        for field in ["name", "rating", "club", "region", "birth_year"] {
            if !given[field].is_null() {
                assert_eq!(p[field], given[field], "{field} of {p}");
            }
        }
    }

    start_event(&mut c, &id).await;
    lib.start().unwrap();
    let event = get_event(&mut anonymous, &id).await;
    assert_eq!(event["status"], "running");
    // The start numbers are the library's draw.
    let players: BTreeMap<u32, (String, u32)> = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                number(&p["number"]),
                (p["name"].as_str().unwrap().to_owned(), number(&p["rating"])),
            )
        })
        .collect();
    let lib_players: BTreeMap<u32, (String, u32)> = lib
        .players
        .iter()
        .map(|p| (p.number.get(), (p.name.clone(), p.rating.unwrap())))
        .collect();
    assert_eq!(players, lib_players);
    let rating = |n: u32| players[&n].1;

    // Every result entered, as this test records it: (round, white, black, word).
    let mut entered: Vec<(u32, u32, u32, &'static str)> = Vec::new();
    let mut seed = None;
    for r in 1..=7u32 {
        let paired = pair(&mut c, &id).await;
        assert_eq!(paired["round"], r, "{paired}");
        let api_boards = boards(&paired);
        assert!(
            results(&paired).values().all(Option::is_none),
            "round {r} starts without results: {paired}"
        );
        // The Dutch draws its initial colour by lot (the event's seed): take the seed
        // that gives the API's colour in round 1, then every round must agree.
        let seed = *seed.get_or_insert_with(|| {
            (0..64u64)
                .find(|&s| {
                    let mut trial = lib.clone();
                    trial.settings.lot_seed = s;
                    let first = trial.pair_next_round().unwrap().pairings[0].white.get();
                    Some(first) == api_boards.first().map(|b| b.1)
                })
                .expect("a lot seed with the API's initial colour")
        });
        lib.settings.lot_seed = seed;
        let lib_boards: Vec<(u32, u32, Option<u32>)> = lib
            .pair_next_round()
            .unwrap()
            .pairings
            .iter()
            .map(|p| (p.board.get(), p.white.get(), p.black.map(EntrantNo::get)))
            .collect();
        assert_eq!(
            api_boards, lib_boards,
            "round {r}: the API's pairing against the library's"
        );
        assert_eq!(api_boards.len(), 20);

        // Unpublished: the organiser sees it, a visitor does not.
        assert!(round_of(&get_event(&mut anonymous, &id).await, r).is_none());
        let seen = get_event(&mut c, &id).await;
        let own = round_of(&seen, r).expect("the organiser sees the unpublished round");
        assert_eq!(own["published"], false);
        assert_eq!(boards(own), api_boards);
        publish(&mut c, &id, r).await;
        let seen = get_event(&mut anonymous, &id).await;
        let public = round_of(&seen, r).expect("a published round is public");
        assert_eq!(public["published"], true);
        assert_eq!(boards(public), api_boards);

        for &(board, white, black) in &api_boards {
            let black = black.expect("no bye in an even field without withdrawals");
            let word = chosen_result(board, rating(white), rating(black));
            let resp = put_result(&mut c, &id, r, board, word, None).await;
            let v = expect_json(&resp, 200, &format!("round {r} board {board} {word}"));
            let message = v["message"].as_str().unwrap_or_else(|| panic!("{v}"));
            assert!(
                message.starts_with(&format!("Board {board}"))
                    && message.contains(&players[&white].0)
                    && message.contains(&players[&black].0),
                "round {r} board {board}: {message}"
            );
            entered.push((r, white, black, word));
            lib.set_result(
                RoundNo::new(r).unwrap(),
                EntrantNo::new(white).unwrap(),
                EntrantNo::new(black).unwrap(),
                vec![word.parse::<GameResult>().unwrap()],
            )
            .unwrap();
        }
        let expected_status = if r == 7 { "finished" } else { "running" };
        assert_eq!(
            get_event(&mut anonymous, &id).await["status"],
            expected_status
        );
    }

    // Finished: all seven rounds public with their results, and no eighth round.
    let event = get_event(&mut anonymous, &id).await;
    for r in 1..=7u32 {
        let round = round_of(&event, r).unwrap_or_else(|| panic!("round {r}: {event}"));
        let got: BTreeSet<(u32, u32, String)> = round["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    number(&p["white"]),
                    number(&p["black"]),
                    p["result"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let want: BTreeSet<(u32, u32, String)> = entered
            .iter()
            .filter(|e| e.0 == r)
            .map(|e| (e.1, e.2, e.3.to_owned()))
            .collect();
        assert_eq!(got, want, "round {r}");
    }
    let r = call(&mut c, "POST", &format!("/api/events/{id}/rounds"), None).await;
    assert!(
        (400..500).contains(&r.status) && r.status != 404,
        "an eighth round of seven: {} {}",
        r.status,
        r.body
    );
    assert_error_body(&r, None, "an eighth round");

    // Points counted here from the results entered.
    let mut mine: BTreeMap<u32, u32> = players.keys().map(|n| (*n, 0)).collect();
    for &(_, white, black, word) in &entered {
        let (w, b) = halves(word);
        *mine.get_mut(&white).unwrap() += w;
        *mine.get_mut(&black).unwrap() += b;
    }
    let best = *mine.values().max().unwrap();
    let leaders: Vec<u32> = mine
        .iter()
        .filter(|(_, p)| **p == best)
        .map(|(n, _)| *n)
        .collect();
    let r = anonymous.get(&format!("/api/events/{id}/standings")).await;
    let table = expect_json(&r, 200, "standings");
    let lines = table.as_array().unwrap();
    assert_eq!(lines.len(), 40);
    assert_eq!(lines[0]["place"], 1, "{}", lines[0]);
    let first = number(&lines[0]["number"]);
    assert!(
        leaders.contains(&first),
        "first place {first}, leaders {leaders:?}"
    );
    if leaders.len() == 1 {
        assert_eq!(first, leaders[0]);
    }
    assert_eq!(points(&lines[0]["points"]), f64::from(best) / 2.0);
    let mut numbers = BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        let n = number(&line["number"]);
        assert!(numbers.insert(n), "{n} listed twice");
        assert_eq!(line["name"], players[&n].0.as_str());
        assert_eq!(
            points(&line["points"]),
            f64::from(mine[&n]) / 2.0,
            "points of {n}"
        );
        assert!(line["tiebreaks"].is_object(), "{line}");
        if i > 0 {
            assert!(points(&lines[i - 1]["points"]) >= points(&line["points"]));
            assert!(number(&lines[i - 1]["place"]) <= number(&line["place"]));
        }
    }

    // The TRF export, read back by the library: the same players and results.
    let r = anonymous.get(&format!("/api/events/{id}/export.trf")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let trf = r.body;
    let back = shatar_tournament::trf::read(&trf, System::Dutch)
        .unwrap_or_else(|e| panic!("the export reads back: {e}\n{trf}"));
    let back_players: BTreeMap<u32, (String, u32)> = back
        .players
        .iter()
        .map(|p| (p.number.get(), (p.name.clone(), p.rating.unwrap_or(0))))
        .collect();
    assert_eq!(back_players, players);
    assert_eq!(back.rounds_planned, 7);
    assert_eq!(back.rounds.len(), 7);
    for round in &back.rounds {
        let r = round.number.get();
        let got: BTreeSet<(u32, u32, String)> = round
            .pairings
            .iter()
            .map(|p| {
                assert_eq!(p.games.len(), 1, "round {r}: {p:?}");
                (
                    p.white.get(),
                    p.black.expect("no bye").get(),
                    format!("{:?}", p.games[0]),
                )
            })
            .collect();
        let want: BTreeSet<(u32, u32, String)> = entered
            .iter()
            .filter(|e| e.0 == r)
            .map(|e| {
                (
                    e.1,
                    e.2,
                    format!("{:?}", e.3.parse::<GameResult>().unwrap()),
                )
            })
            .collect();
        assert_eq!(got, want, "TRF round {r}");
    }
    // The points column (81–84) of each player line.
    for line in trf.lines().filter(|l| l.starts_with("001")) {
        let n: u32 = line[4..8].trim().parse().unwrap();
        let p: f64 = line[80..84].trim().parse().unwrap();
        assert_eq!(p, f64::from(mine[&n]) / 2.0, "TRF points of {n}: {line}");
    }
    // Each round of the export re-paired by the library from the rounds before it.
    for r in 0..7usize {
        let mut cut = back.clone();
        cut.rounds.truncate(r);
        cut.settings.lot_seed = lib.settings.lot_seed;
        let again: BTreeSet<(u32, Option<u32>)> = cut
            .pair_next_round()
            .unwrap()
            .pairings
            .iter()
            .map(|p| (p.white.get(), p.black.map(EntrantNo::get)))
            .collect();
        let exported: BTreeSet<(u32, Option<u32>)> = back.rounds[r]
            .pairings
            .iter()
            .map(|p| (p.white.get(), p.black.map(EntrantNo::get)))
            .collect();
        assert_eq!(again, exported, "round {} re-paired from the export", r + 1);
    }
    check_with_caissify(&trf);
    server.stop().await;
}

/// Re-pairs every round of a TRF export with caissify-pairings' FIDE Dutch engine, the
/// independent engine of `scripts/check_dutch.py`, and asserts that every round agrees.
/// Skipped, with a note, where Python or the package is not installed.
fn check_with_caissify(trf: &str) {
    const SCRIPT: &str = r#"
import json, sys
try:
    from caissify_pairings import fpc
except ImportError as e:
    print("MISSING", e)
    sys.exit(3)
report = fpc.check_trf(open(sys.argv[1], encoding="utf-8").read())
bad = [{"round": r["round"], "discrepancies": r["discrepancies"][:5]}
       for r in report["rounds"] if not r["match"]]
print(json.dumps({"summary": report["summary"], "mismatched": bad}, default=str))
"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.trf");
    std::fs::write(&path, trf).unwrap();
    let out = match std::process::Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .arg(&path)
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped the caissify-pairings check: no python3 ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() == Some(3) {
        eprintln!(
            "skipped the caissify-pairings check: {} \
             (python3 -m pip install caissify-pairings==0.5.0)",
            stdout.trim()
        );
        return;
    }
    assert!(
        out.status.success(),
        "caissify-pairings failed: {}{}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(report["summary"]["rounds_checked"], 7, "{report}");
    assert_eq!(
        report["summary"]["rounds_mismatched"], 0,
        "caissify-pairings pairs differently: {report}"
    );
}

// ---------------------------------------------------------------------------------------
// 2. Permissions, CSRF and markup.

async fn who_may_do_what(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let rival = account(&server, "Rival", AccountRole::Organiser).await;
    let arbiter = account(&server, "Arb", AccountRole::Arbiter).await;
    let player = account(&server, "Pla", AccountRole::Player).await;
    let admin = account(&server, "Adm", AccountRole::Admin).await;
    let (mut o, mut rv, mut a, mut p, mut ad) = (
        org.api(&server),
        rival.api(&server),
        arbiter.api(&server),
        player.api(&server),
        admin.api(&server),
    );
    let mut nobody = server.client();

    // Creating events: organisers and admins only.
    let body = json!({"name": "Player's own", "system": "swiss"});
    let r = call(&mut p, "POST", "/api/events", Some(body.clone())).await;
    assert_error(&r, 403, None, "a player creates an event");
    let r = call(&mut a, "POST", "/api/events", Some(body.clone())).await;
    assert_error(&r, 403, None, "an arbiter creates an event");
    let r = call(&mut nobody, "POST", "/api/events", Some(body.clone())).await;
    assert_error(&r, 401, None, "no credentials create an event");
    let mut bad = server.client();
    bad.headers
        .push(("Authorization".into(), format!("Bearer {}", "0".repeat(64))));
    let r = call(&mut bad, "POST", "/api/events", Some(body.clone())).await;
    assert!(
        r.status == 401 || r.status == 403,
        "an unknown token: {} {}",
        r.status,
        r.body
    );
    let admins = create_event(&mut ad, json!({"name": "Admin's", "system": "swiss"})).await;
    assert_eq!(get_event(&mut nobody, &admins).await["name"], "Admin's");

    // Event A (the organiser's, the arbiter appointed), event B (the rival's).
    let (ev_a, round_a) = running_event(&mut o, "Event A", 6, 3).await;
    let r = call(
        &mut o,
        "POST",
        &format!("/api/events/{ev_a}/arbiters"),
        Some(json!({"username": arbiter.name})),
    )
    .await;
    assert_eq!(r.status, 200, "appoint: {}", r.body);
    let (ev_b, _) = running_event(&mut rv, "Event B", 6, 3).await;
    assert_eq!(boards(&round_a).len(), 3);

    // Appointing arbiters: the event's organiser or an admin only.
    for (who, c) in [
        ("the rival organiser", &mut rv),
        ("the appointed arbiter", &mut a),
        ("a player", &mut p),
    ] {
        let r = call(
            c,
            "POST",
            &format!("/api/events/{ev_a}/arbiters"),
            Some(json!({"username": player.name})),
        )
        .await;
        assert_error(&r, 403, None, &format!("{who} appoints an arbiter"));
    }
    let r = call(
        &mut nobody,
        "POST",
        &format!("/api/events/{ev_a}/arbiters"),
        Some(json!({"username": player.name})),
    )
    .await;
    assert_error(&r, 401, None, "no credentials appoint an arbiter");

    // Results: the organiser and the event's arbiters.
    let r = put_result(&mut p, &ev_a, 1, 1, "1-0", None).await;
    assert_error(&r, 403, None, "a player enters a result");
    let r = put_result(&mut rv, &ev_a, 1, 1, "1-0", None).await;
    assert_error(&r, 403, None, "another event's organiser enters a result");
    let r = put_result(&mut a, &ev_b, 1, 1, "1-0", None).await;
    assert_error(&r, 403, None, "event A's arbiter enters a result in B");
    let r = put_result(&mut nobody, &ev_a, 1, 1, "1-0", None).await;
    assert_error(&r, 401, None, "no credentials enter a result");
    let r = put_result(&mut a, &ev_a, 1, 1, "1-0", None).await;
    assert_eq!(r.status, 200, "the appointed arbiter: {}", r.body);

    // The rival may not change the organiser's event in any way, nor a player.
    for (who, c) in [("the rival organiser", &mut rv), ("a player", &mut p)] {
        let r = call(
            c,
            "POST",
            &format!("/api/events/{ev_a}/players"),
            Some(json!({"name": "Intruder"})),
        )
        .await;
        assert_error(&r, 403, None, &format!("{who} adds a player"));
        let r = call(c, "POST", &format!("/api/events/{ev_a}/rounds"), None).await;
        assert_error(&r, 403, None, &format!("{who} pairs a round"));
        let r = call(
            c,
            "POST",
            &format!("/api/events/{ev_a}/rounds/1/publish"),
            None,
        )
        .await;
        assert_error(&r, 403, None, &format!("{who} publishes a round"));
    }
    let r = call(
        &mut a,
        "POST",
        &format!("/api/events/{ev_b}/players"),
        Some(json!({"name": "Intruder"})),
    )
    .await;
    assert_error(&r, 403, None, "event A's arbiter adds a player to B");
    let r = call(
        &mut nobody,
        "POST",
        &format!("/api/events/{ev_a}/start"),
        None,
    )
    .await;
    assert_error(&r, 401, None, "no credentials start an event");
    let r = call(
        &mut nobody,
        "POST",
        &format!("/api/events/{ev_a}/rounds"),
        None,
    )
    .await;
    assert_error(&r, 401, None, "no credentials pair a round");
    // An admin may appoint to any event; the appointed arbiter may then enter B's results.
    let r = call(
        &mut ad,
        "POST",
        &format!("/api/events/{ev_b}/arbiters"),
        Some(json!({"username": arbiter.name})),
    )
    .await;
    assert_eq!(r.status, 200, "an admin appoints: {}", r.body);
    let r = put_result(&mut a, &ev_b, 1, 1, "0-1", None).await;
    assert_eq!(r.status, 200, "appointed to B by an admin: {}", r.body);
    // Nothing refused was written.
    let seen = get_event(&mut o, &ev_a).await;
    assert_eq!(
        results(round_of(&seen, 1).unwrap())[&1],
        Some("1-0".to_owned())
    );
    assert_eq!(seen["players"].as_array().unwrap().len(), 6);
    assert_eq!(seen["rounds"].as_array().unwrap().len(), 1);

    // A session cookie works as a token does, with the session's CSRF token.
    let mut browser = org.browser.clone();
    let csrf = browser.csrf().await;
    let r = put_result(&mut browser, &ev_a, 1, 2, "0-1", None).await;
    assert_error(&r, 403, None, "a cookie without X-CSRF-Token");
    browser
        .headers
        .push(("X-CSRF-Token".into(), "0".repeat(csrf.len())));
    let r = put_result(&mut browser, &ev_a, 1, 2, "0-1", None).await;
    assert_error(&r, 403, None, "a cookie with a wrong X-CSRF-Token");
    browser.headers.pop();
    let seen = get_event(&mut o, &ev_a).await;
    assert_eq!(results(round_of(&seen, 1).unwrap())[&2], None);
    browser.headers.push(("X-CSRF-Token".into(), csrf.clone()));
    let r = put_result(&mut browser, &ev_a, 1, 2, "0-1", None).await;
    assert_eq!(r.status, 200, "a cookie with its CSRF token: {}", r.body);
    // The token of another session does not fit this one.
    let mut other = rival.browser.clone();
    other.headers.push(("X-CSRF-Token".into(), csrf));
    let r = call(
        &mut other,
        "POST",
        &format!("/api/events/{ev_b}/players"),
        Some(json!({"name": "Cross-site"})),
    )
    .await;
    assert_error(&r, 403, None, "another session's CSRF token");

    // Round 1 complete, round 2 paired and not yet published.
    let r = put_result(&mut o, &ev_a, 1, 3, "1/2-1/2", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    // Unpublished rounds: the organiser, the event's arbiters and admins see them.
    let r2 = pair(&mut o, &ev_a).await;
    assert_eq!(r2["round"], 2);
    for (who, c, sees) in [
        ("the organiser", &mut o, true),
        ("the appointed arbiter", &mut a, true),
        ("an admin", &mut ad, true),
        ("the rival organiser", &mut rv, false),
        ("a player", &mut p, false),
        ("a visitor", &mut nobody, false),
    ] {
        let seen = get_event(c, &ev_a).await;
        assert_eq!(
            round_of(&seen, 2).is_some(),
            sees,
            "{who} and the unpublished round 2: {seen}"
        );
        assert!(round_of(&seen, 1).is_some(), "{who} sees published round 1");
    }
    // The history: the organiser, the arbiters and admins.
    for (who, c) in [("the rival", &mut rv), ("a player", &mut p)] {
        let r = c.get(&format!("/api/events/{ev_a}/history")).await;
        assert_error(&r, 403, None, &format!("{who} reads the history"));
    }
    let r = nobody.get(&format!("/api/events/{ev_a}/history")).await;
    assert!(
        r.status == 401 || r.status == 403,
        "a visitor reads the history: {} {}",
        r.status,
        r.body
    );
    assert!(!history(&mut a, &ev_a).await.is_empty());
    assert!(!history(&mut ad, &ev_a).await.is_empty());

    // Markup in names comes back in JSON exactly as given.
    let evil_event = "<script>alert('e')</script> & \"Open\"";
    let evil_player = "<img src=x onerror=alert(1)> Бат";
    let evil_club = "<b>Khangai</b> & Co";
    let id = create_event(&mut o, json!({"name": evil_event, "system": "swiss"})).await;
    add_player(
        &mut o,
        &id,
        json!({"name": evil_player, "club": evil_club, "region": "<i>Töv</i>"}),
    )
    .await;
    let seen = get_event(&mut nobody, &id).await;
    assert_eq!(seen["name"], evil_event);
    assert_eq!(seen["players"][0]["name"], evil_player);
    assert_eq!(seen["players"][0]["club"], evil_club);
    assert_eq!(seen["players"][0]["region"], "<i>Töv</i>");
    let raw = nobody.get(&format!("/api/events/{id}")).await;
    assert!(
        raw.header("content-type")
            .is_some_and(|t| t.starts_with("application/json")),
        "{:?}",
        raw.headers
    );
    assert!(
        !raw.body.contains("&lt;"),
        "JSON is not HTML-escaped: {}",
        raw.body
    );
    // And HTML-escaped on the event's page, where there is one.
    let page = nobody.get(&format!("/events/{id}")).await;
    if page.status == 404 {
        // No HTML page for events: nothing to escape.
    } else {
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(!page.body.contains("<script>alert"), "{}", page.body);
        assert!(!page.body.contains("<img src=x"), "{}", page.body);
        assert!(!page.body.contains("<b>Khangai"), "{}", page.body);
        assert!(
            page.body.contains("&lt;script&gt;alert("),
            "the event's name, escaped: {}",
            page.body
        );
        if page.body.contains("onerror=alert(1)") {
            assert!(page.body.contains("&lt;img src=x onerror=alert(1)&gt;"));
        }
    }

    // Unknown event ids: 404.
    let r = nobody.get("/api/events/999999999").await;
    assert_error(&r, 404, None, "an unknown event");
    let r = put_result(&mut o, "999999999", 1, 1, "1-0", None).await;
    assert_error(&r, 404, None, "a result in an unknown event");
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 3. Results.

const WORDS: [&str; 6] = ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"];

async fn results_conflicts_and_words(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut c = org.api(&server);

    // An unknown system is refused by field.
    let r = call(
        &mut c,
        "POST",
        "/api/events",
        Some(json!({"name": "Bad", "system": "monrad"})),
    )
    .await;
    assert_error(&r, 400, Some("system"), "an unknown system");
    // Every system of the CLI is known.
    for system in [
        "round-robin",
        "double-round-robin",
        "group-round-robin",
        "swiss",
        "dutch",
        "swiss-elimination",
        "single-elimination",
        "double-elimination",
    ] {
        let id = create_event(&mut c, json!({"name": system, "system": system})).await;
        assert_eq!(get_event(&mut c, &id).await["system"], system);
    }

    // Two players of the same name, told apart by club, region and birth year.
    let id = create_event(
        &mut c,
        json!({"name": "Results", "system": "dutch", "rounds": 3}),
    )
    .await;
    let d1 = add_player(
        &mut c,
        &id,
        json!({"name": "Dorj", "club": "Erdenet", "region": "Orkhon", "birth_year": 1990, "rating": 2100}),
    )
    .await;
    let d2 = add_player(
        &mut c,
        &id,
        json!({"name": "Dorj", "club": "Darkhan", "region": "Selenge", "birth_year": 2001, "rating": 2090}),
    )
    .await;
    assert_ne!(d1, d2);
    for i in 0..10u32 {
        add_player(
            &mut c,
            &id,
            json!({"name": format!("Player {}", i + 1), "rating": 2000 - 10 * i}),
        )
        .await;
    }
    let seen = get_event(&mut c, &id).await;
    let dorjs: Vec<&Value> = seen["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["name"] == "Dorj")
        .collect();
    assert_eq!(dorjs.len(), 2, "{seen}");
    start_event(&mut c, &id).await;
    let round = pair(&mut c, &id).await;
    publish(&mut c, &id, 1).await;
    let pairs = boards(&round);
    assert_eq!(
        pairs.iter().map(|p| p.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );

    // The six words, one a board, come back exactly.
    for (board, word) in (1u32..).zip(WORDS) {
        let r = put_result(&mut c, &id, 1, board, word, None).await;
        assert_eq!(r.status, 200, "{word}: {}", r.body);
    }
    let seen = get_event(&mut c, &id).await;
    let got = results(round_of(&seen, 1).unwrap());
    for (board, word) in (1u32..).zip(WORDS) {
        assert_eq!(got[&board].as_deref(), Some(word), "board {board}");
    }
    // … and score as they say.
    let r = c.get(&format!("/api/events/{id}/standings")).await;
    let table = expect_json(&r, 200, "standings");
    let by_number: BTreeMap<u32, f64> = table
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (number(&l["number"]), points(&l["points"])))
        .collect();
    for (&(_, white, black), word) in pairs.iter().zip(WORDS) {
        let (w, b) = halves(word);
        assert_eq!(by_number[&white], f64::from(w) / 2.0, "White after {word}");
        assert_eq!(
            by_number[&black.unwrap()],
            f64::from(b) / 2.0,
            "Black after {word}"
        );
    }

    let entries = history(&mut c, &id).await.len();
    let v0 = version(&get_event(&mut c, &id).await);
    // A different result without "replace": 409, nothing changed.
    let r = put_result(&mut c, &id, 1, 1, "0-1", None).await;
    assert_error(&r, 409, None, "a different result without replace");
    let r = put_result(&mut c, &id, 1, 1, "0-1", Some(false)).await;
    assert_error(&r, 409, None, "a different result with replace false");
    let seen = get_event(&mut c, &id).await;
    assert_eq!(
        results(round_of(&seen, 1).unwrap())[&1].as_deref(),
        Some("1-0")
    );
    assert_eq!(version(&seen), v0);
    assert_eq!(history(&mut c, &id).await.len(), entries);
    // With "replace": 200, changed, one entry.
    let r = put_result(&mut c, &id, 1, 1, "0-1", Some(true)).await;
    let v = expect_json(&r, 200, "replace");
    assert!(v["message"].as_str().is_some(), "{v}");
    let seen = get_event(&mut c, &id).await;
    assert_eq!(
        results(round_of(&seen, 1).unwrap())[&1].as_deref(),
        Some("0-1")
    );
    assert_eq!(version(&seen), v0 + 1);
    assert_eq!(history(&mut c, &id).await.len(), entries + 1);
    // The same result again, with or without replace: 200, no change, no entry.
    for replace in [None, Some(true), Some(false)] {
        let r = put_result(&mut c, &id, 1, 1, "0-1", replace).await;
        assert_eq!(
            r.status, 200,
            "the same result again ({replace:?}): {}",
            r.body
        );
    }
    let r = put_result(&mut c, &id, 1, 3, "1/2-1/2", None).await;
    assert_eq!(r.status, 200, "the same draw again: {}", r.body);
    let seen = get_event(&mut c, &id).await;
    assert_eq!(version(&seen), v0 + 1);
    assert_eq!(history(&mut c, &id).await.len(), entries + 1);

    // Boards and rounds that do not exist.
    for (round, board) in [(1, 7), (1, 0), (1, 99), (2, 1), (9, 1)] {
        let r = put_result(&mut c, &id, round, board, "1-0", None).await;
        assert!(
            r.status == 404 || r.status == 400,
            "round {round} board {board}: {} {}",
            r.status,
            r.body
        );
        let v = parse(&r);
        assert!(v["error"].is_string(), "{v}");
        if r.status == 400 {
            assert!(
                v["field"].is_string(),
                "round {round} board {board}: a 400 names its field: {v}"
            );
        }
    }
    // Unknown words: 400, field "result".
    for word in ["2-0", "1-1", "win", "", "1:0", "1-0-0"] {
        let r = put_result(&mut c, &id, 1, 2, word, Some(true)).await;
        assert_error(&r, 400, Some("result"), &format!("the word {word:?}"));
    }
    let seen = get_event(&mut c, &id).await;
    assert_eq!(version(&seen), v0 + 1);
    let got = results(round_of(&seen, 1).unwrap());
    assert_eq!(got[&2].as_deref(), Some("0-1"));
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 4. Concurrency.

/// Puts `jobs` (client, round, board, word) all at once, each task released by one
/// barrier; returns the statuses in job order.
async fn all_at_once(id: &str, jobs: Vec<(Client, u32, u32, &'static str)>) -> Vec<u16> {
    let barrier = Arc::new(Barrier::new(jobs.len()));
    let mut tasks = Vec::new();
    for (mut c, round, board, word) in jobs {
        let barrier = Arc::clone(&barrier);
        let id = id.to_owned();
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            let r = put_result(&mut c, &id, round, board, word, None).await;
            (r.status, r.body)
        }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        let (status, body) = t.await.unwrap();
        assert!(status == 200 || status == 409, "{status}: {body}");
        statuses.push(status);
    }
    statuses
}

/// The usernames of history entries after the first `skip`, sorted.
fn authors(entries: &[Value], skip: usize) -> Vec<String> {
    let mut by: Vec<String> = entries[skip..]
        .iter()
        .map(|e| e["by"].as_str().unwrap_or_else(|| panic!("{e}")).to_owned())
        .collect();
    by.sort();
    by
}

async fn simultaneous_results_are_neither_lost_nor_doubled(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, round) = running_event(&mut o, "Simultaneous", 16, 4).await;
    let mut arbiters = Vec::new();
    for _ in 0..8 {
        let arb = account(&server, "Arb", AccountRole::Arbiter).await;
        let r = call(
            &mut o,
            "POST",
            &format!("/api/events/{id}/arbiters"),
            Some(json!({"username": arb.name})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        arbiters.push(arb);
    }
    let word = |board: u32| WORDS[(board as usize) % 3];

    // Round 1: eight arbiters, one board each, at the same moment.
    let pairs = boards(&round);
    assert_eq!(pairs.len(), 8);
    let before = history(&mut o, &id).await.len();
    let jobs = pairs
        .iter()
        .zip(&arbiters)
        .map(|(p, a)| (a.api(&server), 1, p.0, word(p.0)))
        .collect();
    let statuses = all_at_once(&id, jobs).await;
    assert_eq!(statuses, vec![200; 8]);
    let seen = get_event(&mut o, &id).await;
    let got = results(round_of(&seen, 1).unwrap());
    for p in &pairs {
        assert_eq!(got[&p.0].as_deref(), Some(word(p.0)), "board {}", p.0);
    }
    let entries = history(&mut o, &id).await;
    assert_eq!(entries.len(), before + 8, "one entry per result");
    let mut names: Vec<String> = arbiters.iter().map(|a| a.name.clone()).collect();
    names.sort();
    assert_eq!(authors(&entries, before), names);
    assert_eq!(version(&seen), entries.len() as u64);

    // Round 2: two clients, four boards each, every entry at the same moment.
    let round = pair(&mut o, &id).await;
    publish(&mut o, &id, 2).await;
    let pairs = boards(&round);
    assert_eq!(pairs.len(), 8);
    let before = history(&mut o, &id).await.len();
    let jobs = pairs
        .iter()
        .enumerate()
        .map(|(i, p)| (arbiters[i % 2].api(&server), 2, p.0, word(p.0 + 1)))
        .collect();
    let statuses = all_at_once(&id, jobs).await;
    assert_eq!(statuses, vec![200; 8]);
    let seen = get_event(&mut o, &id).await;
    let got = results(round_of(&seen, 2).unwrap());
    for p in &pairs {
        assert_eq!(got[&p.0].as_deref(), Some(word(p.0 + 1)), "board {}", p.0);
    }
    let entries = history(&mut o, &id).await;
    assert_eq!(entries.len(), before + 8, "one entry per result");
    let mut two = vec![arbiters[0].name.clone(); 4];
    two.extend(vec![arbiters[1].name.clone(); 4]);
    two.sort();
    assert_eq!(authors(&entries, before), two);
    assert_eq!(version(&seen), entries.len() as u64);

    // Round 3: two clients race on each board. The same result: both 200, one entry;
    // different results without "replace": one 200, one 409, and the 200's stands.
    let round = pair(&mut o, &id).await;
    publish(&mut o, &id, 3).await;
    let pairs = boards(&round);
    let before = history(&mut o, &id).await.len();
    let (b1, b2) = (pairs[0].0, pairs[1].0);
    let statuses = all_at_once(
        &id,
        vec![
            (arbiters[2].api(&server), 3, b1, "1-0"),
            (arbiters[3].api(&server), 3, b1, "1-0"),
        ],
    )
    .await;
    assert_eq!(statuses, vec![200, 200], "the same result twice at once");
    let statuses = all_at_once(
        &id,
        vec![
            (arbiters[4].api(&server), 3, b2, "1-0"),
            (arbiters[5].api(&server), 3, b2, "0-1"),
        ],
    )
    .await;
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, vec![200, 409], "two different results at once");
    let winner = if statuses[0] == 200 { "1-0" } else { "0-1" };
    let seen = get_event(&mut o, &id).await;
    let got = results(round_of(&seen, 3).unwrap());
    assert_eq!(got[&b1].as_deref(), Some("1-0"));
    assert_eq!(got[&b2].as_deref(), Some(winner));
    let entries = history(&mut o, &id).await;
    assert_eq!(entries.len(), before + 2, "one entry for each board");
    assert_eq!(version(&seen), entries.len() as u64);
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 5. History.

/// The kind of change a history entry records: its `action` when that is a word, or the
/// action's `kind` when it is the change itself as an object.
fn action_kind(entry: &Value) -> String {
    match &entry["action"] {
        Value::String(s) => s.clone(),
        Value::Object(o) => o
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("an action's kind expected: {entry}"))
            .to_owned(),
        other => panic!("an action expected, got {other} in {entry}"),
    }
}

async fn history_lists_every_change(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let arb = account(&server, "Arb", AccountRole::Arbiter).await;
    let player = account(&server, "Pla", AccountRole::Player).await;
    let (mut o, mut a, mut p) = (org.api(&server), arb.api(&server), player.api(&server));
    let id = create_event(
        &mut o,
        json!({"name": "History", "system": "dutch", "rounds": 3}),
    )
    .await;
    let created = version(&get_event(&mut o, &id).await);
    assert!(created <= 1, "a new event's version: {created}");
    // Every change made after the creation: (author, kind), in order.
    let mut changes: Vec<(&str, &str)> = Vec::new();
    let mut v = created;
    // Checks that the last change moved the version by one, or a refusal by none.
    async fn step(o: &mut Client, id: &str, v: &mut u64, changed: bool) {
        let now = version(&get_event(o, id).await);
        let want = *v + u64::from(changed);
        assert_eq!(
            now,
            want,
            "version after a {}",
            if changed { "change" } else { "refusal" }
        );
        *v = now;
    }

    for i in 0..4u32 {
        add_player(
            &mut o,
            &id,
            json!({"name": format!("Org's {i}"), "rating": 1900 - 10 * i}),
        )
        .await;
        changes.push((org.name.as_str(), "player"));
        step(&mut o, &id, &mut v, true).await;
    }
    let r = call(
        &mut o,
        "POST",
        &format!("/api/events/{id}/arbiters"),
        Some(json!({"username": arb.name})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    changes.push((org.name.as_str(), "arbiter"));
    step(&mut o, &id, &mut v, true).await;
    for i in 0..2u32 {
        let mut body = json!({"name": format!("Arbiter's {i}"), "rating": 1800 - 10 * i});
        if i == 0 {
            body["username"] = json!(player.name);
        }
        add_player(&mut a, &id, body).await;
        changes.push((arb.name.as_str(), "player"));
        step(&mut o, &id, &mut v, true).await;
    }
    let seen = get_event(&mut o, &id).await;
    let linked: Vec<&Value> = seen["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["username"] == player.name.as_str())
        .collect();
    assert_eq!(linked.len(), 1, "the player linked to an account: {seen}");
    // A refusal changes nothing.
    let r = call(
        &mut p,
        "POST",
        &format!("/api/events/{id}/players"),
        Some(json!({"name": "Refused"})),
    )
    .await;
    assert_error(&r, 403, None, "a player adds a player");
    step(&mut o, &id, &mut v, false).await;
    start_event(&mut o, &id).await;
    changes.push((org.name.as_str(), "start"));
    step(&mut o, &id, &mut v, true).await;
    let round = pair(&mut a, &id).await;
    changes.push((arb.name.as_str(), "pair"));
    step(&mut o, &id, &mut v, true).await;
    publish(&mut o, &id, 1).await;
    changes.push((org.name.as_str(), "publish"));
    step(&mut o, &id, &mut v, true).await;
    for &(board, _, _) in &boards(&round) {
        let r = put_result(&mut a, &id, 1, board, "1/2-1/2", None).await;
        assert_eq!(r.status, 200, "{}", r.body);
        changes.push((arb.name.as_str(), "result"));
        step(&mut o, &id, &mut v, true).await;
    }
    let r = put_result(&mut a, &id, 1, 1, "1-0", None).await;
    assert_error(&r, 409, None, "a different result without replace");
    step(&mut o, &id, &mut v, false).await;
    let r = put_result(&mut a, &id, 1, 2, "1/2-1/2", None).await;
    assert_eq!(r.status, 200, "the same result again: {}", r.body);
    step(&mut o, &id, &mut v, false).await;
    let r = put_result(&mut o, &id, 1, 1, "1-0", Some(true)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    changes.push((org.name.as_str(), "replace"));
    step(&mut o, &id, &mut v, true).await;
    pair(&mut a, &id).await;
    changes.push((arb.name.as_str(), "pair"));
    step(&mut o, &id, &mut v, true).await;
    publish(&mut a, &id, 2).await;
    changes.push((arb.name.as_str(), "publish"));
    step(&mut o, &id, &mut v, true).await;

    // The history: the creation (where it is an entry) and then every change, in order.
    let entries = history(&mut o, &id).await;
    let event = get_event(&mut o, &id).await;
    assert_eq!(version(&event), entries.len() as u64, "version = entries");
    assert_eq!(
        history(&mut a, &id).await,
        entries,
        "the arbiter reads the same"
    );
    let skip = usize::try_from(created).unwrap();
    assert_eq!(entries.len(), skip + changes.len(), "{entries:#?}");
    if skip == 1 {
        assert_eq!(
            entries[0]["by"],
            org.name.as_str(),
            "the creation: {}",
            entries[0]
        );
    }
    for (i, e) in entries.iter().enumerate() {
        assert!(!action_kind(e).is_empty(), "{e}");
        assert!(e["summary"].as_str().is_some_and(|s| !s.is_empty()), "{e}");
        assert!(e["at_ms"].as_u64().is_some_and(|t| t > 0), "{e}");
        if i > 0 {
            let prev = &entries[i - 1];
            assert!(
                e["seq"].as_u64().unwrap() > prev["seq"].as_u64().unwrap(),
                "seq in order: {prev} then {e}"
            );
            assert!(
                e["at_ms"].as_u64() >= prev["at_ms"].as_u64(),
                "{prev} then {e}"
            );
        }
    }
    let mut action_of: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (e, (author, kind)) in entries[skip..].iter().zip(&changes) {
        assert_eq!(e["by"], *author, "{kind} by {author}: {e}");
        action_of.entry(*kind).or_default().insert(action_kind(e));
    }
    // One action a kind of change; the kinds tell apart.
    for kind in ["player", "pair", "publish", "result"] {
        assert_eq!(action_of[kind].len(), 1, "{kind}: {action_of:?}");
    }
    let distinct: BTreeSet<&String> = ["player", "arbiter", "start", "pair", "publish", "result"]
        .iter()
        .map(|k| action_of[k].first().unwrap())
        .collect();
    assert_eq!(distinct.len(), 6, "{action_of:?}");
    // A player's summary names the player.
    for (i, name) in ["Org's 0", "Org's 1", "Org's 2", "Org's 3"]
        .iter()
        .enumerate()
    {
        let s = entries[skip + i]["summary"].as_str().unwrap();
        assert!(s.contains(name), "{s:?} names {name:?}");
    }
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 6. Durability.

async fn results_survive_a_restart(b: Backend) {
    let mut server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, round) = running_event(&mut o, "Restart", 10, 3).await;
    let pairs = boards(&round);
    for (i, &(board, _, _)) in pairs.iter().enumerate() {
        let r = put_result(&mut o, &id, 1, board, WORDS[i % WORDS.len()], None).await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let round2 = pair(&mut o, &id).await;
    publish(&mut o, &id, 2).await;
    let pairs2 = boards(&round2);
    for &(board, _, _) in &pairs2[..2] {
        let r = put_result(&mut o, &id, 2, board, "0-1", None).await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let before = get_event(&mut o, &id).await;
    let entries = history(&mut o, &id).await;

    restart(&mut server).await;
    // The token is kept too.
    let mut o = org.api(&server);
    let after = get_event(&mut o, &id).await;
    assert_eq!(after, before, "the event after a restart");
    assert_eq!(history(&mut o, &id).await, entries);
    let got = results(round_of(&after, 1).unwrap());
    for (i, &(board, _, _)) in pairs.iter().enumerate() {
        assert_eq!(got[&board].as_deref(), Some(WORDS[i % WORDS.len()]));
    }
    let got = results(round_of(&after, 2).unwrap());
    assert_eq!(round_of(&after, 2).unwrap()["published"], true);
    for &(board, _, _) in &pairs2 {
        let want = if board <= pairs2[1].0 {
            Some("0-1")
        } else {
            None
        };
        assert_eq!(got[&board].as_deref(), want, "round 2 board {board}");
    }
    // The event goes on.
    for &(board, _, _) in &pairs2[2..] {
        let r = put_result(&mut o, &id, 2, board, "1-0", None).await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let r = put_result(&mut o, &id, 2, pairs2[0].0, "1-0", None).await;
    assert_error(&r, 409, None, "a result from before the restart, changed");
    assert_eq!(pair(&mut o, &id).await["round"], 3);
    server.stop().await;
}

// ---------------------------------------------------------------------------------------
// 7. The arbiter's corrections: a pairing changed by hand, a round unpaired, a late entry,
//    a player's details, a withdrawal shown before it is made, a requested bye,
//    violations, undo, a knock-out decision and the organiser's hand-over.

/// A write to `path` with `body`, answered 200; its JSON.
async fn an_arbiter_corrects_a_running_event(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let arb = account(&server, "Arb", AccountRole::Player).await;
    let plain = account(&server, "Plain", AccountRole::Player).await;
    let mut o = org.api(&server);
    let mut a = arb.api(&server);
    let mut p = plain.api(&server);
    let (id, round1) = running_event(&mut o, "Corrections", 7, 3).await;
    let r = call(
        &mut o,
        "POST",
        &format!("/api/events/{id}/arbiters"),
        Some(json!({"username": arb.name})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let first = boards(&round1);
    assert_eq!(first.len(), 4, "three games and a bye: {round1}");
    let (b1, b2) = (first[0], first[1]);

    // A pairing changed by hand: previewed, then made; the two Blacks change boards.
    let path = format!("/api/events/{id}/rounds/1/exchange");
    let before = version(&get_event(&mut a, &id).await);
    let body = json!({"a": b1.2.unwrap(), "b": b2.2.unwrap()});
    let preview = correct(
        &mut a,
        "POST",
        &format!("{path}?dry_run=true"),
        Some(body.clone()),
    )
    .await;
    let said = preview["preview"].as_str().unwrap().to_owned();
    assert!(
        said.starts_with(&format!("round 1: {} Player ", b1.2.unwrap()))
            && said.contains("exchanged by hand (board 1, 2)"),
        "{said}"
    );
    assert_eq!(
        version(&get_event(&mut a, &id).await),
        before,
        "a preview changes nothing"
    );
    let done = correct(&mut a, "POST", &path, Some(body)).await;
    assert_eq!(done["message"], said.as_str());
    let pairs = done["pairings"].as_array().unwrap();
    assert_eq!(pairs[0]["black"], b2.2.unwrap());
    assert_eq!(pairs[1]["black"], b1.2.unwrap());
    // A player's account may not change pairings.
    let r = call(&mut p, "POST", &path, Some(json!({"a": 1, "b": 2}))).await;
    assert_error(&r, 403, None, "a player exchanges");

    // Unpaired and paired again: the system's own pairing comes back.
    let done = correct(
        &mut a,
        "DELETE",
        &format!("/api/events/{id}/rounds/1"),
        None,
    )
    .await;
    assert_eq!(done["message"], "round 1 unpaired");
    assert_eq!(done["rounds"], 0);
    assert_eq!(boards(&pair(&mut a, &id).await), first);
    publish(&mut a, &id, 1).await;

    // A late entry after round 1 was paired: round 1 is a half-point bye for them.
    let late = add_player(&mut a, &id, json!({"name": "Late Comer", "missed": "half"})).await;
    assert_eq!(late, 8);
    let event = get_event(&mut a, &id).await;
    let r1 = boards(round_of(&event, 1).unwrap());
    assert_eq!(r1.len(), 5);
    assert_eq!(r1[4], (5, 8, None));
    for &(board, white, black) in &first {
        if black.is_some() {
            let r = put_result(&mut a, &id, 1, board, "1-0", None).await;
            assert_eq!(r.status, 200, "round 1 board {board} ({white}): {}", r.body);
        }
    }
    let r = c_standings(&mut a, &id).await;
    let line = r.iter().find(|l| l["number"] == 8).unwrap();
    assert_eq!(points(&line["points"]), 0.5, "{line}");

    // A name corrected, with markup in it; the history says what it was.
    let done = correct(
        &mut a,
        "PUT",
        &format!("/api/events/{id}/players/3"),
        Some(json!({"name": "Player <b>Three</b>", "club": "Darkhan"})),
    )
    .await;
    assert_eq!(
        done["message"],
        "player 3: name \"Player <b>Three</b>\" (was \"Player 3\"), club \"Darkhan\" (was \"\")"
    );
    let event = get_event(&mut a, &id).await;
    let three = &event["players"][2];
    assert_eq!(
        (
            three["name"].as_str(),
            three["club"].as_str(),
            three["rating"].as_u64()
        ),
        (Some("Player <b>Three</b>"), Some("Darkhan"), Some(1980))
    );

    // A withdrawal, shown before it is made.
    let path = format!("/api/events/{id}/players/5/withdraw");
    let preview = correct(
        &mut a,
        "POST",
        &format!("{path}?dry_run=true"),
        Some(json!({"reason": "ill"})),
    )
    .await;
    assert_eq!(
        preview["preview"],
        "5 Player 5 withdrawn: results played stand, remaining games forfeited"
    );
    assert_eq!(
        get_event(&mut a, &id).await["players"][4].get("withdrawn"),
        None
    );
    correct(&mut a, "POST", &path, Some(json!({"reason": "ill"}))).await;
    assert_eq!(
        get_event(&mut a, &id).await["players"][4]["withdrawn"],
        true
    );
    let r = call(&mut a, "POST", &path, None).await;
    assert_error(&r, 409, None, "a second withdrawal");

    // A half-point bye asked for round 2; round 2 leaves out the withdrawn player.
    let done = correct(
        &mut a,
        "POST",
        &format!("/api/events/{id}/players/2/byes"),
        Some(json!({"round": 2, "kind": "half"})),
    )
    .await;
    assert_eq!(
        done["message"],
        "2 Player 2 asked for a half-point bye in round 2"
    );
    let r = call(
        &mut a,
        "POST",
        &format!("/api/events/{id}/players/2/byes"),
        Some(json!({"round": 1, "kind": "full"})),
    )
    .await;
    assert_error(&r, 409, None, "a bye for a round already paired");
    let round2 = boards(&pair(&mut a, &id).await);
    assert!(
        round2.iter().all(|&(_, w, b)| w != 5 && b != Some(5)),
        "{round2:?}"
    );
    assert!(
        round2.contains(&(round2.len() as u32, 2, None)),
        "{round2:?}"
    );

    // Violations, then undone; then the round 2 pairing undone too.
    let path = format!("/api/events/{id}/players/4/violations");
    let done = correct(&mut a, "PUT", &path, Some(json!({"count": 2}))).await;
    assert_eq!(done["message"], "4 Player 4: 2 violation(s) (was 0)");
    let entries = history(&mut o, &id).await;
    let violations_seq = entries.last().unwrap()["seq"].as_i64().unwrap();
    let done = correct(&mut a, "POST", &format!("/api/events/{id}/undo"), None).await;
    assert_eq!(
        done["message"],
        "undone: 4 Player 4: 2 violation(s) (was 0)"
    );
    let entries = history(&mut o, &id).await;
    assert_eq!(entries.last().unwrap()["action"]["kind"], "undo");
    let undone = entries.iter().find(|e| e["seq"] == violations_seq).unwrap();
    assert_eq!(undone["undone_by"], entries.last().unwrap()["seq"]);
    // An undo naming an entry that is no longer the latest is refused.
    let r = call(
        &mut a,
        "POST",
        &format!("/api/events/{id}/undo"),
        Some(json!({"seq": violations_seq})),
    )
    .await;
    assert_error(&r, 409, None, "undo of an entry already undone");
    assert!(
        parse(&r)["error"]
            .as_str()
            .unwrap()
            .contains("round 2 paired"),
        "{}",
        r.body
    );
    let done = correct(&mut a, "POST", &format!("/api/events/{id}/undo"), None).await;
    assert!(
        done["message"]
            .as_str()
            .unwrap()
            .starts_with("undone: round 2 paired"),
        "{done}"
    );
    assert!(round_of(&get_event(&mut a, &id).await, 2).is_none());
    assert_state_is_the_replay(&server, &id).await;
    // Pairing again gives the same round 2.
    assert_eq!(boards(&pair(&mut a, &id).await), round2);

    // The arbiter may not hand the event over; the organiser may, and is then staff no more.
    let path = format!("/api/events/{id}/organiser");
    let r = call(&mut a, "POST", &path, Some(json!({"username": plain.name}))).await;
    assert_error(&r, 403, None, "an arbiter hands over");
    let done = correct(&mut o, "POST", &path, Some(json!({"username": arb.name}))).await;
    assert_eq!(done["organiser"], arb.name.as_str());
    let r = call(
        &mut o,
        "DELETE",
        &format!("/api/events/{id}/rounds/2"),
        None,
    )
    .await;
    assert_error(&r, 403, None, "the former organiser unpairs");
    let r = call(
        &mut a,
        "DELETE",
        &format!("/api/events/{id}/arbiters/{}", arb.name),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_state_is_the_replay(&server, &id).await;

    // A knock-out of 4 with two-game matches: a level match needs the decision.
    let ko = create_event(
        &mut o,
        json!({"name": "Cup", "system": "single-elimination"}),
    )
    .await;
    for i in 0..4 {
        add_player(
            &mut o,
            &ko,
            json!({"name": format!("K{}", i + 1), "rating": 2000 - i}),
        )
        .await;
    }
    start_event(&mut o, &ko).await;
    let r1 = boards(&pair(&mut o, &ko).await);
    assert_eq!(r1.len(), 2, "{r1:?}");
    // Board 1: each wins with White, level; board 2: its White wins both.
    let r = put_result(&mut o, &ko, 1, 1, "1-0 1-0", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = put_result(&mut o, &ko, 1, 2, "1-0 0-1", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = call(&mut o, "POST", &format!("/api/events/{ko}/rounds"), None).await;
    assert_eq!(r.status, 409, "a level match undecided: {}", r.body);
    let (_, w1, b1) = r1[0];
    let path = format!("/api/events/{ko}/rounds/1/boards/1/decision");
    let r = call(&mut o, "PUT", &path, Some(json!({"winner": r1[1].1}))).await;
    assert_error(
        &r,
        400,
        Some("winner"),
        "a decision for someone else's match",
    );
    let done = correct(&mut o, "PUT", &path, Some(json!({"winner": b1.unwrap()}))).await;
    assert_eq!(
        done["message"],
        format!(
            "round 1 board 1: the level match is decided for {} K{}",
            b1.unwrap(),
            b1.unwrap()
        )
    );
    let final_round = boards(&pair(&mut o, &ko).await);
    assert_eq!(final_round.len(), 1);
    let finalists = [final_round[0].1, final_round[0].2.unwrap()];
    assert!(
        finalists.contains(&b1.unwrap()) && !finalists.contains(&w1),
        "{final_round:?}"
    );
    assert!(finalists.contains(&r1[1].1), "{final_round:?}");
    assert_state_is_the_replay(&server, &ko).await;
    server.stop().await;
}

async fn c_standings(c: &mut Client, id: &str) -> Vec<Value> {
    let r = c.get(&format!("/api/events/{id}/standings")).await;
    expect_json(&r, 200, "standings")
        .as_array()
        .unwrap()
        .clone()
}

async fn exports_give_the_public_only_what_is_published(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    // Round 1 paired and published, its results in; round 2 paired and not published.
    let (id, round) = running_event(&mut o, "Exports", 4, 3).await;
    for (board, _, _) in boards(&round) {
        let r = put_result(&mut o, &id, 1, board, "1-0", None).await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    pair(&mut o, &id).await;
    let mut public = server.client();
    let trf = public.get(&format!("/api/events/{id}/export.trf")).await;
    assert_eq!(trf.status, 200, "{}", trf.body);
    let staff_trf = o.get(&format!("/api/events/{id}/export.trf")).await.body;
    // A TRF player line holds a block per round: the staff's has two, the public's one.
    let blocks = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("001"))
            .map(|l| l.get(91..).unwrap_or("").split_whitespace().count())
            .unwrap()
    };
    assert!(
        blocks(&staff_trf) > blocks(&trf.body),
        "{staff_trf}\n---\n{}",
        trf.body
    );
    let file = public
        .get(&format!("/api/events/{id}/export.json"))
        .await
        .json();
    assert_eq!(
        file["event"]["rounds"].as_array().unwrap().len(),
        1,
        "{file}"
    );
    let file = o.get(&format!("/api/events/{id}/export.json")).await.json();
    assert_eq!(file["event"]["rounds"].as_array().unwrap().len(), 2);
}

// ---------------------------------------------------------------------------------------
// Refusals in the request's language.

/// The error and field of a refusal, its status checked.
fn refusal(r: &common::Resp, status: u16) -> (String, Value) {
    let v = expect_json(r, status, "a refusal");
    assert_eq!(
        v.as_object().map(|o| o.len()),
        Some(2),
        "only \"error\" and \"field\": {v}"
    );
    (
        v["error"].as_str().unwrap_or_default().to_owned(),
        v["field"].clone(),
    )
}

/// The same refusals in English (no language asked for), in Mongolian (`Accept-Language`)
/// and in Chinese (the `lang` cookie, which comes before `Accept-Language`): the same
/// status and field, the sentence in the reader's language naming the round, the board
/// and the players, the tournament library's reason included.
async fn refusals_are_in_the_requests_language(b: Backend) {
    let server = start(b).await;
    let org = account(&server, "Org", AccountRole::Organiser).await;
    let mut en = org.api(&server);
    let mut mn = org.api(&server);
    mn.headers
        .push(("Accept-Language".into(), "mn-MN,mn;q=0.9".into()));
    let mut zh = org.api(&server);
    zh.headers.push(("Accept-Language".into(), "mn".into()));
    zh.cookies.insert("lang".into(), "zh".into());
    let (id, round) = running_event(&mut en, &unique("Refusals "), 4, 3).await;
    let (_, w1, b1) = boards(&round)[0];
    let b1 = b1.unwrap();

    // A word that is not a result: refused by the route, field "result".
    let (error, field) = refusal(&put_result(&mut en, &id, 1, 1, "2-0", None).await, 400);
    assert_eq!(
        error,
        "cannot read result \"2-0\": use 1-0, 0-1, 1/2, +-, -+, --, or adj:W-B:reason (e.g. adj:0.5-0:ruling)"
    );
    assert_eq!(field, "result");
    let (error, field) = refusal(&put_result(&mut mn, &id, 1, 1, "2-0", None).await, 400);
    assert_eq!(
        error,
        "\"2-0\" үр дүнг уншиж чадсангүй: 1-0, 0-1, 1/2, +-, -+, -- эсвэл adj:Ц-Х:шалтгаан (жишээ нь adj:0.5-0:шийдвэр) гэж бичнэ үү"
    );
    assert_eq!(field, "result");

    // A board the round does not have: refused by the change, no field.
    let (error, field) = refusal(&put_result(&mut en, &id, 1, 9, "1-0", None).await, 404);
    assert_eq!(error, "round 1 has no board 9");
    assert_eq!(field, Value::Null);
    let (error, field) = refusal(&put_result(&mut mn, &id, 1, 9, "1-0", None).await, 404);
    assert_eq!(error, "1-р тойрогт 9-р ширээ алга");
    assert_eq!(field, Value::Null);
    let (error, _) = refusal(&put_result(&mut zh, &id, 1, 9, "1-0", None).await, 404);
    assert_eq!(error, "第 1 轮没有第 9 台");

    // A score sheet with the colours reversed: the tournament library's refusal.
    let reversed = json!({"result": "1-0", "white": b1, "black": w1});
    let path = format!("/api/events/{id}/rounds/1/boards/1/result");
    let (error, field) = refusal(
        &call(&mut en, "PUT", &path, Some(reversed.clone())).await,
        409,
    );
    assert_eq!(
        error,
        format!("round 1 board 1 is {w1} (White) – {b1} (Black)")
    );
    assert_eq!(field, Value::Null);
    let (error, field) = refusal(
        &call(&mut zh, "PUT", &path, Some(reversed.clone())).await,
        409,
    );
    assert_eq!(
        error,
        format!("第 1 轮第 1 台是 {w1}（执白）– {b1}（执黑）")
    );
    assert_eq!(field, Value::Null);
    let (error, _) = refusal(&call(&mut mn, "PUT", &path, Some(reversed)).await, 409);
    assert_eq!(
        error,
        format!("1-р тойргийн 1-р ширээнд {w1} (цагаан) – {b1} (хар) тоглоно")
    );

    // A body that does not fit names serde's reason inside the reader's sentence.
    let (error, field) = refusal(&call(&mut mn, "PUT", &path, Some(json!({}))).await, 400);
    assert!(
        error.starts_with("хүсэлтийн их бие тохирохгүй байна: ") && error.contains("result"),
        "{error}"
    );
    assert_eq!(field, Value::Null);

    // What is done is said back in the reader's language too; the history keeps English.
    let done = expect_json(
        &put_result(&mut mn, &id, 1, 1, "1-0", None).await,
        200,
        "a result",
    );
    let names = |n: u32| format!("Player {n}");
    assert_eq!(
        done["message"],
        format!("1-р ширээ: {} 1 – 0 {}", names(w1), names(b1))
    );
    let again = expect_json(
        &put_result(&mut zh, &id, 1, 1, "1-0", None).await,
        200,
        "the same result",
    );
    assert_eq!(
        again["message"],
        format!("第 1 台：{} 1 – 0 {}", names(w1), names(b1))
    );
    let entries = history(&mut en, &id).await;
    assert_eq!(
        entries.last().unwrap()["summary"],
        format!("round 1 board 1: {} 1 – 0 {}", names(w1), names(b1))
    );
    // A conflict in Chinese names the result there, with the same status and field.
    let (error, field) = refusal(&put_result(&mut zh, &id, 1, 1, "0-1", None).await, 409);
    assert_eq!(
        error,
        "第 1 轮第 1 台已有成绩 1-0；如需更改，请发送 \"replace\": true"
    );
    assert_eq!(field, "result");
    // Without credentials the refusal is in the reader's language as well.
    let mut anonymous = server.client();
    anonymous.cookies.insert("lang".into(), "mn".into());
    let (error, field) = refusal(
        &put_result(&mut anonymous, &id, 1, 2, "1-0", None).await,
        401,
    );
    assert_eq!(
        error,
        "эхлээд нэвтэрнэ үү, эсвэл API токен илгээнэ үү (Authorization: Bearer TOKEN)"
    );
    assert_eq!(field, Value::Null);

    // A round with a result is not unpaired: the library's reason is worded in the
    // reader's language too, not quoted in English.
    let unpair = format!("/api/events/{id}/rounds/1");
    let (error, field) = refusal(&call(&mut en, "DELETE", &unpair, None).await, 409);
    assert_eq!(
        error,
        "event state: round 1 has results on board(s) 1: a round with results cannot be unpaired"
    );
    assert_eq!(field, Value::Null);
    let (error, _) = refusal(&call(&mut zh, "DELETE", &unpair, None).await, 409);
    assert_eq!(
        error,
        "赛事当前状态不允许：第 1 轮第 1 台已有成绩，有成绩的轮次不能撤回编排"
    );
    let (error, _) = refusal(&call(&mut mn, "DELETE", &unpair, None).await, 409);
    assert_eq!(
        error,
        "тэмцээний төлөв зөвшөөрөхгүй: 1-р тойргийн 1-р ширээнд үр дүн орсон; үр дүнтэй тойргийн хуваарилалтыг буцааж болохгүй"
    );
}
