//! What an arbiter reads off a game at a moment: position, result with its reason, both
//! clocks, violations, offers, claims and corrections — the text `shatar arbiter replay`
//! prints.
//!
//! Clock times print as `mm:ss` (minutes may exceed 59), rounded down to the second; a clock
//! past zero prints with a minus sign.
//!
//! ```
//! use shatar_arbiter::summary::format_clock;
//! assert_eq!(format_clock(800_000), "13:20");
//! assert_eq!(format_clock(5_400_000), "90:00");
//! assert_eq!(format_clock(-1_500), "-00:01");
//! ```

use crate::claims::ClaimRecord;
use crate::corrections::CorrectionRecord;
use crate::game::{ArbiterGame, GameResult};
use crate::offers::OfferRecord;
use crate::violations::Violation;
use shatar_rules::{ByColor, Color, fen, uci};
use std::fmt;

/// Formats milliseconds as `mm:ss`, rounded down to the second.
pub fn format_clock(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let secs = ms.unsigned_abs() / 1000;
    format!("{sign}{:02}:{:02}", secs / 60, secs % 60)
}

/// One clock face as read at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FaceReading {
    /// Time charged so far.
    pub used_ms: u64,
    /// Time left.
    pub remaining_ms: i64,
    /// Moves completed.
    pub moves: u32,
    /// Moves to the next time control, if the period has one.
    pub moves_to_go: Option<u32>,
}

/// Everything an arbiter reads off the game after the last event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Entries applied.
    pub events: usize,
    /// The last event's time.
    pub now_ms: u64,
    /// The players' names from the header.
    pub players: ByColor<Option<String>>,
    /// The position, as FEN.
    pub fen: String,
    /// The moves played, in UCI text.
    pub moves: Vec<String>,
    /// The result, once the game has ended.
    pub result: Option<GameResult>,
    /// The time control, PGN form.
    pub time_control: String,
    /// Both clocks.
    pub clocks: ByColor<FaceReading>,
    /// Whose clock runs.
    pub running: Option<Color>,
    /// Whether the game is adjourned.
    pub adjourned: bool,
    /// Violations in order.
    pub violations: Vec<Violation>,
    /// Violations per player.
    pub violation_totals: ByColor<u32>,
    /// Offers in order.
    pub offers: Vec<OfferRecord>,
    /// Whether each player may offer a draw now.
    pub may_offer: ByColor<bool>,
    /// Claims in order.
    pub claims: Vec<ClaimRecord>,
    /// Corrections in order.
    pub corrections: Vec<CorrectionRecord>,
}

impl ArbiterGame {
    /// The summary after the last event.
    pub fn summary(&self) -> Summary {
        let now = self.now_ms();
        let clock = self.clock();
        let ruleset = *self.game().ruleset();
        Summary {
            events: self.events(),
            now_ms: now,
            players: ByColor {
                white: self.header().white.clone(),
                black: self.header().black.clone(),
            },
            fen: fen::write(self.game().position()),
            moves: self
                .game()
                .moves()
                .iter()
                .map(|m| uci::write(m, &ruleset))
                .collect(),
            result: self.result().cloned(),
            time_control: clock.control().to_string(),
            clocks: ByColor::new_with(|c| {
                let face = clock.face(c);
                FaceReading {
                    used_ms: face.used_ms,
                    remaining_ms: clock.remaining_ms(c, now),
                    moves: face.moves,
                    moves_to_go: clock.control().moves_to_go(face.moves),
                }
            }),
            running: clock.running().map(|r| r.color),
            adjourned: self.is_adjourned(),
            violations: self.violations().to_vec(),
            violation_totals: self.violation_totals(),
            offers: self.offers().history().to_vec(),
            may_offer: ByColor::new_with(|c| self.result().is_none() && self.may_offer(c).is_ok()),
            claims: self.claims().to_vec(),
            corrections: self.corrections().to_vec(),
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.players.white.is_some() || self.players.black.is_some() {
            writeln!(
                f,
                "players      {} (white) - {} (black)",
                self.players.white.as_deref().unwrap_or("?"),
                self.players.black.as_deref().unwrap_or("?")
            )?;
        }
        writeln!(f, "position     {}", self.fen)?;
        writeln!(f, "moves        {}", self.moves.len())?;
        match &self.result {
            Some(r) => writeln!(f, "result       {r}")?,
            None => {
                let state = if self.adjourned {
                    "adjourned".to_owned()
                } else {
                    match self.running {
                        Some(c) => format!("{c}'s clock running"),
                        None => "clock not running".to_owned(),
                    }
                };
                writeln!(f, "result       * (in progress, {state})")?;
            }
        }
        writeln!(f, "time control {}", self.time_control)?;
        for c in Color::ALL {
            let face = self.clocks[c];
            write!(
                f,
                "{:<5} clock  {} used, {} left",
                c.name(),
                format_clock(i64::try_from(face.used_ms).unwrap_or(i64::MAX)),
                format_clock(face.remaining_ms)
            )?;
            if let Some(n) = face.moves_to_go {
                write!(f, ", {n} moves to the control")?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "violations   white {}, black {}",
            self.violation_totals.white, self.violation_totals.black
        )?;
        for v in &self.violations {
            write!(
                f,
                "  {} {} {} ({})",
                format_clock(i64::try_from(v.at_ms).unwrap_or(i64::MAX)),
                v.player,
                v.kind,
                v.kind.text_zh()
            )?;
            if !v.note.is_empty() {
                write!(f, ": {}", v.note)?;
            }
            writeln!(f)?;
        }
        let yes = |b: bool| if b { "yes" } else { "no" };
        writeln!(
            f,
            "offers       {} (white may offer: {}, black may offer: {})",
            self.offers.len(),
            yes(self.may_offer.white),
            yes(self.may_offer.black)
        )?;
        for o in &self.offers {
            let answer = o.answer.map_or("pending".to_owned(), |a| a.to_string());
            writeln!(
                f,
                "  {} {} offered a draw: {answer}",
                format_clock(i64::try_from(o.at_ms).unwrap_or(i64::MAX)),
                o.by
            )?;
        }
        if !self.claims.is_empty() {
            writeln!(f, "claims       {}", self.claims.len())?;
            for c in &self.claims {
                let answer = serde_json::to_value(c.answer)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                writeln!(
                    f,
                    "  {} {} claimed {}: {answer}",
                    format_clock(i64::try_from(c.at_ms).unwrap_or(i64::MAX)),
                    c.by,
                    c.kind
                )?;
            }
        }
        if !self.corrections.is_empty() {
            writeln!(f, "corrections  {}", self.corrections.len())?;
            for c in &self.corrections {
                let ms = |x: u64| format_clock(i64::try_from(x).unwrap_or(i64::MAX));
                match c.ratio {
                    Some((num, den)) => writeln!(
                        f,
                        "  {}'s move {} found wrong after move {}: used time × {num}/{den}: white {} -> {}, black {} -> {}",
                        c.side,
                        c.move_number,
                        c.last_move_number,
                        ms(c.used_before_ms.0),
                        ms(c.used_after_ms.0),
                        ms(c.used_before_ms.1),
                        ms(c.used_after_ms.1)
                    )?,
                    None => writeln!(
                        f,
                        "  {}'s move {} found wrong after move {}: within the last two rounds, clocks kept",
                        c.side, c.move_number, c.last_move_number
                    )?,
                }
            }
        }
        Ok(())
    }
}
