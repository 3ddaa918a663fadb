//! Entrants: `add-player`, `add-team`, `withdraw`, `violations`.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use shatar_tournament::{EntrantNo, EventError, Player, csv_import};

use super::update;

/// The options of `shatar tournament add-player`.
#[derive(Args)]
pub struct AddPlayerArgs {
    /// Event file.
    file: PathBuf,
    /// Name, in any script.
    #[arg(long, required_unless_present = "csv")]
    name: Option<String>,
    /// Name in the traditional Mongolian script.
    #[arg(long)]
    traditional: Option<String>,
    /// Club or unit.
    #[arg(long, default_value = "")]
    club: String,
    /// Region.
    #[arg(long, default_value = "")]
    region: String,
    /// Rating.
    #[arg(long)]
    rating: Option<u32>,
    /// Seed class (1 or 2).
    #[arg(long)]
    seed_class: Option<u8>,
    /// Year of birth.
    #[arg(long)]
    birth_year: Option<u16>,
    /// CSV file with a header row (name, name_traditional, club, region, rating,
    /// seed_class, birth_year).
    #[arg(long, conflicts_with = "name")]
    csv: Option<PathBuf>,
}

impl AddPlayerArgs {
    /// Registers the player, or every player of the CSV file.
    pub fn run(self) -> Result<()> {
        if let Some(csv) = self.csv {
            let text = std::fs::read_to_string(&csv)
                .with_context(|| format!("cannot read {}", csv.display()))?;
            let numbers = update(&self.file, |e| csv_import::import_players(e, &text))?;
            println!("added {} player(s)", numbers.len());
        } else {
            let mut p = Player::named(self.name.unwrap_or_default());
            p.name_traditional = self.traditional;
            p.club = self.club;
            p.region = self.region;
            p.rating = self.rating;
            p.seed_class = self.seed_class;
            p.birth_year = self.birth_year;
            let n = update(&self.file, |e| e.add_player(p))?;
            println!("player {n}");
        }
        Ok(())
    }
}

/// The options of `shatar tournament add-team`.
#[derive(Args)]
pub struct AddTeamArgs {
    /// Event file.
    file: PathBuf,
    /// Team name.
    #[arg(long)]
    name: String,
    /// Region.
    #[arg(long, default_value = "")]
    region: String,
    /// A member's name; repeat in registered order.
    #[arg(long = "member", required_unless_present = "players")]
    members: Vec<String>,
    /// Individual event: group already registered players (numbers) into a team for
    /// the members' total (队员总分).
    #[arg(long, value_delimiter = ',', conflicts_with = "members")]
    players: Vec<EntrantNo>,
}

impl AddTeamArgs {
    /// Registers the team (new members, or players already registered).
    pub fn run(self) -> Result<()> {
        let (name, region) = (self.name, self.region);
        let n = if self.players.is_empty() {
            let members = self.members.into_iter().map(Player::named).collect();
            update(&self.file, |e| e.add_team(name, region, members))?
        } else {
            update(&self.file, |e| {
                e.add_member_team(&name, &region, self.players)
            })?
        };
        println!("team {n}");
        Ok(())
    }
}

/// The options of `shatar tournament withdraw`.
#[derive(Args)]
pub struct WithdrawArgs {
    /// Event file.
    file: PathBuf,
    /// Entrant number.
    #[arg(long)]
    entrant: EntrantNo,
    /// Reason.
    #[arg(long, default_value = "")]
    reason: String,
}

impl WithdrawArgs {
    /// Withdraws the entrant and prints what that did to the rounds.
    pub fn run(self) -> Result<()> {
        let entrant = self.entrant;
        let (before, after, treatment) = update(&self.file, |e| {
            let before = e.clone();
            let treatment = e.withdraw(entrant, &self.reason)?;
            Ok::<_, EventError>((before, e.clone(), treatment))
        })?;
        for line in
            shatar_tournament::corrections::withdrawal_report(&before, &after, entrant, treatment)
        {
            println!("{line}");
        }
        Ok(())
    }
}

/// The options of `shatar tournament violations`.
#[derive(Args)]
pub struct ViolationsArgs {
    /// Event file.
    file: PathBuf,
    /// Player number.
    #[arg(long)]
    player: EntrantNo,
    /// Total violations in the event.
    #[arg(long)]
    count: u32,
}

impl ViolationsArgs {
    /// Records the count.
    pub fn run(self) -> Result<()> {
        let (player, count) = (self.player, self.count);
        update(&self.file, |e| e.set_violations(player, count))?;
        println!("player {player}: {count} violation(s)");
        Ok(())
    }
}
