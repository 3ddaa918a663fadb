//! Reading stored games for the archive: a player's games and the recently finished ones,
//! newest first, a page at a time.

use super::Db;
use super::games::{GameRow, SELECT, from_row};
use crate::error::AppError;
use sqlx::Row;

/// Games shown on one archive page.
pub const PAGE_SIZE: i64 = 20;

/// The games of account `user_id` (every status), newest first: page `page` (from 0).
pub async fn of_player(db: &Db, user_id: i64, page: i64) -> Result<Vec<GameRow>, AppError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE g.white_id = $1 OR g.black_id = $1
         ORDER BY g.created_ms DESC, g.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(PAGE_SIZE)
    .bind(page.saturating_mul(PAGE_SIZE))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

/// How many games account `user_id` has played or is playing.
pub async fn count_of_player(db: &Db, user_id: i64) -> Result<i64, AppError> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE white_id = $1 OR black_id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await?;
    Ok(row.try_get("n")?)
}

/// Finished games (with a result), most recently ended first: page `page` (from 0).
pub async fn recent_finished(db: &Db, page: i64) -> Result<Vec<GameRow>, AppError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE g.status = 'ended'
         ORDER BY g.ended_ms DESC, g.id DESC LIMIT $1 OFFSET $2"
    ))
    .bind(PAGE_SIZE)
    .bind(page.saturating_mul(PAGE_SIZE))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}
