//! Scoring (S4 ch.2 §6): each entrant's encounters, and the points of each kind.
//!
//! Individual: win 1, draw ½, loss 0; in multi-game pairings the game points decide the
//! pairing, worth 1 / ½ / 0 match points. Teams: game points per board; one game per
//! board → match 2 / 1 / 0 by game points; two games per board → board points 1 / ½ / 0
//! by each board's game points, then match 2 / 1 / 0 by board points, game points
//! deciding level board points.

use std::collections::BTreeMap;

use crate::event::{Entrants, Event, Pairing, System};
use crate::numbers::{EntrantNo, RoundNo};
use crate::result::{Color, GameResult};
use crate::score::Score;
use crate::team::LineupMode;

/// How an encounter was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncounterKind {
    /// Played over the board (at least one game).
    Played,
    /// Won because the opponent did not play.
    ForfeitWin,
    /// Lost by not playing.
    ForfeitLoss,
    /// Neither played.
    DoubleForfeit,
    /// A pairing bye.
    Bye,
}

/// One round of one entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encounter {
    /// Round number.
    pub round: RoundNo,
    /// Opponent, `None` for a bye.
    pub opponent: Option<EntrantNo>,
    /// Colour in the pairing's first game (team: on board 1).
    pub color: Option<Color>,
    /// How it was decided.
    pub kind: EncounterKind,
    /// Game points scored.
    pub game_points: Score,
    /// Board points (team two-game matches; otherwise equal to game points).
    pub board_points: Score,
    /// Match points (individual multi-game: 1/½/0; team: 2/1/0; one-game: game points).
    pub match_points: Score,
    /// Games won at the board (not by forfeit, not by adjudication).
    pub wins: u32,
    /// Games played over the board.
    pub games_played: u32,
}

/// All encounters of one entrant, with totals.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Encounters, in round order.
    pub encounters: Vec<Encounter>,
}

impl Tally {
    /// Total game points.
    #[must_use]
    pub fn game_points(&self) -> Score {
        self.encounters.iter().map(|e| e.game_points).sum()
    }
    /// Total board points.
    #[must_use]
    pub fn board_points(&self) -> Score {
        self.encounters.iter().map(|e| e.board_points).sum()
    }
    /// Total match points.
    #[must_use]
    pub fn match_points(&self) -> Score {
        self.encounters.iter().map(|e| e.match_points).sum()
    }
    /// Games won.
    #[must_use]
    pub fn wins(&self) -> u32 {
        self.encounters.iter().map(|e| e.wins).sum()
    }
    /// Opponents met (by board or forfeit), in round order.
    pub fn opponents(&self) -> impl Iterator<Item = EntrantNo> + '_ {
        self.encounters.iter().filter_map(|e| e.opponent)
    }
    /// Colours in first games, in round order (byes and forfeits excluded).
    #[must_use]
    pub fn colors_played(&self) -> Vec<Color> {
        self.encounters
            .iter()
            .filter(|e| e.kind == EncounterKind::Played)
            .filter_map(|e| e.color)
            .collect()
    }
}

/// Which kind of points ranks entrants first in this event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrimaryPoints {
    /// Game points (individual, one game per pairing).
    Game,
    /// Match points (multi-game individual pairings, and teams).
    Match,
}

/// The primary points of the event's format (S4 ch.2 §6.1–2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    /// Team event.
    pub team: bool,
    /// Games per pairing (per board for teams).
    pub games: u8,
    /// Primary points.
    pub primary: PrimaryPoints,
}

impl Format {
    /// The format of an event.
    #[must_use]
    pub fn of(event: &Event) -> Format {
        let team = event.is_team_event();
        let primary = if team || event.games_per_pairing > 1 {
            PrimaryPoints::Match
        } else {
            PrimaryPoints::Game
        };
        Format {
            team,
            games: event.games_per_pairing,
            primary,
        }
    }
}

impl Encounter {
    /// The encounter's primary points in `format`.
    #[must_use]
    pub fn primary(&self, format: Format) -> Score {
        match format.primary {
            PrimaryPoints::Game => self.game_points,
            PrimaryPoints::Match => self.match_points,
        }
    }
}

/// Tallies for every entrant that is not cancelled, from every pairing with a result.
/// Pairings with a cancelled entrant (S4 ch.2 §7.1.1) are left out on both sides.
#[must_use]
pub fn tallies(event: &Event) -> BTreeMap<EntrantNo, Tally> {
    let cancelled = event.cancelled_entrants();
    let mut out: BTreeMap<EntrantNo, Tally> = event
        .entrant_numbers()
        .into_iter()
        .filter(|n| !cancelled.contains(n))
        .map(|n| (n, Tally::default()))
        .collect();
    for round in &event.rounds {
        for p in &round.pairings {
            if cancelled.contains(&p.white) || p.black.is_some_and(|b| cancelled.contains(&b)) {
                continue;
            }
            for (entrant, enc) in encounters_of(event, round.number, p) {
                if let Some(t) = out.get_mut(&entrant) {
                    t.encounters.push(enc);
                }
            }
        }
    }
    out
}

/// Both sides' encounters of one pairing (empty if it has no result yet).
#[must_use]
pub fn encounters_of(event: &Event, round: RoundNo, p: &Pairing) -> Vec<(EntrantNo, Encounter)> {
    let format = Format::of(event);
    let Some(black) = p.black else {
        let pts = p.bye_points.unwrap_or(Score::ZERO);
        let boards = match event.entrants {
            Entrants::Team { boards, .. } => i64::from(boards),
            Entrants::Individual => 1,
        };
        let games = i64::from(event.games_per_pairing);
        let (gp, bp, mp) = if format.team {
            (
                Score::from_quarters(pts.quarters() * boards * games),
                Score::from_quarters(pts.quarters() * boards),
                Score::from_quarters(pts.quarters() * 2),
            )
        } else {
            (Score::from_quarters(pts.quarters() * games), pts, pts)
        };
        return vec![(
            p.white,
            Encounter {
                round,
                opponent: None,
                color: None,
                kind: EncounterKind::Bye,
                game_points: gp,
                board_points: bp,
                match_points: if format.primary == PrimaryPoints::Game {
                    gp
                } else {
                    mp
                },
                wins: 0,
                games_played: 0,
            },
        )];
    };
    // Per-board game lists from the first entrant's side: (first's colour, result).
    let boards: Vec<Vec<(Color, &GameResult)>> = if let Some(tm) = &p.team_match {
        let all_play_all = matches!(
            event.entrants,
            Entrants::Team {
                lineup: LineupMode::AllPlayAll,
                ..
            }
        );
        let width = tm.black_lineup.len().max(1);
        tm.boards
            .iter()
            .enumerate()
            .map(|(b, games)| {
                // Board colours: the first team has White on odd boards (1-based), or
                // the colours an imported round was played with.
                let base = if all_play_all {
                    if (b / width + b % width).is_multiple_of(2) {
                        Color::White
                    } else {
                        Color::Black
                    }
                } else {
                    event.first_team_colour(round, b)
                };
                games
                    .iter()
                    .enumerate()
                    .map(|(k, g)| {
                        let c = if k % 2 == 0 { base } else { !base };
                        (c, g)
                    })
                    .collect()
            })
            .collect()
    } else if p.games.is_empty() {
        return Vec::new();
    } else if format.team {
        // A whole match decided without line-ups (withdrawal): every board forfeited.
        let n = match event.entrants {
            Entrants::Team { boards, .. } => usize::from(boards),
            Entrants::Individual => 1,
        };
        (0..n)
            .map(|_| {
                p.games
                    .iter()
                    .enumerate()
                    .map(|(k, g)| (Pairing::first_color_in_game(k), g))
                    .collect()
            })
            .collect()
    } else {
        vec![
            p.games
                .iter()
                .enumerate()
                .map(|(k, g)| (Pairing::first_color_in_game(k), g))
                .collect(),
        ]
    };
    let mut side = [Side::default(), Side::default()];
    for games in &boards {
        let mut board_pts = [Score::ZERO, Score::ZERO];
        for (c, g) in games {
            let colors = [*c, !*c];
            for i in 0..2 {
                let pts = g.points(colors[i]);
                board_pts[i] += pts;
                // Games won at the board only: a forfeit or an adjudicated game
                // (GameResult::Adjusted, even ½-0) scores its points but is no won game
                // for the wins tie-break (docs/competition.md §3).
                side[i].wins += u32::from(g.is_won_at_board_by(colors[i]));
                side[i].played += u32::from(g.is_played());
                side[i].unplayed_wins += u32::from(!g.is_played() && g.is_win_for(colors[i]));
            }
        }
        for i in 0..2 {
            side[i].game += board_pts[i];
            side[i].board += compare(board_pts[i], board_pts[1 - i], Score::ONE);
        }
    }
    let any_played = side[0].played > 0;
    let match_pts = |i: usize| -> Score {
        let j = 1 - i;
        if format.team {
            if format.games > 1 {
                // S4 ch.2 §6.2.1(2): board points decide, then game points.
                let by_board = compare(side[i].board, side[j].board, Score::from_int(2));
                if side[i].board != side[j].board {
                    by_board
                } else {
                    compare(side[i].game, side[j].game, Score::from_int(2))
                }
            } else {
                compare(side[i].game, side[j].game, Score::from_int(2))
            }
        } else if format.games > 1 || is_knock_out(event) {
            if side[i].game == side[j].game
                && let Some(w) = p.decided_for
            {
                let me = if i == 0 { p.white } else { black };
                return if w == me { Score::ONE } else { Score::ZERO };
            }
            compare(side[i].game, side[j].game, Score::ONE)
        } else {
            side[i].game
        }
    };
    let kind = |i: usize| -> EncounterKind {
        if any_played {
            EncounterKind::Played
        } else if side[i].unplayed_wins > 0 {
            EncounterKind::ForfeitWin
        } else if side[1 - i].unplayed_wins > 0 {
            EncounterKind::ForfeitLoss
        } else {
            EncounterKind::DoubleForfeit
        }
    };
    let board_of = |i: usize| {
        if format.team && format.games > 1 {
            side[i].board
        } else {
            side[i].game
        }
    };
    vec![
        (
            p.white,
            Encounter {
                round,
                opponent: Some(black),
                color: Some(Color::White),
                kind: kind(0),
                game_points: side[0].game,
                board_points: board_of(0),
                match_points: match_pts(0),
                wins: side[0].wins,
                games_played: side[0].played,
            },
        ),
        (
            black,
            Encounter {
                round,
                opponent: Some(p.white),
                color: Some(Color::Black),
                kind: kind(1),
                game_points: side[1].game,
                board_points: board_of(1),
                match_points: match_pts(1),
                wins: side[1].wins,
                games_played: side[1].played,
            },
        ),
    ]
}

fn is_knock_out(event: &Event) -> bool {
    matches!(
        event.system,
        System::SingleElimination | System::DoubleElimination
    )
}

#[derive(Default, Clone, Copy)]
struct Side {
    game: Score,
    board: Score,
    wins: u32,
    played: u32,
    unplayed_wins: u32,
}

/// `win` if `a > b`, half of it if equal, zero otherwise.
fn compare(a: Score, b: Score, win: Score) -> Score {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => win,
        std::cmp::Ordering::Equal => Score::from_quarters(win.quarters() / 2),
        std::cmp::Ordering::Less => Score::ZERO,
    }
}
