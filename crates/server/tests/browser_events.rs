//! The event pages in headless Chromium, driven as people drive them: by typing in the
//! real inputs and clicking the real buttons. An organiser creates a Swiss, opens
//! self-registration, appoints two arbiters, approves a player's request, imports the rest
//! from a CSV file and runs round 1; the two arbiters enter round 1's results at the same
//! time from two pages, and none is lost or doubled; the player finds their board on a
//! phone. A team league with a captain's line-up and a knock-out with seeds kept apart
//! follow. Screenshots in Chinese, Mongolian and English (`docs/screenshots/` with
//! `SHATAR_UPDATE_SCREENSHOTS`). Skips, saying so, when no Chromium is installed.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, Page, chromium};
use common::events as kit;
use common::{Backend, Client, TestServer, unique};
use serde_json::{Value, json};
use shatar_server::db::users::{self, AccountRole};
use std::collections::BTreeMap;

const LANGS: [&str; 3] = ["zh", "mn", "en"];
const WIDTH: &str = "document.documentElement.scrollWidth";

fn no_chromium() -> Option<std::path::PathBuf> {
    let exe = chromium();
    if exe.is_none() {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
    }
    exe
}

/// A username of letters and digits only, at most 14 characters.
fn username(prefix: &str) -> String {
    unique(prefix)
}

/// Signs `name` up through the sign-up form in `page`'s browser context.
async fn sign_up(br: &mut Browser, page: &Page, base: &str, name: &str) {
    br.goto(page, &format!("{base}/signup")).await;
    br.type_into(page, "input[name=username]", name).await;
    br.type_into(page, "input[name=password]", "12345678").await;
    br.click_and_load(page, "form[action='/signup'] button[type=submit]")
        .await;
    let text = br.text(page).await;
    assert!(text.contains(name), "signed in as {name}: {text}");
}

async fn promote(server: &TestServer, name: &str, role: AccountRole) {
    let db = &server.state().db;
    let u = users::by_name(db, name).await.unwrap().unwrap();
    users::update(db, u.id, &u.password_hash, role)
        .await
        .unwrap();
}

/// A token-carrying API client for the account `name` (made in the browser).
async fn api_of(server: &TestServer, name: &str) -> Client {
    let db = &server.state().db;
    let u = users::by_name(db, name).await.unwrap().unwrap();
    let token = shatar_server::db::tokens::create(db, u.id, "browser events")
        .await
        .unwrap();
    let mut c = server.client();
    c.headers
        .push(("Authorization".into(), format!("Bearer {token}")));
    c
}

/// Switches `page`'s browser context to `lang` (the switcher sets the cookie).
async fn language(br: &mut Browser, page: &Page, base: &str, lang: &str) {
    br.goto(page, &format!("{base}/lang/{lang}?back=/")).await;
    br.wait_for(page, &format!("document.documentElement.lang === '{lang}'"))
        .await;
}

/// The page's path after the clicks that led there.
async fn path_of(br: &mut Browser, page: &Page) -> String {
    br.eval(page, "location.pathname")
        .await
        .as_str()
        .unwrap()
        .to_owned()
}

async fn fits(br: &mut Browser, page: &Page, width: u64, what: &str) {
    let w = br.eval(page, WIDTH).await.as_u64().unwrap();
    assert!(w <= width, "{what}: {w} px wide on a {width} px screen");
}

/// Round 1's results by board, from the API.
async fn round1(
    api: &mut Client,
    id: &str,
) -> (Vec<(u32, u32, Option<u32>)>, BTreeMap<u32, Option<String>>) {
    let event = kit::get_event(api, id).await;
    let round = kit::round_of(&event, 1).expect("round 1 listed").clone();
    (kit::boards(&round), kit::results(&round))
}

/// Taps `word` on board `board` of the round page open in `page` (not waiting).
async fn tap(br: &mut Browser, page: &Page, board: u32, word: &str) {
    br.mark_document(page).await;
    br.click(
        page,
        &format!("#board-{board} form.results button[value='{word}']"),
    )
    .await;
}

/// Waits until the tap on `board` has landed: a new page shown and the API holding the
/// result. The other arbiter's change reloads an open round page (static/event-live.js);
/// a reload that came between the tap and its page loses the tap, which is then tapped
/// again (the API says whether it arrived, so nothing is entered twice by this test).
async fn landed(br: &mut Browser, page: &Page, api: &mut Client, id: &str, board: u32, word: &str) {
    for _ in 0..4 {
        br.wait_for_new_document(page).await;
        for _ in 0..10 {
            if round1(api, id).await.1[&board].as_deref() == Some(word) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        tap(br, page, board, word).await;
    }
    panic!("board {board}: {word} never arrived");
}

on_both_backends!(a_swiss_from_the_browser_with_two_arbiters_and_a_phone);

/// Test 1 to 3 of the brief: the organiser's Swiss, two arbiters at once, a player's phone.
async fn a_swiss_from_the_browser_with_two_arbiters_and_a_phone(b: Backend) {
    let Some(exe) = no_chromium() else { return };
    let server = kit::start(b).await;
    let base = format!("http://{}", server.addr);
    let mut br = Browser::launch(&exe).await;
    let org_name = username("Org");
    let org = br.page(&format!("{base}/"), 1024, 768).await;
    sign_up(&mut br, &org, &base, &org_name).await;
    promote(&server, &org_name, AccountRole::Organiser).await;
    language(&mut br, &org, &base, "en").await;

    // The new event, from the form.
    br.goto(&org, &format!("{base}/events/new")).await;
    let event_name = unique("Наадам ");
    br.type_into(&org, "input[name=name]", &event_name).await;
    br.choose(&org, "select[name=system]", "swiss").await;
    br.type_into(&org, "input[name=rounds]", "5").await;
    br.choose(&org, "select[name=ruleset]", "official").await;
    br.type_into(&org, "input[name=time_control]", "1800+30")
        .await;
    br.click_and_load(&org, "form[action='/events/new'] button[type=submit]")
        .await;
    let path = path_of(&mut br, &org).await;
    assert!(path.starts_with("/events/"), "{path}");
    let id = path.trim_start_matches("/events/").to_owned();
    let mut api = api_of(&server, &org_name).await;
    let event = kit::get_event(&mut api, &id).await;
    assert_eq!(event["name"], event_name.as_str(), "{event}");

    // Two arbiters and a player sign up in their own browsers.
    let arbiters = [username("ArbA"), username("ArbB")];
    let mut arb_pages = Vec::new();
    for a in &arbiters {
        let p = br.page(&format!("{base}/"), 1024, 768).await;
        sign_up(&mut br, &p, &base, a).await;
        language(&mut br, &p, &base, "en").await;
        arb_pages.push(p);
    }
    let player_name = username("Temuujin");
    let phone = br.page(&format!("{base}/"), 390, 844).await;
    sign_up(&mut br, &phone, &base, &player_name).await;
    language(&mut br, &phone, &base, "en").await;

    // The organiser's page: both arbiters appointed by username, self-registration opened.
    br.goto(&org, &format!("{base}{path}/staff")).await;
    for a in &arbiters {
        br.type_into(&org, "form[action$='/arbiters'] input[name=username]", a)
            .await;
        br.click_and_load(&org, "form[action$='/arbiters'] button[type=submit]")
            .await;
        assert!(br.text(&org).await.contains(a.as_str()), "{a} appointed");
    }
    br.click_and_load(&org, "form[action$='/registration'] button[type=submit]")
        .await;
    let event = kit::get_event(&mut api, &id).await;
    let appointed: Vec<String> = event["arbiters"]
        .as_array()
        .unwrap_or_else(|| panic!("arbiters listed: {event}"))
        .iter()
        .map(|a| {
            a.as_str()
                .map_or_else(|| a["username"].to_string(), str::to_owned)
        })
        .collect();
    for a in &arbiters {
        assert!(
            appointed.iter().any(|x| x.contains(a.as_str())),
            "{a}: {event}"
        );
    }

    // The player asks to play from the players' page; the organiser approves.
    br.goto(&phone, &format!("{base}{path}/players")).await;
    br.type_into(
        &phone,
        "form[action$='/register'] input[name=name]",
        "Тэмүүжин",
    )
    .await;
    br.type_into(
        &phone,
        "form[action$='/register'] input[name=club]",
        "Дархан",
    )
    .await;
    // Rated below the CSV's players: the draw numbers a Swiss by rating, and the account
    // must follow its player to the new number.
    br.type_into(
        &phone,
        "form[action$='/register'] input[name=rating]",
        "1500",
    )
    .await;
    br.click_and_load(&phone, "form[action$='/register'] button[type=submit]")
        .await;
    br.goto(&org, &format!("{base}{path}/players")).await;
    br.click_and_load(&org, "form[action$='/approve'] button[type=submit]")
        .await;

    // The other fifteen from a CSV file pasted into the players' page.
    let people = [
        ("Батбаярын Эрдэнэбилэг", "Улаанбаатар", 2105),
        ("Доржийн Гантулга", "Дархан-Уул", 2090),
        ("巴特尔", "呼和浩特", 2070),
        ("ᠪᠠᠲᠤ", "ᠥᠪᠥᠷ ᠮᠣᠩᠭᠣᠯ", 2050),
        ("Сүхбаатарын Мөнх-Очир", "Эрдэнэт", 2030),
        ("朝鲁门", "锡林郭勒", 2010),
        ("ᠰᠦᠬᠡ", "ᠬᠥᠬᠡᠬᠣᠲᠠ", 1990),
        ("Энхбаяр", "Өвөрхангай", 1970),
        ("Нарантуяа", "Говь-Алтай", 1950),
        ("乌力吉", "包头", 1930),
        ("Ганбаатар", "Хөвсгөл", 1910),
        ("ᠮᠥᠩᠬᠡ", "", 1890),
        ("Оюунчимэг", "Сэлэнгэ", 1870),
        ("苏和", "赤峰", 1850),
        ("Төмөрбаатар", "Завхан", 1830),
    ];
    let mut csv = String::from("name,club,rating\n");
    for (name, club, rating) in people {
        csv.push_str(&format!("{name},{club},{rating}\n"));
    }
    br.type_into(&org, "textarea[name=csv]", &csv).await;
    br.click_and_load(&org, "form[action$='/players/import'] button[type=submit]")
        .await;
    br.wait_for(
        &org,
        "document.querySelectorAll('table.entrants tbody tr').length === 16",
    )
    .await;
    let text = br.text(&org).await;
    for (name, _, _) in people {
        assert!(text.contains(name), "{name} listed: {text}");
    }
    assert!(text.contains(&format!("@{player_name}")), "{text}");

    // The draw, round 1 paired and published: the event page's staff buttons.
    br.goto(&org, &format!("{base}{path}")).await;
    br.click_and_load(&org, "form[action$='/start'] button[type=submit]")
        .await;
    br.click_and_load(&org, "form[action$='/rounds'] button[type=submit]")
        .await;
    br.click_and_load(
        &org,
        "form[action$='/rounds/1/publish'] button[type=submit]",
    )
    .await;
    let (boards, results) = round1(&mut api, &id).await;
    assert_eq!(boards.len(), 8, "{boards:?}");
    assert!(results.values().all(Option::is_none), "{results:?}");
    let event = kit::get_event(&mut api, &id).await;
    assert_eq!(event["players"].as_array().unwrap().len(), 16, "{event}");

    // Two arbiters, two pages, the boards interleaved: each pair of taps is sent before
    // either lands, each from a page that has not seen the other's change.
    let words = [
        "1-0", "0-1", "1/2-1/2", "1-0", "1/2-1/2", "0-1", "1-0", "1-0",
    ];
    let want: BTreeMap<u32, &str> = boards
        .iter()
        .map(|(b, _, _)| (*b, words[(*b as usize - 1) % words.len()]))
        .collect();
    for p in &arb_pages {
        br.goto(p, &format!("{base}{path}/rounds/1")).await;
        br.wait_for(p, "document.querySelectorAll('form.results').length === 8")
            .await;
    }
    let mut arb_api = [
        api_of(&server, &arbiters[0]).await,
        api_of(&server, &arbiters[1]).await,
    ];
    for pair in want.iter().collect::<Vec<_>>().chunks(2) {
        for (k, (board, word)) in pair.iter().enumerate() {
            tap(&mut br, &arb_pages[k], **board, word).await;
        }
        for (k, (board, word)) in pair.iter().enumerate() {
            landed(&mut br, &arb_pages[k], &mut arb_api[k], &id, **board, word).await;
        }
    }
    let (_, results) = round1(&mut api, &id).await;
    for (board, word) in &want {
        assert_eq!(
            results[board].as_deref(),
            Some(*word),
            "board {board}: {results:?}"
        );
    }
    // Each result once in the history, by the arbiter who tapped it.
    let history = kit::history(&mut api, &id).await;
    for board in want.keys() {
        let entries: Vec<&Value> = history
            .iter()
            .filter(|h| {
                h["summary"]
                    .as_str()
                    .is_some_and(|s| s.starts_with(&format!("round 1 board {board}:")))
            })
            .collect();
        assert_eq!(entries.len(), 1, "board {board}: {entries:?}");
        let by = &arbiters[(*board as usize - 1) % 2];
        assert_eq!(entries[0]["by"], by.as_str(), "board {board}");
    }
    br.goto(&org, &format!("{base}{path}/history")).await;
    br.wait_for(
        &org,
        "document.querySelectorAll('table.history tbody tr').length >= 18",
    )
    .await;
    let rows = br
        .eval(
            &org,
            "Array.from(document.querySelectorAll('table.history tbody tr')).map(r => r.innerText)",
        )
        .await;
    let rows: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_owned())
        .collect();
    for board in want.keys() {
        let by = &arbiters[(*board as usize - 1) % 2];
        let marker = format!("round 1 board {board}:");
        assert_eq!(
            rows.iter()
                .filter(|r| r.contains(&marker) && r.contains(by.as_str()))
                .count(),
            1,
            "{marker} by {by}: {rows:?}"
        );
    }

    // The player, on a phone, finds their board in the list and follows it.
    let number = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["username"] == player_name.as_str())
        .unwrap_or_else(|| panic!("the player's account in {event}"))["number"]
        .as_u64()
        .unwrap() as u32;
    let board = boards
        .iter()
        .find(|(_, w, b)| *w == number || *b == Some(number))
        .unwrap()
        .0;
    // In every language, Mongolian included: its players' page holds names in the
    // traditional script (an earlier Chromium stopped answering DevTools on it).
    for lang in ["mn", "zh", "en"] {
        language(&mut br, &phone, &base, lang).await;
        for page in ["", "/players"] {
            br.goto(&phone, &format!("{base}{path}{page}")).await;
            fits(&mut br, &phone, 390, &format!("{path}{page} {lang}")).await;
        }
        br.goto(&phone, &format!("{base}{path}/rounds/1")).await;
        fits(&mut br, &phone, 390, &format!("round 1 {lang}")).await;
        let link = br
            .eval(
                &phone,
                &format!(
                    "(() => {{ const r = Array.from(document.querySelectorAll('table.find-board tr')).find(r => r.innerText.includes('Тэмүүжин ({number})')); \
                     return r ? r.querySelector('a').getAttribute('href') : null; }})()"
                ),
            )
            .await;
        assert_eq!(
            link,
            format!("#board-{board}").as_str(),
            "{lang}, player {number}: {}",
            br.eval(
                &phone,
                "document.querySelector('table.find-board').innerText"
            )
            .await
        );
        br.click(
            &phone,
            &format!("table.find-board a[href='#board-{board}']"),
        )
        .await;
        br.wait_for(&phone, &format!("location.hash === '#board-{board}'"))
            .await;
        let row = br
            .eval(
                &phone,
                &format!("document.getElementById('board-{board}').innerText"),
            )
            .await;
        assert!(row.as_str().unwrap().contains("Тэмүүжин"), "{row}");
        br.documented(&phone, &format!("event-round-phone-{lang}.png"))
            .await;
    }

    // The staff's pages in each language, at a desktop's size.
    for lang in LANGS {
        language(&mut br, &org, &base, lang).await;
        for (page, shot) in [
            ("/events/new".to_owned(), "event-new"),
            (format!("{path}/players"), "event-players"),
            (format!("{path}/rounds/1"), "event-round"),
            (format!("{path}/history"), "event-history"),
            (format!("{path}/staff"), "event-staff"),
            ("/account/tokens".to_owned(), "tokens"),
        ] {
            br.goto(&org, &format!("{base}{page}")).await;
            fits(&mut br, &org, 1024, &format!("{page} {lang}")).await;
            br.documented(&org, &format!("{shot}-{lang}.png")).await;
        }
    }
    drop(br);
    server.stop().await;
}

on_both_backends!(a_team_league_with_a_captains_line_up);

/// Test 4: six teams from the players' page's team form, a captain's line-up from the
/// round page, the match from the staff's match form, the totals on the match cards.
async fn a_team_league_with_a_captains_line_up(b: Backend) {
    let Some(exe) = no_chromium() else { return };
    let server = kit::start(b).await;
    let base = format!("http://{}", server.addr);
    let mut br = Browser::launch(&exe).await;
    let org_name = username("Org");
    let org = br.page(&format!("{base}/"), 1024, 768).await;
    sign_up(&mut br, &org, &base, &org_name).await;
    promote(&server, &org_name, AccountRole::Organiser).await;
    language(&mut br, &org, &base, "en").await;

    br.goto(&org, &format!("{base}/events/new")).await;
    br.type_into(&org, "input[name=name]", &unique("Лиг "))
        .await;
    br.choose(&org, "select[name=system]", "round-robin").await;
    // The team settings are folded away until asked for.
    br.click(&org, "form[action='/events/new'] details.team summary")
        .await;
    br.type_into(&org, "input[name=boards]", "4").await;
    br.choose(&org, "select[name=lineup]", "ordered-substitutes")
        .await;
    br.click_and_load(&org, "form[action='/events/new'] button[type=submit]")
        .await;
    let path = path_of(&mut br, &org).await;
    let id = path.trim_start_matches("/events/").to_owned();
    let mut api = api_of(&server, &org_name).await;

    // Six teams, each with a captain who has an account (signed up over HTTP).
    let teams = ["Алтай", "Богд", "杭爱", "Хэнтий", "ᠭᠣᠪᠢ", "Их Нуур"];
    let mut captains = Vec::new();
    br.goto(&org, &format!("{base}{path}/players")).await;
    for (t, team) in teams.iter().enumerate() {
        let captain = username("Cap");
        let mut c = server.client();
        c.sign_up(&captain, "12345678").await;
        let members: String = (1..=6)
            .map(|i| format!("{team} {i}, {}\n", 2000 - 100 * t - 10 * i))
            .collect();
        br.type_into(&org, "form[action$='/teams'] input[name=name]", team)
            .await;
        br.type_into(&org, "form[action$='/teams'] input[name=captain]", &captain)
            .await;
        br.type_into(
            &org,
            "form[action$='/teams'] textarea[name=members]",
            &members,
        )
        .await;
        br.click_and_load(&org, "form[action$='/teams'] button[type=submit]")
            .await;
        captains.push((captain, c));
    }
    let event = kit::get_event(&mut api, &id).await;
    assert_eq!(event["teams"].as_array().unwrap().len(), 6, "{event}");
    assert!(br.text(&org).await.contains("Их Нуур 6"));

    br.goto(&org, &format!("{base}{path}")).await;
    br.click_and_load(&org, "form[action$='/start'] button[type=submit]")
        .await;
    br.click_and_load(&org, "form[action$='/rounds'] button[type=submit]")
        .await;
    br.click_and_load(
        &org,
        "form[action$='/rounds/1/publish'] button[type=submit]",
    )
    .await;
    let event = kit::get_event(&mut api, &id).await;
    let table = &event["rounds"][0]["pairings"][0];
    let (first, second) = (kit::number(&table["white"]), kit::number(&table["black"]));
    let team = |n: u32| {
        event["teams"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["number"] == n)
            .unwrap()
            .clone()
    };
    let members = |n: u32| -> Vec<String> {
        team(n)["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    let captain_name = team(first)["captain"].as_str().unwrap().to_owned();
    let cookie = captains
        .iter()
        .find(|(n, _)| *n == captain_name)
        .unwrap()
        .1
        .cookies
        .get("shatar_session")
        .unwrap()
        .clone();

    // The captain, signed in on a phone, brings in reserve 5 on board 4.
    let cap = br.page(&format!("{base}/"), 390, 844).await;
    br.set_cookie(&cap, &base, "shatar_session", &cookie).await;
    br.goto(&cap, &format!("{base}{path}/rounds/1")).await;
    let form = format!("form[action$='/rounds/1/lineups/{first}']");
    let m = members(first);
    br.choose(&cap, &format!("{form} select[name=p4]"), &m[4])
        .await;
    br.click_and_load(&cap, &format!("{form} button[type=submit]"))
        .await;
    fits(&mut br, &cap, 390, "the captain's round page").await;

    // The staff's match form starts from that line-up; the results are chosen per board.
    br.goto(&org, &format!("{base}{path}/rounds/1")).await;
    let form = "form[action$='/rounds/1/boards/1/match']";
    let lined = br
        .eval(
            &org,
            &format!("document.querySelector(\"{form} select[name=w4]\").value"),
        )
        .await;
    assert_eq!(lined.as_str(), Some(m[4].as_str()), "the captain's line-up");
    for (k, r) in ["1-0", "1/2-1/2", "1-0", "1/2-1/2"].iter().enumerate() {
        br.choose(&org, &format!("{form} select[name=r{}]", k + 1), r)
            .await;
    }
    br.click_and_load(&org, &format!("{form} button[type=submit]"))
        .await;
    let event = kit::get_event(&mut api, &id).await;
    let played = &event["rounds"][0]["pairings"][0]["match"];
    assert_eq!(
        played["boards"],
        json!(["1-0", "1/2-1/2", "1-0", "1/2-1/2"]),
        "{event}"
    );
    assert_eq!(played["white_lineup"][3].to_string(), m[4]);

    // The match card: 1 + ½ (Black on board 2) + 1 + ½ = 3 – 1.
    br.goto(&org, &format!("{base}{path}/rounds/1/cards")).await;
    let totals = br
        .eval(
            &org,
            "Array.from(document.querySelectorAll(\"section.match-card[data-board='1'] span.total\")).map(s => s.innerText.trim())",
        )
        .await;
    assert_eq!(totals, json!(["3", "1"]), "the card's totals");
    let _ = second;
    for lang in LANGS {
        language(&mut br, &org, &base, lang).await;
        br.goto(&org, &format!("{base}{path}/rounds/1")).await;
        fits(&mut br, &org, 1024, &format!("team round {lang}")).await;
        br.documented(&org, &format!("event-team-round-{lang}.png"))
            .await;
    }
    drop(br);
    server.stop().await;
}

on_both_backends!(a_knock_out_keeps_its_seeds_apart);

/// Test 5: sixteen players, four of seed class 1; no two seeds meet in round 1; round 1's
/// results tapped in; the bracket drawn.
async fn a_knock_out_keeps_its_seeds_apart(b: Backend) {
    let Some(exe) = no_chromium() else { return };
    let server = kit::start(b).await;
    let base = format!("http://{}", server.addr);
    let mut br = Browser::launch(&exe).await;
    let org_name = username("Org");
    let org = br.page(&format!("{base}/"), 1024, 768).await;
    sign_up(&mut br, &org, &base, &org_name).await;
    promote(&server, &org_name, AccountRole::Organiser).await;
    language(&mut br, &org, &base, "en").await;
    let mut api = api_of(&server, &org_name).await;
    let id = kit::create_event(
        &mut api,
        json!({"name": unique("Цом "), "system": "single-elimination", "games": 1}),
    )
    .await;
    // The seeds are not the four best rated: they are spread through the list.
    let mut seeds = Vec::new();
    for i in 0..16u32 {
        let name = format!("Тоглогч {}", i + 1);
        let mut body = json!({"name": name, "rating": 2000 - 10 * i});
        if i % 4 == 1 {
            body["seed_class"] = json!(1);
            seeds.push(name);
        }
        kit::add_player(&mut api, &id, body).await;
    }
    let path = format!("/events/{id}");
    br.goto(&org, &format!("{base}{path}")).await;
    br.click_and_load(&org, "form[action$='/start'] button[type=submit]")
        .await;
    br.click_and_load(&org, "form[action$='/rounds'] button[type=submit]")
        .await;
    br.click_and_load(
        &org,
        "form[action$='/rounds/1/publish'] button[type=submit]",
    )
    .await;
    let (boards, _) = round1(&mut api, &id).await;
    assert_eq!(boards.len(), 8, "{boards:?}");
    // The seeds by name: the start numbers are given at the draw.
    let event = kit::get_event(&mut api, &id).await;
    let seeded: Vec<u32> = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| seeds.iter().any(|s| p["name"] == s.as_str()))
        .map(|p| kit::number(&p["number"]))
        .collect();
    assert_eq!(seeded.len(), 4, "{event}");
    for (board, w, b) in &boards {
        let b = b.expect("no byes among 16");
        assert!(
            !(seeded.contains(w) && seeded.contains(&b)),
            "board {board}: seeds {w} and {b} meet in round 1 ({seeded:?})"
        );
    }
    // Round 1 tapped in: the lower start number wins.
    br.goto(&org, &format!("{base}{path}/rounds/1")).await;
    for (board, w, b) in &boards {
        let word = if *w < b.unwrap() { "1-0" } else { "0-1" };
        tap(&mut br, &org, *board, word).await;
        landed(&mut br, &org, &mut api, &id, *board, word).await;
    }
    let (_, results) = round1(&mut api, &id).await;
    assert!(results.values().all(Option::is_some), "{results:?}");
    for lang in LANGS {
        language(&mut br, &org, &base, lang).await;
        br.goto(&org, &format!("{base}{path}/bracket")).await;
        br.wait_for(
            &org,
            "document.querySelectorAll('.tree .match').length === 15",
        )
        .await;
        fits(&mut br, &org, 1024, &format!("bracket {lang}")).await;
        br.screenshot(&org, &format!("event-knock-out-round1-{lang}.png"))
            .await;
    }
    drop(br);
    server.stop().await;
}

on_both_backends!(an_online_round_as_live_boards);

/// An online Swiss of six accounts being played: the event page draws round 1's three
/// games as live boards (board 1 large) with both players and their clocks, in each
/// language.
async fn an_online_round_as_live_boards(b: Backend) {
    use common::online::{entrant_name, games_of_round, online_event, play, wait_for};
    let Some(exe) = no_chromium() else { return };
    let server = kit::start(b).await;
    let base = format!("http://{}", server.addr);
    let org = kit::account(&server, "Org", AccountRole::Organiser).await;
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": unique("Онлайн "), "system": "swiss", "rounds": 2, "online": true,
               "time_control": "600+5", "pause_s": 0, "rated": false}),
        "Naadam",
        6,
    )
    .await;
    kit::start_event(&mut org.api(&server), &id).await;
    let event = wait_for(&mut org.api(&server), &id, "round 1's games", |e| {
        games_of_round(e, 1, &players).is_some()
    })
    .await;
    let games = games_of_round(&event, 1, &players).unwrap();
    // A few moves on each board, a different number on each.
    for (k, (w, bl, game)) in (0u64..).zip(&games) {
        let mut white = players[*w].browser.socket(game).await;
        let mut black = players[*bl].browser.socket(game).await;
        assert_eq!(
            play(&mut white, &mut black, 6 - 2 * k, 31 + k, false).await,
            None
        );
    }
    let mut br = Browser::launch(&exe).await;
    let page = br.page(&format!("{base}/"), 1024, 900).await;
    for lang in LANGS {
        language(&mut br, &page, &base, lang).await;
        br.goto(&page, &format!("{base}/events/{id}")).await;
        br.wait_for(
            &page,
            "document.querySelectorAll('#event-boards .live-board use').length >= 3 * 32 \
             && !document.getElementById('event-boards').hidden",
        )
        .await;
        let tiles = br
            .eval(
                &page,
                "Array.from(document.querySelectorAll('.live-board')).map(a => \
                 [a.getAttribute('href'), a.classList.contains('top'), \
                  a.querySelector('.white .name').textContent, \
                  a.querySelector('.black .name').textContent, \
                  a.querySelector('.white .clock').textContent])",
            )
            .await;
        let tiles = tiles.as_array().unwrap();
        assert_eq!(tiles.len(), 3, "{tiles:?}");
        for (k, ((w, bl, game), t)) in games.iter().zip(tiles).enumerate() {
            let name = |i: usize| entrant_name(&event, &players[i]);
            assert_eq!(t[0], format!("/game/{game}"), "{lang}");
            assert_eq!(t[1], k == 0, "{lang}: board 1 is the large one");
            assert_eq!(
                (t[2].clone(), t[3].clone()),
                (name(*w), name(*bl)),
                "{lang}"
            );
            let clock = t[4].as_str().unwrap();
            assert!(
                clock.starts_with("10:") || clock.starts_with("9:"),
                "{lang}: {clock}"
            );
        }
        fits(&mut br, &page, 1024, &format!("live boards {lang}")).await;
        br.documented(&page, &format!("event-live-boards-{lang}.png"))
            .await;
    }
    drop(br);
    server.stop().await;
}

on_both_backends!(a_player_joins_is_called_to_his_game_and_plays_it_by_clicking);

/// Clicks a legal move for the side to move of game `game` on `page`: the first of the
/// server's legal moves (`GET /api/games/{id}`); returns the ply after it.
async fn click_a_move(br: &mut Browser, page: &Page, api: &mut Client, game: &str) -> u64 {
    let state = kit::call(api, "GET", &format!("/api/games/{game}"), None)
        .await
        .json();
    let ply = state["ply"].as_u64().unwrap();
    let dests = state["dests"].as_object().unwrap();
    let (from, to) = dests
        .iter()
        .find_map(|(f, t)| Some((f.clone(), t.as_array()?.first()?.as_str()?.to_owned())))
        .unwrap();
    // The page must have the opponent's last move before it lets the player move.
    br.wait_for(
        page,
        &format!("document.querySelectorAll('#moves [data-uci]').length === {ply}"),
    )
    .await;
    br.click_square(page, &from).await;
    br.click_square(page, &to).await;
    br.wait_for(
        page,
        &format!(
            "document.querySelectorAll('#moves [data-uci]').length === {}",
            ply + 1
        ),
    )
    .await;
    ply + 1
}

/// The browser end-to-end path of an online event: a signed-up player joins from the
/// event's page, the organiser starts it, the round's banner calls the player on the
/// lobby page (shown in each language), the banner opens his game, he plays it by
/// clicking the board against a player on the game socket until that one resigns, and the
/// event page's standings show his point.
async fn a_player_joins_is_called_to_his_game_and_plays_it_by_clicking(b: Backend) {
    let Some(exe) = no_chromium() else { return };
    let server = kit::start(b).await;
    let base = format!("http://{}", server.addr);
    let org = kit::account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let r = kit::call(
        &mut o,
        "POST",
        "/api/events",
        Some(
            json!({"name": unique("Naadam online "), "system": "swiss", "rounds": 1,
                    "online": true, "time_control": "600+5", "rated": false}),
        ),
    )
    .await;
    let id = kit::id_of(&kit::expect_json(&r, 201, "create"));
    let mut br = Browser::launch(&exe).await;
    let page = br.page(&format!("{base}/"), 1024, 900).await;
    let name = username("Bat");
    sign_up(&mut br, &page, &base, &name).await;
    br.goto(&page, &format!("{base}/events/{id}")).await;
    br.click_and_load(&page, &format!("form[action='/events/{id}/join'] button"))
        .await;
    let rival = kit::account(&server, "Dorj", AccountRole::Player).await;
    let r = kit::call(
        &mut rival.api(&server),
        "POST",
        &format!("/api/events/{id}/join"),
        None,
    )
    .await;
    kit::expect_json(&r, 201, "join");
    let event = kit::get_event(&mut o, &id).await;
    assert!(
        event["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["username"] == name.as_str()),
        "{event}"
    );
    kit::start_event(&mut o, &id).await;
    let event = common::online::wait_for(&mut o, &id, "round 1's game", |e| {
        common::online::round_games(e, 1).is_some()
    })
    .await;
    let pairing = common::online::round_games(&event, 1).unwrap()[0].clone();
    let game = pairing["game"].as_str().unwrap().to_owned();
    // The banner calls him on whatever page he has open, in his language.
    for lang in LANGS {
        language(&mut br, &page, &base, lang).await;
        br.goto(&page, &format!("{base}/")).await;
        br.wait_for(
            &page,
            &format!(
                "!document.getElementById('round-call').hidden && \
                 document.querySelector('#round-call a').getAttribute('href') === '/game/{game}'"
            ),
        )
        .await;
        br.documented(&page, &format!("event-round-call-{lang}.png"))
            .await;
    }
    br.click_and_load(&page, "#round-call a").await;
    br.wait_for(
        &page,
        "document.querySelectorAll('#board use').length >= 32",
    )
    .await;
    assert_eq!(path_of(&mut br, &page).await, format!("/game/{game}"));
    // He plays by clicking; the rival answers on the socket and resigns after 4 plies.
    let mut watch = kit::call(&mut o, "GET", &format!("/api/games/{game}"), None)
        .await
        .json();
    let mine = if watch["players"]["white"] == name.as_str() {
        "white"
    } else {
        "black"
    };
    let mut rival_socket = rival.browser.socket(&game).await;
    let mut api = server.client();
    loop {
        let ply = watch["ply"].as_u64().unwrap();
        if ply >= 4 && watch["turn"] != mine {
            rival_socket.send(json!({"t": "resign"})).await;
            break;
        }
        if watch["turn"] == mine {
            click_a_move(&mut br, &page, &mut api, &game).await;
        } else {
            let dests = watch["dests"].as_object().unwrap();
            let (f, t) = dests.iter().next().unwrap();
            rival_socket
                .play(&format!("{f}{}", t[0].as_str().unwrap()), ply)
                .await;
        }
        loop {
            let now = kit::call(&mut api, "GET", &format!("/api/games/{game}"), None)
                .await
                .json();
            if now["ply"] != ply {
                watch = now;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
        }
    }
    br.wait_for(
        &page,
        "document.getElementById('status').textContent.length > 0",
    )
    .await;
    common::online::wait_for(&mut o, &id, "the result", |e| e["status"] == "finished").await;
    // The standings on the event page: he leads with his point.
    br.goto(&page, &format!("{base}/events/{id}")).await;
    let first = br
        .eval(
            &page,
            "Array.from(document.querySelectorAll('table.standings tbody tr')[0].cells).map(c => c.textContent.trim())",
        )
        .await;
    assert_eq!(first[0], "1", "{first}");
    assert!(first[1].as_str().unwrap().ends_with(&name), "{first}");
    drop(br);
    server.stop().await;
}

on_both_backends!(an_arena_table_on_the_event_page);

/// An online arena being played, as its page shows it: the arena card with its end time
/// and standings (a berserk win's 3 points, a draw's 1) and the live boards of the second
/// wave, in each language.
async fn an_arena_table_on_the_event_page(b: Backend) {
    use common::online::{end_as, online_event, play, wait_for};
    let Some(exe) = no_chromium() else { return };
    let server = kit::start(b).await;
    let base = format!("http://{}", server.addr);
    let org = kit::account(&server, "Org", AccountRole::Organiser).await;
    let mut o = org.api(&server);
    let (id, players) = online_event(
        &server,
        &org,
        json!({"name": unique("Арена "), "system": "arena", "online": true,
               "time_control": "300+2", "duration_min": 45, "rated": false}),
        "Arena",
        4,
    )
    .await;
    kit::start_event(&mut o, &id).await;
    let games_of = |e: &Value, wave: u64| -> Option<Vec<(String, String, String)>> {
        let names: BTreeMap<u64, String> = e["players"]
            .as_array()?
            .iter()
            .map(|p| {
                (
                    p["number"].as_u64().unwrap(),
                    p["username"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let v: Vec<_> = e["arena"]["games"]
            .as_array()?
            .iter()
            .filter(|g| g["wave"] == wave)
            .filter_map(|g| {
                Some((
                    names[&g["white"].as_u64()?].clone(),
                    names[&g["black"].as_u64()?].clone(),
                    g["game"].as_str()?.to_owned(),
                ))
            })
            .collect();
        (v.len() == 2).then_some(v)
    };
    let event = wait_for(&mut o, &id, "wave 1", |e| games_of(e, 1).is_some()).await;
    let account = |name: &str| players.iter().find(|p| p.name == name).unwrap();
    for (k, (w, bl, game)) in games_of(&event, 1).unwrap().into_iter().enumerate() {
        let mut white = account(&w).browser.socket(&game).await;
        let mut black = account(&bl).browser.socket(&game).await;
        if k == 0 {
            // White berserks and wins after 7 full moves.
            white.state().await;
            white.send(json!({"t": "berserk"})).await;
            while white.state().await["berserk"]["white"] != true {}
            white.send(json!({"t": "ping"})).await;
            black.state().await;
            assert_eq!(
                play(&mut white, &mut black, 13, 77, true).await.as_deref(),
                Some("1-0")
            );
        } else {
            end_as(&mut white, &mut black, "1/2-1/2", 5).await;
        }
    }
    let event = wait_for(&mut o, &id, "wave 2", |e| games_of(e, 2).is_some()).await;
    for (w, bl, game) in games_of(&event, 2).unwrap() {
        let mut white = account(&w).browser.socket(&game).await;
        let mut black = account(&bl).browser.socket(&game).await;
        assert_eq!(play(&mut white, &mut black, 4, 9, false).await, None);
    }
    let mut br = Browser::launch(&exe).await;
    let page = br.page(&format!("{base}/"), 1024, 1000).await;
    for lang in LANGS {
        language(&mut br, &page, &base, lang).await;
        br.goto(&page, &format!("{base}/events/{id}")).await;
        br.wait_for(
            &page,
            "document.querySelectorAll('.arena-standings tbody tr').length === 4 \
             && document.querySelectorAll('#event-boards .live-board').length === 2 \
             && !document.getElementById('event-boards').hidden",
        )
        .await;
        let scores = br
            .eval(
                &page,
                "Array.from(document.querySelectorAll('.arena-standings tbody tr')).map(r => r.cells[2].textContent.trim())",
            )
            .await;
        assert_eq!(scores, json!(["3", "1", "1", "0"]), "{lang}");
        fits(&mut br, &page, 1024, &format!("arena {lang}")).await;
        br.documented(&page, &format!("event-arena-{lang}.png"))
            .await;
    }
    drop(br);
    server.stop().await;
}
