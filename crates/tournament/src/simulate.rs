//! Simulated events, for testing and demonstration: a field of players, every round
//! paired by the system and results drawn reproducibly (at random or by rating).

use crate::error::{EventError, PairingError};
use crate::event::{Event, System};
use crate::lot::Lot;
use crate::numbers::EntrantNo;
use crate::pairing::swiss::acceleration::Acceleration;
use crate::player::Player;
use crate::result::GameResult;

/// How simulated results are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultModel {
    /// White wins, draws and Black wins equally likely.
    Random,
    /// The Elo expectation of the rating difference, with a third of non-wins drawn.
    Rating,
}

/// What to simulate.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    /// Pairing system.
    pub system: System,
    /// Number of players.
    pub players: u32,
    /// Rounds for Swiss systems (0: S4's default).
    pub rounds: u32,
    /// Seed for ratings, lots and results.
    pub seed: u64,
    /// Result model.
    pub model: ResultModel,
    /// Chance (per thousand) that a game is forfeited by one side.
    pub forfeit_per_mille: u32,
    /// Chance (per thousand) that a player withdraws after a round.
    pub withdraw_per_mille: u32,
    /// Swiss with elimination: players dropped per round (S4: 2–4).
    pub eliminate_per_round: u32,
    /// FIDE Dutch: accelerated first rounds.
    pub acceleration: Acceleration,
}

impl Simulation {
    /// A simulation with random results and no forfeits or withdrawals.
    #[must_use]
    pub fn new(system: System, players: u32, seed: u64) -> Simulation {
        Simulation {
            system,
            players,
            rounds: 0,
            seed,
            model: ResultModel::Random,
            forfeit_per_mille: 0,
            withdraw_per_mille: 0,
            eliminate_per_round: 2,
            acceleration: Acceleration::None,
        }
    }
}

/// Runs a whole event.
pub fn simulate(sim: &Simulation) -> Result<Event, EventError> {
    let mut lot = Lot::new(sim.seed, 0, "simulate");
    let mut event = Event::new(format!("Simulated {} event", sim.system.code()), sim.system);
    event.settings.lot_seed = sim.seed;
    event.rounds_planned = sim.rounds;
    event.settings.eliminate_per_round = sim.eliminate_per_round;
    event.settings.acceleration = sim.acceleration;
    if matches!(
        sim.system,
        System::SingleElimination | System::DoubleElimination
    ) {
        // S4 ch.4 §1.1: knock-out matches are usually two games.
        event.games_per_pairing = 2;
    }
    for i in 1..=sim.players {
        let mut p = Player::named(format!("Player {i:03}"));
        p.rating = Some(1200 + (lot.below(1400) as u32));
        p.violations = u32::from(lot.below(8) == 0);
        event.add_player(p)?;
    }
    event.start()?;
    loop {
        match event.pair_next_round() {
            Ok(_) => {}
            Err(EventError::Pairing(PairingError::EventComplete(_))) => break,
            Err(e) => return Err(e),
        }
        let Some(round) = event.rounds.last().cloned() else {
            break;
        };
        for p in &round.pairings {
            let Some(black) = p.black else { continue };
            if p.is_complete() {
                continue;
            }
            let games: Vec<GameResult> = (0..event.games_per_pairing)
                .map(|k| {
                    let (w, b) = if k % 2 == 0 {
                        (p.white, black)
                    } else {
                        (black, p.white)
                    };
                    draw_result(&event, sim, &mut lot, w, b)
                })
                .collect();
            event.set_result(round.number, p.white, black, games)?;
            crate::pairing::elimination::settle_level_match(
                &mut event,
                round.number,
                p.board,
                &mut lot,
            )?;
        }
        if sim.withdraw_per_mille > 0
            && event.system != System::SingleElimination
            && event.system != System::DoubleElimination
        {
            for n in event.entrant_numbers() {
                if event.withdrawal(n).is_none()
                    && round
                        .number
                        .next()
                        .is_some_and(|next| event.is_active_in(n, next))
                    && (lot.below(1000) as u32) < sim.withdraw_per_mille
                {
                    event.withdraw(n, "simulated withdrawal")?;
                }
            }
        }
    }
    Ok(event)
}

fn draw_result(
    event: &Event,
    sim: &Simulation,
    lot: &mut Lot,
    white: EntrantNo,
    black: EntrantNo,
) -> GameResult {
    if (lot.below(1000) as u32) < sim.forfeit_per_mille {
        return if lot.coin() {
            GameResult::WhiteWinsByForfeit {
                reason: "simulated absence".into(),
            }
        } else {
            GameResult::BlackWinsByForfeit {
                reason: "simulated absence".into(),
            }
        };
    }
    match sim.model {
        ResultModel::Random => match lot.below(3) {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            _ => GameResult::BlackWins,
        },
        ResultModel::Rating => {
            let r =
                |n: EntrantNo| f64::from(event.player(n).and_then(|p| p.rating).unwrap_or(1500));
            let expected = 1.0 / (1.0 + 10f64.powf((r(black) - r(white)) / 400.0));
            let u = lot.below(1_000_000) as f64 / 1_000_000.0;
            // A third of the non-decisive mass is drawn around the expectation.
            let draw = (1.0 - (2.0 * expected - 1.0).abs()) / 3.0;
            if u < expected - draw / 2.0 {
                GameResult::WhiteWins
            } else if u < expected + draw / 2.0 {
                GameResult::Draw
            } else {
                GameResult::BlackWins
            }
        }
    }
}
