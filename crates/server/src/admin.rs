//! Account administration from the command line (`shatar admin create-user …`).

use crate::auth::password;
use crate::config::Config;
use crate::db::users::{self, AccountRole, User};
use crate::db::{Db, sessions};
use crate::error::AppError;
use crate::names;

/// Creates an account, or with `update` changes an existing one's password and role (and
/// signs it out everywhere).
pub async fn create_user(
    config: &Config,
    username: &str,
    password: &str,
    role: AccountRole,
    update: bool,
) -> Result<User, AppError> {
    password::check_length(password).map_err(|e| AppError::Invalid(e.to_string()))?;
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
        Some(_) => Err(AppError::Invalid(format!(
            "the name {username:?} is taken (use --update to change it)"
        ))),
        None => match names::check(username) {
            Ok(checked) => users::insert(&db, &checked, &hash, role).await,
            Err(e) => Err(e.into()),
        },
    };
    db.pool.close().await;
    result
}

/// Every account whose name breaks today's rules (`shatar admin check-names`): reported,
/// never renamed.
pub async fn check_names(config: &Config) -> Result<Vec<users::NameProblem>, AppError> {
    let db = Db::connect(&config.database_url()).await?;
    let report = users::name_report(&db).await;
    db.pool.close().await;
    report
}

/// Makes a personal API token for the account `username` (`shatar admin create-token`);
/// returns the token, which is shown once and stored only as a hash.
pub async fn create_token(
    config: &Config,
    username: &str,
    label: &str,
) -> Result<String, AppError> {
    let db = Db::connect(&config.database_url()).await?;
    let result = match users::by_name(&db, username).await? {
        Some(user) => crate::db::tokens::create(&db, user.id, label).await,
        None => Err(AppError::Invalid(format!("no account {username:?}"))),
    };
    db.pool.close().await;
    result
}

/// Runs `f` on a runtime of its own (for the command line).
pub fn blocking<T>(
    f: impl std::future::Future<Output = Result<T, AppError>>,
) -> Result<T, AppError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| AppError::Internal(format!("tokio runtime: {e}")))?
        .block_on(f)
}

/// [`create_user`] on a runtime of its own (for the command line).
pub fn create_user_blocking(
    config: &Config,
    username: &str,
    password: &str,
    role: AccountRole,
    update: bool,
) -> Result<User, AppError> {
    blocking(create_user(config, username, password, role, update))
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
            Err(AppError::Invalid(_))
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
            Err(AppError::Name(names::NameError::Length { chars: 1 }))
        ));
        // The same look-alike rule as sign-up: Cyrillic "ВАТ" looks like Latin "Bat".
        create_user(&config, "Bat", "secret-pw", AccountRole::Player, false)
            .await
            .unwrap();
        assert!(matches!(
            create_user(&config, "\u{412}\u{410}\u{422}", "secret-pw", AccountRole::Player, false).await,
            Err(AppError::Name(names::NameError::LookAlike { name })) if name == "Bat"
        ));
        assert!(check_names(&config).await.unwrap().is_empty());
        let token = create_token(&config, "bat", "scoring tablet")
            .await
            .unwrap();
        assert!(crate::auth::is_token(&token));
        let db = Db::connect(&config.database_url()).await.unwrap();
        let bat = users::by_name(&db, "Bat").await.unwrap().unwrap();
        assert_eq!(
            crate::db::tokens::owner(&db, &token).await.unwrap(),
            Some(bat.id)
        );
        assert!(matches!(
            create_token(&config, "nobody", "x").await,
            Err(AppError::Invalid(_))
        ));
        assert!(dir.path().join("data/shatar.db").exists());
    }
}
