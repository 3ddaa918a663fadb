//! Every page of the site on a phone: in headless Chromium at 390 × 844 px, in Chinese,
//! Mongolian and English, no page is wider than the screen (tables scroll inside their own
//! box or reflow). The 404 page, a form error and the archive are kept as screenshots in
//! each language (`docs/screenshots/` with `SHATAR_UPDATE_SCREENSHOTS`). Skips, saying so,
//! when no Chromium is installed.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, Page, chromium};
use common::events as kit;
use common::{Backend, Socket};
use serde_json::json;
use shatar_server::db::users::AccountRole;

const PHONE: u64 = 390;

/// The page's width against the phone's, naming the page and the language.
async fn fits(br: &mut Browser, page: &Page, what: &str) {
    let w = br
        .eval(page, "document.documentElement.scrollWidth")
        .await
        .as_u64()
        .unwrap();
    if w > PHONE {
        // Name the outermost elements that stick out, for the failure message.
        let culprits = br
            .eval(
                page,
                "(() => { const out = []; for (const e of document.querySelectorAll('body *')) {
                   const r = e.getBoundingClientRect();
                   if (r.right > innerWidth + 1 && !out.some(o => o.el.contains(e)))
                     out.push({el: e, text: e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' ' + Math.round(r.width) + 'px'});
                 } return out.slice(0, 5).map(o => o.text).join(', '); })()",
            )
            .await;
        panic!("{what}: {w} px wide on a {PHONE} px screen: {culprits}");
    }
}

/// Plays two moves and resigns, so the archive, the replay and the profiles have a game.
async fn finished_game(w: &mut Socket, b: &mut Socket) {
    w.state().await;
    b.state().await;
    w.play("e2e4", 0).await;
    b.state_at(1).await;
    b.play("e7e5", 1).await;
    w.state_at(2).await;
    w.send(json!({"t": "resign"})).await;
    let end = b.state_at(3).await;
    assert_eq!(end["termination"], "resign", "{end}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_phone_in_three_languages() {
    let Some(exe) = chromium() else {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
        return;
    };
    let server = kit::start(Backend::Sqlite).await;
    let base = format!("http://{}", server.addr);

    // An organiser with an event of four players, round 1 paired and published, and a
    // finished game between two other accounts.
    let org = kit::account(&server, "Org", AccountRole::Organiser).await;
    let mut api = org.api(&server);
    let id = kit::create_event(
        &mut api,
        json!({"name": "Сүхбаатар аймгийн аварга шалгаруулах тэмцээн 2026", "system": "swiss", "rounds": 3}),
    )
    .await;
    for (name, club) in [
        ("Батбаярын Энхтүвшин", "Сүхбаатар аймгийн шатрын холбоо"),
        ("巴特尔", "锡林郭勒盟象棋协会"),
        ("Доржийн Гантулга", "Дархан-Уул аймгийн спорт хороо"),
        ("Нарантуяа", "Говь-Алтай"),
    ] {
        kit::add_player(&mut api, &id, json!({"name": name, "club": club})).await;
    }
    kit::start_event(&mut api, &id).await;
    kit::pair(&mut api, &id).await;
    kit::publish(&mut api, &id, 1).await;
    let white = kit::account(&server, "Alice", AccountRole::Player).await;
    let black = kit::account(&server, "Bob", AccountRole::Player).await;
    let mut wc = white.browser.clone();
    let mut bc = black.browser.clone();
    let game = wc
        .seek(&[
            ("ruleset", "official"),
            ("minutes", "5"),
            ("color", "white"),
        ])
        .await;
    let game = bc.accept(&game).await;
    let mut ws = wc.socket(&game).await;
    let mut bs = bc.socket(&game).await;
    finished_game(&mut ws, &mut bs).await;

    let mut br = Browser::launch(&exe).await;
    let phone = br.page(&format!("{base}/"), 390, 844).await;
    let session = org.browser.cookies["shatar_session"].clone();
    br.set_cookie(&phone, &base, "shatar_session", &session)
        .await;
    let event = format!("/events/{id}");
    let pages = [
        "/".to_owned(),
        "/games".to_owned(),
        format!("/game/{game}"),
        format!("/game/{game}/replay"),
        format!("/game/{game}/sheet"),
        "/analysis".to_owned(),
        format!("/@/{}", white.name),
        format!("/player/{}", white.name),
        "/account/tokens".to_owned(),
        "/events".to_owned(),
        "/events/new".to_owned(),
        event.clone(),
        format!("{event}/players"),
        format!("{event}/staff"),
        format!("{event}/history"),
        format!("{event}/rounds/1"),
        format!("{event}/standings"),
        format!("{event}/crosstable"),
        format!("{event}/cards"),
        format!("{event}/awards"),
        "/no-such-page".to_owned(),
    ];
    for lang in ["zh", "mn", "en"] {
        br.goto(&phone, &format!("{base}/lang/{lang}?back=/")).await;
        br.wait_for(
            &phone,
            &format!("document.documentElement.lang === '{lang}'"),
        )
        .await;
        for path in &pages {
            br.goto(&phone, &format!("{base}{path}")).await;
            fits(&mut br, &phone, &format!("{path} in {lang}")).await;
        }
        br.goto(&phone, &format!("{base}/games")).await;
        br.documented(&phone, &format!("archive-phone-{lang}.png"))
            .await;
        br.goto(&phone, &format!("{base}/no-such-page")).await;
        let text = br.text(&phone).await;
        assert!(
            text.contains(&org.name),
            "the 404 page has the site's navigation: {text}"
        );
        br.documented(&phone, &format!("not-found-phone-{lang}.png"))
            .await;

        // A form error: the seek form sent with a time that is not a number (the form's
        // own checks bypassed, as a hand-made request would).
        br.goto(&phone, &format!("{base}/")).await;
        br.eval(
            &phone,
            "(() => { const s = document.querySelector('form.seek-form select[name=minutes]');
               const o = document.createElement('option'); o.value = 'five'; o.textContent = 'five';
               s.appendChild(o); s.value = 'five'; })()",
        )
        .await;
        br.mark_document(&phone).await;
        br.eval(&phone, "document.querySelector('form.seek-form').submit()")
            .await;
        br.wait_for_new_document(&phone).await;
        let text = br.text(&phone).await;
        let said = match lang {
            "zh" => "分钟：“five”",
            "mn" => "Минут: «five»",
            _ => "Minutes: “five”",
        };
        assert!(
            text.contains(said),
            "the form error names the field in {lang}: {text}"
        );
        fits(&mut br, &phone, &format!("the form error in {lang}")).await;
        br.documented(&phone, &format!("form-error-phone-{lang}.png"))
            .await;
    }
    server.stop().await;
}
