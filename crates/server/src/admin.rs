//! Account administration from the command line (`shatar admin create-user …`).

use crate::auth::password;
use crate::config::Config;
use crate::db::users::{self, AccountRole, User};
use crate::db::{Db, sessions};
use crate::error::AppError;
use crate::routes::accounts::{validate_password, validate_username};

/// Creates an account, or with `update` changes an existing one's password and role (and
/// signs it out everywhere).
pub async fn create_user(
    config: &Config,
    username: &str,
    password: &str,
    role: AccountRole,
    update: bool,
) -> Result<User, AppError> {
    validate_username(username)?;
    validate_password(password)?;
    if config.database_url.is_none() {
        std::fs::create_dir_all(&config.data_dir).map_err(|e| {
            AppError::Internal(format!("data dir {}: {e}", config.data_dir.display()))
        })?;
    }
    let db = Db::connect(&config.database_url()).await?;
    let hash = password::hash(password.to_owned(), config.argon2_memory_kib).await?;
    let result = match users::by_name(&db, username).await? {
        Some(existing) if update => {
            users::update(&db, existing.id, &hash, role).await?;
            sessions::delete_all(&db, existing.id).await?;
            Ok(User {
                password_hash: hash,
                role,
                ..existing
            })
        }
        Some(_) => Err(AppError::Conflict(format!(
            "the name {username:?} is taken (use --update to change it)"
        ))),
        None => users::insert(&db, username, &hash, role).await,
    };
    db.pool.close().await;
    result
}
