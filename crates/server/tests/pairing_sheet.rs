//! A round's pairing sheet (`/events/{id}/rounds/{r}/pairing-sheet`): the public sees the
//! pairings only; the staff of an over-the-board event make the boards' links there, and
//! each game's QR code — decoded by an independent QR reader (`rqrr`) — is the board's
//! tablet address with the key the API gives; a link revoked stops opening the tablet and
//! the sheet says the board has none; a player can make or revoke nothing. The sheet's
//! form sets and removes the event's arbiter PIN, which then unlocks a board's tablet
//! opened by its link. On both backends.

mod common;

use common::Backend;
use common::events::*;
use shatar_server::db::users::AccountRole;

on_both_backends!(the_pairing_sheet_prints_each_boards_link_as_a_qr_code);
on_both_backends!(the_pairing_sheet_sets_and_removes_the_arbiter_pin);
on_both_backends!(a_clock_only_events_links_open_a_clock);

/// Each QR code on the page (in board order), decoded by `rqrr` from the SVG's modules
/// drawn at 4 pixels a module.
fn decoded_qr_codes(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for svg in html.split("<svg class=\"qr\"").skip(1) {
        let attr = |name: &str| -> &str {
            let marker = format!("{name}=\"");
            let start = svg.find(&marker).unwrap() + marker.len();
            &svg[start..start + svg[start..].find('"').unwrap()]
        };
        let modules: usize = attr("data-modules").parse().unwrap();
        let side = modules + 8;
        let mut dark = vec![false; side * side];
        let path = &svg[svg.find("<path d=\"").unwrap() + 9..];
        let path = &path[..path.find('"').unwrap()];
        for cell in path.split('M').filter(|c| !c.is_empty()) {
            let cell = cell.strip_suffix("h1v1h-1z").expect("one module a cell");
            let (x, y) = cell.split_once(' ').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            assert!(x < side && y < side, "a module inside the symbol");
            dark[y * side + x] = true;
        }
        let px = side * 4;
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(px, px, |x, y| {
            if dark[(y / 4) * side + x / 4] { 0 } else { 255 }
        });
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1, "one symbol an SVG");
        let (_, content) = grids[0].decode().expect("the symbol decodes");
        out.push(content);
    }
    out
}

/// The text of the `div.qr-url` links, in order.
fn printed_urls(html: &str) -> Vec<String> {
    html.split("<div class=\"qr-url\"><a href=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].replace("&amp;", "&"))
        .collect()
}

async fn the_pairing_sheet_prints_each_boards_link_as_a_qr_code(b: Backend) {
    let server = start(b).await;
    let mut org = account(&server, "SheetOrg", AccountRole::Organiser).await;
    let mut player = account(&server, "SheetPla", AccountRole::Player).await;
    let mut o = org.api(&server);
    let mut nobody = server.client();
    let (id, round) = running_event(&mut o, "Pairing sheet", 7, 2).await;
    let pairs = boards(&round);
    assert_eq!(pairs.len(), 4, "three games and a bye: {round}");
    let sheet = format!("/events/{id}/rounds/1/pairing-sheet");

    // The public: the library's pairings table, no links.
    let r = nobody.get(&sheet).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body.matches("<tr data-board=").count(), 4, "{}", r.body);
    assert!(r.body.contains("Player 1 (1)"), "{}", r.body);
    assert!(
        !r.body.contains("qr-cell") && !r.body.contains("<svg"),
        "{}",
        r.body
    );
    let round_page = nobody.get(&format!("/events/{id}/rounds/1")).await;
    assert!(
        round_page.body.contains(&sheet),
        "the round page links the sheet"
    );

    // The staff: three games without a link yet (the bye has no cell), the form to make them.
    let r = org.browser.get(&sheet).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body.matches("no link yet").count(), 3, "{}", r.body);
    assert_eq!(
        r.body.matches("<td class=\"qr-cell\"></td>").count(),
        1,
        "the bye"
    );
    let csrf = r.csrf();
    let make = format!("/events/{id}/rounds/1/links");
    let r = org.browser.post(&make, &[]).await;
    assert_eq!(r.status, 403, "no CSRF token: {}", r.body);
    // A player may not make them, with their own page's token.
    let theirs = player.browser.get(&sheet).await;
    assert!(!theirs.body.contains("qr-cell"), "{}", theirs.body);
    let token = player.browser.csrf().await;
    let r = player.browser.post(&make, &[("csrf", &token)]).await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = org.browser.post(&make, &[("csrf", &csrf)]).await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.header("location"), Some(sheet.as_str()));

    // The keys are the API's (which makes none again), and each QR code is its board's
    // tablet address with the key, as printed beneath it.
    let links = expect_json(
        &call(
            &mut o,
            "POST",
            &format!("/api/events/{id}/rounds/1/links"),
            None,
        )
        .await,
        200,
        "links",
    );
    let links = links["links"].as_array().unwrap().clone();
    assert_eq!(links.len(), 3);
    let r = org.browser.get(&sheet).await;
    let codes = decoded_qr_codes(&r.body);
    assert_eq!(
        codes,
        printed_urls(&r.body),
        "each code is the address printed"
    );
    assert_eq!(codes.len(), 3, "{}", r.body);
    for (code, link) in codes.iter().zip(&links) {
        let tail = format!(
            "/events/{id}/rounds/1/boards/{}/tablet?key={}",
            link["board"],
            link["key"].as_str().unwrap()
        );
        assert!(
            code.starts_with("http://") && code.ends_with(&tail),
            "{code} ends {tail}"
        );
        // It opens the tablet without an account.
        let path = &code[code.find("/events/").unwrap()..];
        let t = nobody.get(path).await;
        assert_eq!(t.status, 200, "{path}: {}", t.body);
    }

    // Board 2's link revoked: its code stops opening the tablet, the sheet has two codes.
    let old = codes[1].clone();
    let old_path = &old[old.find("/events/").unwrap()..];
    let revoke = format!("/events/{id}/rounds/1/boards/2/link/revoke");
    let r = player.browser.post(&revoke, &[("csrf", &token)]).await;
    assert_eq!(r.status, 403, "a player revokes: {}", r.body);
    let r = org.browser.post(&revoke, &[("csrf", &csrf)]).await;
    assert_eq!(r.status, 303, "{}", r.body);
    let t = nobody.get(old_path).await;
    assert_eq!(t.status, 403, "a revoked link: {}", t.body);
    let r = org.browser.get(&sheet).await;
    assert_eq!(decoded_qr_codes(&r.body).len(), 2);
    assert_eq!(r.body.matches("no link yet").count(), 1);
    // Made again, board 2 has a new key; the others keep theirs.
    let r = org.browser.post(&make, &[("csrf", &csrf)]).await;
    assert_eq!(r.status, 303);
    let again = decoded_qr_codes(&org.browser.get(&sheet).await.body);
    assert_eq!((&again[0], &again[2]), (&codes[0], &codes[2]));
    assert_ne!(again[1], codes[1]);
    server.stop().await;
}

async fn the_pairing_sheet_sets_and_removes_the_arbiter_pin(b: Backend) {
    let server = start(b).await;
    let mut org = account(&server, "PinSheetOrg", AccountRole::Organiser).await;
    let mut player = account(&server, "PinSheetPla", AccountRole::Player).await;
    let mut o = org.api(&server);
    let (id, _) = running_event(&mut o, "PIN sheet", 4, 2).await;
    let sheet = format!("/events/{id}/rounds/1/pairing-sheet");
    let pin_api = format!("/api/events/{id}/arbiter-pin");
    let set = format!("/events/{id}/arbiter-pin");
    let remove = format!("/events/{id}/arbiter-pin/remove");

    // The staff's sheet says there is none and has the form; the public's has neither.
    let r = org.browser.get(&sheet).await;
    assert!(
        r.body.contains("The event has no arbiter PIN"),
        "{}",
        r.body
    );
    assert!(r.body.contains(&format!("action=\"{set}\"")), "{}", r.body);
    assert!(r.body.contains("pattern=\"[0-9]{6,12}\""), "{}", r.body);
    assert!(!r.body.contains(&remove), "nothing to remove yet");
    let csrf = r.csrf();
    let public = server.client().get(&sheet).await;
    assert!(!public.body.contains("arbiter-pin"), "{}", public.body);

    // Refused: no CSRF token, a player, a PIN of the wrong form (the message names it).
    let form = |pin: &'static str, csrf: &str| {
        vec![
            ("pin", pin.to_owned()),
            ("round", "1".to_owned()),
            ("csrf", csrf.to_owned()),
        ]
    };
    let r = org.browser.post(&set, &pairs(&form("204817", ""))).await;
    assert_eq!(r.status, 403, "no CSRF token: {}", r.body);
    let token = player.browser.csrf().await;
    let r = player
        .browser
        .post(&set, &pairs(&form("204817", &token)))
        .await;
    assert_eq!(r.status, 403, "a player: {}", r.body);
    for bad in ["2048", "20481x"] {
        let r = org.browser.post(&set, &pairs(&form(bad, &csrf))).await;
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        assert!(r.body.contains("6 to 12 digits"), "{}", r.body);
    }
    let v = expect_json(&o.request("GET", &pin_api, None).await, 200, "none yet");
    assert_eq!(v["pin"], false);

    // Set: back to the sheet, which says so and offers to remove it; the API agrees.
    let r = org.browser.post(&set, &pairs(&form("204817", &csrf))).await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.header("location"), Some(sheet.as_str()));
    let v = expect_json(&o.request("GET", &pin_api, None).await, 200, "set");
    assert_eq!(v["pin"], true);
    let r = org.browser.get(&sheet).await;
    assert!(
        r.body.contains("The event has an arbiter PIN"),
        "{}",
        r.body
    );
    assert!(r.body.contains(&remove), "{}", r.body);
    assert!(!r.body.contains("204817"), "the PIN is never shown");

    // It unlocks a board's tablet opened by its link.
    let links = format!("/api/events/{id}/rounds/1/links");
    let links = expect_json(&call(&mut o, "POST", &links, None).await, 200, "links");
    let log = links["links"][0]["log"].as_str().unwrap().to_owned();
    let state = log.replace("/log?", "/state?");
    let mut tablet = server.client();
    tablet
        .headers
        .push(("x-shatar-arbiter-pin".into(), "204817".into()));
    let v = expect_json(&tablet.request("GET", &state, None).await, 200, "unlocked");
    assert_eq!(v["arbiter"], true);

    // Removed: a player may not; the staff may, and the tablet is locked again.
    let r = player
        .browser
        .post(&remove, &[("round", "1"), ("csrf", &token)])
        .await;
    assert_eq!(r.status, 403, "a player removes: {}", r.body);
    let r = org
        .browser
        .post(&remove, &[("round", "1"), ("csrf", &csrf)])
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let v = expect_json(&o.request("GET", &pin_api, None).await, 200, "removed");
    assert_eq!(v["pin"], false);
    let r = tablet.request("GET", &state, None).await;
    assert_eq!(r.status, 403, "the old PIN: {}", r.body);
    let r = org.browser.get(&sheet).await;
    assert!(
        r.body.contains("The event has no arbiter PIN"),
        "{}",
        r.body
    );
    server.stop().await;
}

/// A form's fields as the client's `post` takes them.
fn pairs<'a>(f: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    f.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// A clock-only event's sheet says its QR codes open the board's clock (not a score
/// sheet), and its tablet turns the sides, not a board.
async fn a_clock_only_events_links_open_a_clock(b: Backend) {
    let server = start(b).await;
    let mut org = account(&server, "ClockSheetOrg", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let id = clock_only_event(&mut o, "Paper sheets", 4, 2, "1800+30").await;
    let sheet = format!("/events/{id}/rounds/1/pairing-sheet");
    let links = format!("/api/events/{id}/rounds/1/links");
    expect_json(&call(&mut o, "POST", &links, None).await, 200, "links");
    let r = org.browser.get(&sheet).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(decoded_qr_codes(&r.body).len(), 2);
    assert_eq!(
        r.body.matches("open the board&#39;s clock\"").count()
            + r.body.matches("open the board's clock\"").count(),
        2,
        "{}",
        r.body
    );
    assert!(!r.body.contains("score sheet\""), "{}", r.body);
    assert!(r.body.contains("the players keep paper score sheets"));
    let tablet = org
        .browser
        .get(&format!("/events/{id}/rounds/1/boards/1/tablet"))
        .await;
    assert_eq!(tablet.status, 200, "{}", tablet.body);
    assert!(tablet.body.contains("Swap the sides"), "{}", tablet.body);
    assert!(!tablet.body.contains("Turn the board"), "{}", tablet.body);
    server.stop().await;
}
