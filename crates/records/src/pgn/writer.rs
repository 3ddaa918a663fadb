//! Writing PGN.

use crate::lang::Lang;
use crate::notation::{Notation, write_move};
use crate::record::{MoveNode, Record, ruleset_tags};
use crate::tag::{SEVEN_TAG_ROSTER, names};
use shatar_rules::{Color, Position, fen};

/// Writes a record as PGN: the seven-tag roster, `Ruleset` and `Variant` (the
/// Fairy-Stockfish variant, [`crate::fsf_variant`]), `FEN`/`SetUp` for a set-up start, `Opening`, `Tuuxei` where the ruleset reports
/// it, the other tags as read; then the moves in English SAN with comments, NAGs and
/// variations, wrapped at 79 columns.
///
/// ```
/// use shatar_records::{pgn::write_pgn, Record};
/// use shatar_rules::Ruleset;
/// let record = Record::from_pgn_str("1. e4 e5 2. Nf3 {good} Nc6 *", Ruleset::OFFICIAL)?;
/// let text = write_pgn(&record);
/// assert!(text.contains("[Ruleset \"official\"]"));
/// assert!(text.contains("[Opening \"open\"]"));
/// assert!(text.ends_with("1. e4 e5 2. Nf3 {good} 2... Nc6 *\n"));
/// # Ok::<_, shatar_records::RecordError>(())
/// ```
pub fn write_pgn(record: &Record) -> String {
    let mut out = String::new();
    let result = record.result();
    let mut written: Vec<&str> = Vec::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => result.clone(),
            "Date" => record.tags.get(name).unwrap_or("????.??.??").to_owned(),
            _ => record.tags.get(name).unwrap_or("?").to_owned(),
        };
        tag(&mut out, name, &value);
        written.push(name);
    }
    for (name, value) in ruleset_tags(&record.ruleset) {
        tag(&mut out, name, &value);
        written.push(name);
    }
    written.push(names::VARIANT);
    let standard = Position::start(record.ruleset);
    if fen::write(&record.initial) != fen::write(&standard) {
        tag(&mut out, names::FEN, &fen::write(&record.initial));
        tag(&mut out, names::SET_UP, "1");
    }
    written.extend([names::FEN, names::SET_UP]);
    if let Some(opening) = record.opening() {
        tag(&mut out, names::OPENING, opening.name());
        written.push(names::OPENING);
    }
    if let Some(t) = record.tuuxei() {
        tag(&mut out, names::TUUXEI, &t.tag_value());
        written.push(names::TUUXEI);
    }
    for (name, value) in record.tags.iter() {
        if !written.contains(&name) {
            tag(&mut out, name, value);
        }
    }
    out.push('\n');
    out.push_str(&write_movetext(record, Notation::San, Lang::En));
    out.push(' ');
    out.push_str(&result);
    let wrapped = wrap(&out);
    wrapped + "\n"
}

/// Writes the record's moves (main line, comments, NAGs, variations) in a notation and
/// language, PGN style: `1. e4 e5 2. Nf3 {…} (2. Nc3) 2... Nc6`.
pub fn write_movetext(record: &Record, notation: Notation, lang: Lang) -> String {
    let mut tokens = Vec::new();
    for c in &record.comments {
        tokens.push(comment(c));
    }
    write_line(&mut tokens, &record.initial, &record.moves, notation, lang);
    tokens.join(" ").replace("( ", "(").replace(" )", ")")
}

fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

fn write_line(
    tokens: &mut Vec<String>,
    start: &Position,
    nodes: &[MoveNode],
    notation: Notation,
    lang: Lang,
) {
    let mut pos = start.clone();
    let mut need_number = true;
    for node in nodes {
        for c in &node.comments_before {
            tokens.push(comment(c));
            need_number = true;
        }
        if pos.turn() == Color::White {
            tokens.push(format!("{}.", pos.fullmoves()));
        } else if need_number {
            tokens.push(format!("{}...", pos.fullmoves()));
        }
        need_number = false;
        let mut text = write_move(&pos, &node.mv, notation, lang);
        let mut nags = node.nags.iter().copied();
        if let Some(glyph) = node.nags.first().and_then(|&n| glyph(n)) {
            text.push_str(glyph);
            nags.next();
        }
        tokens.push(text);
        for n in nags {
            tokens.push(format!("${n}"));
        }
        for c in &node.comments {
            tokens.push(comment(c));
            need_number = true;
        }
        for v in &node.variations {
            tokens.push("(".to_owned());
            write_line(tokens, &pos, v, notation, lang);
            tokens.push(")".to_owned());
            need_number = true;
        }
        pos.play_unchecked(node.mv);
    }
}

/// The suffix glyph of NAGs 1 to 6.
pub(crate) fn glyph(nag: u8) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}

/// Wraps the move text (the part after the blank line) at 79 columns, breaking at spaces
/// (a break inside a comment reads back as a space).
fn wrap(text: &str) -> String {
    let Some((head, moves)) = text.split_once("\n\n") else {
        return text.to_owned();
    };
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in moves.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 79 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    format!("{head}\n\n{}", lines.join("\n"))
}
