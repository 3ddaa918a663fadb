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

/// [`create_user`] on a runtime of its own (for the command line).
pub fn create_user_blocking(
    config: &Config,
    username: &str,
    password: &str,
    role: AccountRole,
    update: bool,
) -> Result<User, AppError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| AppError::Internal(format!("tokio runtime: {e}")))?
        .block_on(create_user(config, username, password, role, update))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn creates_then_refuses_then_updates() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), dir.path().join("data"));
        config.argon2_memory_kib = 256;
        let u = create_user(&config, "Admin", "secret-pw", AccountRole::Admin, false)
            .await
            .unwrap();
        assert_eq!((u.username.as_str(), u.role), ("Admin", AccountRole::Admin));
        assert!(matches!(
            create_user(&config, "admin", "other-pw1", AccountRole::Player, false).await,
            Err(AppError::Conflict(_))
        ));
        let u2 = create_user(&config, "ADMIN", "other-pw1", AccountRole::Arbiter, true)
            .await
            .unwrap();
        assert_eq!((u2.id, u2.role), (u.id, AccountRole::Arbiter));
        assert!(
            password::verify("other-pw1".into(), u2.password_hash)
                .await
                .unwrap()
        );
        assert!(matches!(
            create_user(&config, "x", "secret-pw", AccountRole::Admin, false).await,
            Err(AppError::BadRequest(_))
        ));
        assert!(dir.path().join("data/shatar.db").exists());
    }
}
