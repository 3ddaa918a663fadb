//! A board's result as the API and the pages write it: `1-0`, `0-1`, `1/2-1/2`, `+-`, `-+`,
//! `--` (White first), and `adj:W-B:reason` for points set by the arbiter. Reading goes
//! through the tournament library's own parser, which also takes `1/2`, `½-½` and the TRF
//! spellings.

use shatar_tournament::GameResult;

/// The result's word, White first.
pub fn write(result: &GameResult) -> String {
    match result {
        GameResult::WhiteWins => "1-0".to_owned(),
        GameResult::BlackWins => "0-1".to_owned(),
        GameResult::Draw => "1/2-1/2".to_owned(),
        GameResult::WhiteWinsByForfeit { .. } => "+-".to_owned(),
        GameResult::BlackWinsByForfeit { .. } => "-+".to_owned(),
        GameResult::DoubleForfeit { .. } => "--".to_owned(),
        GameResult::Adjusted {
            white,
            black,
            reason,
        } => format!(
            "adj:{}-{}:{reason}",
            decimal(white.quarters()),
            decimal(black.quarters())
        ),
    }
}

/// Points in quarters as a plain decimal (`1`, `0.5`, `0.25`).
fn decimal(quarters: i64) -> String {
    let whole = quarters / 4;
    match quarters % 4 {
        0 => whole.to_string(),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}

/// Reads a result word.
pub fn read(text: &str) -> Result<GameResult, shatar_tournament::result::ParseResultError> {
    text.parse()
}

/// The result as people say it at the board, with both names: `Batbayar 1 – 0 Dorj`.
pub fn spoken(result: &GameResult, white: &str, black: &str) -> String {
    let (w, b) = match result {
        GameResult::WhiteWins => ("1", "0"),
        GameResult::BlackWins => ("0", "1"),
        GameResult::Draw => ("½", "½"),
        GameResult::WhiteWinsByForfeit { .. } => ("+", "−"),
        GameResult::BlackWinsByForfeit { .. } => ("−", "+"),
        GameResult::DoubleForfeit { .. } => ("−", "−"),
        GameResult::Adjusted {
            white: w, black: b, ..
        } => {
            return format!(
                "{white} {} – {} {black}",
                decimal(w.quarters()),
                decimal(b.quarters())
            );
        }
    };
    format!("{white} {w} – {b} {black}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_six_words_read_back_to_themselves() {
        for word in ["1-0", "0-1", "1/2-1/2", "+-", "-+", "--"] {
            assert_eq!(write(&read(word).unwrap()), word);
        }
        assert_eq!(write(&read("1/2").unwrap()), "1/2-1/2");
        assert_eq!(
            write(&read("adj:0.5-0:clock fault").unwrap()),
            "adj:0.5-0:clock fault"
        );
        assert!(read("2-0").is_err());
    }

    #[test]
    fn spoken_form_names_both_players() {
        assert_eq!(
            spoken(&GameResult::WhiteWins, "Batbayar", "Dorj"),
            "Batbayar 1 – 0 Dorj"
        );
        assert_eq!(spoken(&GameResult::Draw, "A", "B"), "A ½ – ½ B");
    }
}
