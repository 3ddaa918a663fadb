//! Reading PGN.

use crate::error::{GameError, RecordError};
use crate::movetext::{self, LineIndex, Mode};
use crate::record::{Record, default_second_side};
use crate::tag::{Tags, names};
use shatar_rules::ruleset::Preset;
use shatar_rules::{Position, Ruleset, fen};

/// The games of a PGN file that could be read, and the numbered errors of those that could
/// not (each bad game is skipped; the others are kept).
#[derive(Debug, Clone, Default)]
pub struct PgnFile {
    /// The games read, in file order.
    pub records: Vec<Record>,
    /// The games skipped.
    pub errors: Vec<GameError>,
}

/// Reads every game of a PGN text. Games without `Ruleset` or `Variant` tag are played under
/// `default`.
///
/// ```
/// use shatar_records::pgn::read_pgn;
/// use shatar_rules::Ruleset;
/// let text = "[Variant \"Shatar\"]\n\n1. Nf3 Nf6 *\n\n[Event \"bad\"]\n\n1. Kd3 *\n\n1. e4 e5 *\n";
/// let file = read_pgn(text, Ruleset::OFFICIAL);
/// assert_eq!(file.records.len(), 2);
/// assert_eq!(file.errors.len(), 1);
/// assert_eq!(file.errors[0].game, 2);
/// ```
pub fn read_pgn(text: &str, default: Ruleset) -> PgnFile {
    let chars: Vec<char> = text.chars().collect();
    let lines = LineIndex::new(&chars);
    let mut file = PgnFile::default();
    let mut i = 0;
    let mut number = 0;
    loop {
        i = skip_between_games(&chars, i);
        if i >= chars.len() {
            break;
        }
        number += 1;
        let (first_line, _) = lines.line_column(i);
        match read_game(&chars, &lines, i, default) {
            Ok((record, end)) => {
                file.records.push(record);
                i = end.max(i + 1);
            }
            Err((error, end)) => {
                file.errors.push(GameError {
                    game: number,
                    first_line,
                    error,
                });
                i = end
                    .unwrap_or_else(|| next_game_start(&chars, i + 1))
                    .max(i + 1);
            }
        }
    }
    file
}

impl Record {
    /// Reads the first game of a PGN text.
    pub fn from_pgn_str(text: &str, default: Ruleset) -> Result<Record, RecordError> {
        let chars: Vec<char> = text.chars().collect();
        let lines = LineIndex::new(&chars);
        let i = skip_between_games(&chars, 0);
        read_game(&chars, &lines, i, default)
            .map(|(r, _)| r)
            .map_err(|(e, _)| e)
    }
}

/// Skips blank space and `;` / `%` comment lines between games.
fn skip_between_games(chars: &[char], mut i: usize) -> usize {
    while let Some(&c) = chars.get(i) {
        if c.is_whitespace() || c == '\u{feff}' {
            i += 1;
        } else if c == ';' || c == '%' {
            while chars.get(i).is_some_and(|&c| c != '\n') {
                i += 1;
            }
        } else {
            break;
        }
    }
    i
}

/// The next `[` at the start of a line after `from` (where the next game's tags begin).
fn next_game_start(chars: &[char], from: usize) -> usize {
    (from..chars.len())
        .find(|&k| chars.get(k) == Some(&'[') && (k == 0 || chars.get(k - 1) == Some(&'\n')))
        .unwrap_or(chars.len())
}

type GameResult = Result<(Record, usize), (RecordError, Option<usize>)>;

fn read_game(chars: &[char], lines: &LineIndex, start: usize, default: Ruleset) -> GameResult {
    let (tags, i) = read_tags(chars, lines, start).map_err(|e| (e, None))?;
    let (raw, end) = movetext::read(chars, lines, i, Mode::Pgn).map_err(|e| (e, None))?;
    let ruleset = ruleset_of(&tags, default).map_err(|e| (e, Some(end)))?;
    let initial = match tags.get(names::FEN) {
        Some(text) => fen::read(text, ruleset).map_err(|e| {
            (
                RecordError::Tag {
                    tag: names::FEN.to_owned(),
                    reason: e.to_string(),
                },
                Some(end),
            )
        })?,
        None => Position::start(ruleset),
    };
    let second = default_second_side(&ruleset);
    let record =
        Record::from_raw(tags, ruleset, initial, second, raw).map_err(|e| (e, Some(end)))?;
    Ok((record, end))
}

/// The ruleset a game's tags name: `Ruleset` (a preset name or a JSON ruleset), else
/// the `Variant` ([`crate::fsf_variant`]: `"Shatar"` of Fairy-Stockfish and pychess.org for
/// `fsf`), else `default`.
pub(crate) fn ruleset_of(tags: &Tags, default: Ruleset) -> Result<Ruleset, RecordError> {
    let bad = |tag: &str, reason: String| RecordError::Tag {
        tag: tag.to_owned(),
        reason,
    };
    if let Some(value) = tags.get(names::RULESET) {
        let value = value.trim();
        return if value.starts_with('{') {
            Ruleset::from_json_str(value).map_err(|e| bad(names::RULESET, e.to_string()))
        } else {
            value
                .parse::<Preset>()
                .map(Preset::ruleset)
                .map_err(|e| bad(names::RULESET, e.to_string()))
        };
    }
    if let Some(variant) = tags.get(names::VARIANT) {
        return match crate::record::preset_of_variant(variant) {
            Some(p) => Ok(p.ruleset()),
            None => Err(bad(
                names::VARIANT,
                format!(
                    "{variant:?} is not Shatar (expected \"Shatar\", \"shatarofficialgame\", \
                     \"shatartraditionalgame\" or a Ruleset tag)"
                ),
            )),
        };
    }
    Ok(default)
}

/// Reads `[Name "value"]` lines; returns the tags and where the move text begins.
fn read_tags(
    chars: &[char],
    lines: &LineIndex,
    mut i: usize,
) -> Result<(Tags, usize), RecordError> {
    let mut tags = Tags::default();
    loop {
        i = skip_between_games(chars, i);
        if chars.get(i) != Some(&'[') {
            return Ok((tags, i));
        }
        let err = |k: usize, reason: &str| {
            let (line, column) = lines.line_column(k);
            RecordError::Syntax {
                line,
                column,
                reason: reason.to_owned(),
            }
        };
        let open = i;
        i += 1;
        let name_start = i;
        while chars
            .get(i)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
        {
            i += 1;
        }
        let name: String = chars
            .get(name_start..i)
            .unwrap_or_default()
            .iter()
            .collect();
        if name.is_empty() {
            return Err(err(open, "a tag without a name"));
        }
        while chars.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
            i += 1;
        }
        if chars.get(i) != Some(&'"') {
            return Err(err(i, "a tag value must be in double quotes"));
        }
        i += 1;
        let mut value = String::new();
        loop {
            match chars.get(i) {
                Some('\\') => {
                    if let Some(&c) = chars.get(i + 1) {
                        value.push(c);
                    }
                    i += 2;
                }
                Some('"') => {
                    i += 1;
                    break;
                }
                Some('\n') | None => return Err(err(i, "a tag value that is never closed")),
                Some(&c) => {
                    value.push(c);
                    i += 1;
                }
            }
        }
        while chars.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
            i += 1;
        }
        if chars.get(i) != Some(&']') {
            return Err(err(i, "a tag must end with ']'"));
        }
        i += 1;
        tags.set(&name, value);
    }
}
