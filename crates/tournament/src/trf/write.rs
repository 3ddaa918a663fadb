//! Writing TRF-16.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::error::TrfError;
use crate::event::{Entrants, Event, Pairing, Round};
use crate::numbers::{EntrantNo, RoundNo};
use crate::pairing::swiss::acceleration::virtual_points;
use crate::result::{Color, GameResult};
use crate::score::Score;
use crate::scoring::tallies;
use crate::standings::standings;
use crate::team::{LineupMode, Team};

/// One player's 8-column entry for one TRF round: opponent, colour, result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block {
    opponent: Option<EntrantNo>,
    color: char,
    result: char,
}

impl Block {
    /// A zero-point absence: not paired (withdrawn, eliminated, cancelled opponent).
    const ABSENT: Block = Block {
        opponent: None,
        color: '-',
        result: 'Z',
    };

    /// No entry: a round to come that the player has asked nothing for.
    const BLANK: Block = Block {
        opponent: None,
        color: ' ',
        result: ' ',
    };

    fn text(self) -> String {
        if self == Block::BLANK {
            return " ".repeat(8);
        }
        match self.opponent {
            None => format!("0000 {} {}", self.color, self.result),
            Some(o) => format!("{:>4} {} {}", o, self.color, self.result),
        }
    }

    fn points(self) -> Score {
        match self.result {
            '1' | '+' | 'W' | 'U' | 'F' => Score::ONE,
            '=' | 'D' | 'H' => Score::HALF,
            _ => Score::ZERO,
        }
    }
}

/// Writes an event as TRF-16 text.
///
/// Each game is one TRF round: an event with two games per pairing writes two rounds per
/// pairing round (the second with colours swapped); extra games of a knock-out match are
/// not written. A team event writes every member's games, with the colours of their
/// boards (the first team White on odd boards), the number of teams (`082`), the boards'
/// colours (TRF-2026 `352`), one TRF-16 team line per team (`013`: name in columns 5–36,
/// the members' start numbers from column 37 in steps of five), one TRF-2026 team record
/// per team (`310`: pairing number, name, strength, match and game points, rank,
/// members, in the columns the module documentation gives) and the teams' byes (`320`,
/// when one record can hold them). All-play-all team matches, where a player has
/// several games in one round, are refused.
pub fn write(event: &Event) -> Result<String, TrfError> {
    if let Entrants::Team {
        lineup: LineupMode::AllPlayAll,
        ..
    } = event.entrants
    {
        return Err(TrfError::Meaning(
            "all-play-all team matches give a player several games in one round, which TRF \
             cannot hold"
                .into(),
        ));
    }
    let games = usize::from(event.games_per_pairing.max(1));
    let mut rounds: Vec<BTreeMap<EntrantNo, Block>> = event
        .rounds
        .iter()
        .flat_map(|r| (0..games).map(move |k| round_blocks(event, r, k)))
        .collect();
    // Rounds to come: the byes asked for them (TRF `H`, `F`, `Z`), as pairing programs
    // read a round about to be paired; the other players have no entry.
    let paired = rounds.len();
    if games == 1 && !event.is_team_event() {
        let last = event
            .requested_byes
            .iter()
            .filter(|b| b.round.index() >= event.rounds.len())
            .map(|b| b.round.index() + 1)
            .max()
            .unwrap_or(0);
        for r in event.rounds.len()..last {
            rounds.push(
                event
                    .requested_byes
                    .iter()
                    .filter(|b| b.round.index() == r)
                    .map(|b| {
                        (
                            b.entrant,
                            Block {
                                opponent: None,
                                color: '-',
                                result: b.kind.trf_code(),
                            },
                        )
                    })
                    .collect(),
            );
        }
    }
    let mut out = String::new();
    let line = |out: &mut String, code: &str, text: &str| {
        let _ = writeln!(out, "{code} {text}");
    };
    line(&mut out, "012", &event.name);
    if !event.start_date.is_empty() {
        line(&mut out, "042", &event.start_date.replace('-', "/"));
    }
    if !event.end_date.is_empty() {
        line(&mut out, "052", &event.end_date.replace('-', "/"));
    }
    line(&mut out, "062", &event.players.len().to_string());
    if let Entrants::Team { boards, .. } = event.entrants {
        line(&mut out, "082", &event.teams.len().to_string());
        line(&mut out, "352", &board_colours(event, boards));
    }
    line(&mut out, "092", &format!("Shatar {}", event.system.code()));
    if !event.time_control.is_empty() {
        line(&mut out, "122", &event.time_control);
    }
    // TRF(x): total rounds (games), and the first player's colour in round 1.
    line(
        &mut out,
        "XXR",
        &(event.rounds_planned as usize * games).to_string(),
    );
    if !event.is_team_event()
        && let Some(first) = event.rounds.first()
        && let Some(p) = first
            .pairings
            .iter()
            .find(|p| p.involves(EntrantNo::FIRST) && p.black.is_some())
    {
        line(
            &mut out,
            "XXC",
            if p.white == EntrantNo::FIRST {
                "white1"
            } else {
                "black1"
            },
        );
    }
    // Points and places: the standings' for individual one-game events; otherwise (team
    // events, several games a pairing, where the standings count matches) the players'
    // own game points, ranked by them, as TRF's points column sums the games written.
    let (points, ranks): (BTreeMap<EntrantNo, Score>, BTreeMap<EntrantNo, u32>) = if event
        .is_team_event()
        || games > 1
    {
        let points: BTreeMap<EntrantNo, Score> = event
            .players
            .iter()
            .map(|p| {
                let s = rounds
                    .iter()
                    .filter_map(|r| r.get(&p.number))
                    .fold(Score::ZERO, |acc, b| acc + b.points());
                (p.number, s)
            })
            .collect();
        let mut order: Vec<EntrantNo> = points.keys().copied().collect();
        order.sort_by(|a, b| points[b].cmp(&points[a]).then(a.cmp(b)));
        let mut ranks = BTreeMap::new();
        for (i, n) in order.iter().enumerate() {
            let place = match i.checked_sub(1).and_then(|j| order.get(j)) {
                Some(prev) if points[prev] == points[n] => ranks.get(prev).copied().unwrap_or(0),
                _ => i as u32 + 1,
            };
            ranks.insert(*n, place);
        }
        (points, ranks)
    } else {
        let table = standings(event);
        let ctx = crate::tiebreak::Context::new(event);
        let points = event
            .players
            .iter()
            .map(|p| (p.number, ctx.primary(p.number)))
            .collect();
        let ranks = table.lines.iter().map(|l| (l.entrant, l.place)).collect();
        (points, ranks)
    };
    for p in &event.players {
        let mut row = String::with_capacity(200);
        let _ = write!(
            row,
            "001 {:>4}      {:<33.33} {:>4} {:<3.3} {:>11} {:<10.10} {:>4} {:>4}",
            p.number,
            p.name,
            p.rating.map_or(String::new(), |r| r.to_string()),
            "",
            "",
            p.birth_year.map_or(String::new(), |y| y.to_string()),
            format!(
                "{:.1}",
                points
                    .get(&p.number)
                    .copied()
                    .unwrap_or(Score::ZERO)
                    .to_f64()
            ),
            ranks.get(&p.number).copied().unwrap_or(0),
        );
        for (i, r) in rounds.iter().enumerate() {
            let none = if i < paired {
                Block::ABSENT
            } else {
                Block::BLANK
            };
            row.push_str("  ");
            row.push_str(&r.get(&p.number).copied().unwrap_or(none).text());
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    // TRF(x) `XXA`: each accelerated player's virtual points, round by round, as
    // bbpPairings and JaVaFo read them (player in columns 5-8, then a 4-column field
    // every 5 columns from column 10).
    if !event.is_team_event() && games == 1 {
        let accelerated: Vec<Vec<(EntrantNo, i64)>> = (1..=event.rounds_planned)
            .filter_map(RoundNo::new)
            .map(|r| virtual_points(event, r))
            .take_while(|v| !v.is_empty())
            .collect();
        for p in &event.players {
            let fields: Vec<i64> = accelerated
                .iter()
                .map(|v| {
                    v.iter()
                        .find(|(n, _)| *n == p.number)
                        .map_or(0, |(_, h)| *h)
                })
                .collect();
            if fields.iter().any(|h| *h > 0) {
                let mut row = format!("XXA {:>4}", p.number);
                for h in fields {
                    // As the points column writes a score.
                    let _ = write!(row, " {:>4.1}", Score::from_halves(h).to_f64());
                }
                out.push_str(&row);
                out.push('\n');
            }
        }
    }
    for t in &event.teams {
        let mut row = format!("013 {:<32.32}", t.name);
        for (i, m) in t.members.iter().enumerate() {
            if i > 0 {
                row.push(' ');
            }
            let _ = write!(row, "{m:>4}");
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    if event.is_team_event() {
        for row in team_records(event) {
            out.push_str(&row);
            out.push('\n');
        }
        if let Some(row) = pab_record(event) {
            out.push_str(&row);
            out.push('\n');
        }
    }
    Ok(out)
}

/// TRF-2026 record `352`: the first-listed team's colour on each board in its first game,
/// White on odd boards (docs/competition.md §2), so `WBWB` for four boards.
///
/// An event whose rounds were all read from a file with other colours writes those
/// (`WBBW`); one record cannot give two sequences, so once the event pairs rounds of its
/// own the record gives its own rule.
fn board_colours(event: &Event, boards: u8) -> String {
    let imported = event.imported_colours.as_ref().filter(|c| {
        !event.rounds.is_empty() && event.rounds.len() as u64 <= u64::from(c.through_round)
    });
    (0..usize::from(boards))
        .map(|b| {
            let colour = match imported.and_then(|c| c.first_team.get(b)) {
                Some(c) => *c,
                None if b % 2 == 0 => Color::White,
                None => Color::Black,
            };
            if colour == Color::White { 'W' } else { 'B' }
        })
        .collect()
}

/// TRF-2026 record `310`, one per team in team-number order, in the columns TRF-2026
/// gives it (and FIDE's tie-break checker reads): team pairing number 5–7, name 9–40,
/// nickname 42–46 (none here), strength 48–53 (the rounded mean rating of the members
/// with a rating, blank when none has one), match points 55–60 and game points 62–67 as
/// the standings count them, rank 69–71 (a shared place is the group's first place; blank
/// for a team the standings leave out, one cancelled under S4 ch.2 §7.1.1), then the
/// members' start numbers in registered order, four columns each from column 74 with
/// one blank between them.
fn team_records(event: &Event) -> Vec<String> {
    let tallies = tallies(event);
    let places: BTreeMap<EntrantNo, u32> = standings(event)
        .lines
        .iter()
        .map(|l| (l.entrant, l.place))
        .collect();
    let mut teams: Vec<&Team> = event.teams.iter().collect();
    teams.sort_by_key(|t| t.number);
    teams
        .into_iter()
        .map(|t| {
            let (match_points, game_points) = tallies
                .get(&t.number)
                .map_or((Score::ZERO, Score::ZERO), |s| {
                    (s.match_points(), s.game_points())
                });
            let ratings: Vec<u64> = t
                .members
                .iter()
                .filter_map(|m| event.player(*m).and_then(|p| p.rating))
                .map(u64::from)
                .collect();
            // Half up: (2 · sum + n) / (2 · n) is the mean rounded to the nearest integer.
            let n = ratings.len() as u64;
            let strength = (2 * ratings.iter().sum::<u64>() + n)
                .checked_div(2 * n)
                .map_or(String::new(), |s| s.to_string());
            let mut row = format!(
                "310 {:>3} {:<32.32} {:<5} {:>6} {:>6.1} {:>6.1} {:>3} ",
                t.number,
                t.name,
                "",
                strength,
                match_points.to_f64(),
                game_points.to_f64(),
                places.get(&t.number).map_or(String::new(), u32::to_string),
            );
            for m in &t.members {
                let _ = write!(row, " {m:>4}");
            }
            row.trim_end().to_owned()
        })
        .collect()
}

/// TRF-2026 record `320`, the teams' pairing-allocated byes: the bye's match points in
/// columns 5–8 and game points in 10–13, then the team with the bye in each round, three
/// columns each from column 15 with one blank between them (`000` for none). A team bye
/// counts as its points on every board and 2 / 1 / 0 match points per point, as the
/// standings count it (S4 ch.2 §6.2.1). TRF-2026 allows one such record, so there is
/// none when one record cannot hold the byes: two games per board (two TRF rounds a
/// pairing round), byes worth different points, or two byes in one round; and none
/// without any team bye.
fn pab_record(event: &Event) -> Option<String> {
    let Entrants::Team { boards, .. } = event.entrants else {
        return None;
    };
    if event.games_per_pairing > 1 {
        return None;
    }
    let mut points: Option<Score> = None;
    let mut teams = Vec::with_capacity(event.rounds.len());
    for r in &event.rounds {
        let byes: Vec<&Pairing> = r.pairings.iter().filter(|p| p.black.is_none()).collect();
        match byes.as_slice() {
            [] => teams.push(0),
            [p] => {
                let pts = p.bye_points.unwrap_or(Score::ZERO);
                if points.is_some_and(|q| q != pts) {
                    return None;
                }
                points = Some(pts);
                teams.push(p.white.get());
            }
            _ => return None,
        }
    }
    let pts = points?;
    let match_points = Score::from_quarters(pts.quarters() * 2);
    let game_points = Score::from_quarters(pts.quarters() * i64::from(boards));
    // The points are four columns wide (`11.5`), the team numbers three.
    if game_points >= Score::from_int(100) || teams.iter().any(|t| *t > 999) {
        return None;
    }
    let mut row = format!(
        "320 {:>4.1} {:>4.1}",
        match_points.to_f64(),
        game_points.to_f64()
    );
    for t in teams {
        let _ = write!(row, " {t:03}");
    }
    Some(row)
}

/// Every player's block in game `k` (0-based) of `round`.
fn round_blocks(event: &Event, round: &Round, k: usize) -> BTreeMap<EntrantNo, Block> {
    let mut out = BTreeMap::new();
    for p in &round.pairings {
        if let Some(tm) = &p.team_match {
            // Board b (0-based): the first team has White in its first game on even b
            // (odd boards counted from 1), colours swapping in each further game.
            for (b, results) in tm.boards.iter().enumerate() {
                let (Some(&first), Some(&second)) =
                    (tm.white_lineup.get(b), tm.black_lineup.get(b))
                else {
                    continue;
                };
                let base = event.first_team_colour(round.number, b);
                let color = if k.is_multiple_of(2) { base } else { !base };
                let result = results.get(k);
                out.insert(first, game_block(second, color, result));
                out.insert(second, game_block(first, !color, result));
            }
            continue;
        }
        if event.is_team_event() {
            // A team bye, or a match decided without line-ups: no player has a game.
            continue;
        }
        let Some(black) = p.black else {
            let block = match event.requested_bye(p.white, round.number) {
                Some(kind) if k == 0 => Block {
                    opponent: None,
                    color: '-',
                    result: kind.trf_code(),
                },
                _ => bye_block(p, k),
            };
            out.insert(p.white, block);
            continue;
        };
        let color = Pairing::first_color_in_game(k);
        let result = p.games.get(k);
        out.insert(p.white, game_block(black, color, result));
        out.insert(black, game_block(p.white, !color, result));
    }
    out
}

/// The bye's block in game `k`: its points spread over the pairing's games, a whole
/// point ('U') per game while they last, then a half ('H'), then none ('Z').
fn bye_block(p: &Pairing, k: usize) -> Block {
    let points = p.bye_points.unwrap_or(Score::ZERO);
    let left = Score::from_quarters(points.quarters() - Score::ONE.quarters() * k as i64);
    let result = if left >= Score::ONE {
        'U'
    } else if left >= Score::HALF {
        'H'
    } else {
        'Z'
    };
    Block {
        opponent: None,
        color: '-',
        result,
    }
}

/// A game against `opponent` in `color`, with its result if there is one.
fn game_block(opponent: EntrantNo, color: Color, game: Option<&GameResult>) -> Block {
    let c = if color == Color::White { 'w' } else { 'b' };
    let Some(g) = game else {
        return Block {
            opponent: Some(opponent),
            color: c,
            result: ' ',
        };
    };
    let result = match g {
        GameResult::WhiteWinsByForfeit { .. } | GameResult::BlackWinsByForfeit { .. } => {
            if g.is_win_for(color) { '+' } else { '-' }
        }
        GameResult::DoubleForfeit { .. } => '-',
        _ => {
            let pts = g.points(color);
            if pts >= Score::ONE {
                '1'
            } else if pts == Score::HALF {
                '='
            } else {
                '0'
            }
        }
    };
    // TRF-16 keeps '-' in the colour column for a player without an opponent; a
    // forfeited game was paired, so it keeps the pairing's colours (readers such as
    // bbpPairings and JaVaFo know from '+' and '-' that they do not count, C.04.3 A.6).
    Block {
        opponent: Some(opponent),
        color: c,
        result,
    }
}
