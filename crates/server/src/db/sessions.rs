//! The `sessions` table: server-side sessions, keyed by a hash of the cookie's token.

use super::{Db, now_ms};
use crate::error::AppError;
use sqlx::Row;

/// A live session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The account.
    pub user_id: i64,
    /// The CSRF token bound to this session.
    pub csrf_token: String,
}

/// How long a session lasts: 30 days.
pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;

/// Stores a new session.
pub async fn insert(
    db: &Db,
    token_hash: &str,
    user_id: i64,
    csrf_token: &str,
) -> Result<(), AppError> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, csrf_token, created_ms, expires_ms)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(csrf_token)
    .bind(now)
    .bind(now.saturating_add(SESSION_MS))
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The unexpired session whose token hashes to `token_hash`.
pub async fn find(db: &Db, token_hash: &str) -> Result<Option<Session>, AppError> {
    let row = sqlx::query(
        "SELECT user_id, csrf_token FROM sessions WHERE token_hash = $1 AND expires_ms > $2",
    )
    .bind(token_hash)
    .bind(now_ms())
    .fetch_optional(&db.pool)
    .await?;
    match row {
        Some(row) => Ok(Some(Session {
            user_id: row.try_get("user_id")?,
            csrf_token: row.try_get("csrf_token")?,
        })),
        None => Ok(None),
    }
}

/// Ends one session.
pub async fn delete(db: &Db, token_hash: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Ends every session of an account ("sign out everywhere"); returns how many.
pub async fn delete_all(db: &Db, user_id: i64) -> Result<u64, AppError> {
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}

/// Deletes expired sessions; returns how many.
pub async fn delete_expired(db: &Db) -> Result<u64, AppError> {
    let done = sqlx::query("DELETE FROM sessions WHERE expires_ms <= $1")
        .bind(now_ms())
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}
