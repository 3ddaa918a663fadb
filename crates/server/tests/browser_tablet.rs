//! The board's tablet (`/events/{id}/rounds/{r}/boards/{b}/tablet`) in headless Chromium at
//! tablet size (800 × 1280): a whole game entered on the page with its clock presses, to
//! the scholar's mate, with the network cut for two minutes of the tablet's clock and three
//! moves and the page reloaded while cut, every press and move on the server once and the
//! result in the event's standings; a clock-only tablet's presses, two of them offline;
//! a false 50-move claim (a violation and five minutes); the seed's correction example
//! entered through the arbiter's form, giving 20:00 and 13:20. Every stored log replays by
//! the arbiter library (what `shatar arbiter check` runs), and its replay equals what the
//! page shows. Screenshots in zh, mn and en. Skips, saying so, when no Chromium is
//! installed.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, Page, chromium};
use common::Backend;
use common::events::*;
use serde_json::{Value, json};
use shatar_arbiter::ArbiterGame;
use shatar_arbiter::summary::format_clock;
use shatar_rules::Color;
use shatar_server::db::users::AccountRole;

/// The page's `Date.now` moved on by `localStorage['test-clock-shift']` milliseconds: time
/// passing on the tablet without the test waiting for it.
const CLOCK_SHIFT: &str = "(() => { const real = Date.now.bind(Date); \
    Date.now = () => real() + Number(localStorage.getItem('test-clock-shift') || 0); })()";

const WIDTH: u32 = 800;
const HEIGHT: u32 = 1280;

fn skip() -> Option<std::path::PathBuf> {
    let exe = chromium();
    if exe.is_none() {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
    }
    exe
}

fn tablet_path(id: &str, round: u32, board: u32) -> String {
    format!("/events/{id}/rounds/{round}/boards/{board}/tablet")
}

fn log_path(id: &str, round: u32, board: u32) -> String {
    format!("/api/events/{id}/rounds/{round}/boards/{board}/log")
}

/// The tablet page of board 1, signed in as `account`, in `lang`, its script running.
async fn open(
    br: &mut Browser,
    server: &common::TestServer,
    account: &Account,
    path: &str,
    lang: &str,
) -> Page {
    let base = format!("http://{}", server.addr);
    let page = br.page(&format!("{base}/"), WIDTH, HEIGHT).await;
    let session = account.browser.cookies["shatar_session"].clone();
    br.set_cookie(&page, &base, "shatar_session", &session)
        .await;
    br.set_cookie(&page, &base, "lang", lang).await;
    br.goto(&page, &format!("{base}{path}")).await;
    settled(br, &page).await;
    page
}

/// Waits until the page holds no line the server has not acknowledged.
async fn settled(br: &mut Browser, page: &Page) {
    br.wait_for(
        page,
        "window.shatarTablet && window.shatarTablet.view() && window.shatarTablet.pending().length === 0 \
         && document.getElementById('tablet-sync').dataset.sync === 'saved'",
    )
    .await;
}

async fn view(br: &mut Browser, page: &Page) -> Value {
    br.eval(page, "window.shatarTablet.view()").await
}

/// A move entered on the sheet and its player's press.
async fn play(br: &mut Browser, page: &Page, color: &str, uci: &str) {
    br.click_square(page, &uci[..2]).await;
    br.click_square(page, &uci[2..4]).await;
    br.wait_for(
        page,
        &format!("document.querySelector('.half-{color} .info').textContent.includes('{uci}')"),
    )
    .await;
    br.click(page, &format!(".half-{color} .face")).await;
}

/// The stored log, checked by the arbiter library, and the game it replays to.
async fn stored(c: &mut common::Client, path: &str) -> (Vec<Value>, ArbiterGame) {
    let r = c.request("GET", path, None).await;
    assert_eq!(r.status, 200, "GET {path}: {}", r.body);
    let game = shatar_arbiter::replay(&r.body).expect("the stored log replays");
    let lines = r
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (lines, game)
}

/// The clock face's text the page shows for `color`.
async fn face(br: &mut Browser, page: &Page, color: &str) -> String {
    br.eval(
        page,
        &format!("document.querySelector('.half-{color} .time').textContent"),
    )
    .await
    .as_str()
    .unwrap()
    .to_owned()
}

/// `format_clock`'s `mm:ss` as the tablet writes it: `h:mm:ss` from an hour, `m:ss` below.
fn on_the_face(ms: i64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s % 3600) / 60, s % 60)
    } else {
        let text = format_clock(ms);
        text.strip_prefix('0').unwrap_or(&text).to_owned()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_the_tablet_survives_a_network_cut() {
    let Some(exe) = skip() else { return };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "TabOrg", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let (id, round) = running_event(&mut api, "Tablet", 2, 1).await;
    let (_, white, black) = boards(&round)[0];
    let black = black.unwrap();
    let mut br = Browser::launch(&exe).await;
    let page = open(&mut br, &server, &org, &tablet_path(&id, 1, 1), "en").await;

    // The page opened the log: the server's open line, the players by the pairing.
    let v = view(&mut br, &page).await;
    assert_eq!(v["lines"], 1, "{v}");
    assert_eq!(v["players"]["white"], format!("Player {white}"));
    assert_eq!(v["arbiter"], true);
    assert_eq!(face(&mut br, &page, "white").await, "30:00");
    br.documented(&page, "tablet-ready-en.png").await;

    br.click(&page, "#tablet-start").await;
    settled(&mut br, &page).await;
    play(&mut br, &page, "white", "e2e4").await;
    settled(&mut br, &page).await;
    play(&mut br, &page, "black", "e7e5").await;
    settled(&mut br, &page).await;

    // The network goes; three moves are entered and pressed without it, and the page is
    // loaded again while it is away (the service worker has it by then).
    br.wait_for(
        &page,
        "navigator.serviceWorker.controller !== null && window.shatarTablet.cached",
    )
    .await;
    br.on(&page, "Network.enable", json!({})).await;
    let cut =
        json!({"offline": true, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0});
    br.on(&page, "Network.emulateNetworkConditions", cut).await;
    // Two minutes pass while the network is away, Black thinking: the tablet's clock is
    // moved on two minutes (here and on the reload below) rather than waited for.
    br.on(
        &page,
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": CLOCK_SHIFT}),
    )
    .await;
    br.eval(&page, CLOCK_SHIFT).await;
    play(&mut br, &page, "white", "d1h5").await;
    br.eval(&page, "localStorage.setItem('test-clock-shift', '120000')")
        .await;
    // Black's face: 30:30 after e7e5, less the seconds of this game and the two minutes
    // (drawn on the next tick of the page's clock).
    br.wait_for(
        &page,
        "document.querySelector('.half-black .time').textContent.startsWith('28:')",
    )
    .await;
    let shown = face(&mut br, &page, "black").await;
    assert!(
        shown.as_str() < "28:31" && shown.as_str() > "28:00",
        "{shown}"
    );
    for (color, uci) in [("black", "b8c6"), ("white", "f1c4")] {
        play(&mut br, &page, color, uci).await;
    }
    br.wait_for(
        &page,
        "document.getElementById('tablet-sync').dataset.sync === 'offline' \
         && window.shatarTablet.pending().length === 3",
    )
    .await;
    br.documented(&page, "tablet-offline-en.png").await;
    let (lines, _) = stored(&mut api, &log_path(&id, 1, 1)).await;
    assert_eq!(lines.len(), 4, "nothing arrived while cut: {lines:?}");
    br.on(&page, "Page.reload", json!({})).await;
    br.wait_for(
        &page,
        "window.shatarTablet && window.shatarTablet.view() && window.shatarTablet.pending().length === 3",
    )
    .await;
    let kept = view(&mut br, &page).await;
    assert_eq!(kept["position"]["turn"], "black", "{kept}");
    assert_eq!(kept["moves"].as_array().unwrap().len(), 5);

    // Back: the kept lines go in order, once; the game goes on to mate.
    let back =
        json!({"offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1});
    br.on(&page, "Network.emulateNetworkConditions", back).await;
    br.eval(&page, "window.dispatchEvent(new Event('online'))")
        .await;
    settled(&mut br, &page).await;
    play(&mut br, &page, "black", "g8f6").await;
    settled(&mut br, &page).await;
    play(&mut br, &page, "white", "h5f7").await;
    settled(&mut br, &page).await;
    let end = view(&mut br, &page).await;
    assert_eq!(end["result"], "1-0", "{end}");
    assert!(
        end["reason"].as_str().unwrap().contains("checkmate"),
        "{end}"
    );
    br.documented(&page, "tablet-mate-en.png").await;

    // On the server: the open line, the start and seven moves, each once, in order; the
    // log replays to the mate, and the faces the page shows are the replay's.
    let (lines, game) = stored(&mut api, &log_path(&id, 1, 1)).await;
    let moves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l["event"]["move"].as_str())
        .collect();
    assert_eq!(
        moves,
        ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    );
    assert_eq!(lines.len(), 9, "{lines:?}");
    // Black's b8c6 came more than two minutes after White's d1h5, on the tablet's clock.
    let t = |i: usize| lines[i]["t"].as_u64().unwrap();
    assert_eq!(lines[5]["event"]["move"], "b8c6");
    assert!(t(5) - t(4) >= 120_000, "{lines:?}");
    assert!(game.clock().face(Color::Black).used_ms >= 120_000);
    assert_eq!(lines[1]["event"], "start");
    let times: Vec<u64> = lines.iter().map(|l| l["t"].as_u64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert_eq!(game.result().unwrap().to_string(), "1-0 (checkmate)");
    for (name, color) in [("white", Color::White), ("black", Color::Black)] {
        assert_eq!(
            face(&mut br, &page, name).await,
            on_the_face(game.remaining_ms(color)),
            "{name}'s face"
        );
    }

    // The result is the board's in the event's standings.
    let event = expect_json(
        &call(&mut api, "GET", &format!("/api/events/{id}"), None).await,
        200,
        "the event",
    );
    let pairing = &event["rounds"][0]["pairings"][0];
    assert_eq!(pairing["result"], "1-0", "{pairing}");
    let standings = expect_json(
        &call(
            &mut api,
            "GET",
            &format!("/api/events/{id}/standings"),
            None,
        )
        .await,
        200,
        "standings",
    );
    let first = &standings[0];
    assert_eq!(first["number"], white, "{standings}");
    assert_eq!(first["points"], 1.0, "{standings}");
    let _ = black;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_false_fifty_move_claim_costs_a_violation_and_five_minutes() {
    let Some(exe) = skip() else { return };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "TabClaim", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let (id, _) = running_event(&mut api, "Tablet claims", 2, 1).await;
    let mut br = Browser::launch(&exe).await;
    let page = open(&mut br, &server, &org, &tablet_path(&id, 1, 1), "mn").await;
    br.click(&page, "#tablet-start").await;
    settled(&mut br, &page).await;
    play(&mut br, &page, "white", "e2e4").await;
    settled(&mut br, &page).await;
    br.documented(&page, "tablet-sheet-mn.png").await;

    // Black, on move, claims 50 moves without a capture or a pawn move, after one move.
    let before = view(&mut br, &page).await["clock"]["black"]["used_ms"]
        .as_u64()
        .unwrap();
    br.click(&page, ".half-black .act-claim").await;
    br.click(&page, "#tablet-claims button[data-kind='fifty-moves']")
        .await;
    settled(&mut br, &page).await;
    let v = view(&mut br, &page).await;
    assert_eq!(v["violations"], json!({"white": 0, "black": 1}), "{v}");
    assert_eq!(v["result"], Value::Null);
    assert_eq!(v["in_play"], true, "the game goes on: {v}");
    let (lines, game) = stored(&mut api, &log_path(&id, 1, 1)).await;
    let claim = &lines.last().unwrap();
    assert_eq!(claim["by"], "black");
    assert_eq!(claim["event"]["claim"]["kind"], "fifty-moves");
    let t_claim = claim["t"].as_u64().unwrap();
    let t_move = lines[lines.len() - 2]["t"].as_u64().unwrap();
    // Black's thinking up to the claim, and the five minutes of the false claim.
    let used = game.clock().face(Color::Black).used_ms;
    assert_eq!(used, 300_000, "{lines:?}");
    assert_eq!(
        v["clock"]["black"]["used_ms"].as_u64().unwrap(),
        before + 300_000
    );
    assert!(t_claim >= t_move);
    assert_eq!(
        game.violations()[0].kind,
        shatar_arbiter::ViolationKind::FalseClaim
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seeds_correction_example_through_the_arbiters_form() {
    let Some(exe) = skip() else { return };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "TabFix", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let id = create_event(
        &mut api,
        json!({"name": "Correction", "system": "dutch", "rounds": 1, "time_control": "5400"}),
    )
    .await;
    for n in ["Bat", "Dorj"] {
        add_player(&mut api, &id, json!({"name": n})).await;
    }
    start_event(&mut api, &id).await;
    pair(&mut api, &id).await;
    publish(&mut api, &id, 1).await;

    // The example's game up to Blue's 30th move (examples/arbiter/correction-example.jsonl,
    // without its open line and its correction), sent as a tablet would have.
    let example = include_str!("../../../examples/arbiter/correction-example.jsonl");
    let lines: Vec<Value> = example
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["event"].get("open").is_none() && l["event"].get("correct").is_none())
        .collect();
    let log = log_path(&id, 1, 1);
    let r = call(&mut api, "GET", &log, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = call(
        &mut api,
        "POST",
        &log,
        Some(json!({"from": 2, "lines": lines})),
    )
    .await;
    expect_json(&r, 200, "the example's moves");

    let mut br = Browser::launch(&exe).await;
    let page = open(&mut br, &server, &org, &tablet_path(&id, 1, 1), "zh").await;
    // Before: 30:00 and 20:00 used of 90 minutes.
    assert_eq!(face(&mut br, &page, "white").await, "1:00:00");
    assert_eq!(face(&mut br, &page, "black").await, "1:10:00");
    br.eval(
        &page,
        "document.getElementById('tablet-arbiter').open = true",
    )
    .await;
    br.eval(
        &page,
        "(() => { const f = document.querySelector('form[data-action=correct]'); \
         f.querySelector('input[type=number]').value = '20'; \
         f.querySelector('select').value = 'white'; \
         f.querySelector('input[type=text]').value = '第20回合白方着法违规'; })()",
    )
    .await;
    br.documented(&page, "tablet-correction-zh.png").await;
    br.click(&page, "form[data-action=correct] button").await;
    settled(&mut br, &page).await;

    // The seed: 30 × 20/30 = 20:00 and 20 × 20/30 = 13:20 used: 70:00 and 76:40 left.
    let (stored_lines, game) = stored(&mut api, &log).await;
    assert_eq!(stored_lines.last().unwrap()["event"]["correct"]["move"], 20);
    assert_eq!(
        (
            game.clock().face(Color::White).used_ms,
            game.clock().face(Color::Black).used_ms
        ),
        (1_200_000, 800_000)
    );
    assert_eq!(face(&mut br, &page, "white").await, "1:10:00");
    assert_eq!(face(&mut br, &page, "black").await, "1:16:40");
    let v = view(&mut br, &page).await;
    assert_eq!(v["corrections"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_pin_unlocks_the_arbiter_on_a_linked_tablet() {
    let Some(exe) = skip() else { return };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "TabPin", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let (id, _) = running_event(&mut api, "Tablet PIN", 2, 1).await;
    let r = call(
        &mut api,
        "PUT",
        &format!("/api/events/{id}/arbiter-pin"),
        Some(json!({"pin": "204817"})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let links = call(
        &mut api,
        "POST",
        &format!("/api/events/{id}/rounds/1/links"),
        None,
    )
    .await;
    let links: Value = serde_json::from_str(&links.body).unwrap();
    let key = links["links"][0]["key"].as_str().unwrap().to_owned();

    // Opened by the link, nobody signed in: the arbiter's actions locked.
    let mut br = Browser::launch(&exe).await;
    let base = format!("http://{}", server.addr);
    let page = br.page(&format!("{base}/"), WIDTH, HEIGHT).await;
    br.set_cookie(&page, &base, "lang", "en").await;
    let address = format!("{base}{}?key={key}", tablet_path(&id, 1, 1));
    br.goto(&page, &address).await;
    settled(&mut br, &page).await;
    let shown = |what: &str| format!("!document.getElementById('{what}').hidden");
    assert_eq!(br.eval(&page, &shown("tablet-arbiter")).await, false);
    assert_eq!(br.eval(&page, &shown("tablet-arbiter-locked")).await, true);
    let enter = |pin: &str| {
        format!(
            "document.querySelector('#tablet-pin input').value = '{pin}', \
             document.querySelector('#tablet-pin button').click(), true"
        )
    };

    // A wrong PIN says so; the event's unlocks the arbiter's actions.
    br.eval(&page, &enter("111111")).await;
    br.wait_for(
        &page,
        "!document.querySelector('.pin-problem').hidden \
         && document.querySelector('.pin-problem').textContent.includes('arbiter PIN')",
    )
    .await;
    assert_eq!(br.eval(&page, &shown("tablet-arbiter")).await, false);
    br.eval(&page, &enter("204817")).await;
    br.wait_for(&page, &shown("tablet-arbiter")).await;
    assert_eq!(br.eval(&page, &shown("tablet-arbiter-locked")).await, false);
    br.click(&page, "#tablet-start").await;
    settled(&mut br, &page).await;
    br.eval(
        &page,
        "document.getElementById('tablet-arbiter').open = true",
    )
    .await;
    br.documented(&page, "tablet-arbiter-pin-en.png").await;
    br.click(&page, ".arbiter-adjourn").await;
    settled(&mut br, &page).await;
    let (lines, game) = stored(&mut api, &log_path(&id, 1, 1)).await;
    let last = lines.last().unwrap();
    assert_eq!(
        (&last["by"], &last["event"]),
        (&json!("arbiter"), &json!("adjourn"))
    );
    assert!(game.is_adjourned());
    assert_eq!(view(&mut br, &page).await["adjourned"], true);
    // The stopped face stands still while adjourned, and shows the replay's time.
    let stopped = game.clock().stopped().expect("white's clock stopped");
    let left = game.remaining_ms(stopped);
    let first = face(&mut br, &page, stopped.name()).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(face(&mut br, &page, stopped.name()).await, first);
    assert_eq!(first, on_the_face(left), "{left}");

    // Kept on the device across a reload, until locked again.
    br.goto(&page, &address).await;
    settled(&mut br, &page).await;
    br.wait_for(&page, &shown("tablet-arbiter")).await;
    br.eval(
        &page,
        "document.getElementById('tablet-arbiter').open = true",
    )
    .await;
    br.click(&page, "#tablet-lock").await;
    br.wait_for(&page, &shown("tablet-arbiter-locked")).await;
    assert_eq!(
        br.eval(&page, &format!("localStorage.getItem('shatar-pin:{id}')"))
            .await,
        Value::Null
    );
    server.stop().await;
}

/// A clock-only event (paper score sheets): the tablet shows the clock without a board,
/// each face pressed by its player is a `press` line, two presses made without the network
/// arrive once and in order, and the stored log replays to the page's clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_only_tablet_sends_presses() {
    let Some(exe) = skip() else { return };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "TabPress", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let id = clock_only_event(&mut api, "Paper sheets", 2, 1, "600+5").await;
    let mut br = Browser::launch(&exe).await;
    let page = open(&mut br, &server, &org, &tablet_path(&id, 1, 1), "zh").await;
    let board = br
        .eval(&page, "document.getElementById('board') === null")
        .await;
    assert_eq!(board, json!(true), "no board on a clock-only tablet");
    br.click(&page, "#tablet-start").await;
    settled(&mut br, &page).await;
    // Black's face does nothing while White is to press.
    br.click(&page, ".half-black .face").await;
    br.click(&page, ".half-white .face").await;
    settled(&mut br, &page).await;
    let v = view(&mut br, &page).await;
    assert_eq!(v["clock_only"], true);
    assert_eq!(v["position"]["turn"], "black", "{v}");
    assert_eq!(v["clock"]["white"]["moves"], 1);
    assert_eq!(v["clock"]["black"]["moves"], 0);

    // Two presses without the network, then back: both arrive, once, in order.
    br.on(&page, "Network.enable", json!({})).await;
    let cut =
        json!({"offline": true, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0});
    br.on(&page, "Network.emulateNetworkConditions", cut).await;
    br.click(&page, ".half-black .face").await;
    br.click(&page, ".half-white .face").await;
    br.wait_for(
        &page,
        "document.getElementById('tablet-sync').dataset.sync === 'offline' \
         && window.shatarTablet.pending().length === 2",
    )
    .await;
    let offline = view(&mut br, &page).await;
    assert_eq!(offline["position"]["turn"], "black", "{offline}");
    br.documented(&page, "tablet-clock-only-offline-zh.png")
        .await;
    let back =
        json!({"offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1});
    br.on(&page, "Network.emulateNetworkConditions", back).await;
    br.eval(&page, "window.dispatchEvent(new Event('online'))")
        .await;
    settled(&mut br, &page).await;
    let (lines, game) = stored(&mut api, &log_path(&id, 1, 1)).await;
    let events: Vec<(&str, &str)> = lines[1..]
        .iter()
        .map(|l| (l["by"].as_str().unwrap(), l["event"].as_str().unwrap()))
        .collect();
    assert_eq!(
        events,
        [
            ("arbiter", "start"),
            ("white", "press"),
            ("black", "press"),
            ("white", "press"),
        ]
    );
    let v = view(&mut br, &page).await;
    for color in [Color::White, Color::Black] {
        let f = game.clock().face(color);
        assert_eq!(v["clock"][color.name()]["used_ms"], f.used_ms, "{v}");
        assert_eq!(v["clock"][color.name()]["moves"], f.moves);
    }
    assert_eq!(game.turn(), Color::Black);
}

/// The board page in each language, as the documentation shows it: with the score sheet
/// after 1. e4 e5, clock only after two presses, and with the arbiter's actions open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tablet_in_three_languages() {
    let Some(exe) = skip() else { return };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "TabLangs", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let (sheet_id, _) = running_event(&mut api, "Naadam", 2, 1).await;
    let clock_id = clock_only_event(&mut api, "Naadam (paper sheets)", 2, 1, "1800+30").await;
    let line = |t: u64, by: &str, event: Value| json!({"v": 1, "t": t, "by": by, "event": event});
    for (id, lines) in [
        (
            &sheet_id,
            vec![
                line(0, "arbiter", json!("start")),
                line(5_000, "white", json!({"move": "e2e4"})),
                line(9_000, "black", json!({"move": "e7e5"})),
            ],
        ),
        (
            &clock_id,
            vec![
                line(0, "arbiter", json!("start")),
                line(5_000, "white", json!("press")),
                line(9_000, "black", json!("press")),
            ],
        ),
    ] {
        let log = log_path(id, 1, 1);
        stored(&mut api, &log).await;
        let r = call(
            &mut api,
            "POST",
            &log,
            Some(json!({"from": 2, "lines": lines})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let mut br = Browser::launch(&exe).await;
    for (lang, enter, press_only, arbiter) in [
        (
            "en",
            "Enter your move on the board, then press your clock",
            "Press your clock after your move",
            "Arbiter",
        ),
        (
            "mn",
            "Нүүдлээ самбар дээр оруулаад цагаа дарна уу",
            "Нүүдлээ хийсний дараа цагаа дарна уу",
            "Шүүгч",
        ),
        (
            "zh",
            "先在棋盘上输入你的着法，再按棋钟",
            "走完棋后按下你的棋钟",
            "裁判",
        ),
    ] {
        let page = open(&mut br, &server, &org, &tablet_path(&sheet_id, 1, 1), lang).await;
        let text = br.text(&page).await;
        assert!(text.contains(enter), "{lang}: {text}");
        assert_eq!(
            br.eval(
                &page,
                "document.querySelectorAll('#tablet-moves span').length"
            )
            .await,
            3,
            "{lang}: the move number, e4 and e5"
        );
        br.documented(&page, &format!("tablet-score-sheet-{lang}.png"))
            .await;
        br.eval(
            &page,
            "(() => { const d = document.getElementById('tablet-arbiter'); d.open = true; \
             d.scrollIntoView(); return true; })()",
        )
        .await;
        let text = br.text(&page).await;
        assert!(text.contains(arbiter), "{lang}: {text}");
        assert_eq!(
            br.eval(
                &page,
                "document.querySelectorAll('#tablet-arbiter-forms form').length"
            )
            .await,
            5,
            "{lang}: violation, time, correction, decision, no-show"
        );
        br.documented(&page, &format!("tablet-arbiter-{lang}.png"))
            .await;

        let page = open(&mut br, &server, &org, &tablet_path(&clock_id, 1, 1), lang).await;
        let text = br.text(&page).await;
        assert!(text.contains(press_only), "{lang}: {text}");
        assert_eq!(
            br.eval(&page, "document.getElementById('board') === null")
                .await,
            true
        );
        br.documented(&page, &format!("tablet-clock-only-{lang}.png"))
            .await;
    }
}
