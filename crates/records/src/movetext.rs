//! Move text as written, before replay: moves, move numbers, comments, NAGs, variations and
//! the result, read with forgiving typography (`1.`, `(1)`, `1、`; separators `,` `;` `，` `；`
//! `。` and spaces). PGN and S4's score sheet differ only in `;` (a comment in PGN, a
//! separator on a score sheet).

use crate::error::RecordError;
use crate::notation::MoveText;
use crate::notation::text::nag_of_glyphs;

/// How `;` is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// PGN: `;` starts a comment to the end of the line; `[` at the start of a line begins
    /// the next game.
    Pgn,
    /// Score sheet: `;` separates rounds (S4: `(1)e2—e4,e7—e5;`).
    Sheet,
}

/// Where the lines of a text begin, to turn a character index into line and column without
/// rescanning the text (files hold thousands of games).
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    /// Indices of the `\n` characters.
    newlines: Vec<usize>,
}

impl LineIndex {
    pub fn new(chars: &[char]) -> LineIndex {
        LineIndex {
            newlines: chars
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == '\n')
                .map(|(i, _)| i)
                .collect(),
        }
    }

    /// The 1-based line and column (in characters) of index `i`.
    pub fn line_column(&self, i: usize) -> (usize, usize) {
        let before = self.newlines.partition_point(|&n| n < i);
        let line_start = match before {
            0 => 0,
            k => self.newlines.get(k - 1).map_or(0, |n| n + 1),
        };
        (before + 1, i - line_start + 1)
    }
}

/// A written move with what follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawMove {
    pub text: MoveText,
    pub written: String,
    pub line: usize,
    pub nags: Vec<u8>,
    pub comments_before: Vec<String>,
    pub comments: Vec<String>,
    pub variations: Vec<Vec<RawMove>>,
}

/// The move text of one game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RawGame {
    /// Comments before the first move.
    pub comments: Vec<String>,
    pub moves: Vec<RawMove>,
    pub result: Option<String>,
}

/// Reads move text from `chars[start..]`; returns the game and the index where it stopped (a
/// result at the top level, `[` at the start of a line in PGN mode, or the end).
pub(crate) fn read(
    chars: &[char],
    lines: &LineIndex,
    start: usize,
    mode: Mode,
) -> Result<(RawGame, usize), RecordError> {
    let mut game = RawGame::default();
    // The stack of open lines: the main line, then each open variation.
    let mut stack: Vec<Vec<RawMove>> = vec![Vec::new()];
    let mut pending_comments: Vec<String> = Vec::new();
    let mut i = start;
    let position = |i: usize| lines.line_column(i);
    let syntax = |i: usize, reason: String| {
        let (line, column) = position(i);
        RecordError::Syntax {
            line,
            column,
            reason,
        }
    };
    let at_line_start = |i: usize| {
        i == 0
            || chars.get(..i).is_some_and(|b| {
                b.iter()
                    .rev()
                    .take_while(|&&c| c != '\n')
                    .all(|c| c.is_whitespace())
            })
    };
    while let Some(&c) = chars.get(i) {
        let depth = stack.len();
        let current = stack.last_mut();
        match c {
            _ if c.is_whitespace() => i += 1,
            ',' | '，' | '；' | '。' | '、' | '.' | '．' | '…' => i += 1,
            'O' | '0' if is_castling(chars, i) => {
                return Err(syntax(
                    i,
                    "there is no castling in Shatar (S1 part II)".to_owned(),
                ));
            }
            ';' if mode == Mode::Sheet => i += 1,
            ';' => {
                let end = (i..chars.len())
                    .find(|&k| chars.get(k) == Some(&'\n'))
                    .unwrap_or(chars.len());
                let text: String = chars.get(i + 1..end).unwrap_or_default().iter().collect();
                attach_comment(current, &mut pending_comments, text.trim().to_owned());
                i = end;
            }
            '%' if at_line_start(i) => {
                i = (i..chars.len())
                    .find(|&k| chars.get(k) == Some(&'\n'))
                    .unwrap_or(chars.len());
            }
            '[' if mode == Mode::Pgn && at_line_start(i) => break,
            '{' => {
                let Some(end) = (i + 1..chars.len()).find(|&k| chars.get(k) == Some(&'}')) else {
                    return Err(syntax(i, "a comment '{' that is never closed".to_owned()));
                };
                // A line break inside a comment is a space (writers wrap long comments).
                let text: String = chars
                    .get(i + 1..end)
                    .unwrap_or_default()
                    .iter()
                    .map(|&c| if c == '\n' || c == '\r' { ' ' } else { c })
                    .collect();
                attach_comment(current, &mut pending_comments, text.trim().to_owned());
                i = end + 1;
            }
            '(' | '（' => {
                // `(12)` is a move number (S4's score sheet); any other `(` opens a variation.
                let digits = (i + 1..chars.len())
                    .take_while(|&k| chars.get(k).is_some_and(|c| c.is_ascii_digit()))
                    .count();
                if digits > 0 && matches!(chars.get(i + 1 + digits), Some(')' | '）')) {
                    i += digits + 2;
                } else {
                    match current {
                        Some(line) if !line.is_empty() => {}
                        _ => {
                            return Err(syntax(
                                i,
                                "a variation '(' must follow the move it replaces".to_owned(),
                            ));
                        }
                    }
                    stack.push(Vec::new());
                    i += 1;
                }
            }
            ')' | '）' => {
                if depth < 2 {
                    return Err(syntax(i, "')' closes no variation".to_owned()));
                }
                let variation = stack.pop().unwrap_or_default();
                if variation.is_empty() {
                    return Err(syntax(i, "an empty variation".to_owned()));
                }
                if let Some(last) = stack.last_mut().and_then(|l| l.last_mut()) {
                    last.variations.push(variation);
                }
                i += 1;
            }
            '$' => {
                let digits: String = chars
                    .get(i + 1..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                let nag = digits
                    .parse::<u8>()
                    .map_err(|_| syntax(i, "'$' must be followed by a NAG 0-255".to_owned()))?;
                match current.and_then(|l| l.last_mut()) {
                    Some(m) => m.nags.push(nag),
                    None => return Err(syntax(i, "a NAG before any move".to_owned())),
                }
                i += 1 + digits.len();
            }
            '!' | '?' | '！' | '？' => {
                let glyphs: String = chars
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|c| matches!(c, '!' | '?' | '！' | '？'))
                    .map(|&c| if matches!(c, '！' | '!') { '!' } else { '?' })
                    .collect();
                let nag = nag_of_glyphs(&glyphs)
                    .ok_or_else(|| syntax(i, format!("unknown annotation {glyphs:?}")))?;
                match current.and_then(|l| l.last_mut()) {
                    Some(m) => m.nags.push(nag),
                    None => return Err(syntax(i, "an annotation before any move".to_owned())),
                }
                i += glyphs.chars().count();
            }
            '*' => {
                if depth > 1 {
                    return Err(syntax(i, "a result inside a variation".to_owned()));
                }
                game.result = Some("*".to_owned());
                i += 1;
                break;
            }
            _ if c.is_ascii_digit() || c == '½' => {
                if let Some((result, len)) = scan_result(chars, i) {
                    if depth > 1 {
                        return Err(syntax(i, "a result inside a variation".to_owned()));
                    }
                    game.result = Some(result.to_owned());
                    i += len;
                    break;
                }
                if c == '½' {
                    return Err(syntax(i, "'½' that is not part of a result".to_owned()));
                }
                // A move number: digits, then dots, `、`, `)` or nothing.
                while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                if matches!(chars.get(i), Some(')' | '）')) {
                    i += 1;
                }
            }
            _ => match MoveText::scan(chars, i) {
                Ok(Some((text, end))) => {
                    let (line, _) = position(i);
                    let written: String = chars.get(i..end).unwrap_or_default().iter().collect();
                    let mut nags = Vec::new();
                    nags.extend(text.nag);
                    let node = RawMove {
                        text,
                        written,
                        line,
                        nags,
                        comments_before: std::mem::take(&mut pending_comments),
                        comments: Vec::new(),
                        variations: Vec::new(),
                    };
                    if let Some(l) = stack.last_mut() {
                        l.push(node);
                    }
                    i = end;
                }
                Ok(None) => return Err(syntax(i, format!("unexpected {c:?}"))),
                Err(error) => {
                    let (line, _) = position(i);
                    return Err(RecordError::MoveSyntax { line, error });
                }
            },
        }
    }
    if stack.len() > 1 {
        return Err(syntax(i, "a variation '(' that is never closed".to_owned()));
    }
    game.moves = stack.pop().unwrap_or_default();
    if let Some(first) = game.moves.first_mut() {
        game.comments = std::mem::take(&mut first.comments_before);
    }
    if game.moves.is_empty() {
        game.comments.append(&mut pending_comments);
    } else if !pending_comments.is_empty()
        && let Some(last) = game.moves.last_mut()
    {
        last.comments.extend(pending_comments);
    }
    Ok((game, i))
}

/// `O-O`, `0-0`, `O-O-O` (any dash).
fn is_castling(chars: &[char], i: usize) -> bool {
    let at = |k: usize| chars.get(i + k).copied();
    matches!(at(0), Some('O' | '0'))
        && at(1).is_some_and(|c| matches!(c, '-' | '—' | '–'))
        && at(2) == at(0)
}

/// A comment goes after the last move of the line, or before the next move if the line has
/// none yet.
fn attach_comment(line: Option<&mut Vec<RawMove>>, pending: &mut Vec<String>, text: String) {
    match line.and_then(|l| l.last_mut()) {
        Some(m) if pending.is_empty() => m.comments.push(text),
        _ => pending.push(text),
    }
}

/// A result at `chars[i..]`: `1-0`, `0-1`, `1/2-1/2`, `½-½`, with any dash.
fn scan_result(chars: &[char], i: usize) -> Option<(&'static str, usize)> {
    let rest: String = chars
        .get(i..(i + 7).min(chars.len()))
        .unwrap_or_default()
        .iter()
        .map(|&c| {
            if matches!(c, '—' | '–' | '－' | ':' | '：') {
                '-'
            } else {
                c
            }
        })
        .collect();
    let ends = |len: usize| {
        chars
            .get(i + len)
            .is_none_or(|c| !c.is_alphanumeric() && *c != '.')
    };
    [
        ("1/2-1/2", "1/2-1/2", 7),
        ("½-½", "1/2-1/2", 3),
        ("1-0", "1-0", 3),
        ("0-1", "0-1", 3),
    ]
    .into_iter()
    .find(|&(spelling, _, len)| rest.starts_with(spelling) && ends(len))
    .map(|(_, result, len)| (result, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str, mode: Mode) -> RawGame {
        let chars: Vec<char> = text.chars().collect();
        read(&chars, &LineIndex::new(&chars), 0, mode).unwrap().0
    }

    #[test]
    fn sheet_form_of_003() {
        let g = read_all(
            "(1)e2—e4,e7—e5; (2)Ng1—f3,d7—d6;\n(3)Bf1—c4,Bc8—g4; (4)Nb1—c3,g7—g6?\n(5)Nf3:e5Bg4:d1?; (6)Bc4:f7+,Kd8—d7;\n(7)Nc3—d5+#",
            Mode::Sheet,
        );
        assert_eq!(g.moves.len(), 13);
        assert_eq!(g.moves[7].nags, vec![2]);
        assert_eq!(g.moves[9].written, "Bg4:d1?");
        assert_eq!(g.moves[11].line, 3);
    }

    #[test]
    fn pgn_with_everything() {
        let g = read_all(
            "{start} 1. e4 $1 {good} e5 (1... d5?! 2. exd5) 2. Nf3 ; rest\n Nc6 1-0",
            Mode::Pgn,
        );
        assert_eq!(g.comments, vec!["start"]);
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[0].nags, vec![1]);
        assert_eq!(g.moves[0].comments, vec!["good"]);
        assert_eq!(g.moves[1].variations.len(), 1);
        assert_eq!(g.moves[1].variations[0][0].nags, vec![6]);
        assert_eq!(g.moves[2].comments, vec!["rest"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn move_numbers_of_every_kind() {
        for text in [
            "1. e4 e5",
            "1.e4 e5",
            "(1)e4,e5;",
            "1、e4，e5；",
            "1) e4 e5",
            "1... e4 e5",
        ] {
            assert_eq!(read_all(text, Mode::Sheet).moves.len(), 2, "{text}");
        }
    }

    #[test]
    fn errors_say_where() {
        let chars: Vec<char> = "1. e4 {open".chars().collect();
        assert!(matches!(
            read(&chars, &LineIndex::new(&chars), 0, Mode::Pgn),
            Err(RecordError::Syntax {
                line: 1,
                column: 7,
                ..
            })
        ));
        let chars: Vec<char> = "1. e4 e5)".chars().collect();
        assert!(read(&chars, &LineIndex::new(&chars), 0, Mode::Pgn).is_err());
        let chars: Vec<char> = "1. e4 e5 2. O-O".chars().collect();
        match read(&chars, &LineIndex::new(&chars), 0, Mode::Pgn) {
            Err(RecordError::Syntax { reason, column, .. }) => {
                assert_eq!(column, 13);
                assert!(reason.contains("no castling"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        let chars: Vec<char> = "1. e4 @".chars().collect();
        assert!(read(&chars, &LineIndex::new(&chars), 0, Mode::Pgn).is_err());
    }
}
