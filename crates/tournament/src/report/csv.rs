//! CSV: each table as a header row and data rows; tables separated by a blank line.

use super::Table;

fn cell(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
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
