//! Server-rendered pages. Every piece of text from outside (names, ids) goes through
//! [`esc`]; the layout is one function.

use crate::auth::Visitor;
use crate::auth::csrf::FIELD;
use crate::i18n::Lang;
use crate::i18n::PageLang;
use axum::http::StatusCode;
use axum::response::Html;

/// Escapes text for HTML element content and quoted attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON for a `<script type="application/json">` element: `<`, `>` and `&` escaped so the
/// text can never close the element.
pub fn json_in_script(v: &serde_json::Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The hidden CSRF field of a form.
pub fn csrf_field(v: &Visitor) -> String {
    format!(
        r#"<input type="hidden" name="{FIELD}" value="{}">"#,
        esc(&v.csrf)
    )
}

/// The hidden CSRF field of a form, for pages written with maud.
pub fn csrf_input(v: &Visitor) -> maud::Markup {
    maud::html! { input type="hidden" name=(FIELD) value=(v.csrf); }
}

/// A page in the site's layout.
pub fn page(v: &Visitor, path: &str, title: &str, body: &str) -> Html<String> {
    let l = v.lang;
    let mut nav = String::new();
    nav.push_str(&format!(
        r#"<a class="brand" href="/">{}</a> <a href="/">{}</a>"#,
        esc(&l.t("site-name")),
        esc(&l.t("nav-lobby"))
    ));
    nav.push_str(&format!(
        r#" <a href="/games">{}</a> <a href="/analysis">{}</a> <a href="/events">{}</a>"#,
        esc(&l.t("nav-games")),
        esc(&l.t("nav-analysis")),
        esc(&l.t("nav-events"))
    ));
    if let Some(u) = &v.user {
        nav.push_str(&format!(
            r#" <a href="/@/{}">{}</a>"#,
            esc(&url_encode(&u.username)),
            esc(&l.t("nav-my-games"))
        ));
        nav.push_str(&format!(
            r#" <a href="/account/tokens">{}</a>"#,
            esc(&l.t("nav-tokens"))
        ));
    }
    nav.push_str(r#"<span class="spacer"></span>"#);
    match &v.user {
        Some(u) => {
            nav.push_str(&format!(
                r#"<span class="who">{}</span>
<form method="post" action="/signout">{}<button>{}</button></form>
<form method="post" action="/signout-everywhere">{}<button>{}</button></form>"#,
                esc(&l.t_args("signed-in-as", &[("name", &u.username)])),
                csrf_field(v),
                esc(&l.t("nav-sign-out")),
                csrf_field(v),
                esc(&l.t("nav-sign-out-everywhere")),
            ));
        }
        None => nav.push_str(&format!(
            r#"<a href="/signin">{}</a> <a href="/signup">{}</a>"#,
            esc(&l.t("nav-sign-in")),
            esc(&l.t("nav-sign-up"))
        )),
    }
    nav.push_str(r#"<span class="langs">"#);
    for other in Lang::ALL {
        let cls = if other == l { " class=\"current\"" } else { "" };
        nav.push_str(&format!(
            r#"<a{cls} lang="{code}" href="/lang/{code}?back={back}">{name}</a> "#,
            code = other.code(),
            back = esc(&url_encode(path)),
            name = esc(&other.t("lang-name")),
        ));
    }
    nav.push_str("</span>");
    Html(format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · {site}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<nav>{nav}</nav>
{call}<main>
{body}
</main>
</body>
</html>
"#,
        lang = l.code(),
        title = esc(title),
        site = esc(&l.t("site-name")),
        // A signed-in visitor is called to an online event's round on any page.
        call = if v.user.is_some() {
            r#"<div id="round-call" class="round-call" role="alert" hidden></div>
<script src="/static/notify.js" defer></script>
"#
        } else {
            ""
        },
    ))
}

/// The body of an error page: the status, the message and the way back.
pub fn error_body(lang: Lang, status: StatusCode, message: &str) -> String {
    format!(
        r#"<h1>{code} · {title}</h1><p class="error">{msg}</p><p><a href="/">{back}</a></p>"#,
        code = status.as_u16(),
        title = esc(&lang.t("error-title")),
        msg = esc(message),
        back = esc(&lang.t("error-back")),
    )
}

/// An error page for a request whose visitor could not be read (the layout without the
/// account part of the navigation).
pub fn error_page(lang: Lang, status: StatusCode, message: &str) -> Html<String> {
    Html(format!(
        r#"<!doctype html>
<html lang="{code}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{status} · {site}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<nav><a class="brand" href="/">{site}</a> <a href="/">{lobby}</a> <a href="/games">{games}</a> <a href="/analysis">{analysis}</a></nav>
<main>
{body}
</main>
</body>
</html>
"#,
        code = lang.code(),
        status = status.as_u16(),
        site = esc(&lang.t("site-name")),
        lobby = esc(&lang.t("nav-lobby")),
        games = esc(&lang.t("nav-games")),
        analysis = esc(&lang.t("nav-analysis")),
        body = error_body(lang, status, message),
    ))
}

/// Percent-encodes a path for a query value.
pub fn url_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            esc(r#"<script>alert("x")</script> & 'y'"#),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
        );
        let v = serde_json::json!({"name": "</script><b>"});
        assert_eq!(
            json_in_script(&v),
            r#"{"name":"\u003c/script\u003e\u003cb\u003e"}"#
        );
        assert_eq!(url_encode("/game/ab?x=1"), "/game/ab%3Fx%3D1");
    }
}
