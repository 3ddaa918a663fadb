//! CSRF protection. Every browser gets a random token in an HttpOnly cookie; forms carry it
//! in a hidden field and the server compares the two (double submit). A signed-in visitor's
//! token is the one bound to the session row instead, so a token leaked before sign-in is
//! useless after it. SameSite=Lax cookies are the second line.

use super::{constant_time_eq, cookie, is_token, random_token};
use crate::error::AppError;
use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::SET_COOKIE;
use axum::middleware::Next;
use axum::response::Response;

/// The cookie holding an anonymous visitor's CSRF token.
pub const COOKIE: &str = "shatar_csrf";

/// The form field carrying the token.
pub const FIELD: &str = "csrf";

/// The anonymous CSRF token of this request (from its cookie, or new).
#[derive(Debug, Clone)]
pub struct AnonToken(pub String);

/// Middleware: makes sure every browser has a CSRF cookie.
pub async fn ensure_cookie(mut req: Request, next: Next) -> Response {
    let existing = cookie(req.headers(), COOKIE)
        .filter(|v| is_token(v))
        .map(str::to_owned);
    let (token, fresh) = match existing {
        Some(t) => (t, false),
        None => match random_token() {
            Ok(t) => (t, true),
            Err(e) => return axum::response::IntoResponse::into_response(e),
        },
    };
    req.extensions_mut().insert(AnonToken(token.clone()));
    let mut res = next.run(req).await;
    if fresh {
        let c = format!("{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax");
        if let Ok(v) = HeaderValue::from_str(&c) {
            res.headers_mut().append(SET_COOKIE, v);
        }
    }
    res
}

/// Checks a submitted token against the expected one.
pub fn check(expected: &str, submitted: Option<&str>) -> Result<(), AppError> {
    match submitted {
        Some(s) if constant_time_eq(expected, s) => Ok(()),
        _ => Err(AppError::Csrf),
    }
}
