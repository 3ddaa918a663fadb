//! Storage: one pool over SQLite (embedded, the default) or PostgreSQL, numbered migrations
//! per backend, one module per table (and `fanout`: PostgreSQL's notifications and locks for
//! several processes). Every write is committed before the caller acknowledges it to a user.

pub mod archive;
pub mod board_links;
pub mod board_logs;
pub mod event_games;
pub mod event_pins;
pub mod events;
pub mod fanout;
pub mod games;
pub mod ratings;
pub mod seeks;
pub mod sessions;
pub mod tokens;
pub mod users;

use crate::error::AppError;
use futures_util::future::BoxFuture;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor};
use std::borrow::Cow;
use std::sync::Arc;

/// Which database the server talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SQLite, a file in the data directory.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// The database: a connection pool and its backend.
#[derive(Debug, Clone)]
pub struct Db {
    /// The pool (queries use `$1` placeholders, which both backends accept).
    pub pool: AnyPool,
    /// The backend.
    pub backend: Backend,
    /// Event writes queue here on SQLite (see [`Db::event_write_turn`]).
    event_writes: Arc<tokio::sync::Mutex<()>>,
}

/// The numbered migrations of one backend, embedded in the binary.
const SQLITE_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "init",
        include_str!("../../migrations/sqlite/0001_init.sql"),
    ),
    (
        2,
        "computer and guests",
        include_str!("../../migrations/sqlite/0002_computer_and_guests.sql"),
    ),
    (
        3,
        "ratings and lag",
        include_str!("../../migrations/sqlite/0003_ratings.sql"),
    ),
    (
        4,
        "look-alike names",
        include_str!("../../migrations/sqlite/0004_look_alike_names.sql"),
    ),
    (
        6,
        "events and API tokens",
        include_str!("../../migrations/sqlite/0006_events.sql"),
    ),
    (
        7,
        "seek owner presence",
        include_str!("../../migrations/sqlite/0007_seek_owner_seen.sql"),
    ),
    (
        8,
        "player presence",
        include_str!("../../migrations/sqlite/0008_player_seen.sql"),
    ),
    (
        9,
        "online events",
        include_str!("../../migrations/sqlite/0009_online_events.sql"),
    ),
    (
        10,
        "time given",
        include_str!("../../migrations/sqlite/0010_time_given.sql"),
    ),
    (
        11,
        "board logs",
        include_str!("../../migrations/sqlite/0011_board_logs.sql"),
    ),
    (
        12,
        "board links",
        include_str!("../../migrations/sqlite/0012_board_links.sql"),
    ),
    (
        13,
        "board log times",
        include_str!("../../migrations/sqlite/0013_board_log_times.sql"),
    ),
    (
        14,
        "event PINs",
        include_str!("../../migrations/sqlite/0014_event_pins.sql"),
    ),
];
const POSTGRES_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "init",
        include_str!("../../migrations/postgres/0001_init.sql"),
    ),
    (
        2,
        "computer and guests",
        include_str!("../../migrations/postgres/0002_computer_and_guests.sql"),
    ),
    (
        3,
        "ratings and lag",
        include_str!("../../migrations/postgres/0003_ratings.sql"),
    ),
    (
        4,
        "look-alike names",
        include_str!("../../migrations/postgres/0004_look_alike_names.sql"),
    ),
    (
        6,
        "events and API tokens",
        include_str!("../../migrations/postgres/0006_events.sql"),
    ),
    (
        7,
        "seek owner presence",
        include_str!("../../migrations/postgres/0007_seek_owner_seen.sql"),
    ),
    (
        8,
        "player presence",
        include_str!("../../migrations/postgres/0008_player_seen.sql"),
    ),
    (
        9,
        "online events",
        include_str!("../../migrations/postgres/0009_online_events.sql"),
    ),
    (
        10,
        "time given",
        include_str!("../../migrations/postgres/0010_time_given.sql"),
    ),
    (
        11,
        "board logs",
        include_str!("../../migrations/postgres/0011_board_logs.sql"),
    ),
    (
        12,
        "board links",
        include_str!("../../migrations/postgres/0012_board_links.sql"),
    ),
    (
        13,
        "board log times",
        include_str!("../../migrations/postgres/0013_board_log_times.sql"),
    ),
    (
        14,
        "event PINs",
        include_str!("../../migrations/postgres/0014_event_pins.sql"),
    ),
];

/// Embedded migrations as a sqlx migration source (no `macros` feature, no files at run time).
#[derive(Debug)]
struct Embedded(&'static [(i64, &'static str, &'static str)]);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

impl Db {
    /// This process's turn to write an event, held for the transaction, on SQLite (none
    /// is needed on PostgreSQL, whose row locks queue writers). SQLite has one writer at a
    /// time, and a transaction that finds the file locked waits in SQLite's busy handler,
    /// which sleeps in steps of up to 100 ms: sixteen arbiters entering results at once
    /// made a 150 ms 99th percentile that way. Queued here, each waits only for the
    /// writes before it (`examples/events_bench.rs`).
    pub async fn event_write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.event_writes.lock().await),
            Backend::Postgres => None,
        }
    }

    /// Connects to `url` (`sqlite://FILE` or `postgres://…`) and applies pending migrations.
    /// SQLite files are created when missing and put in WAL mode with full sync, so a
    /// committed write survives the process being killed.
    pub async fn connect(url: &str) -> Result<Db, AppError> {
        install_default_drivers();
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(AppError::Invalid(format!(
                "--database-url: expected sqlite://FILE or postgres://…, got {url:?}"
            )));
        };
        let url = match backend {
            Backend::Sqlite if !url.contains("mode=") => {
                let sep = if url.contains('?') { '&' } else { '?' };
                format!("{url}{sep}mode=rwc")
            }
            _ => url.to_owned(),
        };
        let options = AnyPoolOptions::new().max_connections(16);
        let options = match backend {
            // WAL lets readers run beside the one writer; FULL sync makes each commit durable.
            Backend::Sqlite => options.after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute("PRAGMA synchronous = FULL").await?;
                    conn.execute("PRAGMA foreign_keys = ON").await?;
                    conn.execute("PRAGMA busy_timeout = 10000").await?;
                    Ok(())
                })
            }),
            Backend::Postgres => options,
        };
        let pool = options.connect(&url).await?;
        let db = Db {
            pool,
            backend,
            event_writes: Arc::new(tokio::sync::Mutex::new(())),
        };
        db.migrate().await?;
        users::backfill_look_alike_keys(&db).await?;
        Ok(db)
    }

    /// Applies the pending migrations of this backend.
    pub async fn migrate(&self) -> Result<(), AppError> {
        let source = match self.backend {
            Backend::Sqlite => Embedded(SQLITE_MIGRATIONS),
            Backend::Postgres => Embedded(POSTGRES_MIGRATIONS),
        };
        let migrator = Migrator::new(source).await?;
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<(), AppError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }
}

/// Column `col` of `r` as the round, board or game number it holds (stored as a 64-bit
/// integer); a value out of range is the table's fault, named.
pub(crate) fn number(r: &sqlx::any::AnyRow, col: &str) -> Result<u32, AppError> {
    let n: i64 = sqlx::Row::try_get(r, col)?;
    u32::try_from(n).map_err(|_| AppError::Internal(format!("column {col}: {n}")))
}

/// Milliseconds since the Unix epoch (the time stamps stored).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
