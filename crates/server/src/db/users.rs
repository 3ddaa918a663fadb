//! The `users` table: accounts and their roles.

use super::{Db, now_ms};
use crate::error::AppError;
use sqlx::Row;
use std::fmt;
use std::str::FromStr;

/// What an account may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AccountRole {
    /// Plays games.
    Player,
    /// Also rules on games (claims, violations).
    Arbiter,
    /// Also runs events.
    Organiser,
    /// Also manages accounts.
    Admin,
}

impl AccountRole {
    /// Every role, least to most.
    pub const ALL: [AccountRole; 4] = [
        AccountRole::Player,
        AccountRole::Arbiter,
        AccountRole::Organiser,
        AccountRole::Admin,
    ];

    /// The stored name.
    pub const fn name(self) -> &'static str {
        match self {
            AccountRole::Player => "player",
            AccountRole::Arbiter => "arbiter",
            AccountRole::Organiser => "organiser",
            AccountRole::Admin => "admin",
        }
    }
}

impl fmt::Display for AccountRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AccountRole {
    type Err = AppError;
    fn from_str(s: &str) -> Result<AccountRole, AppError> {
        AccountRole::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| {
                AppError::BadRequest(format!(
                    "role: expected player, arbiter, organiser or admin, got {s:?}"
                ))
            })
    }
}

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Row id.
    pub id: i64,
    /// The name as typed at sign-up.
    pub username: String,
    /// The argon2id hash.
    pub password_hash: String,
    /// The role.
    pub role: AccountRole,
}

fn from_row(row: &sqlx::any::AnyRow) -> Result<User, AppError> {
    let role: String = row.try_get("role")?;
    Ok(User {
        id: row.try_get("id")?,
        username: row.try_get("username")?,
        password_hash: row.try_get("password_hash")?,
        role: role.parse()?,
    })
}

/// The look-up key of a name: names differ by more than case.
pub fn username_key(username: &str) -> String {
    username.to_lowercase()
}

/// Creates an account; `Conflict` when the name is taken.
pub async fn insert(
    db: &Db,
    username: &str,
    password_hash: &str,
    role: AccountRole,
) -> Result<User, AppError> {
    let row = sqlx::query(
        "INSERT INTO users (username_key, username, password_hash, role, created_ms)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (username_key) DO NOTHING
         RETURNING id",
    )
    .bind(username_key(username))
    .bind(username)
    .bind(password_hash)
    .bind(role.name())
    .bind(now_ms())
    .fetch_optional(&db.pool)
    .await?;
    match row {
        Some(row) => Ok(User {
            id: row.try_get("id")?,
            username: username.to_owned(),
            password_hash: password_hash.to_owned(),
            role,
        }),
        None => Err(AppError::Conflict(format!(
            "the name {username:?} is taken"
        ))),
    }
}

/// The account named `username` (any case).
pub async fn by_name(db: &Db, username: &str) -> Result<Option<User>, AppError> {
    let row =
        sqlx::query("SELECT id, username, password_hash, role FROM users WHERE username_key = $1")
            .bind(username_key(username))
            .fetch_optional(&db.pool)
            .await?;
    row.as_ref().map(from_row).transpose()
}

/// The account with row id `id`.
pub async fn by_id(db: &Db, id: i64) -> Result<Option<User>, AppError> {
    let row = sqlx::query("SELECT id, username, password_hash, role FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// Changes an account's role and password (the admin command's "create or update").
pub async fn update(
    db: &Db,
    id: i64,
    password_hash: &str,
    role: AccountRole,
) -> Result<(), AppError> {
    sqlx::query("UPDATE users SET password_hash = $1, role = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(role.name())
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}
