//! The `ratings` and `rating_changes` tables: a Glicko-2 rating per account and category,
//! updated inside the transaction that stores a rated game's result.

use super::{Backend, Db};
use crate::error::AppError;
use crate::ratings::{self, Rating};
use sqlx::Row;

/// A rated game whose end updates both players' ratings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedGame {
    /// White's account.
    pub white_id: i64,
    /// Black's account.
    pub black_id: i64,
    /// The category key (see [`crate::ratings::Category::key`]).
    pub category: String,
}

/// One account's rating in one category, with its rated game count.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryRating {
    /// The category key.
    pub category: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played in the category.
    pub games: i64,
}

/// One player's change in one rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// The account.
    pub user_id: i64,
    /// The category key.
    pub category: String,
    /// Before the game.
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

fn rating_from(row: &sqlx::any::AnyRow, prefix: &str) -> Result<Rating, AppError> {
    Ok(Rating {
        rating: row.try_get(format!("rating{prefix}").as_str())?,
        deviation: row.try_get(format!("deviation{prefix}").as_str())?,
        volatility: row.try_get(format!("volatility{prefix}").as_str())?,
    })
}

/// The rating of `user_id` in `category`, or a new player's when none is stored.
pub async fn get(db: &Db, user_id: i64, category: &str) -> Result<Rating, AppError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility FROM ratings WHERE user_id = $1 AND category = $2",
    )
    .bind(user_id)
    .bind(category)
    .fetch_optional(&db.pool)
    .await?;
    row.map_or(Ok(Rating::NEW), |r| rating_from(&r, ""))
}

/// Every stored rating of `user_id`, by category key.
pub async fn of_user(db: &Db, user_id: i64) -> Result<Vec<CategoryRating>, AppError> {
    let rows = sqlx::query(
        "SELECT category, rating, deviation, volatility, games FROM ratings
         WHERE user_id = $1 ORDER BY category",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(CategoryRating {
                category: r.try_get("category")?,
                rating: rating_from(r, "")?,
                games: r.try_get("games")?,
            })
        })
        .collect()
}

/// The rating changes stored for `game_id` (none for casual, aborted or ongoing games).
pub async fn changes_of_game(db: &Db, game_id: &str) -> Result<Vec<Change>, AppError> {
    let rows = sqlx::query(
        "SELECT user_id, category, rating_before, deviation_before, volatility_before,
         rating_after, deviation_after, volatility_after FROM rating_changes
         WHERE game_id = $1 ORDER BY user_id",
    )
    .bind(game_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Change {
                user_id: r.try_get("user_id")?,
                category: r.try_get("category")?,
                before: rating_from(r, "_before")?,
                after: rating_from(r, "_after")?,
            })
        })
        .collect()
}

/// Locks (PostgreSQL) and reads one rating inside a transaction; a new player's when none.
async fn read_for_update(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    user_id: i64,
    category: &str,
) -> Result<(Rating, i64), AppError> {
    // PostgreSQL runs several step writers at once: the row lock orders two games of one
    // player ending together. SQLite's single write lock does that already. A new player's
    // row is made first so that there is a row to lock (an insert racing another waits for
    // it).
    if backend == Backend::Postgres {
        sqlx::query(
            "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games,
             updated_ms) VALUES ($1, $2, $3, $4, $5, 0, 0)
             ON CONFLICT (user_id, category) DO NOTHING",
        )
        .bind(user_id)
        .bind(category)
        .bind(Rating::NEW.rating)
        .bind(Rating::NEW.deviation)
        .bind(Rating::NEW.volatility)
        .execute(&mut *conn)
        .await?;
    }
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let row = sqlx::query(&format!(
        "SELECT rating, deviation, volatility, games FROM ratings
         WHERE user_id = $1 AND category = $2{lock}"
    ))
    .bind(user_id)
    .bind(category)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(r) => Ok((rating_from(&r, "")?, r.try_get("games")?)),
        None => Ok((Rating::NEW, 0)),
    }
}

async fn store(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    category: &str,
    r: Rating,
    games: i64,
    now: i64,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, updated_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, category) DO UPDATE SET rating = excluded.rating,
         deviation = excluded.deviation, volatility = excluded.volatility,
         games = excluded.games, updated_ms = excluded.updated_ms",
    )
    .bind(user_id)
    .bind(category)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(games)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn record_change(
    conn: &mut sqlx::AnyConnection,
    game_id: &str,
    user_id: i64,
    category: &str,
    before: Rating,
    after: Rating,
) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO rating_changes (game_id, user_id, category, rating_before,
         deviation_before, volatility_before, rating_after, deviation_after, volatility_after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(game_id)
    .bind(user_id)
    .bind(category)
    .bind(before.rating)
    .bind(before.deviation)
    .bind(before.volatility)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Updates both players' ratings for the `result` of rated game `game_id`, inside the
/// caller's transaction (the one that stores the result). A result that is no win, loss
/// or draw, or a game against oneself, changes nothing.
pub async fn apply_result(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    game_id: &str,
    game: &RatedGame,
    outcome: shatar_rules::outcome::Outcome,
    now: i64,
) -> Result<(), AppError> {
    if game.white_id == game.black_id {
        return Ok(());
    }
    let cat = game.category.as_str();
    // Lock in account order so that two writers never wait on each other in a cycle.
    let (first, second) = if game.white_id < game.black_id {
        (game.white_id, game.black_id)
    } else {
        (game.black_id, game.white_id)
    };
    let a = read_for_update(conn, backend, first, cat).await?;
    let b = read_for_update(conn, backend, second, cat).await?;
    let ((white, white_games), (black, black_games)) = if first == game.white_id {
        (a, b)
    } else {
        (b, a)
    };
    let (white_after, black_after) = ratings::after_game(white, black, outcome);
    store(conn, game.white_id, cat, white_after, white_games + 1, now).await?;
    store(conn, game.black_id, cat, black_after, black_games + 1, now).await?;
    record_change(conn, game_id, game.white_id, cat, white, white_after).await?;
    record_change(conn, game_id, game.black_id, cat, black, black_after).await?;
    Ok(())
}
