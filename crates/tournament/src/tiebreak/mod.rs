//! Tie-breaks: one closed set with stable codes, each computed in its own file.
//!
//! Every value is a [`Score`] where higher ranks first; "fewer violations" is stored as
//! the negated count so that one comparison rule serves all columns.

mod board_points;
mod buchholz;
mod direct_encounter;
mod game_points;
mod match_points;
mod points;
mod sonneborn_berger;
mod team_buchholz;
mod violations;
mod wins;

use crate::numbers::EntrantNo;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::event::{Event, System};
use crate::score::Score;
use crate::scoring::{Format, Tally, tallies};

/// A ranking criterion. The codes are stable: they appear in event files, on the command
/// line and in report headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tiebreak {
    /// `PTS`: the format's primary points (game points, or match points for multi-game
    /// and team events).
    #[serde(rename = "PTS")]
    Points,
    /// `MP`: match points (场分).
    #[serde(rename = "MP")]
    MatchPoints,
    /// `GP`: game points (局分).
    #[serde(rename = "GP")]
    GamePoints,
    /// `BP`: board points (台分), team two-game matches.
    #[serde(rename = "BP")]
    BoardPoints,
    /// `SB`: Sonneborn–Berger (小分): beaten opponents' points plus half of drawn ones'.
    #[serde(rename = "SB")]
    SonnebornBerger,
    /// `WIN`: games won (胜局).
    #[serde(rename = "WIN")]
    Wins,
    /// `DE`: direct encounter (直胜) among the tied entrants.
    #[serde(rename = "DE")]
    DirectEncounter,
    /// `VIOL`: fewer violations (违例少者).
    #[serde(rename = "VIOL")]
    FewerViolations,
    /// `BH`: Buchholz (对手分): sum of the opponents' points.
    #[serde(rename = "BH")]
    Buchholz,
    /// `BH-C1`: Buchholz without the lowest opponent.
    #[serde(rename = "BH-C1")]
    BuchholzCut1,
    /// `BH-M1`: median Buchholz, without the highest and the lowest opponent.
    #[serde(rename = "BH-M1")]
    BuchholzMedian,
    /// `TBH`: team Buchholz (团体对手分): sum of the opponents' match points.
    #[serde(rename = "TBH")]
    TeamBuchholz,
}

impl Tiebreak {
    /// Every tie-break.
    pub const ALL: [Tiebreak; 12] = [
        Tiebreak::Points,
        Tiebreak::MatchPoints,
        Tiebreak::GamePoints,
        Tiebreak::BoardPoints,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::DirectEncounter,
        Tiebreak::FewerViolations,
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::BuchholzMedian,
        Tiebreak::TeamBuchholz,
    ];

    /// The stable code.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Tiebreak::Points => "PTS",
            Tiebreak::MatchPoints => "MP",
            Tiebreak::GamePoints => "GP",
            Tiebreak::BoardPoints => "BP",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::Wins => "WIN",
            Tiebreak::DirectEncounter => "DE",
            Tiebreak::FewerViolations => "VIOL",
            Tiebreak::Buchholz => "BH",
            Tiebreak::BuchholzCut1 => "BH-C1",
            Tiebreak::BuchholzMedian => "BH-M1",
            Tiebreak::TeamBuchholz => "TBH",
        }
    }

    /// The value of this criterion for `entrant`; `group` is the set of entrants still
    /// tied when the criterion is applied (used by direct encounter).
    #[must_use]
    pub fn value(self, ctx: &Context<'_>, entrant: EntrantNo, group: &[EntrantNo]) -> Score {
        match self {
            Tiebreak::Points => points::value(ctx, entrant),
            Tiebreak::MatchPoints => match_points::value(ctx, entrant),
            Tiebreak::GamePoints => game_points::value(ctx, entrant),
            Tiebreak::BoardPoints => board_points::value(ctx, entrant),
            Tiebreak::SonnebornBerger => sonneborn_berger::value(ctx, entrant),
            Tiebreak::Wins => wins::value(ctx, entrant),
            Tiebreak::DirectEncounter => direct_encounter::value(ctx, entrant, group),
            Tiebreak::FewerViolations => violations::value(ctx, entrant),
            Tiebreak::Buchholz => buchholz::value(ctx, entrant, buchholz::Cut::None),
            Tiebreak::BuchholzCut1 => buchholz::value(ctx, entrant, buchholz::Cut::Lowest),
            Tiebreak::BuchholzMedian => buchholz::value(ctx, entrant, buchholz::Cut::Median),
            Tiebreak::TeamBuchholz => team_buchholz::value(ctx, entrant),
        }
    }

    /// The value as shown in a standings column.
    #[must_use]
    pub fn display(self, value: Score) -> String {
        match self {
            Tiebreak::FewerViolations => Score::from_quarters(-value.quarters()).to_string(),
            _ => value.to_string(),
        }
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An unknown tie-break code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tie-break {0:?}; known: PTS MP GP BP SB WIN DE VIOL BH BH-C1 BH-M1 TBH")]
pub struct ParseTiebreakError(pub String);

impl FromStr for Tiebreak {
    type Err = ParseTiebreakError;
    fn from_str(s: &str) -> Result<Tiebreak, ParseTiebreakError> {
        let up = s.trim().to_ascii_uppercase();
        Tiebreak::ALL
            .into_iter()
            .find(|t| t.code() == up)
            .ok_or_else(|| ParseTiebreakError(s.to_owned()))
    }
}

/// Everything a tie-break needs: the event, its format and every entrant's tally.
#[derive(Debug)]
pub struct Context<'a> {
    /// The event.
    pub event: &'a Event,
    /// Its scoring format.
    pub format: Format,
    /// Tallies of the entrants that are not cancelled.
    pub tallies: BTreeMap<EntrantNo, Tally>,
}

impl<'a> Context<'a> {
    /// Scores the event.
    #[must_use]
    pub fn new(event: &'a Event) -> Context<'a> {
        Context {
            event,
            format: Format::of(event),
            tallies: tallies(event),
        }
    }

    /// An entrant's primary points (0 for an unknown or cancelled entrant).
    #[must_use]
    pub fn primary(&self, entrant: EntrantNo) -> Score {
        self.tallies
            .get(&entrant)
            .map(|t| t.encounters.iter().map(|e| e.primary(self.format)).sum())
            .unwrap_or(Score::ZERO)
    }
}

/// S4's order for the event's format (S4 ch.2 §6).
#[must_use]
pub fn default_order(event: &Event) -> Vec<Tiebreak> {
    use Tiebreak::*;
    let swiss = event.system.is_swiss();
    let two_games = event.games_per_pairing > 1;
    match (event.is_team_event(), swiss, two_games) {
        // §6.1.2(1): points, SB, wins, direct encounter, violations.
        (false, false, false) => vec![
            Points,
            SonnebornBerger,
            Wins,
            DirectEncounter,
            FewerViolations,
        ],
        // §6.1.2(2): match points, SB on match points, game points, violations.
        (false, false, true) => vec![Points, SonnebornBerger, GamePoints, FewerViolations],
        // §6.1.2(3): points, Buchholz, violations.
        (false, true, _) => vec![Points, Buchholz, FewerViolations],
        // §6.2.2 one game (1): match points, game points, violations.
        (true, false, false) => vec![MatchPoints, GamePoints, FewerViolations],
        // §6.2.2 two games (1): match, board, game points, violations.
        (true, false, true) => vec![MatchPoints, BoardPoints, GamePoints, FewerViolations],
        // §6.2.2 one game (2): match points, team Buchholz, game points, violations.
        (true, true, false) => vec![MatchPoints, TeamBuchholz, GamePoints, FewerViolations],
        // §6.2.2 two games (2): + board points before game points.
        (true, true, true) => {
            vec![
                MatchPoints,
                TeamBuchholz,
                BoardPoints,
                GamePoints,
                FewerViolations,
            ]
        }
    }
}

/// Whether the event's system ranks by the table (not a bracket).
#[must_use]
pub fn ranks_by_table(system: System) -> bool {
    !matches!(
        system,
        System::SingleElimination | System::DoubleElimination
    )
}
