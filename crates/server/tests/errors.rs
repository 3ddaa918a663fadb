//! Error pages and form refusals in the visitor's language and the site's layout.

mod common;

use common::{Backend, TestServer, unique};

on_both_backends!(
    missing_page_in_the_layout_and_language,
    form_refusals_name_the_field,
    ruleset_names_in_every_language,
);

fn client_in(server: &TestServer, lang: &str) -> common::Client {
    let mut c = server.client();
    c.headers.push(("Accept-Language".into(), lang.into()));
    c
}

async fn missing_page_in_the_layout_and_language(b: Backend) {
    let server = TestServer::start(b).await;
    let mut zh = client_in(&server, "zh-CN");
    let r = zh.get("/no/such/page").await;
    assert_eq!(r.status, 404);
    assert!(r.body.contains(r#"<html lang="zh">"#), "{}", r.body);
    assert!(
        r.body
            .contains(r#"<meta name="viewport" content="width=device-width"#),
        "{}",
        r.body
    );
    assert!(r.body.contains("<nav>"), "{}", r.body);
    assert!(r.body.contains(r#"<a href="/">大厅</a>"#), "{}", r.body);
    assert!(r.body.contains("此地址没有页面。"), "{}", r.body);
    // The switcher on the error page returns to the same address.
    assert!(r.body.contains("/lang/mn?back=/no/such/page"), "{}", r.body);

    let mut mn = client_in(&server, "mn");
    let r = mn.get("/game/nosuchgame1").await;
    assert_eq!(r.status, 404);
    assert!(
        r.body.contains("«nosuchgame1» тоглолт байхгүй."),
        "{}",
        r.body
    );
    let r = mn.get("/static/nothing.js").await;
    assert_eq!(r.status, 404);
    assert!(r.body.contains("Энэ хаягт хуудас байхгүй."), "{}", r.body);
    // A method the path does not take.
    let r = mn.post("/games", &[]).await;
    assert_eq!(r.status, 405);
    assert!(r.body.contains("хүсэлт хүлээж авахгүй"), "{}", r.body);
    // Under /api/ the refusal is JSON in the same language.
    let r = mn.get("/api/seeks/nosuchseek").await;
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["error"], "«nosuchseek» урилга байхгүй.");
    server.stop().await;
}

async fn form_refusals_name_the_field(b: Backend) {
    let server = TestServer::start(b).await;
    let mut en = server.client();
    let csrf = en.csrf().await;
    let r = en
        .post(
            "/computer",
            &[
                ("csrf", &csrf),
                ("ruleset", "official"),
                ("level", "abc"),
                ("minutes", "10"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(
        r.body
            .contains("Level: “abc” is not a whole number in the allowed range."),
        "{}",
        r.body
    );
    assert!(!r.body.contains("deserialize"), "{}", r.body);
    assert!(r.body.contains("<nav>"), "{}", r.body);

    let mut zh = client_in(&server, "zh");
    let csrf = zh.csrf().await;
    let r = zh
        .post(
            "/computer",
            &[("csrf", &csrf), ("level", "3"), ("color", "white")],
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("规则：表单中缺少此项。"), "{}", r.body);
    let r = zh
        .post(
            "/computer",
            &[
                ("csrf", &csrf),
                ("ruleset", "chess"),
                ("level", "3"),
                ("minutes", "10"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("本站没有“chess”这一规则"), "{}", r.body);
    let r = zh
        .post(
            "/computer",
            &[
                ("csrf", &csrf),
                ("ruleset", "official"),
                ("level", "9"),
                ("minutes", "10"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(
        r.body.contains("级别：没有 9 级；请选择 1 至 8。"),
        "{}",
        r.body
    );

    let mut mn = client_in(&server, "mn");
    let name = unique("mn");
    mn.sign_up(&name, "12345678").await;
    let csrf = mn.csrf().await;
    let r = mn
        .post(
            "/seeks",
            &[
                ("csrf", &csrf),
                ("ruleset", "official"),
                ("minutes", "999"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("Хугацаа: 59940 секунд"), "{}", r.body);
    let r = mn.get("/games?page=x").await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("Хуудас: «x»"), "{}", r.body);
    // A stale form: the CSRF refusal says what to do.
    let r = mn
        .post(
            "/seeks",
            &[
                ("csrf", "0"),
                ("ruleset", "official"),
                ("minutes", "10"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 403);
    assert!(r.body.contains("Хуудсаа дахин ачаалж"), "{}", r.body);
    server.stop().await;
}

async fn ruleset_names_in_every_language(b: Backend) {
    let server = TestServer::start(b).await;
    for (lang, name) in [
        ("zh", "正式规则（2017）"),
        ("mn", "Албан ёсны дүрэм (2017)"),
        ("en", "Official rules (2017)"),
    ] {
        let mut c = client_in(&server, lang);
        let r = c.get("/").await;
        assert!(
            r.body.contains(&format!(
                r#"<option value="official" selected>{name}</option>"#
            )),
            "{lang}: {}",
            r.body
        );
        let r = c.get("/analysis").await;
        assert!(r.body.contains(name), "{lang}: {}", r.body);
    }
    server.stop().await;
}
