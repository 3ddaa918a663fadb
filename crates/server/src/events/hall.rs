//! An over-the-board round as the hall follows it: each board's game from its log, in the
//! same JSON as an online game's glance (`LiveGame::glance`), so that the event page's live
//! boards and the hall screen draw both alike (`static/event_boards.js`).
//!
//! The times of a log are its tablet's, time 0 being when the server stored line 1
//! ([`crate::db::board_logs::origin_ms`]); the running face is read at the server's now on
//! that scale, so the hall's clock goes on between the tablet's lines. A tablet cut off from
//! the network sends its presses later: until then the hall shows the clock still running.

use super::board_log::{self, BoardLogError};
use super::board_sync::RoundBoard;
use crate::board_view;
use serde_json::{Value, json};
use shatar_arbiter::ArbiterGame;
use shatar_rules::Color;

/// Board `b`'s glance at `now_ms` (Unix ms); `white` and `black` are the entrants' names.
pub fn glance(
    b: &RoundBoard<'_>,
    white: &str,
    black: &str,
    now_ms: i64,
) -> Result<Value, BoardLogError> {
    let game = board_log::replay(&b.lines)?;
    let at_ms = log_time(&game, b.origin_ms, now_ms);
    let g = game.game();
    let pos = g.position();
    let clock = game.clock();
    // The event's result first (an arbiter may have entered one without the log); else the
    // log's.
    let result = match b.pairing.games.first() {
        Some(r) => Some(super::words::write(r)),
        None => game.result().map(|r| r.outcome.pgn().to_owned()),
    };
    let ended = result.is_some();
    let running = clock
        .running()
        .filter(|_| !ended && !game.is_adjourned())
        .map(|r| r.color);
    Ok(json!({
        "board": b.pairing.board,
        "white": white,
        "black": black,
        "board_men": board_view::men(pos),
        "last": g.moves().last().map(board_view::squares),
        "check": board_view::checked_king(pos),
        "turn": pos.turn().name(),
        "ply": g.moves().len(),
        "clock": {
            "white_ms": clock.remaining_ms(Color::White, at_ms),
            "black_ms": clock.remaining_ms(Color::Black, at_ms),
            "running": running.map(Color::name),
        },
        "status": if ended { "ended" } else { "started" },
        "result": result,
    }))
}

/// The log's time at `now_ms`: on the tablet's scale from its origin, never before the
/// log's last line (a tablet whose time ran ahead of the server's), and the last line's
/// time for a log without an origin.
fn log_time(game: &ArbiterGame, origin_ms: Option<i64>, now_ms: i64) -> u64 {
    let last = game.now_ms();
    origin_ms
        .and_then(|o| u64::try_from(now_ms - o).ok())
        .map_or(last, |t| t.max(last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_tournament::{BoardNo, EntrantNo, GameResult, Pairing};

    const LOG: &str = r#"{"v":1,"t":0,"by":"arbiter","event":{"open":{"ruleset":"competition","time_control":"300+5","white":"Bat","black":"Dorj","late_limit_ms":900000}}}
{"v":1,"t":0,"by":"arbiter","event":"start"}
{"v":1,"t":10000,"by":"white","event":{"move":"e2e4"}}"#;

    fn pairing(games: Vec<GameResult>) -> Pairing {
        Pairing {
            board: BoardNo::FIRST,
            white: EntrantNo::FIRST,
            black: EntrantNo::new(2),
            bye_points: None,
            games,
            team_match: None,
            decided_for: None,
            slot: None,
        }
    }

    fn board(p: &Pairing, origin_ms: Option<i64>) -> RoundBoard<'_> {
        RoundBoard {
            pairing: p,
            black: p.black.unwrap(),
            lines: LOG.lines().map(str::to_owned).collect(),
            origin_ms,
            stored: true,
        }
    }

    /// Worked by hand: White moved at 10 s (300 − 10 + 5 = 295 s); 30 s after the origin
    /// Black's clock has run 20 s (280 s).
    #[test]
    fn the_running_face_goes_on_at_the_servers_now() {
        let p = pairing(Vec::new());
        let v = glance(&board(&p, Some(1_000_000)), "Bat", "Dorj", 1_030_000).unwrap();
        assert_eq!(v["clock"]["white_ms"], 295_000);
        assert_eq!(v["clock"]["black_ms"], 280_000);
        assert_eq!(v["clock"]["running"], "black");
        assert_eq!(v["turn"], "black");
        assert_eq!(v["ply"], 1);
        assert_eq!(v["last"], json!(["e2", "e4"]));
        assert_eq!(v["status"], "started");
        assert_eq!(v["result"], Value::Null);
        assert_eq!(v["white"], "Bat");
        // Without an origin, the clock stands at the last line.
        let v = glance(&board(&p, None), "Bat", "Dorj", 1_030_000).unwrap();
        assert_eq!(v["clock"]["black_ms"], 300_000);
    }

    #[test]
    fn the_events_result_ends_the_board() {
        let p = pairing(vec![GameResult::Draw]);
        let v = glance(&board(&p, Some(1_000_000)), "Bat", "Dorj", 1_030_000).unwrap();
        assert_eq!(v["status"], "ended");
        assert_eq!(v["result"], "1/2-1/2");
        assert_eq!(v["clock"]["running"], Value::Null);
    }
}
