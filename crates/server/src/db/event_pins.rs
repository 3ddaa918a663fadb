//! The `event_pins` table: the hash of each event's arbiter PIN (`events/arbiter_pin.rs`
//! says what it unlocks).

use super::{Db, now_ms};
use crate::error::AppError;
use sqlx::Row;

/// The event's PIN hash (a PHC string), if it has a PIN.
pub async fn hash_of(db: &Db, event: &str) -> Result<Option<String>, AppError> {
    let row = sqlx::query("SELECT pin_hash FROM event_pins WHERE event_id = $1")
        .bind(event)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|r| r.try_get("pin_hash")).transpose()?)
}

/// Sets the event's PIN hash, replacing the one it had.
pub async fn set(db: &Db, event: &str, hash: &str) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO event_pins (event_id, pin_hash, set_ms) VALUES ($1, $2, $3)
         ON CONFLICT (event_id) DO UPDATE SET pin_hash = excluded.pin_hash, set_ms = excluded.set_ms",
    )
    .bind(event)
    .bind(hash)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Removes the event's PIN; returns whether it had one.
pub async fn clear(db: &Db, event: &str) -> Result<bool, AppError> {
    let done = sqlx::query("DELETE FROM event_pins WHERE event_id = $1")
        .bind(event)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() > 0)
}
