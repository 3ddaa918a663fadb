//! The router: every resource's routes merged in one place, with the body limit, the CSRF
//! cookie and the security headers around them.

use crate::auth::Visitor;
use crate::auth::csrf::AnonToken;
use crate::error::{AppError, ErrorText};
use crate::html::{error_body, error_page, page};
use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, FromRequestParts, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};

/// The largest request body accepted (forms are small).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The Content-Security-Policy: everything from this origin, no inline script or style, no
/// framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

async fn security_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(h, header::CONTENT_SECURITY_POLICY, CSP);
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::REFERRER_POLICY, "same-origin");
    set(
        h,
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    set(
        h,
        HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=()",
    );
    res
}

/// Writes every error page in the visitor's language and the site's layout: a response
/// carrying [`ErrorText`] (every [`AppError`]) is replaced by the page, or by JSON
/// `{"error": …}` under `/api/`.
async fn error_pages(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let headers = req.headers().clone();
    let anon = req.extensions().get::<AnonToken>().cloned();
    let path = req.uri().path().to_owned();
    // The language switcher returns to this page; after a failed form post, to the lobby.
    let back = if req.method() == Method::GET {
        req.uri()
            .path_and_query()
            .map_or_else(|| path.clone(), |p| p.as_str().to_owned())
    } else {
        "/".to_owned()
    };
    let res = next.run(req).await;
    let Some(text) = res.extensions().get::<ErrorText>().cloned() else {
        return res;
    };
    let status = res.status();
    let (mut parts, ()) = Request::new(()).into_parts();
    parts.headers = headers.clone();
    if let Some(anon) = anon {
        parts.extensions.insert(anon);
    }
    let visitor = Visitor::from_request_parts(&mut parts, &state).await.ok();
    let lang = visitor
        .as_ref()
        .map_or_else(|| Lang::from_headers(&headers), |v| v.lang);
    let message = text.get(lang);
    let mut new = if path.starts_with("/api/") {
        (status, Json(serde_json::json!({"error": message}))).into_response()
    } else {
        match &visitor {
            Some(v) => {
                let body = error_body(lang, status, message);
                (status, page(v, &back, &lang.t("error-title"), &body)).into_response()
            }
            None => (status, error_page(lang, status, message)).into_response(),
        }
    };
    for (name, value) in res.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            new.headers_mut().append(name.clone(), value.clone());
        }
    }
    new
}

/// No route for the path.
async fn no_page() -> AppError {
    AppError::NotFound(Msg::new("error-no-page"))
}

/// A route, but not for this method.
async fn wrong_method() -> AppError {
    AppError::MethodNotAllowed
}

/// Refuses requests beyond the per-address rate (see [`crate::limits`]).
async fn request_rate(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let ip = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    if let Some(ip) = ip
        && !state.requests.allow(ip, std::time::Instant::now())
    {
        // Answered before anything else runs: a bare page in the browser's language.
        let lang = Lang::from_headers(req.headers());
        let status = AppError::TooManyRequests.status_code();
        let message = AppError::TooManyRequests.message(lang);
        return (status, error_page(lang, status, &message)).into_response();
    }
    next.run(req).await
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(crate::routes::health::router())
        .merge(crate::routes::accounts::router())
        .merge(crate::routes::lobby::router())
        .merge(crate::routes::lobby_live::router())
        .merge(crate::routes::games::router())
        .merge(crate::routes::computer::router())
        .merge(crate::routes::lang::router())
        .merge(crate::routes::archive::router())
        .merge(crate::routes::record::router())
        .merge(crate::routes::analysis::router())
        .merge(crate::routes::profile::router())
        .merge(crate::routes::events::router())
        .merge(crate::routes::tokens::router())
        .merge(crate::assets::router())
        .fallback(no_page)
        .method_not_allowed_fallback(wrong_method)
        .layer(middleware::from_fn_with_state(state.clone(), error_pages))
        .layer(middleware::from_fn(crate::auth::csrf::ensure_cookie))
        .layer(middleware::from_fn(security_headers))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(state.clone(), request_rate))
        .with_state(state)
}
