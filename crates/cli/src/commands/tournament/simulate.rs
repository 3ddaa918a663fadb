//! `shatar tournament simulate`: a whole event with simulated results.

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, ValueEnum};
use shatar_tournament::pairing::swiss::acceleration::Acceleration;
use shatar_tournament::simulate::{ResultModel, Simulation, simulate};
use shatar_tournament::{System, store};

/// `--model` of `shatar tournament simulate`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Model {
    /// Each result at random.
    Random,
    /// By the ratings.
    Rating,
}

/// The options of `shatar tournament simulate`.
#[derive(Args)]
pub struct SimulateArgs {
    /// Pairing system.
    #[arg(long, value_enum)]
    system: System,
    /// Number of players.
    #[arg(long)]
    players: u32,
    /// Rounds (Swiss systems; default the competition rules').
    #[arg(long, default_value_t = 0)]
    rounds: u32,
    /// Seed for ratings, lots and results.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Results: `random`, or by `rating` (the stronger more likely to win).
    #[arg(long, value_enum, default_value_t = Model::Random)]
    model: Model,
    /// Forfeits per thousand games.
    #[arg(long, default_value_t = 0)]
    forfeits: u32,
    /// Withdrawals per thousand players and rounds.
    #[arg(long, default_value_t = 0)]
    withdrawals: u32,
    /// FIDE Dutch: accelerated first rounds.
    #[arg(long, value_enum, default_value_t = Acceleration::None)]
    acceleration: Acceleration,
    /// Event file to write.
    #[arg(long)]
    out: PathBuf,
}

impl SimulateArgs {
    /// Runs the simulation and writes the event file.
    pub fn run(self) -> Result<()> {
        let mut sim = Simulation::new(self.system, self.players, self.seed);
        sim.rounds = self.rounds;
        sim.model = match self.model {
            Model::Random => ResultModel::Random,
            Model::Rating => ResultModel::Rating,
        };
        sim.forfeit_per_mille = self.forfeits;
        sim.withdraw_per_mille = self.withdrawals;
        sim.acceleration = self.acceleration;
        let e = simulate(&sim)?;
        store::save(&e, &self.out)?;
        println!(
            "simulated {} players, {} rounds ({}) into {}",
            self.players,
            e.rounds.len(),
            e.system.code(),
            self.out.display()
        );
        Ok(())
    }
}
