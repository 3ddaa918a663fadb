//! The router: every resource's routes merged in one place, with the body limit, the CSRF
//! cookie and the security headers around them.

use crate::state::AppState;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;

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
    if let Some(ip) = ip {
        if !state.requests.allow(ip, std::time::Instant::now()) {
            return axum::response::IntoResponse::into_response(
                crate::error::AppError::TooManyRequests,
            );
        }
    }
    next.run(req).await
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    Router::new()
        .merge(crate::routes::health::router())
        .merge(crate::routes::accounts::router())
        .merge(crate::routes::lobby::router())
        .merge(crate::routes::games::router())
        .merge(crate::routes::computer::router())
        .merge(crate::routes::lang::router())
        .merge(crate::routes::archive::router())
        .merge(crate::routes::record::router())
        .merge(crate::routes::analysis::router())
        .merge(crate::routes::profile::router())
        .merge(crate::routes::events::router())
        .merge(crate::assets::router())
        .layer(middleware::from_fn(crate::auth::csrf::ensure_cookie))
        .layer(middleware::from_fn(security_headers))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(state.clone(), request_rate))
        .with_state(state)
}
