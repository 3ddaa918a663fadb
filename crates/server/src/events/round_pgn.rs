//! A round's games as PGN, for download and for the tools that follow an event live
//! (broadcast viewers, databases): an over-the-board board from its log ([`board_log`]),
//! with the mover's clock after each move as a `{[%clk h:mm:ss]}` comment, the log's times
//! being the tablet's; a board without a log (results typed in by the arbiter) with its
//! players and result only.
//!
//! The tags are the event's: `Event` its name, `Site` its page, `Round` and `Board` the
//! pairing's, `White` and `Black` the entrants' names, `Result` the event's result for the
//! board (a game still being played is `*`), `TimeControl` the event's, `Termination` in the
//! PGN standard's words, and the arbiter library's reason as the last comment.
//!
//! An online event's round is its live games as the archive writes them
//! ([`crate::archive::pgn_record`]), with the event's `Event`, `Round` and `Board`.
//!
//! [`board_log`]: super::board_log

use super::EventState;
use super::board_log::BoardLogError;
use super::board_sync::{self, BoardError};
use crate::db::events::StoredEvent;
use crate::db::{Db, event_games};
use crate::i18n::Msg;
use shatar_arbiter::log::Event as LogEvent;
use shatar_arbiter::{ArbiterGame, LogEntry, Reason};
use shatar_records::{Record, pgn};
use shatar_tournament::{BoardNo, GameResult, RoundNo};

/// The tags every game of a round shares.
#[derive(Debug, Clone, Copy)]
pub struct RoundTags<'a> {
    /// The event's name.
    pub event: &'a str,
    /// The event page's absolute address.
    pub site: &'a str,
    /// The round.
    pub round: RoundNo,
    /// The event's time control, in the PGN tag's form.
    pub time_control: &'a str,
}

/// One board of the round.
#[derive(Debug, Clone, Copy)]
pub struct Board<'a> {
    /// Its number.
    pub board: BoardNo,
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// Its log's lines: the stored ones, or for a board nobody has opened its `open` line
    /// as the server would write it ([`super::board_log::open_line`]).
    pub log: &'a [String],
    /// When the log's line 1 was stored (Unix ms): the game's date.
    pub origin_ms: Option<i64>,
    /// The board's result in the event, once there is one.
    pub result: Option<&'a GameResult>,
}

/// The PGN `Result` of a board's result in the event: a forfeit counts as the win it is
/// scored as; points the arbiter set otherwise, and a double forfeit, are no game result
/// PGN can say (`*`, the points in a comment).
pub fn pgn_result(result: &GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins | GameResult::WhiteWinsByForfeit { .. } => "1-0",
        GameResult::BlackWins | GameResult::BlackWinsByForfeit { .. } => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::DoubleForfeit { .. } | GameResult::Adjusted { .. } => "*",
    }
}

/// The PGN standard's `Termination` word for how a logged game ended.
pub fn termination(reason: &Reason) -> &'static str {
    match reason {
        Reason::Rules(_)
        | Reason::LastMoveStands(_)
        | Reason::Resignation
        | Reason::Agreement
        | Reason::Claim(_) => "normal",
        Reason::Time(_) => "time forfeit",
        Reason::ThirdViolation | Reason::Scoresheet => "rules infraction",
        Reason::LateArrival => "abandoned",
        Reason::ArbiterDecision(_) => "adjudication",
    }
}

/// The `Termination` word of an event result without a log's reason.
fn termination_of_result(result: &GameResult) -> Option<&'static str> {
    match result {
        GameResult::WhiteWinsByForfeit { .. }
        | GameResult::BlackWinsByForfeit { .. }
        | GameResult::DoubleForfeit { .. } => Some("abandoned"),
        GameResult::Adjusted { .. } => Some("adjudication"),
        GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw => None,
    }
}

/// The comment on a result the arbiter entered: its API form (`+-`, `adj:…`) and, for a
/// forfeit, the reason the arbiter gave.
fn result_comment(result: &GameResult) -> String {
    let written = crate::events::words::write(result);
    match result {
        GameResult::WhiteWinsByForfeit { reason }
        | GameResult::BlackWinsByForfeit { reason }
        | GameResult::DoubleForfeit { reason }
            if !reason.is_empty() =>
        {
            format!("{written} {reason}")
        }
        _ => written,
    }
}

/// The game of a log with the mover's clock after each move of its main line: a move
/// taken back or corrected away takes its clock with it.
fn replay_with_clocks(lines: &[String]) -> Result<(ArbiterGame, Vec<i64>), BoardLogError> {
    let refused = |line: usize, reason: String| BoardLogError::Refused { line, reason };
    let entry = |k: usize| -> Result<LogEntry, BoardLogError> {
        lines[k]
            .parse()
            .map_err(|e: shatar_arbiter::ParseLogEntryError| refused(k + 1, e.to_string()))
    };
    if lines.is_empty() {
        return Err(refused(1, "the log is empty".to_owned()));
    }
    let mut game = ArbiterGame::open(&entry(0)?).map_err(|e| refused(1, e.to_string()))?;
    let mut clocks: Vec<i64> = Vec::new();
    for k in 1..lines.len() {
        let e = entry(k)?;
        let moved = matches!(e.event, LogEvent::Move(_));
        game.apply(&e)
            .map_err(|err| refused(k + 1, err.to_string()))?;
        let plies = game.game().moves().len();
        clocks.truncate(plies);
        if moved && plies == clocks.len() + 1 {
            // The move is the last ply; its mover is the side not to move now.
            let mover = !game.game().position().turn();
            clocks.push(game.remaining_ms(mover));
        }
    }
    Ok((game, clocks))
}

/// A clock as `%clk` writes it (`h:mm:ss`, whole seconds, none below 0).
fn clk(ms: i64) -> String {
    crate::archive::clk(ms)
}

/// Board `b`'s game as a record with the round's tags.
pub fn board_record(tags: RoundTags<'_>, b: Board<'_>) -> Result<Record, BoardLogError> {
    let (game, clocks) = replay_with_clocks(b.log)?;
    let mut record = Record::from_game(game.game());
    for (node, left) in record.moves.iter_mut().zip(&clocks) {
        node.comments.push(format!("[%clk {}]", clk(*left)));
    }
    let t = &mut record.tags;
    t.set("Event", tags.event);
    t.set("Site", tags.site);
    if let Some(ms) = b.origin_ms {
        t.set("Date", crate::archive::pgn_date(ms));
    }
    t.set("Round", tags.round.to_string());
    t.set("Board", b.board.to_string());
    t.set("White", b.white);
    t.set("Black", b.black);
    let logged_end = game.result();
    let result = match (b.result, logged_end) {
        (Some(r), _) => pgn_result(r),
        (None, Some(end)) => end.outcome.pgn(),
        (None, None) => "*",
    };
    t.set("Result", result);
    t.set("TimeControl", tags.time_control);
    let end_words = match (logged_end, b.result) {
        (Some(end), _) => Some((termination(&end.reason), end.to_string())),
        (None, Some(r)) => termination_of_result(r).map(|w| (w, result_comment(r))),
        (None, None) => None,
    };
    if let Some((word, why)) = end_words {
        t.set("Termination", word);
        match record.moves.last_mut() {
            Some(node) => node.comments.push(why),
            None => record.comments.push(why),
        }
    }
    Ok(record)
}

/// The round's boards as one PGN text, board 1 first, games separated by a blank line.
pub fn write_round(tags: RoundTags<'_>, boards: &[Board<'_>]) -> Result<String, BoardLogError> {
    let mut out = String::new();
    for b in boards {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&pgn::write_pgn(&board_record(tags, *b)?));
    }
    Ok(out)
}

/// Why the event's rounds have no PGN, if they have none: an over-the-board team
/// event's games are inside its matches, and an over-the-board event of several games a
/// pairing has no board logs, so neither has moves on the site.
pub fn unavailable(s: &EventState) -> Option<Msg> {
    let e = &s.event;
    if s.online.is_some() {
        None
    } else if e.is_team_event() {
        Some(Msg::new("event-pgn-team-event"))
    } else if e.games_per_pairing != 1 {
        Some(Msg::new("event-pgn-several-games").arg("games", e.games_per_pairing))
    } else {
        None
    }
}

/// Round `round` of the event as PGN, every game board 1 first; `site` is the site's
/// address ([`crate::Config::site_url`]); refused where [`unavailable`] says.
pub async fn of_round(
    db: &Db,
    stored: &StoredEvent,
    round: RoundNo,
    site: &str,
) -> Result<String, BoardError> {
    let s = &stored.state;
    let e = &s.event;
    let no_round = || BoardLogError::NoBoard(Msg::new("event-pgn-no-round").arg("round", round));
    e.rounds.get(round.index()).ok_or_else(no_round)?;
    let page = format!("{site}/events/{}", stored.id);
    let tags = RoundTags {
        event: &e.name,
        site: &page,
        round,
        time_control: &e.time_control,
    };
    if s.online.is_some() {
        return online_round(db, tags, stored, site).await;
    }
    if let Some(why) = unavailable(s) {
        return Err(BoardLogError::NotOverTheBoard(why).into());
    }
    let name = |n| e.player(n).map_or("?", |p| p.name.as_str());
    let round_boards = board_sync::round_boards(db, &stored.id, s, round).await?;
    let boards: Vec<Board<'_>> = round_boards
        .iter()
        .map(|b| Board {
            board: b.pairing.board,
            white: name(b.pairing.white),
            black: name(b.black),
            log: &b.lines,
            origin_ms: b.origin_ms,
            result: b.pairing.games.first(),
        })
        .collect();
    Ok(write_round(tags, &boards)?)
}

/// An online event's round: its live games from the archive, the event's tags set.
async fn online_round(
    db: &Db,
    tags: RoundTags<'_>,
    stored: &StoredEvent,
    site: &str,
) -> Result<String, BoardError> {
    let several = stored.state.event.games_per_pairing > 1;
    let mut out = String::new();
    for g in event_games::of_round(db, &stored.id, tags.round.get()).await? {
        let Some(game) = crate::archive::load(db, &g.game.id).await? else {
            continue;
        };
        let mut record = crate::archive::pgn_record(db, &game, site).await?;
        record.tags.set("Event", tags.event);
        record.tags.set(
            "Round",
            if several {
                format!("{}.{}", tags.round, g.game_no)
            } else {
                tags.round.to_string()
            },
        );
        record.tags.set("Board", g.board.to_string());
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&pgn::write_pgn(&record));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TAGS: RoundTags<'static> = RoundTags {
        event: "Naadam Open",
        site: "https://shatar.example/events/e1",
        round: RoundNo::FIRST,
        time_control: "300+5",
    };

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_owned).collect()
    }

    fn board<'a>(log: &'a [String], result: Option<&'a GameResult>) -> Board<'a> {
        Board {
            board: BoardNo::FIRST,
            white: "Bat",
            black: "Dorj",
            log,
            origin_ms: Some(1_780_000_000_000),
            result,
        }
    }

    /// Worked by hand: 300 s + 5 s a move. White moves at 10 s (300 − 10 + 5 = 295 s
    /// left), Black at 25 s (300 − 15 + 5 = 290 s), White at 40 s (295 − 15 + 5 = 285 s);
    /// Black resigns.
    const FISCHER: &str = r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":"competition","time_control":"300+5","white":"Bat","black":"Dorj","late_limit_ms":900000}}}
{"v":1,"t":0,"by":"arbiter","event":"start"}
{"v":1,"t":10000,"by":"white","event":{"move":"e2e4"}}
{"v":1,"t":25000,"by":"black","event":{"move":"e7e5"}}
{"v":1,"t":40000,"by":"white","event":{"move":"g1f3"}}
{"v":1,"t":50000,"by":"black","event":"resign"}"#;

    #[test]
    fn the_movers_clock_after_each_move() {
        let log = lines(FISCHER);
        let (game, clocks) = replay_with_clocks(&log).unwrap();
        assert_eq!(clocks, [295_000, 290_000, 285_000]);
        assert_eq!(game.game().moves().len(), 3);
        let record = board_record(TAGS, board(&log, None)).unwrap();
        let comments: Vec<&str> = record
            .moves
            .iter()
            .map(|n| n.comments[0].as_str())
            .collect();
        assert_eq!(
            comments,
            ["[%clk 0:04:55]", "[%clk 0:04:50]", "[%clk 0:04:45]"]
        );
        let tag = |k: &str| record.tags.get(k).map(str::to_owned);
        assert_eq!(tag("Event").as_deref(), Some("Naadam Open"));
        assert_eq!(tag("Round").as_deref(), Some("1"));
        assert_eq!(tag("Board").as_deref(), Some("1"));
        assert_eq!(tag("White").as_deref(), Some("Bat"));
        assert_eq!(tag("Black").as_deref(), Some("Dorj"));
        assert_eq!(tag("Result").as_deref(), Some("1-0"));
        assert_eq!(tag("Termination").as_deref(), Some("normal"));
        assert_eq!(tag("TimeControl").as_deref(), Some("300+5"));
        assert_eq!(tag("Date").as_deref(), Some("2026.05.28"));
        // The reason closes the game, after the last move's clock.
        assert_eq!(record.moves[2].comments.len(), 2);
    }

    /// The seed's correction example: White's 20th move is found illegal after Black's
    /// 30th; play goes back to the position before it, so 38 plies stand, each with the
    /// clock it was played with (White's first: 90:00 − 1:00 = 1:29:00).
    #[test]
    fn a_correction_takes_the_moves_clocks_with_it() {
        let text = include_str!("../../../../examples/arbiter/correction-example.jsonl");
        let log = lines(text);
        let (game, clocks) = replay_with_clocks(&log).unwrap();
        assert_eq!(game.game().moves().len(), 38);
        assert_eq!(clocks.len(), 38);
        assert_eq!(clk(clocks[0]), "1:29:00");
        assert_eq!(clk(clocks[1]), "1:29:20");
        let record = board_record(TAGS, board(&log, None)).unwrap();
        assert_eq!(record.moves.len(), 38);
        assert_eq!(record.tags.get("Result"), Some("*"));
        assert_eq!(record.tags.get("Termination"), None);
    }

    /// A board the arbiter scored without a game: its open line only, the forfeit as
    /// the result, its reason in the game's comment.
    #[test]
    fn a_forfeit_without_moves() {
        let log = lines(FISCHER.lines().next().unwrap());
        let forfeit = GameResult::WhiteWinsByForfeit {
            reason: "absent".to_owned(),
        };
        let record = board_record(TAGS, board(&log, Some(&forfeit))).unwrap();
        assert!(record.moves.is_empty());
        assert_eq!(record.tags.get("Result"), Some("1-0"));
        assert_eq!(record.tags.get("Termination"), Some("abandoned"));
        assert_eq!(record.comments, ["+- absent"]);
        let text = write_round(TAGS, &[board(&log, Some(&forfeit))]).unwrap();
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
    }

    #[test]
    fn results_as_pgn_says_them() {
        assert_eq!(pgn_result(&GameResult::Draw), "1/2-1/2");
        assert_eq!(
            pgn_result(&GameResult::BlackWinsByForfeit {
                reason: String::new()
            }),
            "0-1"
        );
        assert_eq!(
            pgn_result(&GameResult::DoubleForfeit {
                reason: String::new()
            }),
            "*"
        );
        assert_eq!(termination(&Reason::LateArrival), "abandoned");
        assert_eq!(termination(&Reason::Resignation), "normal");
    }

    #[test]
    fn a_refused_line_is_named() {
        let mut log = lines(FISCHER);
        log[3] = log[3].replace("e7e5", "e7e3");
        match replay_with_clocks(&log) {
            Err(BoardLogError::Refused { line, .. }) => assert_eq!(line, 4),
            other => panic!("{other:?}"),
        }
    }
}
