//! Sign-up, sign-in, sign-out and sign-out everywhere.

use super::see_other;
use crate::auth::{Visitor, password, session};
use crate::db::sessions;
use crate::db::users::{self, AccountRole};
use crate::error::{AppError, AppResult};
use crate::extract::Form;
use crate::html::{csrf_field, esc, page};
use crate::i18n::PageLang;
use crate::names;
use crate::redirect::SameSitePath;
use crate::state::AppState;
use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use std::net::SocketAddr;
use std::time::Instant;

/// The sign-up and sign-in form.
#[derive(Debug, Deserialize)]
pub struct Credentials {
    username: String,
    password: String,
    csrf: Option<String>,
}

/// The CSRF-only form (sign-out).
#[derive(Debug, Deserialize)]
pub struct CsrfOnly {
    csrf: Option<String>,
}

fn form(v: &Visitor, action: &str, title_id: &str, submit_id: &str, error: Option<&str>) -> String {
    let l = v.lang;
    let err = error.map_or(String::new(), |e| {
        format!(r#"<p class="error">{}</p>"#, esc(e))
    });
    let rules = if action == "/signup" {
        format!("<p class=\"hint\">{}</p>", esc(&l.t("signup-rules")))
    } else {
        String::new()
    };
    format!(
        r#"<h1>{title}</h1>{err}
<form method="post" action="{action}" class="card">
{csrf}
<label>{user} <input name="username" autocomplete="username" required maxlength="30"></label>
<label>{pass} <input name="password" type="password" autocomplete="{ac}" required maxlength="200"></label>
{rules}<button type="submit">{submit}</button>
</form>"#,
        title = esc(&l.t(title_id)),
        csrf = csrf_field(v),
        user = esc(&l.t("form-username")),
        pass = esc(&l.t("form-password")),
        ac = if action == "/signup" {
            "new-password"
        } else {
            "current-password"
        },
        submit = esc(&l.t(submit_id)),
    )
}

async fn signup_page(v: Visitor) -> Response {
    page(
        &v,
        "/signup",
        &v.lang.t("signup-title"),
        &form(&v, "/signup", "signup-title", "form-submit-sign-up", None),
    )
    .into_response()
}

async fn signin_page(v: Visitor) -> Response {
    page(
        &v,
        "/signin",
        &v.lang.t("signin-title"),
        &form(&v, "/signin", "signin-title", "form-submit-sign-in", None),
    )
    .into_response()
}

fn form_error(v: &Visitor, status: StatusCode, signup: bool, message: &str) -> Response {
    let (action, title, submit) = if signup {
        ("/signup", "signup-title", "form-submit-sign-up")
    } else {
        ("/signin", "signin-title", "form-submit-sign-in")
    };
    let body = form(v, action, title, submit, Some(message));
    (status, page(v, action, &v.lang.t(title), &body)).into_response()
}

async fn signup(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    v: Visitor,
    Form(f): Form<Credentials>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let username = match names::check(&f.username) {
        Ok(name) => name,
        Err(e) => {
            return Ok(form_error(
                &v,
                StatusCode::BAD_REQUEST,
                true,
                &e.message(v.lang),
            ));
        }
    };
    if let Err(e) = password::check_length(&f.password) {
        return Ok(form_error(
            &v,
            StatusCode::BAD_REQUEST,
            true,
            &e.message(v.lang),
        ));
    }
    // At most `--signups-per-hour` accounts from one address.
    let ip = addr.ip();
    let at = Instant::now();
    if !state.signups.reserve(ip, at) {
        let e = AppError::TooManySignUps {
            max: state.signups.per_hour(),
        };
        return Ok(form_error(&v, e.status_code(), true, &e.message(v.lang)));
    }
    let created = match password::hash(f.password, state.config.argon2_memory_kib).await {
        Ok(hash) => users::insert(&state.db, &username, &hash, AccountRole::Player).await,
        Err(e) => Err(e),
    };
    let user = match created {
        Ok(u) => u,
        Err(AppError::Name(e)) => {
            state.signups.release(ip, at);
            return Ok(form_error(
                &v,
                StatusCode::CONFLICT,
                true,
                &e.message(v.lang),
            ));
        }
        Err(e) => {
            state.signups.release(ip, at);
            return Err(e);
        }
    };
    tracing::info!(user = user.id, "account created");
    let cookies = session::start(&state, user.id).await?;
    Ok(see_other(&SameSitePath::root(), &cookies))
}

async fn signin(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    v: Visitor,
    Form(f): Form<Credentials>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let ip = addr.ip();
    let name = f.username.trim().to_owned();
    if name.chars().count() > 30 || f.password.chars().count() > 200 {
        return Ok(form_error(
            &v,
            StatusCode::UNAUTHORIZED,
            false,
            &v.lang.t("signin-failed"),
        ));
    }
    if !state.limiter.allowed(ip, &name, Instant::now()) {
        return Err(AppError::RateLimited);
    }
    let user = users::by_name(&state.db, &name).await?;
    // Verify against a dummy hash when the name is unknown: same time either way.
    let phc = user
        .as_ref()
        .map_or(password::DUMMY_HASH.to_owned(), |u| u.password_hash.clone());
    let ok = password::verify(f.password, phc).await? && user.is_some();
    match user {
        Some(user) if ok => {
            state.limiter.succeeded(ip, &name);
            let cookies = session::start(&state, user.id).await?;
            Ok(see_other(&SameSitePath::root(), &cookies))
        }
        _ => {
            state.limiter.failed(ip, &name, Instant::now());
            Ok(form_error(
                &v,
                StatusCode::UNAUTHORIZED,
                false,
                &v.lang.t("signin-failed"),
            ))
        }
    }
}

async fn signout(
    State(state): State<AppState>,
    v: Visitor,
    Form(f): Form<CsrfOnly>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    if let Some(hash) = &v.session_hash {
        sessions::delete(&state.db, hash).await?;
    }
    Ok(see_other(&SameSitePath::root(), &[session::clear_cookie()]))
}

async fn signout_everywhere(
    State(state): State<AppState>,
    v: Visitor,
    Form(f): Form<CsrfOnly>,
) -> AppResult<Response> {
    v.check_csrf(f.csrf.as_deref())?;
    let user = v.require_user()?;
    let n = sessions::delete_all(&state.db, user.id).await?;
    tracing::info!(user = user.id, sessions = n, "signed out everywhere");
    Ok(see_other(&SameSitePath::root(), &[session::clear_cookie()]))
}

/// `/signup`, `/signin`, `/signout`, `/signout-everywhere`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/signup", get(signup_page).post(signup))
        .route("/signin", get(signin_page).post(signin))
        .route("/signout", post(signout))
        .route("/signout-everywhere", post(signout_everywhere))
}
