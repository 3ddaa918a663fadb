//! Reading a team event: the teams from TRF-2026 `310` records (or TRF-16 `013` lines
//! when there are none), the matches from the members' games, board order and colours
//! checked against `352`, team byes from `320`, and the `310` points checked against the
//! games.
//!
//! The inverse of the export: a match is the games between two teams' players in one
//! round; each team's board order is the order of its players in the registered order
//! (the order of the team record); the first-listed team is the one whose colours on
//! those boards are `352`'s (White on odd boards when there is no `352`).

use std::collections::BTreeMap;

use crate::error::TrfError;
use crate::event::{Entrants, Event, ImportedColours, Pairing, Round, System, TeamMatch};
use crate::numbers::{BoardNo, EntrantNo, RoundNo};
use crate::result::Color;
use crate::result::GameResult;
use crate::score::Score;
use crate::scoring::tallies;
use crate::team::{LineupMode, Team};

use super::read::{
    Import, Item, Parsed, check_points as check_player_points, field, round_items, syntax,
};
use super::{FIRST_ROUND_COLUMN, ROUND_WIDTH};

/// A team as its `310` or `013` record gives it.
struct TeamRecord {
    /// Line of the record.
    line: usize,
    /// `310` or `013`.
    code: &'static str,
    /// Team pairing number (`013`: the line's place among the `013` lines).
    number: EntrantNo,
    name: String,
    /// `310` match points, if given.
    match_points: Option<Score>,
    /// `310` game points, if given.
    game_points: Option<Score>,
    /// Members' start numbers in registered order, with the columns of their field.
    members: Vec<(EntrantNo, String)>,
    /// First column of the members.
    members_from: usize,
}

/// One board game of a match, seen from the lower-numbered team.
#[derive(Clone)]
struct BoardGame {
    /// The lower-numbered team's player.
    low: EntrantNo,
    /// The other team's player.
    high: EntrantNo,
    /// Whether `low` had White.
    low_white: bool,
    /// The result in the game's colours.
    result: GameResult,
}

/// The teams' byes of record `320`.
struct TeamByes {
    line: usize,
    /// Points of one bye.
    points: Score,
    /// The team with the bye in each round (`None` for none, written `000`), with the
    /// columns of its field.
    teams: Vec<(Option<EntrantNo>, String)>,
}

fn inconsistent(line: usize, columns: impl Into<String>, message: impl Into<String>) -> TrfError {
    TrfError::Inconsistent {
        line,
        columns: columns.into(),
        message: message.into(),
    }
}

/// A number in columns `from..=to`; `None` when blank.
fn number(
    line: &[char],
    line_no: usize,
    from: usize,
    to: usize,
    what: &str,
) -> Result<Option<u32>, TrfError> {
    let text = field(line, from, to);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| {
        syntax(
            line_no,
            &format!("{from}-{to}"),
            &format!("{what} {text:?} is not a number"),
        )
    })
}

/// Points in columns `from..=to` (`5.0`, `4.5`); `None` when blank.
fn points(
    line: &[char],
    line_no: usize,
    from: usize,
    to: usize,
    what: &str,
) -> Result<Option<Score>, TrfError> {
    let text = field(line, from, to);
    if text.is_empty() {
        return Ok(None);
    }
    Score::parse(&text)
        .filter(|s| *s >= Score::ZERO)
        .map(Some)
        .ok_or_else(|| {
            syntax(
                line_no,
                &format!("{from}-{to}"),
                &format!("{what} {text:?} are not a number of points"),
            )
        })
}

/// Start numbers from column `first`, four columns each with one blank between them.
fn members(
    line: &[char],
    line_no: usize,
    first: usize,
) -> Result<Vec<(EntrantNo, String)>, TrfError> {
    let mut out = Vec::new();
    let mut col = first;
    while col <= line.len() {
        let cols = format!("{col}-{}", col + 3);
        let text = field(line, col, col + 3);
        let n = text.parse::<EntrantNo>().ok().ok_or_else(|| {
            syntax(
                line_no,
                &cols,
                &format!("member {text:?} is not a start number"),
            )
        })?;
        // Column col + 4 (index col + 3) separates two members.
        if let Some(c) = line.get(col + 3)
            && *c != ' '
        {
            return Err(syntax(
                line_no,
                &(col + 4).to_string(),
                &format!(
                    "{c:?} where a blank separates two members (fields of four columns from column {first}, in steps of five)"
                ),
            ));
        }
        out.push((n, cols));
        col += 5;
    }
    if out.is_empty() {
        return Err(syntax(
            line_no,
            &format!("{first}-"),
            "the team has no members",
        ));
    }
    Ok(out)
}

/// TRF-2026 `310`: pairing number 5–7, name 9–40, nickname 42–46, strength 48–53, match
/// points 55–60, game points 62–67, rank 69–71, members from 74.
fn record_310(line_no: usize, text: &str) -> Result<TeamRecord, TrfError> {
    let line: Vec<char> = text.chars().collect();
    let line = line.as_slice();
    let number = number(line, line_no, 5, 7, "team pairing number")?
        .and_then(EntrantNo::new)
        .ok_or_else(|| syntax(line_no, "5-7", "the team pairing number is missing"))?;
    let name = field(line, 9, 40);
    if name.is_empty() {
        return Err(syntax(line_no, "9-40", "the team name is missing"));
    }
    // Read to refuse a malformed field; the strength and rank follow from the players'
    // ratings and the standings.
    self::number(line, line_no, 48, 53, "strength")?;
    let match_points = points(line, line_no, 55, 60, "match points")?;
    let game_points = points(line, line_no, 62, 67, "game points")?;
    self::number(line, line_no, 69, 71, "rank")?;
    Ok(TeamRecord {
        line: line_no,
        code: "310",
        number,
        name,
        match_points,
        game_points,
        members: members(line, line_no, 74)?,
        members_from: 74,
    })
}

/// TRF-16 `013`: name 5–36, members from 37; the team's number is its place among the
/// `013` lines.
fn record_013(line_no: usize, text: &str, place: usize) -> Result<TeamRecord, TrfError> {
    let line: Vec<char> = text.chars().collect();
    let line = line.as_slice();
    let name = field(line, 5, 36);
    if name.is_empty() {
        return Err(syntax(line_no, "5-36", "the team name is missing"));
    }
    Ok(TeamRecord {
        line: line_no,
        code: "013",
        number: EntrantNo::from_index(place),
        name,
        match_points: None,
        game_points: None,
        members: members(line, line_no, 37)?,
        members_from: 37,
    })
}

/// TRF-2026 `352`: the first-listed team's colour on each board, from column 5.
fn board_colours(line_no: usize, text: &str) -> Result<Vec<char>, TrfError> {
    let seq: Vec<char> = text.chars().skip(4).collect();
    if seq.is_empty() {
        return Err(syntax(
            line_no,
            "5-",
            "352 needs the first team's colour on each board (W or B)",
        ));
    }
    seq.iter()
        .enumerate()
        .map(|(i, c)| match c.to_ascii_uppercase() {
            'W' => Ok('W'),
            'B' => Ok('B'),
            _ => Err(syntax(
                line_no,
                &(5 + i).to_string(),
                &format!("board colour {c:?} is not W or B"),
            )),
        })
        .collect()
}

/// TRF-2026 `320`: a bye's match points 5–8 and game points 10–13, then the team with the
/// bye in each round, three columns each from column 15 in steps of four.
fn team_byes(
    line_no: usize,
    text: &str,
    boards: usize,
    teams: &[Team],
) -> Result<TeamByes, TrfError> {
    let line: Vec<char> = text.chars().collect();
    let line = line.as_slice();
    let missing =
        |cols: &str, what: &str| syntax(line_no, cols, &format!("the bye's {what} are missing"));
    let match_points = points(line, line_no, 5, 8, "match points")?
        .ok_or_else(|| missing("5-8", "match points"))?;
    let game_points = points(line, line_no, 10, 13, "game points")?
        .ok_or_else(|| missing("10-13", "game points"))?;
    // A bye counts as a won, drawn or lost match: two match points per point (S4 ch.2
    // §6.2.1), and its points on every board.
    if match_points.quarters() % 2 != 0 {
        return Err(inconsistent(
            line_no,
            "5-8",
            format!("a bye's match points are twice its points; {match_points} is not"),
        ));
    }
    let bye = Score::from_quarters(match_points.quarters() / 2);
    let expected = Score::from_quarters(bye.quarters() * boards as i64);
    if game_points != expected {
        return Err(inconsistent(
            line_no,
            "10-13",
            format!(
                "320 gives a bye {game_points} game points; a bye of {bye} point(s) ({match_points} match points) on {boards} board(s) gives {expected}"
            ),
        ));
    }
    let mut out = Vec::new();
    let mut col = 15;
    while col <= line.len() {
        let cols = format!("{col}-{}", col + 2);
        let text = field(line, col, col + 2);
        let team: u32 = text.parse().map_err(|_| {
            syntax(
                line_no,
                &cols,
                &format!("team {text:?} is not a team pairing number"),
            )
        })?;
        let team = EntrantNo::new(team);
        if let Some(team) = team
            && !teams.iter().any(|t| t.number == team)
        {
            return Err(inconsistent(
                line_no,
                cols,
                format!("there is no team {team}"),
            ));
        }
        if let Some(c) = line.get(col + 2)
            && *c != ' '
        {
            return Err(syntax(
                line_no,
                &(col + 3).to_string(),
                &format!("{c:?} where a blank separates two rounds' teams"),
            ));
        }
        out.push((team, cols));
        col += 4;
    }
    Ok(TeamByes {
        line: line_no,
        points: bye,
        teams: out,
    })
}

/// Columns of round `r`'s (0-based) block, and of its colour.
fn block_columns(r: usize) -> (String, String) {
    let col = FIRST_ROUND_COLUMN + r * ROUND_WIDTH;
    (format!("{col}-{}", col + 7), (col + 5).to_string())
}

/// Reads a TRF file with team records as a team event of `system`.
pub(super) fn build(parsed: Parsed, system: System) -> Result<Import, TrfError> {
    let Parsed {
        mut event,
        entries,
        lines,
        stated,
        team_records,
    } = parsed;
    event.system = system;
    let mut t310 = Vec::new();
    let mut t013 = Vec::new();
    let mut colours: Option<(usize, Vec<char>)> = None;
    let mut byes_line: Option<(usize, &str)> = None;
    for (line_no, text) in &team_records {
        match text.get(..3) {
            Some("310") => t310.push(record_310(*line_no, text)?),
            Some("013") => t013.push(record_013(*line_no, text, t013.len())?),
            Some("352") => {
                if let Some((first, _)) = colours {
                    return Err(syntax(
                        *line_no,
                        "1-3",
                        &format!("a second 352 record (the first is on line {first})"),
                    ));
                }
                // `WBWB…` is this event's rule (docs/competition.md §2), `BWBW…` the same
                // with the teams the other way round; another sequence (`WBBW`) is the
                // convention of the event the file comes from, kept for its rounds.
                let c = board_colours(*line_no, text)?;
                colours = Some((*line_no, c));
            }
            Some("320") => {
                if let Some((first, _)) = byes_line {
                    return Err(syntax(
                        *line_no,
                        "1-3",
                        &format!("a second 320 record (the first is on line {first})"),
                    ));
                }
                byes_line = Some((*line_no, text));
            }
            _ => {}
        }
    }
    let with_310 = !t310.is_empty();
    let records = if with_310 {
        t310
    } else {
        std::mem::take(&mut t013)
    };
    let teams = teams_of(&records, &event, &lines)?;
    if with_310 {
        check_013_against_310(&t013, &records)?;
    }
    let team_of: BTreeMap<EntrantNo, EntrantNo> = teams
        .iter()
        .flat_map(|t| t.members.iter().map(move |m| (*m, t.number)))
        .collect();
    let name = |n: EntrantNo| {
        teams
            .iter()
            .find(|t| t.number == n)
            .map_or_else(String::new, |t| t.name.clone())
    };
    let line_of = |p: EntrantNo| lines.get(&p).copied().unwrap_or(0);

    // Each round's matches: the games between two teams' players.
    let tr_rounds = entries.values().map(Vec::len).max().unwrap_or(0);
    let mut matches: Vec<BTreeMap<(EntrantNo, EntrantNo), Vec<BoardGame>>> =
        Vec::with_capacity(tr_rounds);
    for r in 0..tr_rounds {
        let (block, colour_col) = block_columns(r);
        let round = r + 1;
        let mut opponents: BTreeMap<EntrantNo, (EntrantNo, EntrantNo)> = BTreeMap::new();
        let mut games: BTreeMap<(EntrantNo, EntrantNo), Vec<BoardGame>> = BTreeMap::new();
        for item in round_items(&entries, &lines, r)? {
            let (white, black, result) = match item {
                Item::Bye { player, .. } => {
                    return Err(inconsistent(
                        line_of(player),
                        block,
                        format!(
                            "round {round}: player {player} has a bye of their own; a team event's byes are the teams' (320)"
                        ),
                    ));
                }
                Item::Game {
                    white,
                    black,
                    result,
                } => (white, black, result),
            };
            let colour = |p: EntrantNo| {
                entries
                    .get(&p)
                    .and_then(|l| l.get(r).copied().flatten())
                    .map_or(' ', |e| e.color)
            };
            if colour(white) != 'w' || colour(black) != 'b' {
                return Err(inconsistent(
                    line_of(white),
                    colour_col,
                    format!(
                        "round {round}: the board game of {white} and {black} needs the colours w and b, not {:?} and {:?}",
                        colour(white),
                        colour(black)
                    ),
                ));
            }
            let Some(result) = result else {
                return Err(inconsistent(
                    line_of(white),
                    block,
                    format!(
                        "round {round}: the game of {white} and {black} has no result; a team match is read with every board's result"
                    ),
                ));
            };
            let (Some(&tw), Some(&tb)) = (team_of.get(&white), team_of.get(&black)) else {
                return Err(TrfError::Meaning(format!(
                    "round {round}: {white} or {black} is in no team"
                )));
            };
            if tw == tb {
                return Err(inconsistent(
                    line_of(white),
                    block,
                    format!(
                        "round {round}: {white} and {black} are both members of team {tw} ({})",
                        name(tw)
                    ),
                ));
            }
            for (team, other, player) in [(tw, tb, white), (tb, tw, black)] {
                match opponents.get(&team) {
                    Some(&(met, through)) if met != other => {
                        return Err(inconsistent(
                            line_of(player),
                            block,
                            format!(
                                "round {round}: team {team} ({}) meets team {met} ({}) through player {through} (line {}) and team {other} ({}) through player {player}",
                                name(team),
                                name(met),
                                line_of(through),
                                name(other)
                            ),
                        ));
                    }
                    Some(_) => {}
                    None => {
                        opponents.insert(team, (other, player));
                    }
                }
            }
            let game = if tw < tb {
                BoardGame {
                    low: white,
                    high: black,
                    low_white: true,
                    result,
                }
            } else {
                BoardGame {
                    low: black,
                    high: white,
                    low_white: false,
                    result,
                }
            };
            games
                .entry((tw.min(tb), tw.max(tb)))
                .or_default()
                .push(game);
        }
        matches.push(games);
    }

    // Boards: 352's length, or the largest match (or the smallest team without any).
    let boards = match &colours {
        Some((_, c)) => c.len(),
        None => matches
            .iter()
            .flat_map(|m| m.values().map(Vec::len))
            .max()
            .or_else(|| teams.iter().map(|t| t.members.len()).min())
            .unwrap_or(1),
    };
    let boards_u8 = u8::try_from(boards)
        .map_err(|_| TrfError::Meaning(format!("{boards} boards a match; at most 255 are read")))?;
    let pattern: Vec<char> = match &colours {
        Some((_, c)) => c.clone(),
        None => (0..boards)
            .map(|b| if b % 2 == 0 { 'W' } else { 'B' })
            .collect(),
    };
    let source = match &colours {
        Some((line, c)) => format!(
            "352 (line {line}) gives the first team {}",
            c.iter().collect::<String>()
        ),
        None => format!(
            "without 352 the first team has {}",
            pattern.iter().collect::<String>()
        ),
    };
    // 352's colours follow this event's rule (alternating) or another convention's.
    let foreign = pattern.windows(2).any(|w| w[0] == w[1]);
    let byes = match byes_line {
        Some((line, text)) => Some(team_byes(line, text, boards, &teams)?),
        None => None,
    };
    let rounds = tr_rounds.max(byes.as_ref().map_or(0, |b| b.teams.len()));
    matches.resize_with(rounds, BTreeMap::new);

    let mut in_order = true;
    for (r, round_matches) in matches.into_iter().enumerate() {
        let round = RoundNo::from_index(r);
        let mut pairings = Vec::with_capacity(round_matches.len() + 1);
        for ((low, high), games) in round_matches {
            let (Some(lt), Some(ht)) = (
                teams.iter().find(|t| t.number == low),
                teams.iter().find(|t| t.number == high),
            ) else {
                continue;
            };
            let m = team_match(r, lt, ht, games, (&pattern, foreign), &source, &line_of)?;
            in_order &= m.in_order;
            pairings.push(m.pairing);
        }
        if let Some(b) = &byes
            && let Some((Some(team), cols)) = b.teams.get(r)
        {
            if let Some(p) = pairings.iter().find(|p| p.involves(*team))
                && let Some(other) = p.opponent_of(*team)
            {
                return Err(inconsistent(
                    b.line,
                    cols.clone(),
                    format!(
                        "round {round}: team {team} ({}) has the bye here but plays team {other} ({}) in the players' lines",
                        name(*team),
                        name(other)
                    ),
                ));
            }
            pairings.push(Pairing {
                board: BoardNo::FIRST,
                white: *team,
                black: None,
                bye_points: Some(b.points),
                games: Vec::new(),
                team_match: None,
                decided_for: None,
                slot: None,
            });
        }
        // TRF keeps no table numbers: matches by their lower team number, the bye last.
        pairings.sort_by_key(|p| (p.black.is_none(), p.white.min(p.black.unwrap_or(p.white))));
        for (i, p) in pairings.iter_mut().enumerate() {
            p.board = BoardNo::from_index(i);
        }
        event.rounds.push(Round {
            number: round,
            pairings,
            explanation: Vec::new(),
        });
    }
    // TRF does not say how teams set out their players: line-ups in the registered order
    // throughout read as ordered substitutes (S4 ch.2 §4), any other as free line-ups.
    let lineup = if in_order {
        LineupMode::OrderedSubstitutes
    } else {
        LineupMode::FreeLineup
    };
    event.entrants = Entrants::Team {
        boards: boards_u8,
        lineup,
    };
    event.teams = teams;
    if event.rounds_planned == 0 {
        event.rounds_planned = rounds as u32;
    }
    event.started = true;
    for r in &event.rounds {
        for p in &r.pairings {
            let (Some(tm), Some(black)) = (&p.team_match, p.black) else {
                continue;
            };
            for (team, l) in [(p.white, &tm.white_lineup), (black, &tm.black_lineup)] {
                if let Some(t) = event.team(team) {
                    t.validate_lineup(l, boards, lineup)
                        .map_err(|e| TrfError::Meaning(format!("round {}: {e}", r.number)))?;
                }
            }
        }
    }
    let mut notes = Vec::new();
    if foreign {
        let given: String = pattern.iter().collect();
        event.imported_colours = Some(ImportedColours {
            through_round: event.rounds.len() as u32,
            first_team: pattern
                .iter()
                .map(|c| {
                    if *c == 'W' {
                        Color::White
                    } else {
                        Color::Black
                    }
                })
                .collect(),
        });
        notes.push(format!(
            "rounds 1-{} keep the file's board colours {given} ({source}); rounds paired from now on give the first team White on odd boards",
            event.rounds.len()
        ));
    }
    check_points(&event, &records)?;
    event
        .validate()
        .map_err(|e| TrfError::Meaning(e.to_string()))?;
    let warnings = check_player_points(&event, &stated);
    Ok(Import {
        event,
        warnings,
        notes,
    })
}

/// When both are present, the `013` lines must list the `310` teams' members, team by
/// team in team-number order (as the export writes them).
fn check_013_against_310(t013: &[TeamRecord], t310: &[TeamRecord]) -> Result<(), TrfError> {
    for r in t013 {
        let listed: Vec<EntrantNo> = r.members.iter().map(|m| m.0).collect();
        let in_310 = t310.iter().find(|t| t.number == r.number);
        let agrees =
            in_310.is_some_and(|t| t.members.iter().map(|m| m.0).eq(listed.iter().copied()));
        if !agrees {
            let other = in_310.map_or_else(
                || format!("310 has no team {}", r.number),
                |t| {
                    format!(
                        "310 (line {}) gives team {} the members {:?}",
                        t.line,
                        t.number,
                        t.members.iter().map(|m| m.0).collect::<Vec<_>>()
                    )
                },
            );
            return Err(inconsistent(
                r.line,
                format!("{}-", r.members_from),
                format!(
                    "013 team {} ({}) lists the members {listed:?}; {other}",
                    r.number, r.name
                ),
            ));
        }
    }
    if t013.len() != t310.len() && !t013.is_empty() {
        return Err(TrfError::Meaning(format!(
            "{} teams in 013 lines, {} in 310 records",
            t013.len(),
            t310.len()
        )));
    }
    Ok(())
}

/// The teams of the records, in team-number order (numbers 1..n), each player a member
/// of exactly one team.
fn teams_of(
    records: &[TeamRecord],
    event: &Event,
    lines: &BTreeMap<EntrantNo, usize>,
) -> Result<Vec<Team>, TrfError> {
    let mut member_of: BTreeMap<EntrantNo, &TeamRecord> = BTreeMap::new();
    let mut numbers: BTreeMap<EntrantNo, usize> = BTreeMap::new();
    for r in records {
        if let Some(first) = numbers.insert(r.number, r.line) {
            return Err(inconsistent(
                r.line,
                "5-7",
                format!("team pairing number {} is also on line {first}", r.number),
            ));
        }
        for (m, cols) in &r.members {
            if event.player(*m).is_none() {
                return Err(inconsistent(
                    r.line,
                    cols.clone(),
                    format!(
                        "team {} ({}): member {m} has no 001 player line",
                        r.number, r.name
                    ),
                ));
            }
            if let Some(other) = member_of.insert(*m, r) {
                return Err(inconsistent(
                    r.line,
                    cols.clone(),
                    format!(
                        "player {m} is listed for team {} ({}) and, on line {}, for team {} ({})",
                        r.number, r.name, other.line, other.number, other.name
                    ),
                ));
            }
        }
    }
    for (i, n) in numbers.keys().enumerate() {
        if n.index() != i {
            return Err(TrfError::Meaning(format!(
                "team pairing numbers must run 1..{}; {} is missing",
                numbers.len(),
                i + 1
            )));
        }
    }
    if let Some(p) = event
        .players
        .iter()
        .find(|p| !member_of.contains_key(&p.number))
    {
        let code = records.first().map_or("310", |r| r.code);
        return Err(inconsistent(
            lines.get(&p.number).copied().unwrap_or(0),
            "5-8",
            format!("player {} is a member of no team ({code})", p.number),
        ));
    }
    let mut teams: Vec<Team> = records
        .iter()
        .map(|r| Team {
            number: r.number,
            name: r.name.clone(),
            region: String::new(),
            members: r.members.iter().map(|m| m.0).collect(),
            violations: 0,
            withdrawal: None,
        })
        .collect();
    teams.sort_by_key(|t| t.number);
    Ok(teams)
}

/// A match rebuilt from its games.
struct Match {
    pairing: Pairing,
    /// Whether both line-ups keep the registered order.
    in_order: bool,
}

/// The match of teams `low` and `high` (lower number first) in round `r` (0-based): board
/// order by the registered order, the first team by the colours.
fn team_match(
    r: usize,
    low: &Team,
    high: &Team,
    games: Vec<BoardGame>,
    (pattern, foreign): (&[char], bool),
    source: &str,
    line_of: &dyn Fn(EntrantNo) -> usize,
) -> Result<Match, TrfError> {
    let round = r + 1;
    let (block, colour_col) = block_columns(r);
    let first_line = games.first().map_or(0, |g| line_of(g.low));
    if games.len() != pattern.len() {
        return Err(inconsistent(
            first_line,
            block,
            format!(
                "round {round}: teams {} ({}) and {} ({}) meet on {} board(s); the event has {} ({source})",
                low.number,
                low.name,
                high.number,
                high.name,
                games.len(),
                pattern.len()
            ),
        ));
    }
    let place =
        |t: &Team, p: EntrantNo| t.members.iter().position(|m| *m == p).unwrap_or(usize::MAX);
    let mut by_low = games.clone();
    by_low.sort_by_key(|g| place(low, g.low));
    let mut by_high = games;
    by_high.sort_by_key(|g| place(high, g.high));
    let opposite = |c: char| if c == 'W' { 'B' } else { 'W' };
    let colour = |g: &BoardGame| if g.low_white { 'W' } else { 'B' };
    // The order that keeps both teams' registered order, when there is one; otherwise
    // (free line-ups, where TRF cannot tell the boards apart) the first that fits the
    // colours, the lower-numbered team's registered order first.
    let mut fallback: Option<Match> = None;
    for order in [&by_low, &by_high] {
        let low_first = order.iter().zip(pattern).all(|(g, p)| colour(g) == *p);
        let high_first = order
            .iter()
            .zip(pattern)
            .all(|(g, p)| colour(g) == opposite(*p));
        if !low_first && !high_first {
            continue;
        }
        let in_order = order.windows(2).all(|w| {
            place(low, w[0].low) < place(low, w[1].low)
                && place(high, w[0].high) < place(high, w[1].high)
        });
        let lows: Vec<EntrantNo> = order.iter().map(|g| g.low).collect();
        let highs: Vec<EntrantNo> = order.iter().map(|g| g.high).collect();
        // The event's first team is White on board 1: 352's first team, unless 352 gives
        // it Black there (`BWBW…`). With another convention's colours (`WBBW`) it is
        // 352's first team, whose colours the event keeps.
        let first_is_352s = foreign || pattern.first() == Some(&'W');
        let (first, second, white_lineup, black_lineup) = if low_first == first_is_352s {
            (low.number, high.number, lows, highs)
        } else {
            (high.number, low.number, highs, lows)
        };
        let m = Match {
            pairing: Pairing {
                board: BoardNo::FIRST,
                white: first,
                black: Some(second),
                bye_points: None,
                games: Vec::new(),
                team_match: Some(TeamMatch {
                    white_lineup,
                    black_lineup,
                    boards: order.iter().map(|g| vec![g.result.clone()]).collect(),
                }),
                decided_for: None,
                slot: None,
            },
            in_order,
        };
        if in_order {
            return Ok(m);
        }
        fallback.get_or_insert(m);
    }
    if let Some(m) = fallback {
        return Ok(m);
    }
    // Neither team's registered order gives colours that fit: name the first board of
    // the lower team (in its registered order) whose colour breaks the pattern, the
    // first team being the one that board 1's colour makes it.
    let low_first = by_low
        .first()
        .is_some_and(|g| Some(&colour(g)) == pattern.first());
    let first = if low_first { low } else { high };
    let Some((k, g, due)) = by_low.iter().enumerate().find_map(|(k, g)| {
        let due = pattern.get(k).copied().unwrap_or('W');
        let due = if low_first { due } else { opposite(due) };
        (colour(g) != due).then_some((k, g, due))
    }) else {
        return Err(TrfError::Meaning(format!(
            "round {round}: the board colours of teams {} and {} do not fit {source}",
            low.number, high.number
        )));
    };
    let name = |c: char| if c == 'W' { "White" } else { "Black" };
    Err(inconsistent(
        line_of(g.low),
        colour_col,
        format!(
            "round {round}: player {}, on board {} of team {} ({}) by the registered order, has {}; {source} and the second team the opposite, which with team {} ({}) first gives team {} {} on board {}",
            g.low,
            k + 1,
            low.number,
            low.name,
            name(colour(g)),
            first.number,
            first.name,
            low.number,
            name(due),
            k + 1,
        ),
    ))
}

/// Each `310` record's match and game points against the event's own count from the
/// games and byes read (the standings' count: S4 ch.2 §6.2.1).
fn check_points(event: &Event, records: &[TeamRecord]) -> Result<(), TrfError> {
    let tallies = tallies(event);
    for r in records {
        let (mp, gp) = tallies
            .get(&r.number)
            .map_or((Score::ZERO, Score::ZERO), |t| {
                (t.match_points(), t.game_points())
            });
        for (given, counted, cols, what) in [
            (r.match_points, mp, "55-60", "match points"),
            (r.game_points, gp, "62-67", "game points"),
        ] {
            if let Some(given) = given
                && given != counted
            {
                return Err(inconsistent(
                    r.line,
                    cols,
                    format!(
                        "team {} ({}): 310 gives {given} {what}, the games give {counted}",
                        r.number, r.name
                    ),
                ));
            }
        }
    }
    Ok(())
}
