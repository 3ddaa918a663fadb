//! Whether each player is still at the game, for the "claim victory" of an abandoned game.
//!
//! A player's open game socket notes its side in the database ([`HEARTBEAT`] apart, and
//! once more when it closes), so every server process sharing the database sees the same
//! times. A player counts as gone once no socket of theirs has noted them for
//! [`GONE_AFTER_MS`]; their opponent may claim the game once they have been gone for
//! [`claim_after_ms`] (lichess lets the opponent of a player who left claim the win the
//! same way, after a wait that grows with the time control).

use crate::error::ActionError;
use shatar_rules::Color;

/// How often an open player socket notes its player.
pub const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(10);

/// How long without a note before a player counts as gone: a heartbeat and a half, so a
/// late heartbeat is not taken for leaving.
pub const GONE_AFTER_MS: i64 = 15_000;

/// How long a player must have been gone before the opponent may claim the game:
/// `base_ms` (`--claim-victory-seconds`) for games of up to 10 minutes, once more for each
/// further 10 minutes on the clock, at most five times (the first move's wait scales the
/// same way, see [`super::game::first_move_ms`]).
///
/// ```
/// use shatar_server::live::presence::claim_after_ms;
/// assert_eq!(claim_after_ms(30_000, 180_000), 30_000);
/// assert_eq!(claim_after_ms(30_000, 1_500_000), 90_000);
/// ```
pub fn claim_after_ms(base_ms: i64, initial_ms: i64) -> i64 {
    super::game::first_move_ms(base_ms, initial_ms)
}

/// Whole seconds, rounded up, of a wait of `ms` (none when it is over).
pub fn seconds_up(ms: i64) -> i64 {
    (ms.max(0) + 999) / 1000
}

/// When each side's sockets last noted them (milliseconds since the epoch), as stored,
/// and how long a player must be gone before the game can be claimed against them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Presence {
    /// White's last note, if any.
    pub white_seen_ms: Option<i64>,
    /// Black's last note, if any.
    pub black_seen_ms: Option<i64>,
    /// The game's [`claim_after_ms`].
    pub claim_after_ms: i64,
}

impl Presence {
    /// When `color`'s socket last noted them, if ever.
    pub fn seen_ms(&self, color: Color) -> Option<i64> {
        match color {
            Color::White => self.white_seen_ms,
            Color::Black => self.black_seen_ms,
        }
    }

    /// Since when `color` has been gone at `now_ms`, or `None` while present. A player
    /// never noted (a game begun before notes were kept) counts from the game's last step.
    pub fn gone_since(&self, color: Color, last_step_ms: i64, now_ms: i64) -> Option<i64> {
        let last = self.seen_ms(color).unwrap_or(last_step_ms);
        (now_ms - last >= GONE_AFTER_MS).then_some(last)
    }

    /// What is left at `now_ms` of the wait before a player gone since `since_ms` can be
    /// claimed against (zero or less once it is over).
    pub fn claim_wait_ms(&self, since_ms: i64, now_ms: i64) -> i64 {
        since_ms + self.claim_after_ms - now_ms
    }

    /// Whether the opponent of `color` may claim the game at `now_ms`: `color` has been
    /// gone for the game's wait. Else why not, with the seconds still to wait.
    pub fn claimable_against(
        &self,
        color: Color,
        last_step_ms: i64,
        now_ms: i64,
    ) -> Result<(), ActionError> {
        let since = self
            .gone_since(color, last_step_ms, now_ms)
            .ok_or(ActionError::OpponentHere)?;
        let left_ms = self.claim_wait_ms(since, now_ms);
        if left_ms > 0 {
            return Err(ActionError::OpponentJustLeft {
                seconds: seconds_up(left_ms),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_gone_only_after_a_heartbeat_and_a_half_without_a_note() {
        let p = Presence {
            white_seen_ms: Some(100_000),
            black_seen_ms: None,
            claim_after_ms: 30_000,
        };
        assert_eq!(p.gone_since(Color::White, 50_000, 114_999), None);
        assert_eq!(p.gone_since(Color::White, 50_000, 115_000), Some(100_000));
        // No note at all: the last step counts.
        assert_eq!(p.gone_since(Color::Black, 50_000, 64_999), None);
        assert_eq!(p.gone_since(Color::Black, 50_000, 65_000), Some(50_000));
    }

    #[test]
    fn the_game_is_claimable_once_the_opponent_has_been_gone_the_whole_wait() {
        let p = Presence {
            white_seen_ms: Some(100_000),
            black_seen_ms: Some(129_000),
            claim_after_ms: 30_000,
        };
        assert_eq!(
            p.claimable_against(Color::Black, 0, 130_000),
            Err(ActionError::OpponentHere)
        );
        assert_eq!(
            p.claimable_against(Color::White, 0, 120_500),
            Err(ActionError::OpponentJustLeft { seconds: 10 })
        );
        assert_eq!(p.claimable_against(Color::White, 0, 130_000), Ok(()));
    }
}
