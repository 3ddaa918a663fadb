//! Team results from members' individual results (队员总分制, S4 ch.2 §6.2.2(3)): the
//! individual event is played and ranked as usual, and each team is ranked by the sum of
//! its members' game points, or by the sum of their place points (N + 1 − place, N the
//! number of players ranked); equal sums are separated by the best individual place of a
//! member, then shared.

use crate::error::{EventError, InvalidReason, StateReason};
use crate::event::Event;
use crate::numbers::EntrantNo;
use crate::score::Score;
use crate::scoring::tallies;
use crate::standings::standings;
use crate::team::Team;

/// How a team's members' results are summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Sum of members' game points (局分总和).
    GamePoints,
    /// Sum of members' place points, N + 1 − place (名次分).
    PlacePoints,
}

/// One team's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLine {
    /// Place (first of a shared group).
    pub place: u32,
    /// Last place of a shared group.
    pub place_to: u32,
    /// Team number.
    pub team: EntrantNo,
    /// The summed value.
    pub value: Score,
    /// Best individual place among the members.
    pub best_place: u32,
}

impl Event {
    /// Groups existing players of an individual event into a team for the members' total.
    pub fn add_member_team(
        &mut self,
        name: &str,
        region: &str,
        members: Vec<EntrantNo>,
    ) -> Result<EntrantNo, EventError> {
        if self.is_team_event() {
            return Err(EventError::State(StateReason::MemberTeamsInTeamEvent));
        }
        if let Some(m) = members.iter().find(|m| self.player(**m).is_none()) {
            return Err(EventError::UnknownPlayer(*m));
        }
        if let Some((t, m)) = members
            .iter()
            .find_map(|m| self.team_of(*m).map(|t| (t.number, *m)))
        {
            return Err(EventError::Invalid(InvalidReason::MemberOfAnotherTeam {
                player: m,
                team: t,
            }));
        }
        if let Some(t) = self.teams.iter().find(|t| t.name.trim() == name.trim()) {
            return Err(EventError::DuplicateTeam {
                name: name.to_owned(),
                existing: t.number,
            });
        }
        let number = self
            .teams
            .iter()
            .map(|t| t.number)
            .max()
            .and_then(EntrantNo::next)
            .unwrap_or(EntrantNo::FIRST);
        self.teams.push(Team {
            number,
            name: name.trim().to_owned(),
            region: region.to_owned(),
            members,
            violations: 0,
            withdrawal: None,
        });
        Ok(number)
    }
}

/// Ranks the event's teams by their members' results.
#[must_use]
pub fn team_standings(event: &Event, method: Method) -> Vec<TeamLine> {
    let table = standings(event);
    let n = table.lines.len() as i64;
    let t = tallies(event);
    let place_of = |p: EntrantNo| table.lines.iter().find(|l| l.entrant == p).map(|l| l.place);
    let mut lines: Vec<TeamLine> = event
        .teams
        .iter()
        .map(|team| {
            let value =
                team.members
                    .iter()
                    .map(|m| match method {
                        Method::GamePoints => t.get(m).map_or(Score::ZERO, |x| x.game_points()),
                        Method::PlacePoints => place_of(*m)
                            .map_or(Score::ZERO, |p| Score::from_int(n + 1 - i64::from(p))),
                    })
                    .sum();
            let best_place = team
                .members
                .iter()
                .filter_map(|m| place_of(*m))
                .min()
                .unwrap_or(u32::MAX);
            TeamLine {
                place: 0,
                place_to: 0,
                team: team.number,
                value,
                best_place,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.value
            .cmp(&a.value)
            .then(a.best_place.cmp(&b.best_place))
            .then(a.team.cmp(&b.team))
    });
    let mut i = 0;
    while i < lines.len() {
        let key = lines.get(i).map(|l| (l.value, l.best_place));
        let size = lines[i..]
            .iter()
            .take_while(|l| Some((l.value, l.best_place)) == key)
            .count();
        for l in lines.iter_mut().skip(i).take(size) {
            l.place = i as u32 + 1;
            l.place_to = (i + size) as u32;
        }
        i += size;
    }
    lines
}
