//! The `board_links` table: the key of each board link (`events/board_sync.rs` says what a
//! link may do).

use super::board_logs::BoardAt;
use super::{Db, now_ms};
use crate::error::AppError;
use sqlx::Row;

/// The board's link key, if it has one.
pub async fn key_of(db: &Db, at: BoardAt<'_>) -> Result<Option<String>, AppError> {
    let row = sqlx::query(
        "SELECT link_key FROM board_links WHERE event_id = $1 AND round = $2 AND board = $3",
    )
    .bind(at.event)
    .bind(i64::from(at.round))
    .bind(i64::from(at.board))
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|r| r.try_get("link_key")).transpose()?)
}

/// Gives the board `key` unless it has a key already; returns the board's key.
pub async fn make(db: &Db, at: BoardAt<'_>, key: &str) -> Result<String, AppError> {
    sqlx::query(
        "INSERT INTO board_links (event_id, round, board, link_key, created_ms)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (event_id, round, board) DO NOTHING",
    )
    .bind(at.event)
    .bind(i64::from(at.round))
    .bind(i64::from(at.board))
    .bind(key)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    key_of(db, at)
        .await?
        .ok_or_else(|| AppError::Internal("a board link made is missing".into()))
}

/// Revokes the board's link; returns whether it had one.
pub async fn revoke(db: &Db, at: BoardAt<'_>) -> Result<bool, AppError> {
    let done =
        sqlx::query("DELETE FROM board_links WHERE event_id = $1 AND round = $2 AND board = $3")
            .bind(at.event)
            .bind(i64::from(at.round))
            .bind(i64::from(at.board))
            .execute(&db.pool)
            .await?;
    Ok(done.rows_affected() > 0)
}

/// The link keys of round `round`'s boards that have one, by board.
pub async fn of_round(db: &Db, event: &str, round: u32) -> Result<Vec<(u32, String)>, AppError> {
    let rows = sqlx::query(
        "SELECT board, link_key FROM board_links WHERE event_id = $1 AND round = $2 ORDER BY board",
    )
    .bind(event)
    .bind(i64::from(round))
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| Ok((super::number(r, "board")?, r.try_get("link_key")?)))
        .collect()
}
