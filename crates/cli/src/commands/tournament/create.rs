//! `shatar tournament new`: a new event file with the organiser's settings; every
//! setting not given keeps the library's default.

use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use clap::Args;
use shatar_tournament::event::Settings;
use shatar_tournament::pairing::swiss::acceleration::Acceleration;
use shatar_tournament::{DrawnMatchRule, Entrants, Event, LineupMode, Score, System, Tiebreak};

/// The options of `shatar tournament new`.
#[derive(Args)]
pub struct NewArgs {
    /// Event file to create.
    file: PathBuf,
    /// Event name.
    #[arg(long)]
    name: String,
    /// Pairing system.
    #[arg(long, value_enum, default_value_t = System::Swiss)]
    system: System,
    /// Rounds (Swiss systems; 0 = the competition rules' default, computed at the draw).
    #[arg(long, default_value_t = 0)]
    rounds: u32,
    /// Games per pairing (default: 2 for knock-out systems, 1 otherwise).
    #[arg(long)]
    games: Option<u8>,
    /// Team event with this many boards per match.
    #[arg(long)]
    boards: Option<u8>,
    /// Team line-up mode.
    #[arg(long, value_enum, default_value_t = LineupMode::OrderedSubstitutes)]
    lineup: LineupMode,
    /// Ruleset name.
    #[arg(long, default_value = "official")]
    ruleset: String,
    /// Time control, e.g. "90min".
    #[arg(long, default_value = "")]
    time_control: String,
    /// Tie-break order, comma-separated codes (PTS MP GP BP SB WIN DE VIOL BH BH-C1
    /// BH-M1 TBH); default: the competition rules' order for the format.
    #[arg(long, value_delimiter = ',')]
    tiebreaks: Option<Vec<Tiebreak>>,
    /// First day (YYYY-MM-DD).
    #[arg(long, default_value = "")]
    start_date: String,
    /// Last day (YYYY-MM-DD).
    #[arg(long, default_value = "")]
    end_date: String,
    /// Seed for every lot of the event.
    #[arg(long, default_value_t = Settings::default().lot_seed)]
    lot_seed: u64,
    /// Points for a pairing bye (default: 0 in round robins, 1 in Swiss).
    #[arg(long)]
    bye_points: Option<String>,
    /// Keep the registration order as draw numbers instead of drawing lots.
    #[arg(long)]
    no_draw: bool,
    /// Group round robin: number of groups.
    #[arg(long, default_value_t = Settings::default().groups)]
    groups: u32,
    /// Group round robin: entrants from each group to the final.
    #[arg(long, default_value_t = Settings::default().advance_per_group)]
    advance: u32,
    /// Knock-out: how a level match is decided.
    #[arg(long, value_enum, default_value_t = Settings::default().drawn_match)]
    drawn_match: DrawnMatchRule,
    /// Double elimination: no second final after a bracket reset.
    #[arg(long)]
    no_bracket_reset: bool,
    /// Swiss with elimination: players dropped per round after round 5 (2–4).
    #[arg(long, default_value_t = Settings::default().eliminate_per_round)]
    eliminate: u32,
    /// FIDE Dutch: accelerated first rounds (C.04.5.1).
    #[arg(long, value_enum, default_value_t = Settings::default().acceleration)]
    acceleration: Acceleration,
    /// Overwrite an existing file.
    #[arg(long)]
    force: bool,
}

impl NewArgs {
    /// Creates the file (refusing to replace one without `--force`).
    pub fn run(self) -> Result<()> {
        let file = self.file;
        if file.exists() && !self.force {
            bail!("{} exists; use --force to replace it", file.display());
        }
        let system = self.system;
        let mut e = Event::new(self.name, system);
        e.rounds_planned = self.rounds;
        e.games_per_pairing = self
            .games
            .unwrap_or_else(|| system.default_games_per_pairing());
        if let Some(boards) = self.boards {
            e.entrants = Entrants::Team {
                boards,
                lineup: self.lineup,
            };
        }
        e.ruleset = self.ruleset;
        e.time_control = self.time_control;
        if let Some(t) = self.tiebreaks {
            e.tiebreaks = t;
        }
        e.start_date = self.start_date;
        e.end_date = self.end_date;
        e.settings = Settings {
            lot_seed: self.lot_seed,
            bye_points: self
                .bye_points
                .map(|b| {
                    Score::parse(&b).ok_or_else(|| anyhow!("--bye-points {b:?} is not a score"))
                })
                .transpose()?,
            draw_by_lot: !self.no_draw,
            groups: self.groups,
            advance_per_group: self.advance,
            drawn_match: self.drawn_match,
            bracket_reset: !self.no_bracket_reset,
            eliminate_per_round: self.eliminate,
            acceleration: self.acceleration,
            ..Settings::default()
        };
        shatar_tournament::store::save(&e, &file)?;
        println!("created {} ({})", file.display(), system.code());
        Ok(())
    }
}
