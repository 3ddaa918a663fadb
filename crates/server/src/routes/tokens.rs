//! `/account/tokens`: the signed-in account's personal API tokens — made with a label
//! (the token is shown once and never stored, only its hash), listed with when each was
//! made and last used, and revoked. A token works as `Authorization: Bearer TOKEN`
//! wherever the session cookie does.

use crate::archive::utc_minute;
use crate::auth::Visitor;
use crate::auth::csrf::FIELD;
use crate::db::tokens;
use crate::error::{AppError, AppResult};
use crate::html::page;
use crate::i18n::Msg;
use crate::i18n::PageLang;
use crate::redirect::SameSitePath;
use crate::routes::see_other;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;

const PATH: &str = "/account/tokens";

fn body(v: &Visitor, list: &[tokens::TokenInfo], new: Option<&str>) -> Markup {
    let l = v.lang;
    html! {
        h1 { (l.t("tokens-title")) }
        p.hint { (l.t("tokens-hint")) }
        @if let Some(token) = new {
            section.card.confirm role="status" {
                p { (l.t("tokens-new-once")) }
                p { code.token { (token) } }
            }
        }
        form.card method="post" action=(PATH) {
            input type="hidden" name=(FIELD) value=(v.csrf);
            label { (l.t("tokens-label")) " " input name="label" maxlength="100" required; }
            button type="submit" { (l.t("tokens-make")) }
        }
        @if list.is_empty() {
            p.hint { (l.t("tokens-none")) }
        } @else {
            div.scroll {
                table.entrants {
                    thead { tr {
                        th { (l.t("tokens-label")) } th { (l.t("tokens-made")) } th { (l.t("tokens-used")) } th {}
                    } }
                    tbody {
                        @for t in list {
                            tr {
                                td { (t.label) }
                                td { (utc_minute(t.created_ms)) }
                                td { @if let Some(u) = t.last_used_ms { (utc_minute(u)) } @else { "–" } }
                                td {
                                    form.inline method="post" action={ (PATH) "/" (t.hash) "/revoke" } {
                                        input type="hidden" name=(FIELD) value=(v.csrf);
                                        button type="submit" { (l.t("tokens-revoke")) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

async fn list(State(state): State<AppState>, v: Visitor) -> AppResult<Response> {
    let user = v.require_user()?;
    let tokens = tokens::list(&state.db, user.id).await?;
    let title = v.lang.t("tokens-title");
    Ok(page(&v, PATH, &title, &body(&v, &tokens, None).into_string()).into_response())
}

#[derive(Deserialize)]
struct MakeForm {
    #[serde(default)]
    label: String,
    csrf: Option<String>,
}

/// Makes a token and shows it on the answer itself, once: it is not stored, so a reload
/// or the list never shows it again.
async fn make(
    State(state): State<AppState>,
    v: Visitor,
    Form(f): Form<MakeForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let token = tokens::create(&state.db, user.id, &f.label).await?;
    let list = tokens::list(&state.db, user.id).await?;
    let title = v.lang.t("tokens-title");
    let mut answer = page(
        &v,
        PATH,
        &title,
        &body(&v, &list, Some(&token)).into_string(),
    )
    .into_response();
    // The token is on this page only: no cache keeps it.
    answer.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    Ok(answer)
}

#[derive(Deserialize)]
struct CsrfForm {
    csrf: Option<String>,
}

async fn revoke(
    State(state): State<AppState>,
    v: Visitor,
    Path(hash): Path<String>,
    Form(f): Form<CsrfForm>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    if !tokens::revoke(&state.db, user.id, &hash).await? {
        return Err(AppError::NotFound(Msg::new("tokens-error-none")));
    }
    Ok(see_other(&SameSitePath::internal(PATH.to_owned()), &[]))
}

/// The token page's routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(PATH, get(list).post(make))
        .route("/account/tokens/{hash}/revoke", post(revoke))
}
