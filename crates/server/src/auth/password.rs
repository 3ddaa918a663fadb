//! Password hashing with argon2id (PHC strings carry their own parameters).

use crate::error::AppError;
use crate::i18n::Lang;
use crate::i18n::PageLang;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// The fewest characters a new password has.
pub const MIN_CHARS: usize = 8;
/// The most characters a password has.
pub const MAX_CHARS: usize = 200;

/// A new password of the wrong length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("password: {chars} characters, expected {MIN_CHARS} to {MAX_CHARS}")]
pub struct LengthError {
    /// Its length in characters.
    pub chars: usize,
}

impl LengthError {
    /// The message in the page language, naming the field.
    pub fn message(&self, lang: Lang) -> String {
        lang.t_args("password-error-length", &[("n", &self.chars.to_string())])
    }
}

/// Checks a new password's length: 8 to 200 characters.
pub fn check_length(password: &str) -> Result<(), LengthError> {
    let chars = password.chars().count();
    if (MIN_CHARS..=MAX_CHARS).contains(&chars) {
        Ok(())
    } else {
        Err(LengthError { chars })
    }
}

/// Hashes `password` with argon2id, `memory_kib` of memory, 2 passes (OWASP's setting for
/// 19 MiB), on a blocking thread so the async workers keep serving.
pub async fn hash(password: String, memory_kib: u32) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_blocking(&password, memory_kib))
        .await
        .map_err(|e| AppError::Internal(format!("hashing task: {e}")))?
}

fn hash_blocking(password: &str, memory_kib: u32) -> Result<String, AppError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| AppError::Internal(format!("OS random: {e}")))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| AppError::PasswordHash(e.to_string()))?;
    let params =
        Params::new(memory_kib, 2, 1, None).map_err(|e| AppError::PasswordHash(e.to_string()))?;
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::PasswordHash(e.to_string()))
}

/// Whether `password` matches the stored `phc` hash.
pub async fn verify(password: String, phc: String) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&phc).map_err(|e| AppError::PasswordHash(e.to_string()))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(|e| AppError::Internal(format!("hashing task: {e}")))?
}

/// A hash to verify against when the account does not exist, so that a missing name and a
/// wrong password take the same time (`argon2 shatarshatarshatar -id -t 2 -k 19456 -p 1`).
pub const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c2hhdGFyc2hhdGFyc2hhdGFy$KLlL9+9byXJUbivobpvAPEwzrzmSevxeyPdcE0CxBNc";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hash_then_verify() {
        let h = hash("correct horse".into(), 1024).await.unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=1024,t=2,p=1$"));
        assert!(verify("correct horse".into(), h.clone()).await.unwrap());
        assert!(!verify("wrong horse".into(), h).await.unwrap());
    }

    #[test]
    fn new_passwords_have_8_to_200_characters() {
        assert_eq!(check_length("1234567"), Err(LengthError { chars: 7 }));
        assert_eq!(check_length("12345678"), Ok(()));
        assert_eq!(check_length("密码密码密码密码"), Ok(()));
        assert_eq!(
            check_length(&"x".repeat(201)),
            Err(LengthError { chars: 201 })
        );
        for lang in Lang::ALL {
            assert!(LengthError { chars: 7 }.message(lang).contains('7'));
        }
    }

    #[tokio::test]
    async fn dummy_hash_is_a_valid_phc_string() {
        assert!(
            verify("dummy-password".into(), DUMMY_HASH.into())
                .await
                .unwrap()
        );
    }

    #[tokio::test]
    async fn reference_cli_style_known_hash_verifies() {
        // Computed independently with the reference argon2 CLI:
        // echo -n password | argon2 somesalt -id -t 2 -m 10 -p 1 -e
        let phc =
            "$argon2id$v=19$m=1024,t=2,p=1$c29tZXNhbHQ$7FfsnA6vUe7qLpL/3Kqc3uR48ZJyFbUVt7jWZlf0Htk";
        assert!(verify("password".into(), phc.into()).await.unwrap());
        assert!(!verify("Password".into(), phc.into()).await.unwrap());
    }
}
