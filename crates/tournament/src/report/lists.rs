//! The entry lists as tables for interchange: the players with the column names that
//! [`crate::csv_import`] reads, so that a list written out can be read into another event,
//! and the teams with their members one row each. Their headings are those names in every
//! language (they are read by programs, not printed for people).

use super::Table;
use crate::event::Event;

/// The columns of the player list, as [`crate::csv_import::read_players`] reads them
/// (`number` is the entrant number, which the reader ignores: a new event numbers anew).
pub const PLAYER_COLUMNS: [&str; 8] = [
    "number",
    "name",
    "name_traditional",
    "club",
    "region",
    "rating",
    "seed_class",
    "birth_year",
];

/// The columns of the team list: the team's number, name and region, then the member's
/// place in the registered order (board players first, then reserves), number and name.
pub const TEAM_COLUMNS: [&str; 6] = ["team", "team_name", "region", "order", "number", "name"];

fn optional(value: Option<impl ToString>) -> String {
    value.map_or(String::new(), |v| v.to_string())
}

/// Every registered player, in entrant-number order.
pub fn players_table(event: &Event) -> Table {
    let mut players: Vec<_> = event.players.iter().collect();
    players.sort_by_key(|p| p.number);
    Table {
        title: event.name.clone(),
        headers: PLAYER_COLUMNS.map(String::from).to_vec(),
        rows: players
            .into_iter()
            .map(|p| {
                vec![
                    p.number.to_string(),
                    p.name.clone(),
                    p.name_traditional.clone().unwrap_or_default(),
                    p.club.clone(),
                    p.region.clone(),
                    optional(p.rating),
                    optional(p.seed_class),
                    optional(p.birth_year),
                ]
            })
            .collect(),
    }
}

/// Every team's members, one row each, teams in number order and members in the
/// registered order.
pub fn teams_table(event: &Event) -> Table {
    let mut teams: Vec<_> = event.teams.iter().collect();
    teams.sort_by_key(|t| t.number);
    let rows = teams
        .into_iter()
        .flat_map(|t| {
            t.members.iter().enumerate().map(move |(i, &n)| {
                vec![
                    t.number.to_string(),
                    t.name.clone(),
                    t.region.clone(),
                    (i + 1).to_string(),
                    n.to_string(),
                    event
                        .players
                        .iter()
                        .find(|p| p.number == n)
                        .map(|p| p.name.clone())
                        .unwrap_or_default(),
                ]
            })
        })
        .collect();
    Table {
        title: event.name.clone(),
        headers: TEAM_COLUMNS.map(String::from).to_vec(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Player;
    use crate::report::{Format, Lang, render};
    use crate::{Entrants, LineupMode, System};

    /// A hand-made two-team event: the lists as CSV, byte for byte, with a comma and a
    /// quote in names quoted as RFC 4180 says, and the player list read back by the CSV
    /// reader into the same players.
    #[test]
    fn lists_are_written_for_reading_back() {
        let mut e = Event::new("Хөх хотын аварга", System::RoundRobin);
        e.entrants = Entrants::Team {
            boards: 2,
            lineup: LineupMode::FixedBoards,
        };
        let mut bat = Player::named("Батбаяр");
        bat.name_traditional = Some("ᠪᠠᠲᠤᠪᠠᠶᠠᠷ".into());
        bat.club = "Хөх хот, 1-р клуб".into();
        bat.rating = Some(1850);
        bat.seed_class = Some(1);
        bat.birth_year = Some(1990);
        let mut dorj = Player::named("Dorj \"the wall\"");
        dorj.region = "Ордос".into();
        e.add_team("Хөх хот", "Өвөр Монгол", vec![bat, dorj])
            .unwrap();
        e.add_team(
            "巴彦",
            "",
            vec![Player::named("巴特尔"), Player::named("Сарнай")],
        )
        .unwrap();
        let players = render(&e, &[players_table(&e)], Format::Csv, Lang::En);
        assert_eq!(
            players,
            "number,name,name_traditional,club,region,rating,seed_class,birth_year\n\
             1,Батбаяр,ᠪᠠᠲᠤᠪᠠᠶᠠᠷ,\"Хөх хот, 1-р клуб\",,1850,1,1990\n\
             2,\"Dorj \"\"the wall\"\"\",,,Ордос,,,\n\
             3,巴特尔,,,,,,\n\
             4,Сарнай,,,,,,\n"
        );
        let teams = render(&e, &[teams_table(&e)], Format::Csv, Lang::Zh);
        assert_eq!(
            teams,
            "team,team_name,region,order,number,name\n\
             1,Хөх хот,Өвөр Монгол,1,1,Батбаяр\n\
             1,Хөх хот,Өвөр Монгол,2,2,\"Dorj \"\"the wall\"\"\"\n\
             2,巴彦,,1,3,巴特尔\n\
             2,巴彦,,2,4,Сарнай\n"
        );
        let read = crate::csv_import::read_players(&players).unwrap();
        let names: Vec<_> = read.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Батбаяр", "Dorj \"the wall\"", "巴特尔", "Сарнай"]);
        assert_eq!(read[0].club, "Хөх хот, 1-р клуб");
        assert_eq!(read[0].name_traditional.as_deref(), Some("ᠪᠠᠲᠤᠪᠠᠶᠠᠷ"));
        assert_eq!(
            (read[0].rating, read[0].seed_class, read[0].birth_year),
            (Some(1850), Some(1), Some(1990))
        );
        assert_eq!(read[1].region, "Ордос");
    }
}
