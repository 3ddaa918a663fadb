//! How a game's sides and time control are written for people: the lobby, the archive
//! and the PGN's player tags share these.

use crate::db::games::GameRow;
use crate::i18n::Lang;
use crate::i18n::PageLang;

/// A time control as `90′ + 30″`.
pub fn clock_text(initial_ms: i64, increment_ms: i64) -> String {
    let secs = initial_ms / 1000;
    let base = if secs % 60 == 0 {
        format!("{}′", secs / 60)
    } else {
        format!("{secs}″")
    };
    format!("{base} + {}″", increment_ms / 1000)
}

/// A side's name: the account, else the computer or a guest.
pub fn side_name(l: Lang, g: &GameRow, name: &Option<String>, guest: &Option<String>) -> String {
    match (name, guest, g.computer_level) {
        (Some(n), _, _) => n.clone(),
        (None, None, Some(level)) => l.t_args("computer-name", &[("level", &level.to_string())]),
        _ => l.t("guest-name"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_writes_minutes_or_seconds() {
        assert_eq!(clock_text(90 * 60_000, 30_000), "90′ + 30″");
        assert_eq!(clock_text(5_000, 0), "5″ + 0″");
    }
}
