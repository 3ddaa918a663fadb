//! Accounts through the real server: sign-up, sign-in, CSRF, sessions, rate limit, markup
//! in names, languages, headers and limits.

mod common;

use common::{Backend, TestServer, unique};

on_both_backends!(
    health_and_security_headers,
    sign_up_then_sign_in,
    csrf_is_required,
    sign_out_everywhere_ends_every_session,
    sign_in_is_rate_limited,
    markup_in_names_renders_as_text,
    language_from_browser_and_switcher,
    bodies_are_size_limited,
    redirects_stay_on_the_site,
    names_cannot_pass_for_another,
    api_tokens_are_made_shown_once_and_revoked,
);

async fn health_and_security_headers(b: Backend) {
    let server = TestServer::start(b).await;
    let mut c = server.client();
    let r = c.get("/health").await;
    assert_eq!(r.status, 200);
    assert_eq!(
        r.json(),
        serde_json::json!({"status": "ok", "database": "ok"})
    );
    let r = server.client().get("/").await;
    assert_eq!(r.status, 200);
    let csp = r.header("content-security-policy").unwrap();
    assert!(
        csp.contains("default-src 'self'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(r.header("x-frame-options"), Some("DENY"));
    let csrf_cookie = r
        .headers_named("set-cookie")
        .into_iter()
        .find(|c| c.starts_with("shatar_csrf="))
        .unwrap();
    assert!(
        csrf_cookie.contains("HttpOnly") && csrf_cookie.contains("SameSite=Lax"),
        "{csrf_cookie}"
    );
    // Assets are served from the binary.
    let js = c.get("/static/board.js").await;
    assert_eq!(js.status, 200);
    assert_eq!(
        js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(js.body.contains("dests"));
    assert_eq!(c.get("/static/nothing.js").await.status, 404);
    server.stop().await;
}

async fn sign_up_then_sign_in(b: Backend) {
    let server = TestServer::start(b).await;
    let name = unique("Bat");
    let mut c = server.client();
    c.sign_up(&name, "correct horse").await;
    let page = c.get("/").await;
    assert!(
        page.body.contains(&format!("Signed in as {name}")),
        "{}",
        page.body
    );

    // The session cookie is HttpOnly and SameSite.
    let mut fresh = server.client();
    let form = fresh.get("/signin").await;
    let r = fresh
        .post(
            "/signin",
            &[
                ("username", &name),
                ("password", "correct horse"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 303);
    let cookie = r
        .headers_named("set-cookie")
        .into_iter()
        .find(|c| c.starts_with("shatar_session="))
        .unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    // Names are matched without regard to case.
    let mut other = server.client();
    let form = other.get("/signin").await;
    let r = other
        .post(
            "/signin",
            &[
                ("username", &name.to_uppercase()),
                ("password", "correct horse"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 303);
    // Wrong password, unknown name: 401 with the same message.
    let mut bad = server.client();
    let form = bad.get("/signin").await;
    let r = bad
        .post(
            "/signin",
            &[
                ("username", &name),
                ("password", "wrong horse"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 401);
    assert!(r.body.contains("Wrong name or password."));
    let r = bad
        .post(
            "/signin",
            &[
                ("username", &unique("nobody")),
                ("password", "wrong horse"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 401);
    // The same name again is refused.
    let mut dup = server.client();
    let form = dup.get("/signup").await;
    let r = dup
        .post(
            "/signup",
            &[
                ("username", &name.to_lowercase()),
                ("password", "another one"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.body);
    server.stop().await;
}

async fn csrf_is_required(b: Backend) {
    let server = TestServer::start(b).await;
    let mut c = server.client();
    let form = c.get("/signup").await;
    let name = unique("Dorj");
    // Missing and wrong tokens are refused; nothing is created.
    let r = c
        .post("/signup", &[("username", &name), ("password", "12345678")])
        .await;
    assert_eq!(r.status, 403);
    let r = c
        .post(
            "/signup",
            &[
                ("username", &name),
                ("password", "12345678"),
                ("csrf", &"0".repeat(64)),
            ],
        )
        .await;
    assert_eq!(r.status, 403);
    // A token from another browser does not fit this one's cookie.
    let mut other = server.client();
    let other_token = other.get("/signup").await.csrf();
    let r = c
        .post(
            "/signup",
            &[
                ("username", &name),
                ("password", "12345678"),
                ("csrf", &other_token),
            ],
        )
        .await;
    assert_eq!(r.status, 403);
    c.sign_up(&name, "12345678").await;
    // After sign-in the session's own token is required: the pre-sign-in one is stale.
    let old = form.csrf();
    let r = c
        .post(
            "/seeks",
            &[
                ("csrf", &old),
                ("ruleset", "official"),
                ("minutes", "5"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 403);
    let token = c.csrf().await;
    assert_ne!(token, old);
    let r = c
        .post(
            "/seeks",
            &[
                ("csrf", &token),
                ("ruleset", "official"),
                ("minutes", "5"),
                ("color", "white"),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    server.stop().await;
}

async fn sign_out_everywhere_ends_every_session(b: Backend) {
    let server = TestServer::start(b).await;
    let name = unique("Tuya");
    let mut phone = server.client();
    phone.sign_up(&name, "12345678").await;
    let mut laptop = server.client();
    let form = laptop.get("/signin").await;
    assert_eq!(
        laptop
            .post(
                "/signin",
                &[
                    ("username", &name),
                    ("password", "12345678"),
                    ("csrf", &form.csrf())
                ]
            )
            .await
            .status,
        303
    );
    assert!(laptop.get("/").await.body.contains("Signed in as"));
    // Plain sign-out ends only its own session.
    let mut tablet = server.client();
    let form = tablet.get("/signin").await;
    assert_eq!(
        tablet
            .post(
                "/signin",
                &[
                    ("username", &name),
                    ("password", "12345678"),
                    ("csrf", &form.csrf())
                ]
            )
            .await
            .status,
        303
    );
    let t = tablet.csrf().await;
    assert_eq!(tablet.post("/signout", &[("csrf", &t)]).await.status, 303);
    assert!(!tablet.get("/").await.body.contains("Signed in as"));
    assert!(laptop.get("/").await.body.contains("Signed in as"));
    // Everywhere: the laptop's session is gone too, even with its old cookie.
    let t = phone.csrf().await;
    assert_eq!(
        phone
            .post("/signout-everywhere", &[("csrf", &t)])
            .await
            .status,
        303
    );
    assert!(!phone.get("/").await.body.contains("Signed in as"));
    assert!(laptop.cookies.contains_key("shatar_session"));
    assert!(!laptop.get("/").await.body.contains("Signed in as"));
    server.stop().await;
}

async fn sign_in_is_rate_limited(b: Backend) {
    let server = TestServer::start(b).await;
    let name = unique("Ganaa");
    let mut owner = server.client();
    owner.sign_up(&name, "the right one").await;
    let mut attacker = server.client();
    let csrf = attacker.get("/signin").await.csrf();
    for i in 0..5 {
        let r = attacker
            .post(
                "/signin",
                &[
                    ("username", &name),
                    ("password", &format!("guess {i}")),
                    ("csrf", &csrf),
                ],
            )
            .await;
        assert_eq!(r.status, 401, "attempt {i}");
    }
    // The sixth attempt within the window is refused, even with the right password.
    let r = attacker
        .post(
            "/signin",
            &[
                ("username", &name),
                ("password", "the right one"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 429);
    assert!(!attacker.cookies.contains_key("shatar_session"));
    server.stop().await;
}

async fn markup_in_names_renders_as_text(b: Backend) {
    let server = TestServer::start(b).await;
    // Sign-up refuses `<` and `>` in names; an account from before that rule still has one.
    let evil = format!("<script>{}</script>", &unique("x")[..5]);
    let hash = shatar_server::auth::password::hash("12345678".into(), 256)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO users (username_key, username, password_hash, role, created_ms)
         VALUES ($1, $2, $3, 'player', 0)",
    )
    .bind(evil.to_lowercase())
    .bind(&evil)
    .bind(&hash)
    .execute(&server.state().db.pool)
    .await
    .unwrap();
    let mut c = server.client();
    let form = c.get("/signin").await;
    let r = c
        .post(
            "/signin",
            &[
                ("username", &evil),
                ("password", "12345678"),
                ("csrf", &form.csrf()),
            ],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let home = c.get("/").await;
    let escaped = evil.replace('<', "&lt;").replace('>', "&gt;");
    assert!(home.body.contains(&escaped), "{}", home.body);
    assert!(!home.body.contains(&evil));
    c.seek(&[
        ("ruleset", "official"),
        ("minutes", "5"),
        ("color", "white"),
        ("listed", "1"),
    ])
    .await;
    let mut visitor = server.client();
    let lobby = visitor.get("/").await;
    assert!(lobby.body.contains(&escaped));
    assert!(!lobby.body.contains(&evil));
    server.stop().await;
}

async fn language_from_browser_and_switcher(b: Backend) {
    let server = TestServer::start(b).await;
    let mut zh = server.client();
    zh.headers
        .push(("Accept-Language".into(), "zh-CN,zh;q=0.9,en;q=0.5".into()));
    let r = zh.get("/").await;
    assert!(r.body.contains(r#"<html lang="zh">"#));
    assert!(r.body.contains("<h1>大厅</h1>"), "{}", r.body);
    // The switcher's cookie wins over the browser.
    let r = zh.get("/lang/mn?back=/signin").await;
    assert_eq!(r.status, 303);
    assert_eq!(r.header("location"), Some("/signin"));
    let r = zh.get("/signin").await;
    assert!(r.body.contains(r#"<html lang="mn">"#));
    assert!(r.body.contains("<h1>Нэвтрэх</h1>"));
    let mut en = server.client();
    assert!(en.get("/").await.body.contains("<h1>Lobby</h1>"));
    assert_eq!(en.get("/lang/fr").await.status, 404);
    assert_eq!(
        en.get("/lang/en?back=//evil.example")
            .await
            .header("location"),
        Some("/")
    );
    server.stop().await;
}

/// Every return address that a browser would read as another host goes to `/`, on both
/// routes that take one; a plain path is kept.
async fn redirects_stay_on_the_site(b: Backend) {
    let server = TestServer::start(b).await;
    let mut c = server.client();
    for route in ["/lang/zh", "/notation/uci"] {
        for payload in [
            "/%09/evil.example/phish",
            "//evil.example",
            "/%5Cevil.example",
            "%5C/evil.example",
            "https://evil.example",
            "/%0a/evil.example",
            "/%0d%0a/evil.example",
            "%20//evil.example",
        ] {
            let r = c.get(&format!("{route}?back={payload}")).await;
            assert_eq!(r.status, 303, "{route} {payload}");
            assert_eq!(r.header("location"), Some("/"), "{route} {payload}");
        }
        let r = c.get(&format!("{route}?back=/games%3Fpage%3D2")).await;
        assert_eq!(r.header("location"), Some("/games?page=2"), "{route}");
    }
    server.stop().await;
}

async fn bodies_are_size_limited(b: Backend) {
    let server = TestServer::start(b).await;
    let mut c = server.client();
    let csrf = c.get("/signup").await.csrf();
    let big = "x".repeat(64 * 1024);
    let r = c
        .post(
            "/signup",
            &[
                ("username", &big),
                ("password", "12345678"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 413);
    server.stop().await;
}

/// Sign-up takes names in every script, stores them NFKC-normalised, and refuses invisible,
/// direction-changing and mixed-script characters and look-alikes of a taken name, with a
/// message in the page language that names the field.
async fn names_cannot_pass_for_another(b: Backend) {
    let server = TestServer::start(b).await;
    // Digits only: they go with every script.
    let suffix: String = unique("")
        .bytes()
        .take(6)
        .map(|b| char::from(b'0' + b % 10))
        .collect();
    let alice = format!("alice{suffix}");
    let mut first = server.client();
    first.sign_up(&alice, "12345678").await;
    for name in [
        format!("Батбаяр{suffix}"),
        format!("巴特尔{suffix}"),
        format!("ᠪᠠᠲᠤ{suffix}"),
    ] {
        server.client().sign_up(&name, "12345678").await;
    }
    let attempt = |name: String| {
        let mut c = server.client();
        c.headers.push(("Accept-Language".into(), "zh-CN".into()));
        async move {
            let csrf = c.get("/signup").await.csrf();
            c.post(
                "/signup",
                &[
                    ("username", &name),
                    ("password", "12345678"),
                    ("csrf", &csrf),
                ],
            )
            .await
        }
    };
    // Cyrillic а among Latin letters.
    let r = attempt(format!("\u{430}lice{suffix}")).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("用户名：混用了不同的文字"), "{}", r.body);
    // A zero-width space, a right-to-left override.
    let r = attempt(format!("{alice}\u{200B}")).await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("U+200B"), "{}", r.body);
    let r = attempt(format!("bob{suffix}\u{202E}1500")).await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("U+202E"), "{}", r.body);
    // Case variants and full-width letters are the same name.
    let r = attempt(alice.to_uppercase()).await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains(&format!("“{alice}”已被使用")), "{}", r.body);
    let fullwidth: String = alice
        .chars()
        .map(|c| char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap())
        .collect();
    assert_eq!(attempt(fullwidth).await.status, 409);
    // Whole-script look-alikes: Cyrillic В, А, Т and digits read as Latin "BAT" and digits.
    let digits: String = suffix.bytes().map(|b| char::from(b'0' + b % 10)).collect();
    server
        .client()
        .sign_up(&format!("Bat{digits}"), "12345678")
        .await;
    let r = attempt(format!("\u{412}\u{410}\u{422}{digits}")).await;
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body
            .contains(&format!("与已被使用的“Bat{digits}”过于相像")),
        "{}",
        r.body
    );
    // The hint says what is allowed, in the page language.
    let mut mn = server.client();
    mn.headers.push(("Accept-Language".into(), "mn".into()));
    assert!(mn.get("/signup").await.body.contains("Нэг бичгийн"));
    server.stop().await;
}

/// The sixth account from one address within the hour is refused with 429, in the
/// visitor's language; a refused name does not use up a place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ups_are_limited_per_address() {
    let server = TestServer::start_with(|c| c.signups_per_hour = 5).await;
    let mut first = server.client();
    let taken = unique("su");
    first.sign_up(&taken, "12345678").await;
    let mut zh = server.client();
    zh.headers.push(("Accept-Language".into(), "zh".into()));
    let csrf = zh.get("/signup").await.csrf();
    // A taken name is refused and gives its place back.
    let r = zh
        .post(
            "/signup",
            &[
                ("username", &taken),
                ("password", "12345678"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.body);
    for _ in 0..4 {
        let mut c = server.client();
        c.sign_up(&unique("su"), "12345678").await;
    }
    let r = zh
        .post(
            "/signup",
            &[
                ("username", &unique("su")),
                ("password", "12345678"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(
        r.body
            .contains("从您的地址注册的账号过多：每小时最多 5 个。"),
        "{}",
        r.body
    );
    assert!(!zh.cookies.contains_key("shatar_session"));
    server.stop().await;
}

async fn api_tokens_are_made_shown_once_and_revoked(b: Backend) {
    let server = TestServer::start(b).await;
    let name = unique("Tok");
    let mut c = server.client();
    // Signed out: the page asks to sign in.
    let r = c.get("/account/tokens").await;
    assert_ne!(r.status, 200, "{}", r.body);
    c.sign_up(&name, "12345678").await;
    let page = c.get("/account/tokens").await;
    assert_eq!(page.status, 200);
    let csrf = page.csrf();
    // Without the CSRF token: refused.
    let r = c.post("/account/tokens", &[("label", "x")]).await;
    assert_eq!(r.status, 403);
    let r = c
        .post(
            "/account/tokens",
            &[("label", "scorer <b>1</b>"), ("csrf", &csrf)],
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("cache-control"), Some("no-store"));
    assert!(r.body.contains("scorer &lt;b&gt;1&lt;/b&gt;"), "{}", r.body);
    let marker = "<code class=\"token\">";
    let at = r.body.find(marker).expect("the new token shown") + marker.len();
    let token: String = r.body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(token.len(), 64, "{}", r.body);
    // Shown once: the list never shows it again.
    assert!(!c.get("/account/tokens").await.body.contains(&token));
    // It works as a bearer token: the account is known (a player may not create events).
    let mut api = server.client();
    api.headers
        .push(("Authorization".into(), format!("Bearer {token}")));
    let r = api
        .request(
            "POST",
            "/api/events",
            Some((
                "application/json",
                br#"{"name":"X","system":"swiss"}"#.to_vec(),
            )),
        )
        .await;
    assert_eq!(r.status, 403, "{}", r.body);
    // Revoked: the token no longer opens anything.
    let page = c.get("/account/tokens").await;
    let marker = "/account/tokens/";
    let at = page.body.find(marker).expect("a revoke form") + marker.len();
    let hash: String = page.body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let r = c
        .post(
            &format!("/account/tokens/{hash}/revoke"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let r = api
        .request(
            "POST",
            "/api/events",
            Some((
                "application/json",
                br#"{"name":"X","system":"swiss"}"#.to_vec(),
            )),
        )
        .await;
    assert_eq!(r.status, 401, "{}", r.body);
    // Another account cannot revoke it (nothing of theirs by that hash).
    let r = c
        .post(
            &format!("/account/tokens/{hash}/revoke"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(r.status, 404);
}
