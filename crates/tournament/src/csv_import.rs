//! CSV player lists: a header row naming the columns (`name` required; `name_traditional`,
//! `club`, `region`, `rating`, `seed_class`, `birth_year` optional, in any order), fields
//! separated by commas, double quotes around fields that contain commas or quotes.

use crate::error::CsvError;
use crate::event::Event;
use crate::numbers::EntrantNo;
use crate::player::Player;

/// Splits one CSV line into fields (RFC 4180 quoting within the line).
fn fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out.into_iter()
        .map(|f| unguarded(f.trim()).to_owned())
        .collect()
}

/// A cell as it was before the CSV export's guard against formulas
/// ([`formula_guarded`](crate::report::csv::formula_guarded)) put a `'` before it.
fn unguarded(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if crate::report::csv::formula_guarded(rest) => rest,
        _ => cell,
    }
}

/// Reads players from CSV text.
pub fn read_players(text: &str) -> Result<Vec<Player>, CsvError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Err(CsvError::MissingColumn("name".into()));
    };
    let header: Vec<String> = fields(header.trim_start_matches('\u{feff}'))
        .into_iter()
        .map(|h| h.to_lowercase())
        .collect();
    let col = |name: &str| header.iter().position(|h| h == name);
    let name_col = col("name").ok_or_else(|| CsvError::MissingColumn("name".into()))?;
    let mut players = Vec::new();
    for (i, line) in lines {
        let line_no = i + 1;
        let f = fields(line);
        let get = |c: Option<usize>| c.and_then(|c| f.get(c)).cloned().unwrap_or_default();
        let name = get(Some(name_col));
        if name.is_empty() {
            return Err(CsvError::Row {
                line: line_no,
                column: "name".into(),
                message: "empty name".into(),
            });
        }
        let mut p = Player::named(name);
        let tr = get(col("name_traditional"));
        p.name_traditional = (!tr.is_empty()).then_some(tr);
        p.club = get(col("club"));
        p.region = get(col("region"));
        let number = |column: &str| -> Result<Option<u32>, CsvError> {
            let v = get(col(column));
            if v.is_empty() {
                return Ok(None);
            }
            v.parse().map(Some).map_err(|_| CsvError::Row {
                line: line_no,
                column: column.into(),
                message: format!("{v:?} is not a whole number"),
            })
        };
        p.rating = number("rating")?;
        p.seed_class = number("seed_class")?.map(|c| c.min(255) as u8);
        p.birth_year = number("birth_year")?.map(|y| y.min(9999) as u16);
        players.push(p);
    }
    Ok(players)
}

/// Reads players from CSV text into an event; all or nothing.
pub fn import_players(event: &mut Event, text: &str) -> Result<Vec<EntrantNo>, CsvError> {
    let players = read_players(text)?;
    let mut trial = event.clone();
    let mut numbers = Vec::new();
    for (i, p) in players.into_iter().enumerate() {
        numbers.push(trial.add_player(p).map_err(|source| CsvError::Event {
            line: i + 2,
            source,
        })?);
    }
    *event = trial;
    Ok(numbers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::System;

    #[test]
    fn reads_quoted_and_unicode_fields() {
        let text = "name,club,rating,birth_year\n\"Бат, Дорж\",Хөх хот,1850,1990\n巴特尔,\"呼和浩特 \"\"A\"\"\",,\n";
        let p = read_players(text).unwrap_or_default();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].name, "Бат, Дорж");
        assert_eq!(p[0].rating, Some(1850));
        assert_eq!(p[1].club, "呼和浩特 \"A\"");
        assert_eq!(p[1].rating, None);
    }

    #[test]
    fn the_exports_formula_guard_comes_off() {
        let text = "name,club\n'=1+1,'+Khangai\n''=x,O'Neil\n'plain,-\n";
        let p = read_players(text).unwrap_or_default();
        let names: Vec<(&str, &str)> = p
            .iter()
            .map(|p| (p.name.as_str(), p.club.as_str()))
            .collect();
        assert_eq!(
            names,
            [("=1+1", "+Khangai"), ("'=x", "O'Neil"), ("'plain", "-")]
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = read_players("name,rating\nA,x12\n").unwrap_err();
        assert_eq!(
            err,
            CsvError::Row {
                line: 2,
                column: "rating".into(),
                message: "\"x12\" is not a whole number".into()
            }
        );
        let mut e = Event::new("e", System::Swiss);
        let err = import_players(&mut e, "name\nA\nB\na\n").unwrap_err();
        assert!(matches!(err, CsvError::Event { line: 4, .. }), "{err}");
        assert!(e.players.is_empty(), "all or nothing");
    }
}
