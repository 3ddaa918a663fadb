//! Reading TRF-16 into an event.

use std::collections::BTreeMap;

use crate::error::TrfError;
use crate::event::{Event, Pairing, Round, System};
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

/// Reads TRF-16 text as an event of `system`; rounds and results are rebuilt from the
/// player lines and checked for consistency (both sides of every game must agree). A
/// file with team records (TRF-2026 `310` or TRF-16 `013`) is read as a team event (see
/// the module documentation).
pub fn read(text: &str, system: System) -> Result<Event, TrfError> {
    let parsed = parse(text)?;
    if parsed
        .team_records
        .iter()
        .any(|(_, l)| l.starts_with("310") || l.starts_with("013"))
    {
        return super::teams::build(parsed, system);
    }
    let Parsed {
        mut event, entries, ..
    } = parsed;
    event.system = system;
    let rounds = entries.values().map(Vec::len).max().unwrap_or(0);
    for r in 0..rounds {
        let mut pairings: Vec<Pairing> = round_items(&entries, r)?
            .into_iter()
            .map(|item| match item {
                Item::Bye { player, points } => Pairing {
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
    if event.rounds_planned == 0 {
        event.rounds_planned = rounds as u32;
    }
    event.started = true;
    event
        .validate()
        .map_err(|e| TrfError::Meaning(e.to_string()))?;
    Ok(event)
}

/// Reads the lines: header, players (checked to be numbered 1..n) and team records.
pub(super) fn parse(text: &str) -> Result<Parsed, TrfError> {
    let mut event = Event::new("", System::Swiss);
    event.settings.draw_by_lot = false;
    let mut entries: BTreeMap<EntrantNo, Vec<Option<Entry>>> = BTreeMap::new();
    let mut lines = BTreeMap::new();
    let mut team_records = Vec::new();
    for (i, raw) in text.lines().enumerate() {
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
                let (player, rounds) = player_line(line, line_no)?;
                if entries.contains_key(&player.number) {
                    return Err(syntax(
                        line_no,
                        "5-8",
                        &format!("start number {} appears twice", player.number),
                    ));
                }
                entries.insert(player.number, rounds);
                lines.insert(player.number, line_no);
                event.players.push(player);
            }
            "013" | "310" | "352" | "320" => team_records.push((line_no, line.to_owned())),
            _ => {}
        }
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
        team_records,
    })
}

/// The byes and games of round `r` (0-based), each game once; absences are left out.
pub(super) fn round_items(
    entries: &BTreeMap<EntrantNo, Vec<Option<Entry>>>,
    r: usize,
) -> Result<Vec<Item>, TrfError> {
    let mut items = Vec::new();
    for (&player, list) in entries {
        let Some(Some(e)) = list.get(r) else { continue };
        let Some(opponent) = e.opponent else {
            let points = match e.result {
                'U' | 'F' => Score::ONE,
                'H' => Score::HALF,
                // A zero-point bye, a forfeit without an opponent or no result:
                // the player was not paired (TRF-16 writes absence as 'Z').
                'Z' | ' ' | '-' => continue,
                other => {
                    return Err(TrfError::Meaning(format!(
                        "player {player}, round {}: result {other:?} without an opponent",
                        r + 1
                    )));
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

fn player_line(line: &str, line_no: usize) -> Result<(Player, Vec<Option<Entry>>), TrfError> {
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
            let opponent: u32 = opp
                .parse()
                .map_err(|_| syntax(line_no, &cols, "opponent is not a number"))?;
            let opponent = EntrantNo::new(opponent);
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
    Ok((player, rounds))
}
