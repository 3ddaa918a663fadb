//! `shatar tournament result`: a pairing's result, individual or team.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use shatar_tournament::event::written;
use shatar_tournament::{BoardNo, Entered, EntrantNo, EventError, GameResult, RoundNo, TeamMatch};

use super::update;

/// The options of `shatar tournament result`.
#[derive(Args)]
pub struct ResultArgs {
    /// Event file.
    file: PathBuf,
    /// Round number.
    #[arg(long)]
    round: RoundNo,
    /// First entrant (individual events).
    #[arg(long)]
    white: Option<EntrantNo>,
    /// Second entrant (individual events).
    #[arg(long)]
    black: Option<EntrantNo>,
    /// Board (team events).
    #[arg(long)]
    board: Option<BoardNo>,
    /// First team's line-up, player numbers board 1 first.
    #[arg(long, value_delimiter = ',')]
    white_lineup: Vec<EntrantNo>,
    /// Second team's line-up.
    #[arg(long, value_delimiter = ',')]
    black_lineup: Vec<EntrantNo>,
    /// Knock-out: the entrant who won a level match by the organiser's tie-break.
    #[arg(long)]
    decided_for: Option<EntrantNo>,
    /// Individual events: neither player came; every game of the pairing is lost by
    /// both.
    #[arg(long, conflicts_with_all = ["results", "board"])]
    double_forfeit: bool,
    /// Individual events: change a result already entered.
    #[arg(long)]
    replace: bool,
    /// Results, in game (or board) order.
    #[arg(required_unless_present = "double_forfeit", allow_hyphen_values = true)]
    results: Vec<String>,
}

impl ResultArgs {
    /// Enters the result and says what it changed.
    pub fn run(self) -> Result<()> {
        let (file, round) = (self.file, self.round);
        if let Some(board) = self.board {
            let boards = self
                .results
                .iter()
                .map(|b| board_games(b))
                .collect::<Result<Vec<_>, _>>()?;
            let tm = TeamMatch {
                white_lineup: self.white_lineup,
                black_lineup: self.black_lineup,
                boards,
            };
            update(&file, |e| e.set_team_result(round, board, tm))?;
            println!("result entered");
            return Ok(());
        }
        let (Some(w), Some(b)) = (self.white, self.black) else {
            bail!("give --white and --black (individual) or --board (team)");
        };
        let given = self
            .results
            .iter()
            .map(|g| g.parse::<GameResult>())
            .collect::<Result<Vec<_>, _>>()?;
        let (double_forfeit, replace, decided_for) =
            (self.double_forfeit, self.replace, self.decided_for);
        let (board, entered, games) = update(&file, |e| {
            let games = if double_forfeit {
                vec![
                    GameResult::DoubleForfeit {
                        reason: String::new(),
                    };
                    usize::from(e.games_per_pairing)
                ]
            } else {
                given
            };
            let entered = e
                .set_result_at(round, w, b, games, replace)
                .map_err(ResultError)?;
            if let Some(d) = decided_for {
                e.decide_match(round, w, b, d).map_err(ResultError)?;
            }
            let pairing = e.rounds[round.index()]
                .pairings
                .iter()
                .find(|p| p.white == w && p.black == Some(b));
            let board = pairing.map(|p| p.board).unwrap_or(BoardNo::FIRST);
            let games = pairing.map(|p| written(&p.games)).unwrap_or_default();
            Ok::<_, ResultError>((board, entered, games))
        })?;
        let pairing = format!("round {round} board {board}, {w} (White) – {b} (Black)");
        match entered {
            Entered::New => println!("{pairing}: {games} entered"),
            Entered::Unchanged => {
                println!("{pairing}: {games} was already entered; nothing changed");
            }
            Entered::Replaced {
                previous,
                later_rounds,
            } => {
                println!("{pairing}: {games} entered (was {})", written(&previous));
                if let [first, .., last] | [first @ last] = later_rounds[..] {
                    let rounds = if first == last {
                        format!("round {first} was")
                    } else {
                        format!("rounds {first}–{last} were")
                    };
                    println!(
                        "note: {rounds} paired while the previous result stood; their pairings stay as they are"
                    );
                }
            }
        }
        Ok(())
    }
}

/// A refused result, with what to type instead where the refusal has a remedy on this
/// command line.
#[derive(Debug)]
struct ResultError(EventError);

impl std::fmt::Display for ResultError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        match &self.0 {
            EventError::ColoursReversed { white, black, .. } => {
                write!(f, "; give --white {white} --black {black}")
            }
            EventError::ResultAlreadyEntered { .. } => f.write_str("; give --replace to change it"),
            _ => Ok(()),
        }
    }
}

impl std::error::Error for ResultError {}

/// One board's games from the command line: a single result, or several joined by `+`
/// (two games per board: `1-0+1/2`). The forfeit codes `+-` and `-+` contain the joiner,
/// so a text that reads as one result is one game.
fn board_games(text: &str) -> Result<Vec<GameResult>, shatar_tournament::result::ParseResultError> {
    if let Ok(g) = text.parse::<GameResult>() {
        return Ok(vec![g]);
    }
    text.split('+').map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_games_read_forfeits_and_joined_games() {
        let forfeit = |white: bool| {
            if white {
                GameResult::WhiteWinsByForfeit {
                    reason: String::new(),
                }
            } else {
                GameResult::BlackWinsByForfeit {
                    reason: String::new(),
                }
            }
        };
        assert_eq!(board_games("+-").unwrap(), [forfeit(true)]);
        assert_eq!(board_games("-+").unwrap(), [forfeit(false)]);
        assert_eq!(
            board_games("1-0+1/2").unwrap(),
            [GameResult::WhiteWins, GameResult::Draw]
        );
        assert_eq!(
            board_games("1F-0F+0-1").unwrap(),
            [forfeit(true), GameResult::BlackWins]
        );
        assert!(board_games("1-0+").is_err());
    }
}
