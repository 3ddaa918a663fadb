//! The event report pages in headless Chromium: at a phone's 390 px the standings and the
//! bracket are no wider than the screen (the tables and the tree scroll inside their own
//! box), and the bracket prints to a PDF with the print stylesheet. Screenshots in
//! Chinese, Mongolian and English (`docs/screenshots/` with `SHATAR_UPDATE_SCREENSHOTS`).
//! Skips, saying so, when no Chromium is installed.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::{Browser, chromium, screenshot_dir};
use common::{Client, TestServer, unique};
use serde_json::{Value, json};
use shatar_server::db::tokens;
use shatar_server::db::users::{self, AccountRole};

async fn call(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Value {
    let r = c
        .request(
            method,
            path,
            body.map(|b| ("application/json", b.to_string().into_bytes())),
        )
        .await;
    assert!(
        (200..300).contains(&r.status),
        "{method} {path}: {}",
        r.body
    );
    serde_json::from_str(&r.body).unwrap_or(Value::Null)
}

/// An event of `players` (name, club, region) under `system`, every round paired,
/// played (the lower start number wins; two games in a knock-out) and published.
async fn played_event(c: &mut Client, system: &str, players: &[(&str, &str, &str)]) -> String {
    let v = call(
        c,
        "POST",
        "/api/events",
        Some(json!({"name": unique("Наадам "), "system": system})),
    )
    .await;
    let id = match &v["id"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    for (i, (name, club, region)) in players.iter().enumerate() {
        let body = json!({"name": name, "club": club, "region": region, "rating": 2000 - 10 * i});
        call(c, "POST", &format!("/api/events/{id}/players"), Some(body)).await;
    }
    call(c, "POST", &format!("/api/events/{id}/start"), None).await;
    let knock_out = system.ends_with("elimination");
    for round in 1.. {
        let r = c
            .request("POST", &format!("/api/events/{id}/rounds"), None)
            .await;
        if r.status != 201 {
            break;
        }
        for p in r.json()["pairings"].as_array().unwrap() {
            let (Some(w), Some(b)) = (p["white"].as_u64(), p["black"].as_u64()) else {
                continue;
            };
            let result = match (knock_out, w < b) {
                (true, true) => "1-0 0-1",
                (true, false) => "0-1 1-0",
                (false, true) => "1-0",
                (false, false) => "0-1",
            };
            let path = format!(
                "/api/events/{id}/rounds/{round}/boards/{}/result",
                p["board"]
            );
            call(c, "PUT", &path, Some(json!({ "result": result }))).await;
        }
        call(
            c,
            "POST",
            &format!("/api/events/{id}/rounds/{round}/publish"),
            None,
        )
        .await;
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_fit_a_phone_and_the_bracket_prints() {
    let Some(exe) = chromium() else {
        eprintln!(
            "skipped: no Chromium found (scripts/install-test-deps-server.sh --browser installs it)"
        );
        return;
    };
    let server = TestServer::start_with(|c| {
        c.http_requests_per_second = 100_000;
        c.http_request_burst = 100_000;
    })
    .await;
    let name = unique("Org");
    let mut browser_client = server.client();
    browser_client.sign_up(&name, "12345678").await;
    let db = &server.state().db;
    let user = users::by_name(db, &name).await.unwrap().unwrap();
    users::update(db, user.id, &user.password_hash, AccountRole::Organiser)
        .await
        .unwrap();
    let token = tokens::create(db, user.id, "browser reports")
        .await
        .unwrap();
    let mut api = server.client();
    api.headers
        .push(("Authorization".into(), format!("Bearer {token}")));
    // Long names, clubs and regions in three scripts: the widest a table gets.
    let people = [
        (
            "Батбаярын Эрдэнэбилэг",
            "Улаанбаатар хотын шатрын клуб",
            "Улаанбаатар",
        ),
        (
            "Доржийн Гантулга",
            "Дархан-Уул аймгийн спорт хороо",
            "Дархан-Уул",
        ),
        ("巴特尔", "呼和浩特市象棋协会", "内蒙古自治区"),
        ("Сүхбаатарын Мөнх-Очир", "Эрдэнэт үйлдвэрийн клуб", "Орхон"),
        ("Энхбаяр", "Өвөрхангай", "Өвөрхангай"),
        ("朝鲁门", "锡林郭勒盟", "内蒙古自治区"),
        ("Ганбаатар", "Хөвсгөл", "Хөвсгөл"),
        ("Нарантуяа", "Говь-Алтай", "Говь-Алтай"),
    ];
    let rr = played_event(&mut api, "round-robin", &people[..6]).await;
    let ko = played_event(&mut api, "single-elimination", &people).await;

    let base = format!("http://{}", server.addr);
    let mut br = Browser::launch(&exe).await;
    let page = br.page(&format!("{base}/"), 390, 844).await;
    let width = "document.documentElement.scrollWidth";
    for lang in ["zh", "mn", "en"] {
        br.goto(&page, &format!("{base}/lang/{lang}?back=/")).await;
        br.wait_for(
            &page,
            &format!("document.documentElement.lang === '{lang}'"),
        )
        .await;
        br.goto(&page, &format!("{base}/events/{rr}/standings"))
            .await;
        br.wait_for(
            &page,
            "document.querySelectorAll('table.standings-report tbody tr').length === 6",
        )
        .await;
        assert!(
            br.eval(&page, width).await.as_u64().unwrap() <= 390,
            "standings {lang}"
        );
        // The table is wider than the phone: it scrolls inside its box.
        assert_eq!(
            br.eval(&page, "(() => { const s = document.querySelector('.standings-page .scroll'); return s.scrollWidth > s.clientWidth; })()").await,
            true
        );
        br.documented(&page, &format!("event-standings-{lang}.png"))
            .await;

        br.goto(&page, &format!("{base}/events/{ko}/bracket")).await;
        br.wait_for(
            &page,
            "document.querySelectorAll('.tree .match').length === 7",
        )
        .await;
        assert!(
            br.eval(&page, width).await.as_u64().unwrap() <= 390,
            "bracket {lang}"
        );
        assert_eq!(
            br.eval(&page, "(() => { const s = document.querySelector('.tree-box'); return s.scrollWidth > s.clientWidth; })()").await,
            true
        );
        // The final is level with the middle of the two semi-finals it follows.
        let level = br
            .eval(
                &page,
                "(() => { const c = s => { const r = document.querySelector(`[data-slot='${s}']`).getBoundingClientRect(); return r.top + r.height / 2; }; \
                 return Math.abs(c('W3-1') - (c('W2-1') + c('W2-2')) / 2); })()",
            )
            .await;
        assert!(level.as_f64().unwrap() < 2.0, "{level}");
        br.documented(&page, &format!("event-bracket-{lang}.png"))
            .await;
    }
    // Printed (English, the last language): a PDF of A4 landscape pages without the
    // navigation.
    let pdf = br.print_pdf(&page).await;
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
    assert!(pdf.len() > 2_000, "{} bytes", pdf.len());
    std::fs::write(screenshot_dir().join("event-bracket.pdf"), &pdf).unwrap();
    // What the print stylesheet makes of it, on a landscape A4 at 96 px an inch (under
    // target/ only): the navigation and the links gone, the tree across the page.
    br.on(
        &page,
        "Emulation.setEmulatedMedia",
        json!({"media": "print"}),
    )
    .await;
    br.on(
        &page,
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1047, "height": 719, "deviceScaleFactor": 1, "mobile": false}),
    )
    .await;
    assert_eq!(
        br.eval(
            &page,
            "getComputedStyle(document.querySelector('nav')).display"
        )
        .await,
        "none"
    );
    assert!(br.eval(&page, width).await.as_u64().unwrap() <= 1047);
    br.screenshot(&page, "event-bracket-print.png").await;
    br.goto(&page, &format!("{base}/events/{rr}/standings"))
        .await;
    br.screenshot(&page, "event-standings-print.png").await;
    drop(br);
    server.stop().await;
}
