//! An over-the-board game's log, kept on the server as it happens: the arbiter library's
//! JSON lines ([`shatar_arbiter::log`]), one log per board of a round. The server writes the
//! first line (`open`, with the event's ruleset, time control and players); the board's
//! tablet sends the rest, and its times are the log's (the tablet is the clock). Time 0 is
//! the round's start as the board saw it, the scheduled start from which lateness counts
//! (a player absent past the event's default time loses by `no-show`).
//!
//! Sending is idempotent, for a tablet that sends again what it is not sure arrived: lines
//! are numbered from 1 (the `open` line), a request gives the number of its first line, lines
//! the server has already are accepted again if they say the same, and only the lines past
//! the stored ones are new. Every new line must replay on the stored ones by the library's
//! rules; a request is stored whole or not at all. When the log ends the game, its result
//! is the board's result in the event ([`result_of`]).

use super::state::EventState;
use crate::i18n::Msg;
use shatar_arbiter::log::{Actor, Event as LogEvent, Header, LogEntry};
use shatar_arbiter::{ArbiterGame, Reason};
use shatar_rules::outcome::Outcome;
use shatar_tournament::{BoardNo, GameResult, RoundNo};

/// The most lines one board's log holds (a long game with every press, offer and claim is a
/// few hundred).
pub const MAX_LINES: usize = 5_000;
/// The most bytes of one line as stored.
pub const MAX_LINE_BYTES: usize = 2_000;

/// Why a board has no log, or lines were not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardLogError {
    /// The event is played online (its games are the site's live games) or is a team
    /// event (whose boards are inside matches).
    NotOverTheBoard(Msg),
    /// No such round or board, or the board is a bye.
    NoBoard(Msg),
    /// The event's settings do not make a log's header.
    Header(Msg),
    /// The request's first line is past the stored lines: some lines are missing.
    Gap {
        /// Lines stored.
        stored: usize,
        /// The first line sent.
        from: usize,
    },
    /// A line sent again says something else than the stored one.
    Contradicts {
        /// Its number.
        line: usize,
    },
    /// A line the library refuses (not an entry, or an event that cannot happen there).
    Refused {
        /// Its number.
        line: usize,
        /// The library's reason (English).
        reason: String,
    },
    /// A line only the arbiter may send, sent through a board link.
    ArbiterOnly {
        /// Its number.
        line: usize,
        /// The event's name in the log.
        event: &'static str,
    },
    /// The log would grow past [`MAX_LINES`], or a line past [`MAX_LINE_BYTES`].
    TooLong {
        /// The line at fault.
        line: usize,
    },
}

impl BoardLogError {
    /// The refusal in words.
    pub fn message(&self) -> Msg {
        match self {
            BoardLogError::NotOverTheBoard(m)
            | BoardLogError::NoBoard(m)
            | BoardLogError::Header(m) => m.clone(),
            BoardLogError::Gap { stored, from } => Msg::new("board-log-gap")
                .arg("stored", *stored)
                .arg("from", *from)
                .arg("next", stored + 1),
            BoardLogError::Contradicts { line } => {
                Msg::new("board-log-contradicts").arg("line", *line)
            }
            BoardLogError::Refused { line, reason } => Msg::new("board-log-refused")
                .arg("line", *line)
                .arg("reason", reason.clone()),
            BoardLogError::ArbiterOnly { line, event } => Msg::new("board-log-arbiter-only")
                .arg("line", *line)
                .arg("event", *event),
            BoardLogError::TooLong { line } => Msg::new("board-log-too-long")
                .arg("line", *line)
                .arg("max_lines", MAX_LINES)
                .arg("max_bytes", MAX_LINE_BYTES),
        }
    }
}

/// Whether the event's boards keep logs: individual events played over the board, one
/// game a pairing.
pub fn keeps_logs(state: &EventState) -> Result<(), BoardLogError> {
    let refused = |m| Err(BoardLogError::NotOverTheBoard(m));
    let event = &state.event;
    if state.online.is_some() {
        refused(Msg::new("board-log-online-event"))
    } else if event.is_team_event() {
        refused(Msg::new("board-log-team-event"))
    } else if event.games_per_pairing != 1 {
        refused(Msg::new("board-log-several-games").arg("games", event.games_per_pairing))
    } else {
        Ok(())
    }
}

/// The first line of board `board`'s log in round `round` of the event: the event's ruleset
/// and time control, and the pairing's players (the first-listed has White).
pub fn open_line(
    state: &EventState,
    round: RoundNo,
    board: BoardNo,
) -> Result<LogEntry, BoardLogError> {
    keeps_logs(state)?;
    let event = &state.event;
    let no_board = || {
        BoardLogError::NoBoard(
            Msg::new("board-log-no-board")
                .arg("round", round)
                .arg("board", board),
        )
    };
    let pairing = event
        .rounds
        .get(round.index())
        .and_then(|r| r.pairings.iter().find(|p| p.board == board))
        .ok_or_else(no_board)?;
    let black = pairing.black.ok_or_else(no_board)?;
    let time_control = event.time_control.parse().map_err(|e| {
        BoardLogError::Header(
            Msg::new("board-log-time-control")
                .arg("value", format!("{:?}", event.time_control))
                .arg_msg("reason", crate::refusals::time_control_error(&e)),
        )
    })?;
    let ruleset = if event.ruleset.is_empty() {
        "competition"
    } else {
        &event.ruleset
    };
    let mut header = Header::new(ruleset, time_control);
    header.white = event.player(pairing.white).map(|p| p.name.clone());
    header.black = event.player(black).map(|p| p.name.clone());
    header.scheduled_start_ms = Some(0);
    header.late_limit_ms = u64::from(state.default_time_min) * 60_000;
    header.clock_only = !state.score_sheet;
    let entry = LogEntry::new(0, Actor::Arbiter, LogEvent::Open(header));
    // The header must open a game: a ruleset the rules core does not know is named now,
    // not on the tablet's first line.
    ArbiterGame::open(&entry).map_err(|e| {
        BoardLogError::Header(Msg::new("board-log-header").arg("reason", e.to_string()))
    })?;
    Ok(entry)
}

/// What a request adds to a log: the new lines as stored, and the game after them.
#[derive(Debug, Clone)]
pub struct Merged {
    /// The lines past the stored ones, in their stored form.
    pub new: Vec<String>,
    /// The game after every line.
    pub game: ArbiterGame,
}

/// Whether a board link (the players at the board, no arbiter) may send `entry`: the
/// players' own events, and the clock's start and a fallen flag, which anyone at the board
/// sees. Violations, rulings, added time, corrections, adjournments, defaults and decisions
/// are the arbiter's, behind the arbiter's own sign-in.
pub fn from_the_board(entry: &LogEntry) -> bool {
    match entry.by {
        Actor::White | Actor::Black => true,
        Actor::Arbiter => matches!(entry.event, LogEvent::Start | LogEvent::Flag),
    }
}

/// Who sends lines: the event's staff, or the board's link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sender {
    /// An organiser or arbiter of the event: any line.
    Staff,
    /// The board's link: the lines [`from_the_board`] allows.
    Link,
}

/// Lines `sent` (numbered from `from`, 1 being the `open` line) on top of the `stored`
/// lines: each line already stored must be the same entry; the rest must replay, and come
/// from someone who may send them.
pub fn merge(
    stored: &[String],
    from: usize,
    sent: &[LogEntry],
    sender: Sender,
) -> Result<Merged, BoardLogError> {
    let from = from.max(1);
    if from > stored.len() + 1 {
        return Err(BoardLogError::Gap {
            stored: stored.len(),
            from,
        });
    }
    let mut game = replay(stored)?;
    let mut new = Vec::new();
    for (k, entry) in sent.iter().enumerate() {
        let line = from + k;
        let text = entry.to_string();
        if let Some(old) = stored.get(line - 1) {
            // Compared as entries: the same event written with other spacing or key order
            // is the same line.
            if old.parse::<LogEntry>().ok().as_ref() != Some(entry) {
                return Err(BoardLogError::Contradicts { line });
            }
            continue;
        }
        if line > MAX_LINES || text.len() > MAX_LINE_BYTES {
            return Err(BoardLogError::TooLong { line });
        }
        if sender == Sender::Link && !from_the_board(entry) {
            return Err(BoardLogError::ArbiterOnly {
                line,
                event: entry.event.name(),
            });
        }
        game.apply(entry).map_err(|e| BoardLogError::Refused {
            line,
            reason: e.to_string(),
        })?;
        new.push(text);
    }
    Ok(Merged { new, game })
}

/// The game of the stored lines (which the server wrote or checked, so they replay).
pub fn replay(stored: &[String]) -> Result<ArbiterGame, BoardLogError> {
    let text: String = stored.iter().flat_map(|l| [l.as_str(), "\n"]).collect();
    shatar_arbiter::replay(&text).map_err(|e| BoardLogError::Refused {
        line: e.line().unwrap_or(1),
        reason: e.to_string(),
    })
}

/// The board's result in the event once the log has ended the game: over the board, or by
/// default when a player did not arrive in time (S4 ch.1 §5 一.5).
pub fn result_of(game: &ArbiterGame) -> Option<GameResult> {
    let end = game.result()?;
    let reason = || end.to_string();
    Some(match (&end.reason, end.outcome) {
        (Reason::LateArrival, Outcome::Decisive { winner }) => {
            GameResult::forfeit_won_by(winner, reason())
        }
        (_, outcome) => GameResult::played(outcome),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(t: u64, by: Actor, event: LogEvent) -> LogEntry {
        LogEntry::new(t, by, event)
    }

    fn opened() -> Vec<String> {
        let mut header = Header::new("competition", "1800".parse().unwrap());
        header.scheduled_start_ms = Some(0);
        vec![entry(0, Actor::Arbiter, LogEvent::Open(header)).to_string()]
    }

    fn start_and_e4() -> Vec<LogEntry> {
        vec![
            entry(0, Actor::Arbiter, LogEvent::Start),
            entry(5_000, Actor::White, LogEvent::Move("e2e4".into())),
        ]
    }

    #[test]
    fn lines_sent_again_are_taken_once() {
        let mut stored = opened();
        let first = merge(&stored, 2, &start_and_e4(), Sender::Staff).unwrap();
        assert_eq!(first.new.len(), 2);
        stored.extend(first.new);
        // The same two again, and one more: only the third is new.
        let mut again = start_and_e4();
        again.push(entry(9_000, Actor::Black, LogEvent::Move("e7e5".into())));
        let second = merge(&stored, 2, &again, Sender::Staff).unwrap();
        assert_eq!(
            second.new,
            [r#"{"v":1,"t":9000,"by":"black","event":{"move":"e7e5"}}"#]
        );
        assert_eq!(second.game.game().moves().len(), 2);
        // Sending the open line itself again is fine too.
        let open: LogEntry = stored[0].parse().unwrap();
        assert!(
            merge(&stored, 1, &[open], Sender::Staff)
                .unwrap()
                .new
                .is_empty()
        );
    }

    #[test]
    fn a_different_line_a_gap_and_a_bad_line_are_refused() {
        let mut stored = opened();
        stored.extend(
            merge(&stored, 2, &start_and_e4(), Sender::Staff)
                .unwrap()
                .new,
        );
        let other = [entry(5_000, Actor::White, LogEvent::Move("d2d4".into()))];
        assert_eq!(
            merge(&stored, 3, &other, Sender::Staff).unwrap_err(),
            BoardLogError::Contradicts { line: 3 }
        );
        let later = [entry(9_000, Actor::Black, LogEvent::Move("e7e5".into()))];
        assert_eq!(
            merge(&stored, 5, &later, Sender::Staff).unwrap_err(),
            BoardLogError::Gap { stored: 3, from: 5 }
        );
        // White again: the library's own refusal, on the line it is on.
        let twice = [
            entry(9_000, Actor::Black, LogEvent::Move("e7e5".into())),
            entry(9_500, Actor::Black, LogEvent::Move("d7d5".into())),
        ];
        assert_eq!(
            merge(&stored, 4, &twice, Sender::Staff).unwrap_err(),
            BoardLogError::Refused {
                line: 5,
                reason: "black moved, but it is not black's turn".into()
            }
        );
    }

    #[test]
    fn a_link_sends_the_players_lines_and_not_the_arbiter_s() {
        let stored = opened();
        assert!(merge(&stored, 2, &start_and_e4(), Sender::Link).is_ok());
        let decide = [
            entry(0, Actor::Arbiter, LogEvent::Start),
            entry(
                1_000,
                Actor::Arbiter,
                LogEvent::Decide {
                    result: "1-0".into(),
                    reason: "said so".into(),
                },
            ),
        ];
        assert_eq!(
            merge(&stored, 2, &decide, Sender::Link).unwrap_err(),
            BoardLogError::ArbiterOnly {
                line: 3,
                event: "decide"
            }
        );
        assert!(merge(&stored, 2, &decide, Sender::Staff).is_ok());
    }

    #[test]
    fn a_resignation_and_a_default_are_the_board_s_result() {
        let mut stored = opened();
        let mut lines = start_and_e4();
        lines.push(entry(6_000, Actor::Black, LogEvent::Resign));
        let merged = merge(&stored, 2, &lines, Sender::Staff).unwrap();
        assert_eq!(result_of(&merged.game), Some(GameResult::WhiteWins));
        stored.extend(merged.new);
        assert_eq!(
            result_of(&replay(&stored).unwrap()),
            Some(GameResult::WhiteWins)
        );

        // Black not there 15 minutes after the start: White wins by default.
        let late = [
            entry(0, Actor::White, LogEvent::Arrive),
            entry(0, Actor::Arbiter, LogEvent::Start),
            entry(
                15 * 60_000 + 1,
                Actor::Arbiter,
                LogEvent::NoShow {
                    player: shatar_rules::Color::Black,
                },
            ),
        ];
        let merged = merge(&opened(), 2, &late, Sender::Staff).unwrap();
        assert!(matches!(
            result_of(&merged.game),
            Some(GameResult::WhiteWinsByForfeit { .. })
        ));
    }
}
