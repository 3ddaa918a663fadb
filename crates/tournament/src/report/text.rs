//! Aligned terminal text. Chinese characters take two columns.

use super::Table;

/// Display width of text in a terminal.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let u = c as u32;
            // East Asian wide and full-width ranges.
            if (0x1100..=0x115F).contains(&u)
                || (0x2E80..=0xA4CF).contains(&u)
                || (0xAC00..=0xD7A3).contains(&u)
                || (0xF900..=0xFAFF).contains(&u)
                || (0xFE30..=0xFE4F).contains(&u)
                || (0xFF00..=0xFF60).contains(&u)
                || (0xFFE0..=0xFFE6).contains(&u)
            {
                2
            } else {
                1
            }
        })
        .sum()
}

pub(super) fn render(tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        let cols = t.headers.len();
        let mut widths: Vec<usize> = t.headers.iter().map(|h| width(h)).collect();
        for r in &t.rows {
            for (i, c) in r.iter().enumerate().take(cols) {
                if let Some(w) = widths.get_mut(i) {
                    *w = (*w).max(width(c));
                }
            }
        }
        out.push_str(&t.title);
        out.push('\n');
        let line = |cells: &[String]| -> String {
            let mut s = String::new();
            for (i, c) in cells.iter().enumerate() {
                let w = widths.get(i).copied().unwrap_or(0);
                s.push_str(c);
                if i + 1 < cells.len() {
                    s.push_str(&" ".repeat(w.saturating_sub(width(c)) + 2));
                }
            }
            s.trim_end().to_owned()
        };
        out.push_str(&line(&t.headers));
        out.push('\n');
        out.push_str(&"-".repeat(widths.iter().sum::<usize>() + 2 * cols.saturating_sub(1)));
        out.push('\n');
        for r in &t.rows {
            out.push_str(&line(r));
            out.push('\n');
        }
        out.push('\n');
    }
    out
}
