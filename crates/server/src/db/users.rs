//! The `users` table: accounts and their roles.

use super::{Db, now_ms};
use crate::error::AppError;
use crate::names::{self, NameError, Username, look_alike_keys};
use sqlx::Row;
use std::fmt;
use std::str::FromStr;
use unicode_normalization::UnicodeNormalization;

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
                AppError::Invalid(format!(
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

/// The look-up key of a name: names differ by more than case. The name is NFKC-normalised
/// first, as [`crate::names::check`] stores it.
pub fn username_key(username: &str) -> String {
    username.nfkc().collect::<String>().to_lowercase()
}

/// Creates an account with a checked name; [`NameError::Taken`] when another account has
/// the name in any case, [`NameError::LookAlike`] when another's name looks the same. The
/// account and its look-alike key are written in one transaction.
pub async fn insert(
    db: &Db,
    username: &Username,
    password_hash: &str,
    role: AccountRole,
) -> Result<User, AppError> {
    let name = username.as_str();
    let mut tx = db.pool.begin().await?;
    let row = sqlx::query(
        "INSERT INTO users (username_key, username, password_hash, role, created_ms)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (username_key) DO NOTHING
         RETURNING id",
    )
    .bind(username_key(name))
    .bind(name)
    .bind(password_hash)
    .bind(role.name())
    .bind(now_ms())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        let holder = by_name(db, name)
            .await?
            .map_or(name.to_owned(), |u| u.username);
        return Err(NameError::Taken { name: holder }.into());
    };
    let id: i64 = row.try_get("id")?;
    for key in username.look_alike_keys() {
        let keyed = sqlx::query(
            "INSERT INTO username_skeletons (skeleton, user_id) VALUES ($1, $2)
             ON CONFLICT (skeleton) DO NOTHING
             RETURNING user_id",
        )
        .bind(key)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if keyed.is_none() {
            tx.rollback().await?;
            let holder = look_alike_holder(db, key).await?.unwrap_or_default();
            return Err(NameError::LookAlike { name: holder }.into());
        }
    }
    tx.commit().await?;
    Ok(User {
        id,
        username: name.to_owned(),
        password_hash: password_hash.to_owned(),
        role,
    })
}

/// The name of the account holding a look-alike key.
async fn look_alike_holder(db: &Db, skeleton: &str) -> Result<Option<String>, AppError> {
    let row = sqlx::query(
        "SELECT u.username FROM username_skeletons s JOIN users u ON u.id = s.user_id
         WHERE s.skeleton = $1",
    )
    .bind(skeleton)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|r| r.try_get("username")).transpose()?)
}

/// Gives every account made before look-alike keys existed its key; where an older name
/// already collides with another's, it gets none (reported by [`name_report`]). Returns how
/// many keys were written.
pub async fn backfill_look_alike_keys(db: &Db) -> Result<u64, AppError> {
    let rows = sqlx::query(
        "SELECT id, username FROM users
         WHERE id NOT IN (SELECT user_id FROM username_skeletons) ORDER BY id",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut written = 0;
    for row in rows {
        let id: i64 = row.try_get("id")?;
        let name: String = row.try_get("username")?;
        for key in look_alike_keys(&name) {
            written += sqlx::query(
                "INSERT INTO username_skeletons (skeleton, user_id) VALUES ($1, $2)
                 ON CONFLICT (skeleton) DO NOTHING",
            )
            .bind(key)
            .bind(id)
            .execute(&db.pool)
            .await?
            .rows_affected();
        }
    }
    Ok(written)
}

/// An existing account whose name breaks today's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameProblem {
    /// The account's row id.
    pub id: i64,
    /// Its name.
    pub username: String,
    /// What is wrong, in English (for the admin's terminal).
    pub problems: Vec<String>,
}

/// Every account whose name breaks a rule of [`crate::names`] or looks like an older
/// account's, oldest first. Nothing is changed.
pub async fn name_report(db: &Db) -> Result<Vec<NameProblem>, AppError> {
    let rows = sqlx::query("SELECT id, username FROM users ORDER BY id")
        .fetch_all(&db.pool)
        .await?;
    let mut first_by_key: std::collections::HashMap<String, String> = Default::default();
    let mut out = Vec::new();
    for row in rows {
        let id: i64 = row.try_get("id")?;
        let username: String = row.try_get("username")?;
        let mut problems: Vec<String> = names::problems(&username)
            .iter()
            .map(ToString::to_string)
            .collect();
        let keys = look_alike_keys(&username);
        if let Some(first) = keys.iter().find_map(|k| first_by_key.get(k)) {
            problems.push(format!("looks like the older account {first:?}"));
        }
        for key in keys {
            first_by_key.entry(key).or_insert_with(|| username.clone());
        }
        if !problems.is_empty() {
            out.push(NameProblem {
                id,
                username,
                problems,
            });
        }
    }
    Ok(out)
}

/// The account named `username` (any case, any NFKC-equivalent spelling).
pub async fn by_name(db: &Db, username: &str) -> Result<Option<User>, AppError> {
    let key = username_key(username);
    // Accounts older than NFKC storage are keyed by the lower-cased name alone.
    let legacy = username.to_lowercase();
    let row = sqlx::query(
        "SELECT id, username, password_hash, role FROM users
         WHERE username_key = $1 OR username_key = $2
         ORDER BY username_key = $1 DESC LIMIT 1",
    )
    .bind(key)
    .bind(legacy)
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
