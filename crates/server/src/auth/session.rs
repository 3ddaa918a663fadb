//! Who is asking: the session cookie, the account behind it, the CSRF token and the language.

use super::csrf::AnonToken;
use super::{cookie, is_token, random_token, token_hash};
use crate::db::{sessions, tokens, users};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::i18n::PageLang;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// The cookie holding the session token.
pub const COOKIE: &str = "shatar_session";

/// The cookie holding a guest's token (a player without an account, against the computer).
pub const GUEST_COOKIE: &str = "shatar_guest";

/// The visitor making a request.
#[derive(Debug, Clone)]
pub struct Visitor {
    /// The signed-in account, if any.
    pub user: Option<users::User>,
    /// The hash of the session token, when signed in.
    pub session_hash: Option<String>,
    /// The CSRF token forms must carry.
    pub csrf: String,
    /// The page language.
    pub lang: Lang,
    /// The hash of the guest token, when the browser has one.
    pub guest: Option<String>,
    /// Whether the account came from an `Authorization: Bearer` API token rather than a
    /// cookie: such a request carries no cookie a third-party site could make a browser
    /// send, so it needs no CSRF token.
    pub by_token: bool,
}

impl Visitor {
    /// The account, or `Unauthorized`.
    pub fn require_user(&self) -> Result<&users::User, AppError> {
        self.user.as_ref().ok_or(AppError::Unauthorized)
    }

    /// Checks a submitted CSRF token (none is needed with an API token).
    pub fn check_csrf(&self, submitted: Option<&str>) -> Result<(), AppError> {
        if self.by_token {
            return Ok(());
        }
        super::csrf::check(&self.csrf, submitted)
    }
}

impl FromRequestParts<AppState> for Visitor {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Visitor, AppError> {
        let lang = Lang::from_headers(&parts.headers);
        let anon = parts
            .extensions
            .get::<AnonToken>()
            .map(|t| t.0.clone())
            .ok_or_else(|| AppError::Internal("CSRF middleware missing".into()))?;
        let guest = cookie(&parts.headers, GUEST_COOKIE)
            .filter(|t| is_token(t))
            .map(token_hash);
        let mut visitor = Visitor {
            user: None,
            session_hash: None,
            csrf: anon,
            lang,
            guest,
            by_token: false,
        };
        if let Some(value) = parts.headers.get(axum::http::header::AUTHORIZATION) {
            // A token that is sent must be good: a wrong one is an error, never a guest.
            let token = value
                .to_str()
                .ok()
                .and_then(|v| v.strip_prefix("Bearer "))
                .map(str::trim)
                .filter(|t| is_token(t))
                .ok_or(AppError::BadToken)?;
            let user_id = tokens::owner(&state.db, token)
                .await?
                .ok_or(AppError::BadToken)?;
            visitor.user = Some(
                users::by_id(&state.db, user_id)
                    .await?
                    .ok_or(AppError::BadToken)?,
            );
            visitor.by_token = true;
            return Ok(visitor);
        }
        let Some(token) = cookie(&parts.headers, COOKIE).filter(|t| is_token(t)) else {
            return Ok(visitor);
        };
        let hash = token_hash(token);
        if let Some(session) = sessions::find(&state.db, &hash).await?
            && let Some(user) = users::by_id(&state.db, session.user_id).await?
        {
            visitor.user = Some(user);
            visitor.session_hash = Some(hash);
            visitor.csrf = session.csrf_token;
        }
        Ok(visitor)
    }
}

/// Starts a session for `user_id`; returns the `Set-Cookie` values to send.
pub async fn start(state: &AppState, user_id: i64) -> Result<Vec<String>, AppError> {
    let token = random_token()?;
    let csrf = random_token()?;
    sessions::insert(&state.db, &token_hash(&token), user_id, &csrf).await?;
    let secure = if state.config.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    let max_age = sessions::SESSION_MS / 1000;
    Ok(vec![format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
    )])
}

/// A new guest token: its hash to store and the `Set-Cookie` value to send.
pub fn new_guest(state: &AppState) -> Result<(String, String), AppError> {
    let token = random_token()?;
    let secure = if state.config.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    let cookie =
        format!("{GUEST_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000{secure}");
    Ok((token_hash(&token), cookie))
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn clear_cookie() -> String {
    format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}
