//! S4's score sheet (S4 ch.2 §2 二): both players' names, the date and the place, then
//! the moves in full or short notation, `(1)e2—e4,e7—e5;` style; in Chinese, Mongolian or
//! English. An arbiter types a sheet as written and gets a record (and so PGN); a record
//! prints as a sheet.
//!
//! ```
//! use shatar_records::{sheet, Lang, Notation};
//! use shatar_rules::Ruleset;
//! let text = "白方：巴特 蓝方：道尔吉\n2007年x月x日 突泉县\n(1)e2—e4,e7—e5; (2)Ng1—f3,d7—d6;\n";
//! let record = sheet::read_sheet(text, Ruleset::COMPETITION)?;
//! assert_eq!(record.tags.get("White"), Some("巴特"));
//! assert_eq!(record.tags.get("Black"), Some("道尔吉"));
//! assert_eq!(record.tags.get("Date"), Some("2007.??.??"));
//! assert_eq!(record.tags.get("Site"), Some("突泉县"));
//! assert_eq!(record.moves.len(), 4);
//! let short = sheet::write_sheet(&record, Lang::Zh, Notation::Short);
//! assert!(short.contains("(1)e4,e5; (2)马f3,d6;"));
//! # Ok::<_, shatar_records::RecordError>(())
//! ```

use crate::error::RecordError;
use crate::lang::{Lang, SecondSide};
use crate::movetext::{self, LineIndex, Mode};
use crate::notation::{Notation, write_move};
use crate::pgn::write_movetext;
use crate::record::{Record, default_second_side};
use crate::tag::Tags;
use shatar_rules::{Color, Position, Ruleset, fen};

const WHITE_LABELS: [&str; 4] = ["白方", "白棋", "White", "Цагаан"];
const BLUE_LABELS: [&str; 4] = ["蓝方", "藍方", "Blue", "Хөх"];
const BLACK_LABELS: [&str; 4] = ["黑方", "黑棋", "Black", "Хар"];
const DATE_LABELS: [&str; 4] = ["Date", "Огноо", "日期", "时间"];
const PLACE_LABELS: [&str; 4] = ["Place", "Газар", "地点", "地點"];
const RESULT_LABELS: [&str; 4] = ["结果", "結果", "Result", "Үр дүн"];
const TUUXEI_LABELS: [&str; 4] = ["圖嘿", "图嘿", "Tuuxəi", "Туухэй"];

fn labels(lang: Lang) -> (&'static str, &'static str, &'static str, &'static str) {
    match lang {
        Lang::Zh | Lang::Zh000 => ("结果", "圖嘿", "日期", "地点"),
        Lang::En => ("Result", "Tuuxəi", "Date", "Place"),
        Lang::Mn => ("Үр дүн", "Туухэй", "Огноо", "Газар"),
    }
}

fn colon(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh | Lang::Zh000 => "：",
        Lang::En | Lang::Mn => ": ",
    }
}

/// Writes a record as a score sheet in `lang`, moves in `notation` (full or short as in S4;
/// SAN and UCI work too), two rounds a line.
pub fn write_sheet(record: &Record, lang: Lang, notation: Notation) -> String {
    let second = match lang {
        Lang::Zh => SecondSide::Blue,
        _ => record.second_side,
    };
    let c = colon(lang);
    let name = |tag: &str| record.tags.get(tag).unwrap_or("?").to_owned();
    let mut out = format!(
        "{}{c}{} {}{c}{}\n",
        lang.side(Color::White, second),
        name("White"),
        lang.side(Color::Black, second),
        name("Black")
    );
    let date = record.tags.get("Date").unwrap_or("????.??.??");
    let site = record.tags.get("Site").unwrap_or("?");
    let (result_label, tuuxei_label, date_label, place_label) = labels(lang);
    match lang {
        Lang::Zh | Lang::Zh000 if is_pgn_date(date) => {
            let mut parts = date.split('.').map(|p| {
                if p.contains('?') || p.is_empty() {
                    "x".to_owned()
                } else {
                    p.trim_start_matches('0').to_owned()
                }
            });
            let (y, m, d) = (
                parts.next().unwrap_or_else(|| "x".to_owned()),
                parts.next().unwrap_or_else(|| "x".to_owned()),
                parts.next().unwrap_or_else(|| "x".to_owned()),
            );
            out.push_str(&format!("{y}年{m}月{d}日 {site}\n"));
        }
        _ => {
            out.push_str(&format!("{date_label}{c}{date}  {place_label}{c}{site}\n"));
        }
    }
    // A set-up start (a composed position, S3's tuuxəi examples) travels as a FEN line.
    if fen::write(&record.initial) != fen::write(&Position::start(record.ruleset)) {
        out.push_str(&format!("FEN{c}{}\n", fen::write(&record.initial)));
    }
    let mut pos: Position = record.initial.clone();
    let mut line = String::new();
    let mut rounds_on_line = 0;
    for (k, node) in record.moves.iter().enumerate() {
        let mut text = write_move(&pos, &node.mv, notation, lang);
        if let Some(g) = node.nags.first().and_then(|&n| crate::pgn::glyph_of(n)) {
            text.push_str(g);
        }
        match pos.turn() {
            Color::White => {
                line.push_str(&format!("({}){text}", pos.fullmoves()));
                if k + 1 == record.moves.len() {
                    line.push(';');
                }
            }
            Color::Black => {
                if k == 0 {
                    line.push_str(&format!("({})…", pos.fullmoves()));
                }
                line.push_str(&format!(",{text};"));
                rounds_on_line += 1;
                if rounds_on_line == 2 {
                    out.push_str(&line);
                    out.push('\n');
                    line.clear();
                    rounds_on_line = 0;
                } else {
                    line.push(' ');
                }
            }
        }
        pos.play_unchecked(node.mv);
    }
    if !line.trim().is_empty() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&format!("{result_label}{c}{}\n", record.result()));
    if let Some(t) = record.tuuxei() {
        out.push_str(&format!("{tuuxei_label}{c}{}\n", t.name(lang)));
    }
    out
}

/// Whether a date is in PGN's form `YYYY.MM.DD`, with `?` for unknown digits.
fn is_pgn_date(date: &str) -> bool {
    date.len() == 10
        && date.chars().enumerate().all(|(k, c)| match k {
            4 | 7 => c == '.',
            _ => c.is_ascii_digit() || c == '?',
        })
}

/// Writes the moves only, numbered PGN style, in any notation and language.
pub fn write_moves(record: &Record, notation: Notation, lang: Lang) -> String {
    write_movetext(record, notation, lang)
}

/// Whether a line begins the moves: `(1)…`, `1.`, `1、`, `1)`.
fn is_move_line(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with('(') || t.starts_with('（') {
        return t.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    }
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0
        && matches!(
            t.chars().nth(digits),
            Some('.' | '．' | '、' | ')' | '）' | ' ')
        )
}

/// Where the first move of a one-line sheet begins: `(1)` or `（1）` (S4's numbers), or
/// `1.` after a space and before a space or a letter (PGN's; a date such as `1.10.2007`
/// is not one).
fn first_move_at(line: &str) -> Option<usize> {
    let bracketed = ["(1)", "（1）", "(1 )", "（1)", "(1）"]
        .iter()
        .filter_map(|p| line.find(p))
        .min();
    let dotted = line.match_indices(" 1.").find_map(|(at, m)| {
        let next = line[at + m.len()..].chars().next();
        next.is_some_and(|c| c == ' ' || c.is_alphabetic())
            .then_some(at + 1)
    });
    match (bracketed, dotted) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The text after `label` and a colon, up to the next of `stops` or the end of the line.
fn labelled<'a>(line: &'a str, label: &str, stops: &[&str]) -> Option<&'a str> {
    let at = line.find(label)?;
    let rest = line.get(at + label.len()..)?;
    let rest = rest.trim_start_matches([':', '：', ' ', '\t']);
    let end = stops
        .iter()
        .filter_map(|s| rest.find(s))
        .min()
        .unwrap_or(rest.len());
    Some(rest.get(..end).unwrap_or(rest).trim())
}

/// `2007年10月1日` (x for unknown parts) as PGN `2007.10.01` (`??`), and what follows.
fn chinese_date(line: &str) -> Option<(String, &str)> {
    let (year, rest) = line.split_once('年')?;
    let (month, rest) = rest.split_once('月')?;
    let (day, rest) = rest.split_once('日')?;
    let part = |p: &str, width: usize| {
        let p = p.trim();
        match p.parse::<u32>() {
            Ok(n) => format!("{n:0width$}"),
            Err(_) => "?".repeat(width),
        }
    };
    let year = year.trim().rsplit(' ').next().unwrap_or_default();
    Some((
        format!("{}.{}.{}", part(year, 4), part(month, 2), part(day, 2)),
        rest.trim(),
    ))
}

/// Reads a score sheet: header lines (names, date and place), the moves in any notation,
/// and optional result and tuuxəi lines. The moves are replayed under `ruleset`. The whole
/// sheet may be one line: the header ends where the first move number begins.
///
/// ```
/// use shatar_records::sheet::read_sheet;
/// use shatar_rules::Ruleset;
/// let r = read_sheet("White: Bat  Black: Dorj  (1)e2—e4,e7—e5;", Ruleset::OFFICIAL)?;
/// assert_eq!((r.tags.get("White"), r.tags.get("Black")), (Some("Bat"), Some("Dorj")));
/// assert_eq!(r.moves.len(), 2);
/// let r = read_sheet("White: Bat Black: Dorj 1. e4 e5 2. Nf3", Ruleset::OFFICIAL)?;
/// assert_eq!((r.tags.get("Black"), r.moves.len()), (Some("Dorj"), 3));
/// # Ok::<_, shatar_records::RecordError>(())
/// ```
pub fn read_sheet(text: &str, ruleset: Ruleset) -> Result<Record, RecordError> {
    let mut tags = Tags::default();
    let mut second = default_second_side(&ruleset);
    let mut comments = Vec::new();
    let mut moves_text = String::with_capacity(text.len());
    let mut in_moves = false;
    let mut initial = Position::start(ruleset);
    let all_side_labels: Vec<&str> = WHITE_LABELS
        .iter()
        .chain(BLUE_LABELS.iter())
        .chain(BLACK_LABELS.iter())
        .copied()
        .collect();
    // A sheet typed on one line (`White: Bat  Black: Dorj  (1)e2—e4,e7—e5;`): the header
    // before the first move number, the moves from it. Only where no line begins the
    // moves: on a sheet with its moves on their own lines, a "(1)" in a header line is
    // part of a name or a place.
    let one_line = !text.lines().any(is_move_line);
    let lines = text.lines().flat_map(|line| match first_move_at(line) {
        Some(at) if one_line && at > 0 => vec![&line[..at], &line[at..]],
        _ => vec![line],
    });
    for line in lines {
        let trailer = RESULT_LABELS
            .iter()
            .chain(TUUXEI_LABELS.iter())
            .find(|l| line.trim_start().starts_with(**l));
        if let Some(&label) = trailer {
            if RESULT_LABELS.contains(&label)
                && let Some(r) = labelled(line, label, &[])
            {
                let r = r.replace(['—', '–', '：', ':'], "-");
                tags.set("Result", r.trim());
            }
            moves_text.push('\n');
            continue;
        }
        if in_moves || is_move_line(line) {
            in_moves = true;
            moves_text.push_str(line);
            moves_text.push('\n');
            continue;
        }
        moves_text.push('\n');
        if line.trim().is_empty() {
            continue;
        }
        if let Some(text) =
            labelled(line, "FEN", &[]).filter(|_| line.trim_start().starts_with("FEN"))
        {
            initial = fen::read(text, ruleset).map_err(|e| RecordError::Tag {
                tag: "FEN".to_owned(),
                reason: e.to_string(),
            })?;
            continue;
        }
        let mut used = false;
        for l in WHITE_LABELS {
            if let Some(name) = labelled(line, l, &all_side_labels) {
                tags.set("White", name);
                used = true;
            }
        }
        for (labels, side) in [
            (BLUE_LABELS, SecondSide::Blue),
            (BLACK_LABELS, SecondSide::Black),
        ] {
            for l in labels {
                if let Some(name) = labelled(line, l, &all_side_labels) {
                    tags.set("Black", name);
                    second = side;
                    used = true;
                }
            }
        }
        if let Some((date, place)) = chinese_date(line) {
            tags.set("Date", date);
            if !place.is_empty() {
                tags.set("Site", place);
            }
            used = true;
        }
        for l in DATE_LABELS {
            if let Some(d) = labelled(line, l, &PLACE_LABELS) {
                tags.set("Date", d);
                used = true;
            }
        }
        for l in PLACE_LABELS {
            if let Some(p) = labelled(line, l, &DATE_LABELS) {
                tags.set("Site", p);
                used = true;
            }
        }
        if !used {
            comments.push(line.trim().to_owned());
        }
    }
    let chars: Vec<char> = moves_text.chars().collect();
    let (mut raw, _) = movetext::read(&chars, &LineIndex::new(&chars), 0, Mode::Sheet)?;
    if !comments.is_empty() {
        comments.append(&mut raw.comments);
        raw.comments = comments;
    }
    Record::from_raw(tags, ruleset, initial, second, raw)
}

/// Whether a text looks like a score sheet rather than PGN: no tag line, and a side label
/// with a colon (`白方：`, `White:`, `Цагаан:`) or a `(1)` move number.
pub fn looks_like_sheet(text: &str) -> bool {
    let has_tag = text.lines().any(|l| l.trim_start().starts_with('['));
    if has_tag {
        return false;
    }
    let labelled = WHITE_LABELS
        .iter()
        .chain(BLUE_LABELS.iter())
        .chain(BLACK_LABELS.iter())
        .any(|l| text.contains(&format!("{l}:")) || text.contains(&format!("{l}：")));
    labelled || text.contains("(1)")
}

/// Reads a file of records: a score sheet (one game) or PGN (any number of games).
///
/// ```
/// use shatar_records::sheet::read_any;
/// use shatar_rules::Ruleset;
/// assert_eq!(read_any("(1)e2—e4,e7—e5;", Ruleset::OFFICIAL).records.len(), 1);
/// assert_eq!(read_any("1. e4 e5 *\n\n1. d4 d5 *", Ruleset::OFFICIAL).records.len(), 2);
/// ```
pub fn read_any(text: &str, ruleset: Ruleset) -> crate::pgn::PgnFile {
    if looks_like_sheet(text) {
        let mut file = crate::pgn::PgnFile::default();
        match read_sheet(text, ruleset) {
            Ok(record) => file.records.push(record),
            Err(error) => file.errors.push(crate::GameError {
                game: 1,
                first_line: 1,
                error,
            }),
        }
        file
    } else {
        crate::pgn::read_pgn(text, ruleset)
    }
}
