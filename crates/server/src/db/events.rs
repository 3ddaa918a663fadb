//! The `events` and `event_history` tables: each event's state and every change to it.
//!
//! A change is written by [`commit`]: in one transaction the history gains a row and the
//! state is rewritten, on the condition that nobody else committed since the version the
//! change was computed from. A writer who lost that race computes its change again on the
//! new state (see `events/change.rs`).

use super::{Db, now_ms};
use crate::error::AppError;
use crate::events::{Action, EventState, Person};
use sqlx::Row;

/// An event as stored.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    /// Its id (in its address).
    pub id: String,
    /// The number of changes it has had.
    pub version: i64,
    /// Its state.
    pub state: EventState,
}

/// One change in an event's history.
#[derive(Debug, Clone)]
pub struct HistoryEntry {
    /// 1 for the creation, then 2, 3 …: the event's version after the change.
    pub seq: i64,
    /// The author's account, unless it has been deleted.
    pub user_id: Option<i64>,
    /// The author's name at the time.
    pub by_name: String,
    /// When.
    pub at_ms: i64,
    /// The change.
    pub action: Action,
    /// What it changed, from what to what.
    pub summary: String,
}

/// An event in a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventListing {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// When it was created.
    pub created_ms: i64,
}

fn json_error(what: &str, e: serde_json::Error) -> AppError {
    AppError::Internal(format!("stored {what} does not read back: {e}"))
}

/// Stores a new event with its first history entry (its creation).
pub async fn create(
    db: &Db,
    id: &str,
    state: &EventState,
    action: &Action,
    author: &Person,
    summary: &str,
) -> Result<(), AppError> {
    let now = now_ms();
    let state_json = serde_json::to_string(state).map_err(|e| json_error("event", e))?;
    let action_json = serde_json::to_string(action).map_err(|e| json_error("action", e))?;
    let _turn = db.event_write_turn().await;
    let mut tx = db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO events (id, name, organiser_id, version, state, created_ms, updated_ms,
             runs_online)
         VALUES ($1, $2, $3, 1, $4, $5, $5, $6)",
    )
    .bind(id)
    .bind(&state.event.name)
    .bind(state.organiser.id)
    .bind(&state_json)
    .bind(now)
    .bind(i64::from(state.runs_online()))
    .execute(&mut *tx)
    .await?;
    insert_history(&mut tx, id, 1, author, now, &action_json, summary).await?;
    tx.commit().await?;
    Ok(())
}

async fn insert_history(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    seq: i64,
    author: &Person,
    at_ms: i64,
    action_json: &str,
    summary: &str,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO event_history (event_id, seq, user_id, by_name, at_ms, action, summary)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(seq)
    // The server's own changes (an online event's rounds) have no account.
    .bind(Some(author.id).filter(|&id| id != Person::SERVER_ID))
    .bind(&author.name)
    .bind(at_ms)
    .bind(action_json)
    .bind(summary)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Commits a change computed from version `from`: appends the history entry and stores
/// the new state, or returns `false` (and writes nothing) when the event is no longer at
/// version `from`.
pub async fn commit(
    db: &Db,
    id: &str,
    from: i64,
    state: &EventState,
    action: &Action,
    author: &Person,
    summary: &str,
) -> Result<bool, AppError> {
    let now = now_ms();
    let state_json = serde_json::to_string(state).map_err(|e| json_error("event", e))?;
    let action_json = serde_json::to_string(action).map_err(|e| json_error("action", e))?;
    let _turn = db.event_write_turn().await;
    let mut tx = db.pool.begin().await?;
    let updated = sqlx::query(
        "UPDATE events SET version = version + 1, state = $1, name = $2, organiser_id = $3,
             updated_ms = $4, runs_online = $7
         WHERE id = $5 AND version = $6",
    )
    .bind(&state_json)
    .bind(&state.event.name)
    .bind(state.organiser.id)
    .bind(now)
    .bind(id)
    .bind(from)
    .bind(i64::from(state.runs_online()))
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated != 1 {
        tx.rollback().await?;
        return Ok(false);
    }
    insert_history(&mut tx, id, from + 1, author, now, &action_json, summary).await?;
    tx.commit().await?;
    Ok(true)
}

/// The event `id`, if it exists.
pub async fn load(db: &Db, id: &str) -> Result<Option<StoredEvent>, AppError> {
    let row = sqlx::query("SELECT version, state FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let state: String = row.try_get("state")?;
    Ok(Some(StoredEvent {
        id: id.to_owned(),
        version: row.try_get("version")?,
        state: serde_json::from_str(&state).map_err(|e| json_error("event", e))?,
    }))
}

/// The version of event `id`, if it exists: what an open page compares with its own.
pub async fn version(db: &Db, id: &str) -> Result<Option<i64>, AppError> {
    let row = sqlx::query("SELECT version FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(row) => Some(row.try_get("version")?),
        None => None,
    })
}

/// The changes of event `id` after version `after` (0 for all), in order.
pub async fn history(db: &Db, id: &str, after: i64) -> Result<Vec<HistoryEntry>, AppError> {
    let rows = sqlx::query(
        "SELECT seq, user_id, by_name, at_ms, action, summary FROM event_history
         WHERE event_id = $1 AND seq > $2 ORDER BY seq",
    )
    .bind(id)
    .bind(after)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let action: String = r.try_get("action")?;
            Ok(HistoryEntry {
                seq: r.try_get("seq")?,
                user_id: r.try_get("user_id")?,
                by_name: r.try_get("by_name")?,
                at_ms: r.try_get("at_ms")?,
                action: serde_json::from_str(&action).map_err(|e| json_error("action", e))?,
                summary: r.try_get("summary")?,
            })
        })
        .collect()
}

/// Every event, newest first.
pub async fn list(db: &Db) -> Result<Vec<EventListing>, AppError> {
    let rows = sqlx::query("SELECT id, name, created_ms FROM events ORDER BY created_ms DESC")
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(EventListing {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                created_ms: r.try_get("created_ms")?,
            })
        })
        .collect()
}

/// The online events the server runs (not yet finished), oldest first.
pub async fn run_online(db: &Db) -> Result<Vec<String>, AppError> {
    let rows = sqlx::query("SELECT id FROM events WHERE runs_online = 1 ORDER BY created_ms")
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
}

/// When the event's latest change was made (milliseconds since the Unix epoch).
pub async fn updated_ms(db: &Db, id: &str) -> Result<Option<i64>, AppError> {
    let row = sqlx::query("SELECT updated_ms FROM events WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(r) => Some(r.try_get("updated_ms")?),
        None => None,
    })
}
