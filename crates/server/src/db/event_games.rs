//! The live games of an online event's pairings (`event_games`): a round's first games
//! created together in one transaction, once per round whichever process gets there
//! first, and a match's later games one by one, each once.

use super::games::{self, GameRow};
use super::{Db, number};
use crate::error::AppError;
use sqlx::Row;

/// One pairing's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventGame {
    /// The pairing's board.
    pub board: u32,
    /// Which game of the pairing (1, 2 …).
    pub game_no: u32,
    /// The game.
    pub game: GameRow,
}

/// Links game `game_id` to its place (round, board, game number) in event `event_id`.
async fn link(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    event_id: &str,
    [round, board, game_no]: [u32; 3],
    game_id: &str,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO event_games (event_id, round, board, game_no, game_id)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(event_id)
    .bind(i64::from(round))
    .bind(i64::from(board))
    .bind(i64::from(game_no))
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Stores the games of `round` of event `event_id` and links them to their pairings, all
/// or none. Returns `false` (and stores nothing) when the round already has games.
pub async fn create_round(
    db: &Db,
    event_id: &str,
    round: u32,
    games: &[(u32, u32, GameRow)],
) -> Result<bool, AppError> {
    let mut tx = db.pool.begin().await?;
    let there = sqlx::query("SELECT 1 FROM event_games WHERE event_id = $1 AND round = $2")
        .bind(event_id)
        .bind(i64::from(round))
        .fetch_optional(&mut *tx)
        .await?;
    if there.is_some() {
        tx.rollback().await?;
        return Ok(false);
    }
    for (board, game_no, row) in games {
        games::insert(&mut tx, row).await?;
        link(&mut tx, event_id, [round, *board, *game_no], &row.id).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Stores game `game_no` (2, 3 …) of board `board` of `round` of event `event_id` and its
/// link, both or neither. Returns `false` (and stores nothing) when the board already has
/// that game.
pub async fn create_game(
    db: &Db,
    event_id: &str,
    round: u32,
    board: u32,
    game_no: u32,
    row: &GameRow,
) -> Result<bool, AppError> {
    let mut tx = db.pool.begin().await?;
    let there = sqlx::query(
        "SELECT 1 FROM event_games
         WHERE event_id = $1 AND round = $2 AND board = $3 AND game_no = $4",
    )
    .bind(event_id)
    .bind(i64::from(round))
    .bind(i64::from(board))
    .bind(i64::from(game_no))
    .fetch_optional(&mut *tx)
    .await?;
    if there.is_some() {
        tx.rollback().await?;
        return Ok(false);
    }
    games::insert(&mut tx, row).await?;
    link(&mut tx, event_id, [round, board, game_no], &row.id).await?;
    tx.commit().await?;
    Ok(true)
}

/// The games of `round` of event `event_id`, by board and game.
pub async fn of_round(db: &Db, event_id: &str, round: u32) -> Result<Vec<EventGame>, AppError> {
    let sql = format!(
        "{} JOIN event_games e ON e.game_id = g.id
         WHERE e.event_id = $1 AND e.round = $2 ORDER BY e.board, e.game_no",
        games::SELECT.replacen("SELECT ", "SELECT e.board, e.game_no, ", 1)
    );
    let rows = sqlx::query(&sql)
        .bind(event_id)
        .bind(i64::from(round))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(EventGame {
                board: number(r, "board")?,
                game_no: number(r, "game_no")?,
                game: games::from_row(r)?,
            })
        })
        .collect()
}

/// The current game of board `board` of `round` of event `event_id` (its latest, in a
/// match of several), if any.
pub async fn game_at(
    db: &Db,
    event_id: &str,
    round: u32,
    board: u32,
) -> Result<Option<String>, AppError> {
    let row = sqlx::query(
        "SELECT game_id FROM event_games
         WHERE event_id = $1 AND round = $2 AND board = $3
         ORDER BY game_no DESC LIMIT 1",
    )
    .bind(event_id)
    .bind(i64::from(round))
    .bind(i64::from(board))
    .fetch_optional(&db.pool)
    .await?;
    Ok(match row {
        Some(r) => Some(r.try_get("game_id")?),
        None => None,
    })
}

/// Every game of event `id`: (round, board, game number, game id), in that order.
pub async fn of_event(db: &Db, event_id: &str) -> Result<Vec<(u32, u32, u32, String)>, AppError> {
    let rows = sqlx::query(
        "SELECT round, board, game_no, game_id FROM event_games WHERE event_id = $1
         ORDER BY round, board, game_no",
    )
    .bind(event_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok((
                number(r, "round")?,
                number(r, "board")?,
                number(r, "game_no")?,
                r.try_get("game_id")?,
            ))
        })
        .collect()
}

/// The newest online event game account `user_id` is playing now, if any.
pub async fn playing(db: &Db, user_id: i64) -> Result<Option<Playing>, AppError> {
    let row = sqlx::query(
        "SELECT g.id, e.event_id, ev.name, e.round FROM games g
         JOIN event_games e ON e.game_id = g.id JOIN events ev ON ev.id = e.event_id
         WHERE (g.white_id = $1 OR g.black_id = $1) AND g.status = 'started'
         ORDER BY g.created_ms DESC LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    Ok(Some(Playing {
        game: r.try_get("id")?,
        event_id: r.try_get("event_id")?,
        event: r.try_get("name")?,
        round: number(&r, "round")?,
    }))
}

/// An online event game being played: [`playing`]'s answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playing {
    /// The game.
    pub game: String,
    /// Its event's id.
    pub event_id: String,
    /// Its event's name.
    pub event: String,
    /// Its round (an arena's pairing call).
    pub round: u32,
}

/// The online event game `game_id` belongs to, if any.
pub async fn event_of(db: &Db, game_id: &str) -> Result<Option<String>, AppError> {
    let row = sqlx::query("SELECT event_id FROM event_games WHERE game_id = $1")
        .bind(game_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(r) => Some(r.try_get("event_id")?),
        None => None,
    })
}
