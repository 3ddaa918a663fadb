//! Reading TRF-16 into an event.

use std::collections::BTreeMap;

use crate::error::TrfError;
use crate::event::{ByeKind, Event, Pairing, Round, System};
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::player::Player;
use crate::result::GameResult;
use crate::score::Score;

use super::{FIRST_ROUND_COLUMN, ROUND_WIDTH};

/// One player's entry for one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    /// The opponent's start number, `None` for none (`0000`).
    pub opponent: Option<EntrantNo>,
    /// `w`, `b`, `-` or blank.
    pub color: char,
    /// The TRF result code.
    pub result: char,
}

/// A TRF file's lines, read but not yet made into rounds.
pub(super) struct Parsed {
    /// The event with its header fields and players (start numbers 1..n).
    pub event: Event,
    /// Each player's entries, round by round.
    pub entries: BTreeMap<EntrantNo, Vec<Option<Entry>>>,
    /// The line of each player's `001` record.
    pub lines: BTreeMap<EntrantNo, usize>,
    /// The points each player's line states (columns 81–84), with the line.
    pub stated: BTreeMap<EntrantNo, (Score, usize)>,
    /// Team records (`013`, `310`, `352`, `320`) with their line numbers, in file order.
    pub team_records: Vec<(usize, String)>,
}

/// What one round holds for a player or a game, read from both players' entries.
pub(super) enum Item {
    /// A player without an opponent who scores: `U`, `F` (a point) or `H` (half).
    Bye {
        /// The player.
        player: EntrantNo,
        /// The points.
        points: Score,
    },
    /// A game, listed once from White's entry (the lower number's when neither has a
    /// colour).
    Game {
        /// White.
        white: EntrantNo,
        /// Black.
        black: EntrantNo,
        /// The result, `None` when the game has none yet.
        result: Option<GameResult>,
    },
}

/// What [`import`] read: the event, and what the file says that the event does not
/// (a points column against the rounds) or holds otherwise (board colours of another
/// convention).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// The event.
    pub event: Event,
    /// Differences between the file and the event read from it, one line each, naming
    /// the player and the rounds (TRF columns 81–84 against the rounds' points).
    pub warnings: Vec<String>,
    /// How the file was read where it departs from this event's own conventions.
    pub notes: Vec<String>,
}

/// Reads TRF-16 text as an event of `system`; rounds and results are rebuilt from the
/// player lines and checked for consistency (both sides of every game must agree). A
/// file with team records (TRF-2026 `310` or TRF-16 `013`) is read as a team event (see
/// the module documentation). The points the file states are checked by [`import`],
/// which also returns what differs.
pub fn read(text: &str, system: System) -> Result<Event, TrfError> {
    import(text, system).map(|i| i.event)
}

/// Reads TRF text as [`read`] does, with the warnings and notes.
///
/// Each round block is read in every spelling that TRF-16, TRF-2026 and the programs
/// that write them use: the opponent `0000` or blank for none; without an opponent `U`
/// or `+` is the pairing-allocated bye (the event's bye points: a point in Swiss), `F`
/// a full-point bye, `H` (or `=`) a half-point bye, `Z`, `-` or a blank result no game
/// and no point. Lines may end in LF, CRLF or CR alone; trailing blanks are ignored, and
/// records the reader does not use are skipped. Rounds after the last one with a game
/// are rounds not yet paired: what they say are requested byes (`H`, `F`, `Z`; a blank
/// or `-` is a declared absence, `Z`), which the Swiss systems honour when the round is
/// paired. A file without a player line is refused.
pub fn import(text: &str, system: System) -> Result<Import, TrfError> {
    let parsed = parse(text)?;
    if parsed
        .team_records
        .iter()
        .any(|(_, l)| l.starts_with("310") || l.starts_with("013"))
    {
        return super::teams::build(parsed, system);
    }
    let Parsed {
        mut event,
        entries,
        lines,
        stated,
        ..
    } = parsed;
    event.system = system;
    let total = entries.values().map(Vec::len).max().unwrap_or(0);
    // Rounds up to the last with a game (or a pairing-allocated bye) were paired; the
    // ones after it only declare what a player asks for in a round to come.
    let paired = (0..total)
        .rev()
        .find(|&r| {
            entries.values().any(|list| {
                list.get(r)
                    .copied()
                    .flatten()
                    .is_some_and(|e| e.opponent.is_some() || matches!(e.result, 'U' | '+'))
            })
        })
        .map_or(0, |r| r + 1);
    for r in 0..paired {
        let mut pairings: Vec<Pairing> = round_items(&entries, &lines, r)?
            .into_iter()
            .map(|item| match item {
                Item::Bye { player, points, .. } => Pairing {
                    board: BoardNo::FIRST,
                    white: player,
                    black: None,
                    bye_points: Some(points),
                    games: Vec::new(),
                    team_match: None,
                    decided_for: None,
                    slot: None,
                },
                Item::Game {
                    white,
                    black,
                    result,
                } => Pairing {
                    board: BoardNo::FIRST,
                    white,
                    black: Some(black),
                    bye_points: None,
                    games: result.into_iter().collect(),
                    team_match: None,
                    decided_for: None,
                    slot: None,
                },
            })
            .collect();
        // Games first, byes last; board numbers in that order.
        pairings.sort_by_key(|p| p.black.is_none());
        for (i, p) in pairings.iter_mut().enumerate() {
            p.board = BoardNo::from_index(i);
        }
        event.rounds.push(Round {
            number: RoundNo::from_index(r),
            pairings,
            explanation: Vec::new(),
        });
    }
    // Byes the file declares: H and F in a paired round were the players' own, not the
    // pairing's; in a round to come every entry is a request.
    let mut requests = Vec::new();
    for (&player, list) in &entries {
        for (r, e) in list.iter().enumerate() {
            let Some(e) = e else { continue };
            let kind = match (r < paired, e.result) {
                (_, 'H' | '=') if e.opponent.is_none() => ByeKind::Half,
                (_, 'F') if e.opponent.is_none() => ByeKind::Full,
                (false, 'Z' | '-' | ' ') => ByeKind::Zero,
                (false, other) => {
                    return Err(syntax(
                        lines.get(&player).copied().unwrap_or(0),
                        &round_columns(r),
                        &format!(
                            "round {} is not paired yet (no game in it), so {other:?} cannot be read: a round to come takes H, F or Z",
                            r + 1
                        ),
                    ));
                }
                _ => continue,
            };
            requests.push((player, r, kind));
        }
    }
    if event.rounds_planned == 0 {
        event.rounds_planned = total as u32;
    }
    event.started = true;
    for (player, r, kind) in requests {
        let round = RoundNo::from_index(r);
        if r < paired {
            event.requested_byes.push(crate::event::RequestedBye {
                entrant: player,
                round,
                kind,
            });
        } else {
            event.request_bye(player, round, kind).map_err(|e| {
                inconsistent(
                    lines.get(&player).copied().unwrap_or(0),
                    &round_columns(r),
                    &format!("round {round}: the file asks a bye for player {player}: {e}"),
                )
            })?;
        }
    }
    event
        .validate()
        .map_err(|e| TrfError::Meaning(e.to_string()))?;
    let warnings = check_points(&event, &stated);
    Ok(Import {
        event,
        warnings,
        notes: Vec::new(),
    })
}

/// Each player's points as the file states them (columns 81–84) against the points of
/// the rounds read, one line per player who differs, with the rounds' points. A file
/// may count a bye requested for the round to come; that is no difference.
pub(super) fn check_points(
    event: &Event,
    stated: &BTreeMap<EntrantNo, (Score, usize)>,
) -> Vec<String> {
    // A team event's entrants are the teams; its players' points are not tallied.
    if event.is_team_event() {
        return Vec::new();
    }
    let ctx = crate::tiebreak::Context::new(event);
    let mut out = Vec::new();
    for (&player, &(given, line)) in stated {
        let Some(tally) = ctx.tallies.get(&player) else {
            continue;
        };
        let per_round: Vec<(RoundNo, Score)> = event
            .rounds
            .iter()
            .map(|r| {
                let pts = tally
                    .encounters
                    .iter()
                    .filter(|e| e.round == r.number)
                    .map(|e| e.primary(ctx.format))
                    .sum();
                (r.number, pts)
            })
            .collect();
        let counted: Score = per_round.iter().map(|(_, p)| *p).sum();
        let ahead: Score = event
            .requested_byes
            .iter()
            .filter(|b| b.entrant == player && b.round.index() >= event.rounds.len())
            .map(|b| b.kind.points())
            .sum();
        if given == counted || given == counted + ahead {
            continue;
        }
        let rounds: Vec<String> = per_round
            .iter()
            .map(|(r, p)| format!("round {r}: {p}"))
            .collect();
        out.push(format!(
            "line {line}, columns 81-84: player {player} ({}) has {given} points in the file, {counted} from the rounds read ({})",
            event.entrant_name(player),
            if rounds.is_empty() {
                "no round".to_owned()
            } else {
                rounds.join(", ")
            }
        ));
    }
    out
}

/// Columns of round `r`'s (0-based) block.
fn round_columns(r: usize) -> String {
    let col = FIRST_ROUND_COLUMN + r * ROUND_WIDTH;
    format!("{col}-{}", col + 7)
}

fn inconsistent(line: usize, columns: &str, message: &str) -> TrfError {
    TrfError::Inconsistent {
        line,
        columns: columns.into(),
        message: message.into(),
    }
}

/// The lines of a text, each without its end: LF, CRLF and CR alone all end a line
/// (old Mac files use CR alone).
fn split_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match rest.find(['\n', '\r']) {
            Some(i) => {
                out.push(rest.get(..i).unwrap_or(""));
                let skip = if rest.get(i..i + 2) == Some("\r\n") {
                    2
                } else {
                    1
                };
                rest = rest.get(i + skip..).unwrap_or("");
            }
            None => {
                out.push(rest);
                rest = "";
            }
        }
    }
    out
}

/// Reads the lines: header, players (checked to be numbered 1..n) and team records.
pub(super) fn parse(text: &str) -> Result<Parsed, TrfError> {
    let mut event = Event::new("", System::Swiss);
    event.settings.draw_by_lot = false;
    let mut entries: BTreeMap<EntrantNo, Vec<Option<Entry>>> = BTreeMap::new();
    let mut lines = BTreeMap::new();
    let mut stated = BTreeMap::new();
    let mut team_records = Vec::new();
    let all = split_lines(text);
    for (i, raw) in all.iter().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end();
        if line.len() < 3 {
            continue;
        }
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(4..).unwrap_or("").trim();
        match code {
            "012" => event.name = rest.to_owned(),
            "042" => event.start_date = rest.replace('/', "-"),
            "052" => event.end_date = rest.replace('/', "-"),
            "122" => event.time_control = rest.to_owned(),
            "XXR" => {
                event.rounds_planned = rest
                    .parse()
                    .map_err(|_| syntax(line_no, "5-", "XXR needs a number of rounds"))?;
            }
            "001" => {
                let (player, points, rounds) = player_line(line, line_no)?;
                if entries.contains_key(&player.number) {
                    return Err(syntax(
                        line_no,
                        "5-8",
                        &format!("start number {} appears twice", player.number),
                    ));
                }
                entries.insert(player.number, rounds);
                lines.insert(player.number, line_no);
                if let Some(points) = points {
                    stated.insert(player.number, (points, line_no));
                }
                event.players.push(player);
            }
            "013" | "310" | "352" | "320" => team_records.push((line_no, line.to_owned())),
            _ => {}
        }
    }
    if event.players.is_empty() {
        return Err(TrfError::NoPlayers { lines: all.len() });
    }
    event.players.sort_by_key(|p| p.number);
    for (i, p) in event.players.iter().enumerate() {
        if p.number.index() != i {
            return Err(TrfError::Meaning(format!(
                "start numbers must run 1..{}; {} is missing",
                event.players.len(),
                i + 1
            )));
        }
    }
    Ok(Parsed {
        event,
        entries,
        lines,
        stated,
        team_records,
    })
}

/// The byes and games of round `r` (0-based), each game once; absences are left out.
pub(super) fn round_items(
    entries: &BTreeMap<EntrantNo, Vec<Option<Entry>>>,
    lines: &BTreeMap<EntrantNo, usize>,
    r: usize,
) -> Result<Vec<Item>, TrfError> {
    let mut items = Vec::new();
    for (&player, list) in entries {
        let Some(Some(e)) = list.get(r) else { continue };
        let Some(opponent) = e.opponent else {
            let points = match e.result {
                // The pairing-allocated bye: `U` in TRF-16, `+` as Swiss-Manager and
                // TRF-2026's sample write it.
                'U' | '+' | 'F' => Score::ONE,
                'H' | '=' => Score::HALF,
                // A zero-point bye, a forfeit without an opponent or no result:
                // the player was not paired (TRF-16 writes absence as 'Z').
                'Z' | ' ' | '-' => continue,
                other => {
                    return Err(syntax(
                        lines.get(&player).copied().unwrap_or(0),
                        &round_columns(r),
                        &format!(
                            "round {}: result {other:?} without an opponent (a round without one takes U, +, F, H, =, Z or -)",
                            r + 1
                        ),
                    ));
                }
            };
            items.push(Item::Bye { player, points });
            continue;
        };
        if opponent == player {
            return Err(TrfError::Meaning(format!(
                "round {}: {player} is listed as its own opponent",
                r + 1
            )));
        }
        let other = entries
            .get(&opponent)
            .and_then(|l| l.get(r).copied().flatten())
            .ok_or_else(|| {
                TrfError::Meaning(format!(
                    "round {}: {player} lists opponent {opponent} who has no entry",
                    r + 1,
                ))
            })?;
        if other.opponent != Some(player) {
            return Err(TrfError::Meaning(format!(
                "round {}: {player} lists {opponent} but {opponent} lists {}",
                r + 1,
                other.opponent.map_or(0, EntrantNo::get)
            )));
        }
        // Each game once: from White's line (or the lower number when unplayed).
        let is_white = match (e.color, other.color) {
            ('w', _) => true,
            ('b', _) => false,
            (_, 'b') => true,
            (_, 'w') => false,
            _ => player < opponent,
        };
        if !is_white {
            continue;
        }
        let result = game_result(e.result, other.result).ok_or_else(|| {
            TrfError::Meaning(format!(
                "round {}: results {:?} for {player} and {:?} for {opponent} do not agree",
                r + 1,
                e.result,
                other.result,
            ))
        })?;
        items.push(Item::Game {
            white: player,
            black: opponent,
            result,
        });
    }
    Ok(items)
}

/// White's and Black's result codes to a game result; `None` if they disagree, and
/// `Some(None)` for a game not yet played.
fn game_result(white: char, black: char) -> Option<Option<GameResult>> {
    let forfeit = || String::new();
    Some(Some(match (white, black) {
        ('1', '0') | ('W', 'L') => GameResult::WhiteWins,
        ('0', '1') | ('L', 'W') => GameResult::BlackWins,
        ('=', '=') | ('D', 'D') => GameResult::Draw,
        ('+', '-') => GameResult::WhiteWinsByForfeit { reason: forfeit() },
        ('-', '+') => GameResult::BlackWinsByForfeit { reason: forfeit() },
        ('-', '-') => GameResult::DoubleForfeit { reason: forfeit() },
        (' ', ' ') => return Some(None),
        _ => return None,
    }))
}

pub(super) fn syntax(line: usize, columns: &str, message: &str) -> TrfError {
    TrfError::Syntax {
        line,
        columns: columns.into(),
        message: message.into(),
    }
}

/// Columns `from..=to` (1-based, counted in characters so that UTF-8 names keep the
/// columns) of a line, trimmed; empty if the line is shorter.
pub(super) fn field(line: &[char], from: usize, to: usize) -> String {
    let start = from.saturating_sub(1);
    let end = to.min(line.len());
    if start >= end {
        return String::new();
    }
    line.get(start..end)
        .map(|c| c.iter().collect::<String>().trim().to_owned())
        .unwrap_or_default()
}

/// A player line: the player, the points stated (columns 81–84), each round's entry.
type PlayerLine = (Player, Option<Score>, Vec<Option<Entry>>);

fn player_line(line: &str, line_no: usize) -> Result<PlayerLine, TrfError> {
    let line: Vec<char> = line.chars().collect();
    let line = line.as_slice();
    let number: EntrantNo = field(line, 5, 8)
        .parse()
        .map_err(|_| syntax(line_no, "5-8", "start number is not a number from 1"))?;
    let mut player = Player::named(field(line, 15, 47));
    player.number = number;
    let rating = field(line, 49, 52);
    if !rating.is_empty() {
        player.rating = Some(
            rating
                .parse()
                .map_err(|_| syntax(line_no, "49-52", "rating is not a number"))?,
        );
    }
    let points = field(line, 81, 84);
    let points = if points.is_empty() {
        None
    } else {
        Some(
            Score::parse(&points)
                .filter(|p| *p >= Score::ZERO)
                .ok_or_else(|| {
                    syntax(
                        line_no,
                        "81-84",
                        &format!("points {points:?} are not a number of points"),
                    )
                })?,
        )
    };
    let born = field(line, 70, 79);
    if let Some(y) = born.get(..4).and_then(|y| y.parse().ok()) {
        player.birth_year = Some(y);
    }
    let mut rounds = Vec::new();
    let mut col = FIRST_ROUND_COLUMN;
    while col <= line.len() {
        let cols = format!("{col}-{}", col + 7);
        let opp = field(line, col, col + 3);
        let color = line.get(col + 4).copied().unwrap_or(' ');
        let result = line.get(col + 6).copied().unwrap_or(' ');
        if opp.is_empty() && color == ' ' && result == ' ' {
            rounds.push(None);
        } else {
            // `0000` or blanks: no opponent (lichess writes blanks for `H` and `U`).
            let opponent = if opp.is_empty() {
                None
            } else {
                let n: u32 = opp.parse().map_err(|_| {
                    syntax(
                        line_no,
                        &cols,
                        &format!("opponent {opp:?} is not a start number, 0000 or blank"),
                    )
                })?;
                EntrantNo::new(n)
            };
            if !matches!(color, 'w' | 'b' | '-' | ' ') {
                return Err(syntax(
                    line_no,
                    &cols,
                    &format!("colour {color:?} is not w, b or -"),
                ));
            }
            if !matches!(
                result,
                '1' | '0' | '=' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z' | ' '
            ) {
                return Err(syntax(
                    line_no,
                    &cols,
                    &format!("result {result:?} is not a TRF result code"),
                ));
            }
            rounds.push(Some(Entry {
                opponent,
                color,
                result,
            }));
        }
        col += ROUND_WIDTH;
    }
    Ok((player, points, rounds))
}
