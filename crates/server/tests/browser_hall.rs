//! The hall screen (`/events/{id}/hall`) in headless Chromium at 1920 × 1080, for an
//! over-the-board event in its second round: round 2's pairings, the board whose tablet has
//! its log open as a live board with its clocks from the log, the standings after round 1;
//! one panel at a time, in turn by itself, stepped by the arrow keys, held by the space bar,
//! the panel kept across the reload that follows a change to the event; and the round's
//! printed pairing sheet with a QR code a game. Screenshots in zh, mn and en. Skips, saying
//! so, when no Chromium is installed.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, Page, chromium};
use common::Backend;
use common::events::*;
use serde_json::json;
use shatar_server::db::users::AccountRole;

const WIDTH: u32 = 1920;
const HEIGHT: u32 = 1080;

/// The panel shown now (`data-panel` of the one with `hall-current`), if one is.
const CURRENT: &str =
    "(document.querySelector('.hall-panel.hall-current') || {dataset: {}}).dataset.panel";

/// The live boards' panel has had its first answer: one board, the panel not hidden.
const BOARDS_SHOWN: &str = "document.querySelectorAll('.live-board').length === 1 \
     && !document.querySelector('.hall-panel[data-panel=boards]').hidden";

async fn current(br: &mut Browser, page: &Page) -> String {
    br.eval(page, CURRENT)
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn key(br: &mut Browser, page: &Page, key: &str) {
    br.eval(
        page,
        &format!("document.dispatchEvent(new KeyboardEvent('keydown', {{key: '{key}'}})), true"),
    )
    .await;
}

async fn wait_panel(br: &mut Browser, page: &Page, panel: &str) {
    br.wait_for(page, &format!("{CURRENT} === '{panel}'")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hall_screen_shows_its_panels_in_turn() {
    let Some(exe) = chromium() else {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
        return;
    };
    let server = start(Backend::Sqlite).await;
    let org = account(&server, "HallOrg", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let (id, round) = running_event(&mut api, "Naadam <Hall>", 6, 3).await;
    for (board, _, _) in boards(&round) {
        let r = put_result(&mut api, &id, 1, board, "1-0", None).await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let round2 = pair(&mut api, &id).await;
    publish(&mut api, &id, 2).await;
    let (_, w1, b1) = boards(&round2)[0];
    let log = format!("/api/events/{id}/rounds/2/boards/1/log");
    let r = api.request("GET", &log, None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let lines = json!({"from": 2, "lines": [
        {"v": 1, "t": 0, "by": "arbiter", "event": "start"},
        {"v": 1, "t": 5000, "by": "white", "event": {"move": "e2e4"}},
        {"v": 1, "t": 9000, "by": "black", "event": {"move": "e7e5"}},
    ]});
    let r = call(&mut api, "POST", &log, Some(lines)).await;
    assert_eq!(r.status, 200, "{}", r.body);

    let mut br = Browser::launch(&exe).await;
    let base = format!("http://{}", server.addr);
    let page = br.page(&format!("{base}/"), WIDTH, HEIGHT).await;
    br.set_cookie(&page, &base, "lang", "en").await;
    // A minute a panel while the keys step through them, so that the turn by itself
    // does not move meanwhile.
    br.goto(&page, &format!("{base}/events/{id}/hall?every=60"))
        .await;

    // Pairings first: round 2's, the event's name escaped.
    wait_panel(&mut br, &page, "pairings").await;
    let text = br.text(&page).await;
    assert!(text.contains("Naadam <Hall>"), "{text}");
    assert!(text.contains("Pairings — round 2"), "{text}");
    assert!(text.contains(&format!("Player {w1}")), "{text}");
    assert_eq!(
        br.eval(&page, "document.querySelectorAll('.hall-panel').length")
            .await,
        3
    );
    br.documented(&page, "hall-pairings-en.png").await;

    // The live boards: board 1 only (its tablet's log), Black's clock standing at
    // 30:00 − 4 s + 30 s = 30:26. (The panel is passed over until its first answer.)
    br.wait_for(&page, BOARDS_SHOWN).await;
    key(&mut br, &page, "ArrowRight").await;
    wait_panel(&mut br, &page, "boards").await;
    let tile = br
        .eval(&page, "document.querySelector('.live-board').innerText")
        .await;
    let tile = tile.as_str().unwrap();
    assert!(tile.contains(&format!("Player {}", b1.unwrap())), "{tile}");
    assert!(tile.contains("30:26"), "{tile}");
    br.documented(&page, "hall-boards-en.png").await;

    // The standings after round 1; the left arrow goes back.
    key(&mut br, &page, "ArrowRight").await;
    wait_panel(&mut br, &page, "standings").await;
    let text = br.text(&page).await;
    assert!(text.contains("Standings after round 1"), "{text}");
    br.documented(&page, "hall-standings-en.png").await;
    key(&mut br, &page, "ArrowLeft").await;
    wait_panel(&mut br, &page, "boards").await;

    // Five seconds a panel, the turn starting afresh: the panels follow by themselves.
    br.eval(&page, "sessionStorage.clear(), true").await;
    br.goto(&page, &format!("{base}/events/{id}/hall?every=5"))
        .await;
    wait_panel(&mut br, &page, "pairings").await;
    wait_panel(&mut br, &page, "boards").await;
    // Held by the space bar: the same panel after more than 5 s.
    key(&mut br, &page, " ").await;
    let held = current(&mut br, &page).await;
    tokio::time::sleep(std::time::Duration::from_millis(6_500)).await;
    assert_eq!(current(&mut br, &page).await, held);
    // Let go: the turn goes on by itself.
    key(&mut br, &page, " ").await;
    br.wait_for(&page, &format!("{CURRENT} !== '{held}'")).await;

    // The event changes (a result on board 2): the page reloads itself and carries on
    // with the panel it showed (a minute each, so that the turn does not move meanwhile).
    br.eval(&page, "sessionStorage.clear(), true").await;
    br.goto(&page, &format!("{base}/events/{id}/hall?every=60"))
        .await;
    wait_panel(&mut br, &page, "pairings").await;
    br.wait_for(&page, BOARDS_SHOWN).await;
    key(&mut br, &page, "ArrowRight").await;
    wait_panel(&mut br, &page, "boards").await;
    br.eval(&page, "window.hallMark = 1, true").await;
    let r = put_result(&mut api, &id, 2, 2, "1/2-1/2", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    br.wait_for(
        &page,
        "window.hallMark === undefined && document.readyState === 'complete'",
    )
    .await;
    // Past the live boards' first answer, which shows the panel again.
    br.wait_for(
        &page,
        "document.querySelectorAll('.live-board').length === 1",
    )
    .await;
    assert_eq!(current(&mut br, &page).await, "boards");

    // On a screen too low for the pairings the panel scrolls down through its time.
    let low = br.page(&format!("{base}/"), WIDTH, 300).await;
    br.goto(&low, &format!("{base}/events/{id}/hall?every=10"))
        .await;
    wait_panel(&mut br, &low, "pairings").await;
    assert!(
        br.eval(
            &low,
            "document.documentElement.scrollHeight > window.innerHeight"
        )
        .await
            == true
    );
    br.wait_for(&low, "window.scrollY > 0").await;

    // The other languages.
    for (lang, title) in [("zh", "第 2 轮对阵"), ("mn", "2-р тойргийн хослол")] {
        let page = br.page(&format!("{base}/"), WIDTH, HEIGHT).await;
        br.set_cookie(&page, &base, "lang", lang).await;
        br.goto(&page, &format!("{base}/events/{id}/hall?every=60"))
            .await;
        wait_panel(&mut br, &page, "pairings").await;
        let text = br.text(&page).await;
        assert!(text.contains(title), "{lang}: {text}");
        br.documented(&page, &format!("hall-pairings-{lang}.png"))
            .await;
        br.wait_for(&page, BOARDS_SHOWN).await;
        key(&mut br, &page, "ArrowRight").await;
        wait_panel(&mut br, &page, "boards").await;
        br.documented(&page, &format!("hall-boards-{lang}.png"))
            .await;
        key(&mut br, &page, "ArrowRight").await;
        wait_panel(&mut br, &page, "standings").await;
        br.documented(&page, &format!("hall-standings-{lang}.png"))
            .await;
    }

    // The round's printed pairing sheet, as the staff see it: a QR code a game (the bye
    // has none), in each language.
    let links = format!("/api/events/{id}/rounds/2/links");
    let made = expect_json(&call(&mut api, "POST", &links, None).await, 200, "links");
    let games = made["links"].as_array().unwrap().len();
    assert_eq!(games, 3, "{made}");
    let session = org.browser.cookies["shatar_session"].clone();
    for (lang, title) in [
        ("en", "Pairing sheet, round 2"),
        ("zh", "第 2 轮对阵表"),
        ("mn", "2-р тойргийн хослолын хуудас"),
    ] {
        let page = br.page(&format!("{base}/"), 1000, 1400).await;
        br.set_cookie(&page, &base, "shatar_session", &session)
            .await;
        br.set_cookie(&page, &base, "lang", lang).await;
        br.goto(&page, &format!("{base}/events/{id}/rounds/2/pairing-sheet"))
            .await;
        br.wait_for(&page, "document.querySelectorAll('svg.qr').length > 0")
            .await;
        let text = br.text(&page).await;
        assert!(text.contains(title), "{lang}: {text}");
        assert_eq!(
            br.eval(&page, "document.querySelectorAll('svg.qr').length")
                .await,
            games,
            "{lang}"
        );
        br.documented(&page, &format!("pairing-sheet-{lang}.png"))
            .await;
    }
    server.stop().await;
}
