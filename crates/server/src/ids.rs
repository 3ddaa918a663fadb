//! The ids of games and seeks: random letters and digits, and the check that a path's
//! text could be one before it reaches the database.

use crate::error::AppError;

/// A random id of `len` letters and digits.
pub fn random_id(len: usize) -> Result<String, AppError> {
    const ALPHABET: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut out = String::with_capacity(len);
    while out.len() < len {
        let mut buf = [0u8; 32];
        getrandom::fill(&mut buf).map_err(|e| AppError::Internal(format!("OS random: {e}")))?;
        // 248 = 4·62: rejecting larger bytes keeps every letter equally likely.
        for b in buf.into_iter().filter(|b| *b < 248) {
            if out.len() == len {
                break;
            }
            out.push(char::from(ALPHABET[usize::from(b % 62)]));
        }
    }
    Ok(out)
}

/// Whether `s` could be one of our ids.
pub fn is_id(s: &str) -> bool {
    (4..=16).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        let a = random_id(8).unwrap();
        assert_eq!(a.len(), 8);
        assert!(is_id(&a));
        assert!(!is_id("../etc"));
    }
}
