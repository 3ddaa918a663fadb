//! Writing TRF-16.

use std::fmt::Write;

use crate::error::TrfError;
use crate::event::Event;
use crate::result::{Color, GameResult};
use crate::standings::standings;

/// Writes an individual event with one game per pairing as TRF-16 text.
pub fn write(event: &Event) -> Result<String, TrfError> {
    if event.is_team_event() {
        return Err(TrfError::Meaning(
            "team events are not exported to TRF (individual events only)".into(),
        ));
    }
    if event.games_per_pairing != 1 {
        return Err(TrfError::Meaning(
            "TRF holds one game per round; this event has two-game pairings".into(),
        ));
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
    line(&mut out, "092", &format!("Shatar {}", event.system.code()));
    if !event.time_control.is_empty() {
        line(&mut out, "122", &event.time_control);
    }
    // TRF(x): total rounds, and the first player's colour in round 1.
    line(&mut out, "XXR", &event.rounds_planned.to_string());
    if let Some(first) = event.rounds.first()
        && let Some(p) = first
            .pairings
            .iter()
            .find(|p| p.involves(1) && p.black.is_some())
    {
        line(
            &mut out,
            "XXC",
            if p.white == 1 { "white1" } else { "black1" },
        );
    }
    let table = standings(event);
    let ctx = crate::tiebreak::Context::new(event);
    for p in &event.players {
        let points = ctx.primary(p.number);
        let rank = table
            .lines
            .iter()
            .find(|l| l.entrant == p.number)
            .map_or(0, |l| l.place);
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
            format!("{:.1}", points.to_f64()),
            rank,
        );
        for round in &event.rounds {
            row.push_str("  ");
            row.push_str(&round_block(round, p.number));
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    Ok(out)
}

/// The 8-character block "oooo c r" of one player in one round.
fn round_block(round: &crate::event::Round, player: u32) -> String {
    let Some(p) = round.pairings.iter().find(|p| p.involves(player)) else {
        // Not paired (withdrawn, eliminated, cancelled opponent): a zero-point absence.
        return "0000 - Z".into();
    };
    let Some(black) = p.black else {
        let full = p.bye_points.is_some_and(|b| b >= crate::score::Score::ONE);
        let half = p.bye_points.is_some_and(|b| b == crate::score::Score::HALF);
        // A pairing-allocated bye is 'U'; a half-point bye 'H'; zero 'Z'.
        let code = if full {
            'U'
        } else if half {
            'H'
        } else {
            'Z'
        };
        return format!("0000 - {code}");
    };
    let (opp, color) = if p.white == player {
        (black, Color::White)
    } else {
        (p.white, Color::Black)
    };
    let c = if color == Color::White { 'w' } else { 'b' };
    let Some(g) = p.games.first() else {
        return format!("{opp:>4} {c}  ");
    };
    let code = match g {
        GameResult::WhiteWinsByForfeit { .. } | GameResult::BlackWinsByForfeit { .. } => {
            if g.is_win_for(color) { '+' } else { '-' }
        }
        GameResult::DoubleForfeit { .. } => '-',
        _ => {
            let pts = g.points(color);
            if pts >= crate::score::Score::ONE {
                '1'
            } else if pts == crate::score::Score::HALF {
                '='
            } else {
                '0'
            }
        }
    };
    let c = if g.is_played() { c } else { '-' };
    format!("{opp:>4} {c} {code}")
}
