//! The `api_tokens` table: personal API tokens (`Authorization: Bearer TOKEN`), stored only
//! as a hash of the token, as sessions are.

use super::{Db, now_ms};
use crate::auth::{random_token, token_hash};
use crate::error::AppError;
use crate::i18n::Msg;
use sqlx::Row;

/// A token as its owner sees it in the list (never the token itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenInfo {
    /// The stored hash: what identifies the token to revoke it.
    pub hash: String,
    /// The owner's label.
    pub label: String,
    /// When it was made.
    pub created_ms: i64,
    /// When it was last used, if ever.
    pub last_used_ms: Option<i64>,
}

/// The most tokens one account keeps.
pub const MAX_PER_ACCOUNT: i64 = 20;

/// Makes a new token for `user_id`; returns the token, shown once and never stored.
pub async fn create(db: &Db, user_id: i64, label: &str) -> Result<String, AppError> {
    let label = label.trim();
    if label.chars().count() > 100 {
        return Err(AppError::BadRequest(Msg::new("token-error-label")));
    }
    let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?
        .try_get("n")?;
    if count >= MAX_PER_ACCOUNT {
        return Err(AppError::Conflict(
            Msg::new("token-error-too-many").arg("max", MAX_PER_ACCOUNT),
        ));
    }
    let token = random_token()?;
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, user_id, label, created_ms) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(label)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// How finely a token's last use is kept: writing it on every request would make every
/// API read a write (and queue behind the event writers on SQLite), so it is written at
/// most once a minute per token.
pub const LAST_USE_RESOLUTION_MS: i64 = 60_000;

/// The account a token belongs to, noting its use (to the minute).
pub async fn owner(db: &Db, token: &str) -> Result<Option<i64>, AppError> {
    let hash = token_hash(token);
    let row = sqlx::query("SELECT user_id, last_used_ms FROM api_tokens WHERE token_hash = $1")
        .bind(&hash)
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let now = now_ms();
    let last: Option<i64> = row.try_get("last_used_ms")?;
    if last.is_none_or(|last| now - last >= LAST_USE_RESOLUTION_MS) {
        sqlx::query("UPDATE api_tokens SET last_used_ms = $1 WHERE token_hash = $2")
            .bind(now)
            .bind(&hash)
            .execute(&db.pool)
            .await?;
    }
    Ok(Some(row.try_get("user_id")?))
}

/// An account's tokens, newest first.
pub async fn list(db: &Db, user_id: i64) -> Result<Vec<TokenInfo>, AppError> {
    let rows = sqlx::query(
        "SELECT token_hash, label, created_ms, last_used_ms FROM api_tokens
         WHERE user_id = $1 ORDER BY created_ms DESC",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(TokenInfo {
                hash: r.try_get("token_hash")?,
                label: r.try_get("label")?,
                created_ms: r.try_get("created_ms")?,
                last_used_ms: r.try_get("last_used_ms")?,
            })
        })
        .collect()
}

/// Revokes one of an account's tokens; whether it existed.
pub async fn revoke(db: &Db, user_id: i64, hash: &str) -> Result<bool, AppError> {
    let done = sqlx::query("DELETE FROM api_tokens WHERE user_id = $1 AND token_hash = $2")
        .bind(user_id)
        .bind(hash)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() > 0)
}
