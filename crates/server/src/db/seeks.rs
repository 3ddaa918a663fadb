//! The `seeks` table: open seeks in the lobby and private challenge links.

use super::Db;
use crate::error::AppError;
use sqlx::Row;

/// Which colour the seeker wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn by lot when accepted.
    Random,
}

impl ColorChoice {
    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// Parses a stored or submitted name.
    pub fn parse(s: &str) -> Result<ColorChoice, AppError> {
        match s {
            "white" => Ok(ColorChoice::White),
            "black" => Ok(ColorChoice::Black),
            "random" => Ok(ColorChoice::Random),
            _ => Err(AppError::BadRequest(
                crate::i18n::Msg::new("error-color").arg("value", s),
            )),
        }
    }
}

/// A seek.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seek {
    /// Id (also the challenge link).
    pub id: String,
    /// Who seeks.
    pub user_id: i64,
    /// Their name.
    pub username: String,
    /// Ruleset preset name.
    pub ruleset: String,
    /// Initial clock.
    pub initial_ms: i64,
    /// Fischer increment.
    pub increment_ms: i64,
    /// Colour wanted.
    pub color: ColorChoice,
    /// Rated or casual.
    pub rated: bool,
    /// Shown in the lobby (else only by link).
    pub listed: bool,
    /// The game, once accepted.
    pub game_id: Option<String>,
    /// When it was made (an open seek expires `--seek-minutes` after).
    pub created_ms: i64,
    /// When its owner was last there (their waiting page or the lobby).
    pub owner_seen_ms: i64,
}

/// When open seeks expire: made too long ago, or their owner gone too long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cutoff {
    /// Seeks made before this have expired.
    pub made_after_ms: i64,
    /// Seeks whose owner was last seen before this have expired.
    pub owner_seen_after_ms: i64,
}

impl Seek {
    /// Whether the seek is still open but has expired by `cutoff`.
    pub fn expired(&self, cutoff: &Cutoff) -> bool {
        self.game_id.is_none()
            && (self.created_ms < cutoff.made_after_ms
                || self.owner_seen_ms < cutoff.owner_seen_after_ms)
    }
}

const SELECT: &str = "SELECT s.id, s.user_id, u.username, s.ruleset, s.initial_ms, s.increment_ms,
    s.color, s.rated, s.listed, s.game_id, s.created_ms, s.owner_seen_ms
    FROM seeks s JOIN users u ON u.id = s.user_id";

fn from_row(row: &sqlx::any::AnyRow) -> Result<Seek, AppError> {
    let color: String = row.try_get("color")?;
    Ok(Seek {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        username: row.try_get("username")?,
        ruleset: row.try_get("ruleset")?,
        initial_ms: row.try_get("initial_ms")?,
        increment_ms: row.try_get("increment_ms")?,
        color: ColorChoice::parse(&color)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        listed: row.try_get::<i64, _>("listed")? != 0,
        game_id: row.try_get("game_id")?,
        created_ms: row.try_get("created_ms")?,
        owner_seen_ms: row.try_get("owner_seen_ms")?,
    })
}

/// Stores a new seek.
pub async fn insert(db: &Db, seek: &Seek) -> Result<(), AppError> {
    sqlx::query(
        "INSERT INTO seeks (id, user_id, ruleset, initial_ms, increment_ms, color, rated,
         listed, game_id, created_ms, owner_seen_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $10)",
    )
    .bind(&seek.id)
    .bind(seek.user_id)
    .bind(&seek.ruleset)
    .bind(seek.initial_ms)
    .bind(seek.increment_ms)
    .bind(seek.color.name())
    .bind(i64::from(seek.rated))
    .bind(i64::from(seek.listed))
    .bind(seek.created_ms)
    .bind(seek.owner_seen_ms)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// One seek by id.
pub async fn by_id(db: &Db, id: &str) -> Result<Option<Seek>, AppError> {
    let row = sqlx::query(&format!("{SELECT} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Open listed seeks not expired by `cutoff`, newest first (at most 100).
pub async fn open(db: &Db, cutoff: &Cutoff) -> Result<Vec<Seek>, AppError> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE s.game_id IS NULL AND s.listed = 1 AND s.created_ms >= $1
         AND s.owner_seen_ms >= $2 ORDER BY s.created_ms DESC LIMIT 100"
    ))
    .bind(cutoff.made_after_ms)
    .bind(cutoff.owner_seen_after_ms)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

/// Marks a seek as taken by `game_id`, only if still open and not expired by `cutoff`;
/// returns whether it was.
pub async fn take(
    tx: &mut sqlx::AnyConnection,
    id: &str,
    game_id: &str,
    cutoff: &Cutoff,
) -> Result<bool, AppError> {
    let done = sqlx::query(
        "UPDATE seeks SET game_id = $1 WHERE id = $2 AND game_id IS NULL AND created_ms >= $3
         AND owner_seen_ms >= $4",
    )
    .bind(game_id)
    .bind(id)
    .bind(cutoff.made_after_ms)
    .bind(cutoff.owner_seen_after_ms)
    .execute(&mut *tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Notes that `user_id` is there (on a seek's waiting page, or the lobby): their open
/// seeks stay open.
pub async fn owner_seen(db: &Db, user_id: i64, now_ms: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE seeks SET owner_seen_ms = $1 WHERE user_id = $2 AND game_id IS NULL")
        .bind(now_ms)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// What the lobby shows, in brief: a page compares it to know the lobby changed (open
/// seeks, and games in play).
pub async fn lobby_signature(db: &Db, cutoff: &Cutoff) -> Result<String, AppError> {
    let seeks = sqlx::query(
        "SELECT COUNT(*) AS n, COALESCE(MAX(created_ms), 0) AS latest FROM seeks
         WHERE game_id IS NULL AND listed = 1 AND created_ms >= $1 AND owner_seen_ms >= $2",
    )
    .bind(cutoff.made_after_ms)
    .bind(cutoff.owner_seen_after_ms)
    .fetch_one(&db.pool)
    .await?;
    let games = sqlx::query(
        "SELECT COUNT(*) AS n, COALESCE(MAX(created_ms), 0) AS latest FROM games
         WHERE status = 'started'",
    )
    .fetch_one(&db.pool)
    .await?;
    let n = |r: &sqlx::any::AnyRow, c: &str| r.try_get::<i64, _>(c);
    Ok(format!(
        "{}.{}.{}.{}",
        n(&seeks, "n")?,
        n(&seeks, "latest")?,
        n(&games, "n")?,
        n(&games, "latest")?
    ))
}

/// Withdraws an open seek of `user_id`.
pub async fn delete(db: &Db, id: &str, user_id: i64) -> Result<bool, AppError> {
    let done = sqlx::query("DELETE FROM seeks WHERE id = $1 AND user_id = $2 AND game_id IS NULL")
        .bind(id)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
