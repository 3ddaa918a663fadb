//! Accounts: password hashing, sessions in cookies, CSRF tokens and the sign-in rate limit.

pub mod csrf;
pub mod password;
pub mod rate_limit;
pub mod session;

pub use session::Visitor;

use blake2::{Blake2b512, Digest};

/// A fresh random token: 32 bytes from the OS, as 64 hex digits.
pub fn random_token() -> Result<String, crate::error::AppError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| crate::error::AppError::Internal(format!("OS random source: {e}")))?;
    Ok(hex(&bytes))
}

/// The stored form of a session token (the cookie's token itself is never stored).
pub fn token_hash(token: &str) -> String {
    hex(&Blake2b512::digest(token.as_bytes())[..32])
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Compares two secrets in time independent of where they differ.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Whether a cookie value looks like one of our tokens (64 hex digits).
pub fn is_token(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn cookie<'h>(headers: &'h axum::http::HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookie_is_found_among_several() {
        let mut h = axum::http::HeaderMap::new();
        h.insert(
            axum::http::header::COOKIE,
            "a=1; shatar_session=abc; lang=zh".parse().unwrap(),
        );
        assert_eq!(cookie(&h, "shatar_session"), Some("abc"));
        assert_eq!(cookie(&h, "lang"), Some("zh"));
        assert_eq!(cookie(&h, "missing"), None);
    }

    #[test]
    fn tokens_are_distinct_hex() {
        let a = random_token().unwrap();
        let b = random_token().unwrap();
        assert!(is_token(&a) && is_token(&b));
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert!(constant_time_eq(&a, &a.clone()));
        assert!(!constant_time_eq(&a, &b));
    }

    #[test]
    fn token_hash_is_blake2b512_prefix() {
        // BLAKE2b-512("abc"), RFC 7693 appendix A, first 32 bytes.
        assert_eq!(
            token_hash("abc"),
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        );
    }
}
