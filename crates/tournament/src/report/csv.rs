//! CSV: each table as a header row and data rows; tables separated by a blank line.
//!
//! A cell a spreadsheet would take for a formula (a name beginning with `=`, `+`, `-`, `@`,
//! a tab or a carriage return, that is not a plain number) is written after a `'`, as
//! OWASP advises against CSV injection; the CSV import takes that `'` off again
//! ([`formula_guarded`]), so a list read back gives the same names.

use super::Table;

/// Whether `cell` is written after a guarding `'`: it begins like a formula and is not a
/// number, or it is itself such a cell after a `'` (so the guard comes off unambiguously).
pub(crate) fn formula_guarded(cell: &str) -> bool {
    let formula =
        cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell.parse::<f64>().is_err();
    formula || cell.strip_prefix('\'').is_some_and(formula_guarded)
}

fn cell(s: &str) -> String {
    let s = if formula_guarded(s) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

pub(super) fn render(tables: &[Table]) -> String {
    let mut out = String::new();
    for (i, t) in tables.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for row in std::iter::once(&t.headers).chain(&t.rows) {
            let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_a_spreadsheet_would_run_are_guarded() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("+Бат"), "'+Бат");
        assert_eq!(cell("@sum"), "'@sum");
        assert_eq!(cell("'=x"), "''=x");
        // Numbers and ordinary names stay as they are.
        assert_eq!(cell("-0.5"), "-0.5");
        assert_eq!(cell("+1"), "+1");
        assert_eq!(cell("O'Neil"), "O'Neil");
        assert_eq!(cell("'quoted'"), "'quoted'");
    }
}
