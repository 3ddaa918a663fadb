//! Account names that cannot pass for another's (Unicode TS #39, "Security Mechanisms").
//!
//! Every script is welcome — Latin, Cyrillic, Mongolian, Chinese — but a name keeps to one
//! of them, so `аlice` with a Cyrillic `а` is refused. A name is stored NFKC-normalised, is
//! made only of letters, digits, `_` and `-` (so no space, no invisible, format or
//! direction-changing character), and is refused when its confusable skeleton — the form
//! in which look-alike characters and case no longer differ — equals an existing name's.

use crate::i18n::Lang;
use crate::i18n::PageLang;
use unicode_normalization::UnicodeNormalization;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::{GeneralSecurityProfile, MixedScript, skeleton};

/// The fewest characters a name has.
pub const MIN_CHARS: usize = 2;
/// The most characters a name has.
pub const MAX_CHARS: usize = 30;

/// A name that passed [`check`]: NFKC-normalised, with its look-alike key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username {
    name: String,
    keys: Vec<String>,
}

impl Username {
    /// The name as it is stored and shown.
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The keys under which look-alike names collide ([`look_alike_keys`]).
    pub fn look_alike_keys(&self) -> &[String] {
        &self.keys
    }
}

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Too short or too long.
    #[error("username: {chars} characters, expected {MIN_CHARS} to {MAX_CHARS}")]
    Length {
        /// Its length in characters (after normalisation).
        chars: usize,
    },
    /// A character that is not a letter, a digit, `_` or `-`, or that is invisible.
    #[error("username: character {} (U+{:04X}) at position {at} is not allowed", shown(*c), u32::from(*c))]
    Character {
        /// The character.
        c: char,
        /// Its position, from 1.
        at: usize,
    },
    /// Letters of more than one script.
    #[error("username: letters of more than one script")]
    MixedScripts,
    /// Another account has this name, in any case.
    #[error("the name {name:?} is taken")]
    Taken {
        /// The other account's name.
        name: String,
    },
    /// Another account's name looks the same.
    #[error("the name looks too much like {name:?}, which is taken")]
    LookAlike {
        /// The other account's name.
        name: String,
    },
}

impl NameError {
    /// Whether the name itself is fine and only another account's is in the way.
    pub fn is_conflict(&self) -> bool {
        matches!(self, NameError::Taken { .. } | NameError::LookAlike { .. })
    }

    /// The message in the page language, naming the field.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            NameError::Length { chars } => {
                lang.t_args("name-error-length", &[("n", &chars.to_string())])
            }
            NameError::Character { c, at } => lang.t_args(
                "name-error-character",
                &[
                    ("char", &format!("{} (U+{:04X})", shown(*c), u32::from(*c))),
                    ("at", &at.to_string()),
                ],
            ),
            NameError::MixedScripts => lang.t("name-error-scripts"),
            NameError::Taken { name } => lang.t_args("name-error-taken", &[("name", name)]),
            NameError::LookAlike { name } => {
                lang.t_args("name-error-look-alike", &[("name", name)])
            }
        }
    }
}

/// A character as a message may quote it: invisible ones only by their code.
fn shown(c: char) -> String {
    if c.is_alphanumeric() || c.is_ascii_graphic() {
        format!("“{c}”")
    } else {
        "“”".to_owned()
    }
}

/// Checks a new account name as typed (surrounding spaces ignored).
pub fn check(raw: &str) -> Result<Username, NameError> {
    let name: String = raw.trim().nfkc().collect();
    let chars = name.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&chars) {
        return Err(NameError::Length { chars });
    }
    if let Some((i, c)) = name.chars().enumerate().find(|&(_, c)| !allowed(c)) {
        return Err(NameError::Character { c, at: i + 1 });
    }
    if !name.as_str().is_single_script() {
        return Err(NameError::MixedScripts);
    }
    let keys = look_alike_keys(&name);
    Ok(Username { name, keys })
}

/// A letter or digit that shows (`ㅤ`, the Hangul filler, is a letter that does not), `_`
/// or `-`.
fn allowed(c: char) -> bool {
    if c == '_' || c == '-' {
        return true;
    }
    c.is_alphanumeric() && c.identifier_type() != Some(IdentifierType::Default_Ignorable)
}

/// The keys under which two names collide when they look alike, one or two of them: the
/// TS #39 skeleton of the lower-cased name, which folds case (`ALICE`, `alice`) and
/// look-alike letters (Cyrillic `а` and Latin `a`), and the skeleton of the lower-cased
/// skeleton, which also folds what only looks alike in capitals (`I` and `l`). Two names
/// look alike when any key of one is a key of the other.
pub fn look_alike_keys(name: &str) -> Vec<String> {
    let name: String = name.nfkc().collect();
    let folded: String = skeleton(&name.to_lowercase()).collect();
    let capitals: String = skeleton(&name).collect::<String>().to_lowercase();
    let capitals: String = skeleton(&capitals).collect();
    if capitals == folded {
        vec![folded]
    } else {
        vec![folded, capitals]
    }
}

/// Whether two names look alike ([`look_alike_keys`]).
pub fn look_alike(a: &str, b: &str) -> bool {
    let b = look_alike_keys(b);
    look_alike_keys(a).iter().any(|k| b.contains(k))
}

/// Every rule an existing name breaks (for `shatar admin check-names`; accounts are never
/// renamed behind their owners' backs).
pub fn problems(name: &str) -> Vec<NameError> {
    let mut out = Vec::new();
    let chars = name.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&chars) {
        out.push(NameError::Length { chars });
    }
    if let Some((i, c)) = name.chars().enumerate().find(|&(_, c)| !allowed(c)) {
        out.push(NameError::Character { c, at: i + 1 });
    }
    if !name.is_single_script() {
        out.push(NameError::MixedScripts);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_is_welcome() {
        for name in [
            "Bat",
            "Батбаяр",
            "巴特尔",
            "ᠪᠠᠲᠤ",
            "bat_2026",
            "Dorj-1",
            "12",
            "たなか",
            "田中たなか",
        ] {
            assert_eq!(check(name).map(|u| u.name), Ok(name.to_owned()), "{name}");
        }
    }

    #[test]
    fn nfkc_is_stored() {
        // Full-width Latin letters are the same name as the ASCII ones.
        assert_eq!(check("Ｂａｔ").unwrap().as_str(), "Bat");
        assert_eq!(check("  Bat ").unwrap().as_str(), "Bat");
    }

    #[test]
    fn lengths() {
        assert_eq!(check("a"), Err(NameError::Length { chars: 1 }));
        assert_eq!(check(&"x".repeat(31)), Err(NameError::Length { chars: 31 }));
        assert!(check(&"x".repeat(30)).is_ok());
    }

    #[test]
    fn invisible_format_and_bidi_characters_are_refused() {
        for (name, c, at) in [
            ("alice\u{200B}", '\u{200B}', 6),   // zero-width space
            ("al\u{200D}ice", '\u{200D}', 3),   // zero-width joiner
            ("bob\u{202E}1500", '\u{202E}', 4), // right-to-left override
            ("\u{2066}bob", '\u{2066}', 1),     // left-to-right isolate
            ("bo\u{AD}b", '\u{AD}', 3),         // soft hyphen
            ("a b", ' ', 2),
            ("a\u{3164}b", '\u{1160}', 2), // the Hangul filler, after NFKC
            ("<b>x</b>", '<', 1),
            ("ᠪᠠ\u{180B}ᠲᠤ", '\u{180B}', 3), // a Mongolian variation selector
        ] {
            assert_eq!(check(name), Err(NameError::Character { c, at }), "{name:?}");
        }
    }

    #[test]
    fn mixed_scripts_are_refused() {
        // Cyrillic а (U+0430) among Latin letters.
        assert_eq!(check("\u{430}lice"), Err(NameError::MixedScripts));
        assert_eq!(check("Bat巴特尔"), Err(NameError::MixedScripts));
        assert_eq!(check("Батbat"), Err(NameError::MixedScripts));
    }

    #[test]
    fn look_alikes_collide() {
        for (a, b) in [
            ("alice", "ALICE"),
            ("alice", "Alice"),
            // All-Cyrillic а, і, с, е: one script, and still alice.
            ("alice", "\u{430}l\u{456}\u{441}\u{435}"),
            ("IAM", "lam"),
            ("Iam", "lam"),
            ("Bat", "ВАТ"),
            ("rn", "m"),
        ] {
            assert!(look_alike(a, b), "{a} ~ {b}");
            assert!(look_alike(b, a), "{b} ~ {a}");
        }
        for (a, b) in [
            ("alice", "alicia"),
            ("Батбаяр", "Батбаатар"),
            ("巴特尔", "巴特"),
        ] {
            assert!(!look_alike(a, b), "{a} !~ {b}");
        }
        assert_eq!(look_alike_keys("alice"), vec!["alice".to_owned()]);
    }

    #[test]
    fn existing_names_are_reported_with_every_problem() {
        assert_eq!(problems("Bat"), vec![]);
        assert_eq!(
            problems("\u{430}l ice"),
            vec![
                NameError::Character { c: ' ', at: 3 },
                NameError::MixedScripts
            ]
        );
    }

    #[test]
    fn messages_are_in_every_language() {
        let e = NameError::Character {
            c: '\u{200B}',
            at: 6,
        };
        for lang in Lang::ALL {
            let m = e.message(lang);
            assert!(m.contains("U+200B") && m.contains('6'), "{m}");
        }
    }
}
