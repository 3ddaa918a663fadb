//! The `board_logs` table: each over-the-board game's log, a row per line
//! (`events/board_log.rs` says what may be stored).

use super::Db;
use crate::error::AppError;
use sqlx::Row;

/// Where a log is: an event's board in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardAt<'a> {
    /// The event's id.
    pub event: &'a str,
    /// The round (from 1).
    pub round: u32,
    /// The board (from 1).
    pub board: u32,
}

/// The log's lines, line 1 first (none before the server has opened it).
pub async fn lines(db: &Db, at: BoardAt<'_>) -> Result<Vec<String>, AppError> {
    let rows = sqlx::query(
        "SELECT line FROM board_logs WHERE event_id = $1 AND round = $2 AND board = $3
         ORDER BY line_no",
    )
    .bind(at.event)
    .bind(i64::from(at.round))
    .bind(i64::from(at.board))
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| r.try_get::<String, _>("line").map_err(AppError::from))
        .collect()
}

/// When line 1 was stored (Unix milliseconds): the log's time 0 on the server's clock;
/// `None` before the log is opened, or for a log opened before the time was kept.
pub async fn origin_ms(db: &Db, at: BoardAt<'_>) -> Result<Option<i64>, AppError> {
    let stored: Option<i64> = sqlx::query_scalar(
        "SELECT stored_ms FROM board_logs
         WHERE event_id = $1 AND round = $2 AND board = $3 AND line_no = 1",
    )
    .bind(at.event)
    .bind(i64::from(at.round))
    .bind(i64::from(at.board))
    .fetch_optional(&db.pool)
    .await?;
    Ok(stored.filter(|&ms| ms > 0))
}

/// Stores `new` as the lines after the first `after` lines of the log, in one transaction.
/// Returns `false` (and stores nothing) when the log no longer has exactly `after` lines:
/// another request stored lines meanwhile, and the caller merges again.
pub async fn append(
    db: &Db,
    at: BoardAt<'_>,
    after: usize,
    new: &[String],
) -> Result<bool, AppError> {
    if new.is_empty() {
        return Ok(true);
    }
    let _turn = db.event_write_turn().await;
    let stored_ms = super::now_ms();
    let mut tx = db.pool.begin().await?;
    let count: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM board_logs WHERE event_id = $1 AND round = $2 AND board = $3",
    )
    .bind(at.event)
    .bind(i64::from(at.round))
    .bind(i64::from(at.board))
    .fetch_one(&mut *tx)
    .await?;
    if usize::try_from(count).ok() != Some(after) {
        tx.rollback().await?;
        return Ok(false);
    }
    for (k, line) in new.iter().enumerate() {
        let line_no = i64::try_from(after + k + 1)
            .map_err(|_| AppError::Internal("board log line number".into()))?;
        let stored = sqlx::query(
            "INSERT INTO board_logs (event_id, round, board, line_no, line, stored_ms)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(at.event)
        .bind(i64::from(at.round))
        .bind(i64::from(at.board))
        .bind(line_no)
        .bind(line)
        .bind(stored_ms)
        .execute(&mut *tx)
        .await;
        match stored {
            Ok(_) => {}
            // A concurrent writer (PostgreSQL) took the number first.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                tx.rollback().await?;
                return Ok(false);
            }
            Err(e) => return Err(e.into()),
        }
    }
    match tx.commit().await {
        Ok(()) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// One board's stored log, as [`of_round`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredLog {
    /// The board (from 1).
    pub board: u32,
    /// Its lines, line 1 first.
    pub lines: Vec<String>,
    /// When line 1 was stored (Unix ms), as [`origin_ms`] reads it.
    pub origin_ms: Option<i64>,
}

/// Every stored log of round `round` of the event, board 1 first (a board nobody has
/// opened is not among them).
pub async fn of_round(db: &Db, event: &str, round: u32) -> Result<Vec<StoredLog>, AppError> {
    let rows = sqlx::query(
        "SELECT board, line_no, line, stored_ms FROM board_logs
         WHERE event_id = $1 AND round = $2 ORDER BY board, line_no",
    )
    .bind(event)
    .bind(i64::from(round))
    .fetch_all(&db.pool)
    .await?;
    let mut logs: Vec<StoredLog> = Vec::new();
    for r in &rows {
        let board = super::number(r, "board")?;
        let line: String = r.try_get("line")?;
        match logs.last_mut() {
            Some(log) if log.board == board => log.lines.push(line),
            _ => {
                let line_no: i64 = r.try_get("line_no")?;
                let stored_ms: i64 = r.try_get("stored_ms")?;
                let origin_ms = (line_no == 1 && stored_ms > 0).then_some(stored_ms);
                logs.push(StoredLog {
                    board,
                    lines: vec![line],
                    origin_ms,
                });
            }
        }
    }
    Ok(logs)
}
