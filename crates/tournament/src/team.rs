//! Teams, their registered order and line-up validation (S4 ch.2 §4).

use serde::{Deserialize, Serialize};

use crate::error::{EventError, InvalidLineupReason, LineupOrderRule};
use crate::numbers::EntrantNo;

/// A registered team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Team number; the draw number in a round robin.
    pub number: EntrantNo,
    /// Team name.
    pub name: String,
    /// Region or unit.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub region: String,
    /// Members' player numbers in the registered order: board players first, then
    /// reserves in their registered order.
    pub members: Vec<EntrantNo>,
    /// Violations of the whole team (a tie-break: fewer is better).
    #[serde(default)]
    pub violations: u32,
    /// Withdrawal round, if the team has left the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawal: Option<crate::player::Withdrawal>,
}

/// How a team sets out its players (S4 ch.2 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum LineupMode {
    /// 分台定人: the same players on the same boards every match.
    FixedBoards,
    /// 分台换人: reserves may come in, but the line-up keeps the registered order.
    #[default]
    OrderedSubstitutes,
    /// 临时定台: any members on any boards, chosen before each match.
    FreeLineup,
    /// 全队轮赛: every member plays every member of the other team.
    AllPlayAll,
    /// 队员总分: no team matches; the team's result is its members' individual results.
    MembersTotal,
}

impl LineupMode {
    /// Stable code used in files and on the command line.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            LineupMode::FixedBoards => "fixed-boards",
            LineupMode::OrderedSubstitutes => "ordered-substitutes",
            LineupMode::FreeLineup => "free-lineup",
            LineupMode::AllPlayAll => "all-play-all",
            LineupMode::MembersTotal => "members-total",
        }
    }

    /// Parses a code from [`LineupMode::code`].
    #[must_use]
    pub fn from_code(code: &str) -> Option<LineupMode> {
        [
            LineupMode::FixedBoards,
            LineupMode::OrderedSubstitutes,
            LineupMode::FreeLineup,
            LineupMode::AllPlayAll,
            LineupMode::MembersTotal,
        ]
        .into_iter()
        .find(|m| m.code() == code)
    }
}

impl Team {
    /// Checks a line-up (player numbers, board 1 first) against the mode and the
    /// registered order.
    pub fn validate_lineup(
        &self,
        lineup: &[EntrantNo],
        boards: usize,
        mode: LineupMode,
    ) -> Result<(), EventError> {
        let invalid = |why: InvalidLineupReason| EventError::InvalidLineup {
            team: Some(self.number),
            why,
        };
        let expected = match mode {
            LineupMode::AllPlayAll => self.members.len(),
            _ => boards,
        };
        if lineup.len() != expected {
            return Err(invalid(InvalidLineupReason::WrongPlayerCount {
                given: lineup.len(),
                needed: expected,
            }));
        }
        let mut positions = Vec::with_capacity(lineup.len());
        for (i, p) in lineup.iter().enumerate() {
            let Some(pos) = self.members.iter().position(|m| m == p) else {
                return Err(invalid(InvalidLineupReason::NotAMember { player: *p }));
            };
            if lineup.get(..i).is_some_and(|before| before.contains(p)) {
                return Err(invalid(InvalidLineupReason::PlayerTwice { player: *p }));
            }
            positions.push(pos);
        }
        let out_of_order = |why: LineupOrderRule| EventError::LineupOutOfOrder {
            team: self.number,
            lineup: lineup.to_vec(),
            registered: self.members.clone(),
            why,
        };
        match mode {
            LineupMode::FixedBoards => {
                // S4 ch.2 §4: fixed boards, fixed players.
                if positions
                    .iter()
                    .enumerate()
                    .any(|(board, &pos)| board != pos)
                {
                    return Err(out_of_order(LineupOrderRule::FixedBoards));
                }
            }
            LineupMode::OrderedSubstitutes | LineupMode::AllPlayAll => {
                // S4 ch.2 §4: a reserve takes a board but the order of registration holds.
                if positions.windows(2).any(|w| w[0] > w[1]) {
                    return Err(out_of_order(LineupOrderRule::RegisteredOrder));
                }
            }
            LineupMode::FreeLineup | LineupMode::MembersTotal => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nos(numbers: &[u32]) -> Vec<EntrantNo> {
        numbers.iter().filter_map(|n| EntrantNo::new(*n)).collect()
    }

    fn team() -> Team {
        Team {
            number: EntrantNo::FIRST,
            name: "T".into(),
            region: String::new(),
            members: nos(&[11, 12, 13, 14, 15, 16]),
            violations: 0,
            withdrawal: None,
        }
    }

    #[test]
    fn ordered_substitutes_reject_inversion() {
        let t = team();
        assert!(
            t.validate_lineup(&nos(&[11, 12, 13, 15]), 4, LineupMode::OrderedSubstitutes)
                .is_ok()
        );
        assert!(matches!(
            t.validate_lineup(&nos(&[12, 11, 13, 14]), 4, LineupMode::OrderedSubstitutes),
            Err(EventError::LineupOutOfOrder { .. })
        ));
        assert!(
            t.validate_lineup(&nos(&[12, 11, 13, 14]), 4, LineupMode::FreeLineup)
                .is_ok()
        );
        assert!(
            t.validate_lineup(&nos(&[11, 12, 13, 15]), 4, LineupMode::FixedBoards)
                .is_err()
        );
    }
}
