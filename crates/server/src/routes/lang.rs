//! `GET /lang/{code}?back=/path`: the language switcher sets the `lang` cookie.

use super::see_other;
use crate::error::{AppError, AppResult};
use crate::i18n::{COOKIE, Lang};
use crate::state::AppState;
use axum::Router;
use axum::extract::{Path, Query};
use axum::response::Response;
use axum::routing::get;
use serde::Deserialize;

#[derive(Deserialize)]
struct Back {
    back: Option<String>,
}

/// Only local paths: never `//host` or `scheme:` (no open redirect).
pub fn safe_back(back: Option<&str>) -> &str {
    match back {
        Some(b)
            if b.starts_with('/') && !b.starts_with("//") && !b.contains('\\') && b.len() < 512 =>
        {
            b
        }
        _ => "/",
    }
}

async fn switch(Path(code): Path<String>, Query(q): Query<Back>) -> AppResult<Response> {
    let lang = Lang::from_tag(&code)
        .filter(|l| l.code() == code)
        .ok_or_else(|| AppError::NotFound(format!("language {code:?}")))?;
    let cookie = format!(
        "{COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000",
        lang.code()
    );
    Ok(see_other(safe_back(q.back.as_deref()), &[cookie]))
}

/// `GET /lang/{code}`.
pub fn router() -> Router<AppState> {
    Router::new().route("/lang/{code}", get(switch))
}

#[cfg(test)]
mod tests {
    use super::safe_back;

    #[test]
    fn back_is_local_only() {
        assert_eq!(safe_back(Some("/game/abc")), "/game/abc");
        assert_eq!(safe_back(Some("//evil.example")), "/");
        assert_eq!(safe_back(Some("https://evil.example")), "/");
        assert_eq!(safe_back(Some("/\\evil")), "/");
        assert_eq!(safe_back(None), "/");
    }
}
