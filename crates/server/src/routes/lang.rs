//! `GET /lang/{code}?back=/path`: the language switcher sets the `lang` cookie.

use super::see_other;
use crate::error::{AppError, AppResult};
use crate::extract::Query;
use crate::i18n::PageLang;
use crate::i18n::{COOKIE, Lang};
use crate::redirect::SameSitePath;
use crate::state::AppState;
use axum::Router;
use axum::extract::Path;
use axum::response::Response;
use axum::routing::get;
use serde::Deserialize;

#[derive(Deserialize)]
struct Back {
    back: Option<String>,
}

async fn switch(Path(code): Path<String>, Query(q): Query<Back>) -> AppResult<Response> {
    let lang = Lang::from_tag(&code)
        .filter(|l| l.code() == code)
        .ok_or_else(|| {
            AppError::NotFound(crate::i18n::Msg::new("error-no-language").arg("value", &code))
        })?;
    let cookie = format!(
        "{COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000",
        lang.code()
    );
    Ok(see_other(
        &SameSitePath::from_untrusted(q.back.as_deref()),
        &[cookie],
    ))
}

/// `GET /lang/{code}`.
pub fn router() -> Router<AppState> {
    Router::new().route("/lang/{code}", get(switch))
}
