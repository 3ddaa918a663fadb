//! Replaying a log: the game, both clocks and every counter are rebuilt from the lines alone.
//! The log is the source of truth; nothing else is read.
//!
//! ```
//! use shatar_arbiter::replay;
//! let log = r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"time_control":"1800"}}}
//! {"v":1,"t":0,"by":"arbiter","event":"start"}
//! {"v":1,"t":12000,"by":"white","event":{"move":"e2e4"}}
//! {"v":1,"t":9000,"by":"black","event":{"move":"e7e5"}}
//! "#;
//! let err = replay(log).unwrap_err();
//! assert_eq!(err.line(), Some(4));
//! assert_eq!(err.to_string(), "line 4: time went backwards: 9000 ms after 12000 ms");
//! ```

use crate::error::LogError;
use crate::game::ArbiterGame;
use crate::log::LogEntry;

/// Replays a whole log.
pub fn replay(text: &str) -> Result<ArbiterGame, LogError> {
    replay_lines(text, None)
}

/// Replays the first `lines` lines of a log (the state after event `lines`; line 1 opens the
/// game). The rest of the log must still be well-formed: it is checked too.
pub fn replay_at(text: &str, lines: usize) -> Result<ArbiterGame, LogError> {
    replay_lines(text, Some(lines))
}

fn replay_lines(text: &str, stop: Option<usize>) -> Result<ArbiterGame, LogError> {
    let mut game: Option<ArbiterGame> = None;
    let mut at_stop: Option<ArbiterGame> = None;
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        count = number;
        let entry: LogEntry = line.parse().map_err(|error| LogError::Parse {
            line: number,
            error,
        })?;
        match &mut game {
            None => {
                game = Some(ArbiterGame::open(&entry).map_err(|error| LogError::Apply {
                    line: number,
                    error,
                })?);
            }
            Some(g) => g.apply_in_place(&entry).map_err(|error| LogError::Apply {
                line: number,
                error,
            })?,
        }
        if stop == Some(number) {
            at_stop = game.clone();
        }
    }
    let Some(game) = game else {
        return Err(LogError::Empty);
    };
    match stop {
        None => Ok(game),
        Some(at) => at_stop.ok_or(LogError::Beyond { lines: count, at }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{ApplyError, ParseLogEntryError};

    #[test]
    fn empty_and_headless_logs_are_refused() {
        assert_eq!(replay("").unwrap_err(), LogError::Empty);
        let err = replay(r#"{"v":1,"t":0,"by":"arbiter","event":"start"}"#).unwrap_err();
        assert_eq!(
            err,
            LogError::Apply {
                line: 1,
                error: ApplyError::Open
            }
        );
        let err = replay("{\"v\":1,\"t\":0,\"by\":\"arbiter\",\"event\":{\"open\":{\"time_control\":\"60\"}}}\n\nx").unwrap_err();
        assert_eq!(
            err,
            LogError::Parse {
                line: 2,
                error: ParseLogEntryError::Empty
            }
        );
    }
}
