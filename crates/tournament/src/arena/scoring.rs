//! An arena player's points, by lichess's arena rules: a win 2, a draw 1, a loss 0; two
//! wins in a row set the player on fire, and while on fire a win counts 4 and a draw 2
//! until the first game that is not a win puts the fire out; a berserk win (the player
//! halved his own clock) earns 1 point more, never doubled, when the game lasted
//! [`BERSERK_MIN_MOVES`] full moves.
//!
//! A player's points depend on the order of his games only, never on his opponents, so
//! [`sheet`] reads one player's games in the order played and nothing else.
//!
//! ```
//! use shatar_tournament::arena::{Outcome, PlayerGame, sheet};
//!
//! // Win, win (on fire), win doubled, a berserk win of 31 moves doubled + 1, a draw
//! // doubled (the fire out), a loss.
//! let win = PlayerGame::played(Outcome::Win, 40);
//! let games = [
//!     win,
//!     win,
//!     win,
//!     PlayerGame::played(Outcome::Win, 31).berserked(),
//!     PlayerGame::played(Outcome::Draw, 50),
//!     PlayerGame::played(Outcome::Loss, 20),
//! ];
//! let s = sheet(&games);
//! assert_eq!(s.to_string(), "2 2 4 5 2 0");
//! assert_eq!((s.total, s.on_fire), (15, false));
//! ```

use std::fmt;

/// Full moves a game must have lasted for a berserk win's extra point: a player cannot
/// berserk, resign-bait and collect a point in a few moves (lichess's rule, 7 moves). The
/// count is the game's full moves (move numbers, as a game record numbers them), the
/// same for both players.
pub const BERSERK_MIN_MOVES: u32 = 7;

/// Points of a win off fire.
pub const WIN_POINTS: u32 = 2;

/// Points of a draw off fire.
pub const DRAW_POINTS: u32 = 1;

/// Wins in a row that set a player on fire: from the next game on, his points are doubled.
pub const WINS_FOR_FIRE: u32 = 2;

/// How one game went for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won (at the board or because the opponent never moved).
    Win,
    /// Drawn.
    Draw,
    /// The player lost (at the board, or by never moving).
    Loss,
}

/// One game of one player, all that his points depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerGame {
    /// How it went for him.
    pub result: Outcome,
    /// Whether he berserked (halved his own clock) in this game.
    pub berserk: bool,
    /// Full moves the game lasted.
    pub moves: u32,
    /// Whether the game was decided by a forfeit (one player never moved): the winner's
    /// win counts for score and streak, but earns no berserk point, since nothing was
    /// risked on the clock.
    pub forfeit: bool,
}

impl PlayerGame {
    /// A game played at the board, without berserk.
    #[must_use]
    pub const fn played(result: Outcome, moves: u32) -> PlayerGame {
        PlayerGame {
            result,
            berserk: false,
            moves,
            forfeit: false,
        }
    }

    /// The same game with the player having berserked.
    #[must_use]
    pub const fn berserked(self) -> PlayerGame {
        PlayerGame {
            berserk: true,
            ..self
        }
    }

    /// A forfeit: won because the opponent never moved, or lost by never moving.
    #[must_use]
    pub const fn forfeit(result: Outcome) -> PlayerGame {
        PlayerGame {
            result,
            berserk: false,
            moves: 0,
            forfeit: true,
        }
    }

    /// Whether this game earns the berserk point: a berserk win at the board of at least
    /// [`BERSERK_MIN_MOVES`] full moves.
    #[must_use]
    pub const fn earns_berserk_point(&self) -> bool {
        matches!(self.result, Outcome::Win)
            && self.berserk
            && !self.forfeit
            && self.moves >= BERSERK_MIN_MOVES
    }
}

/// The points one game earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GamePoints {
    /// How the game went (the streak is read from it).
    pub result: Outcome,
    /// Everything the game earned: the result's points (doubled on fire) and the berserk
    /// point.
    pub points: u32,
    /// Whether the player was on fire when the game began (its result's points doubled).
    pub on_fire: bool,
    /// Whether the berserk point is among the points.
    pub berserk_point: bool,
}

/// A player's score sheet: each game's points in the order played, the total and whether
/// he is on fire now (his next game's points doubled). Its `Display` is the points in a
/// row, `2 2 4 2 2 0`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sheet {
    /// Each game's points, in the order played.
    pub games: Vec<GamePoints>,
    /// The sum of the games' points.
    pub total: u32,
    /// Whether the last [`WINS_FOR_FIRE`] games were all wins.
    pub on_fire: bool,
}

impl Sheet {
    /// The sheet after one more game.
    pub fn push(&mut self, game: &PlayerGame) {
        // Fire doubles the result's points only; the berserk point is added after.
        let factor = if self.on_fire { 2 } else { 1 };
        let result_points = match game.result {
            Outcome::Win => WIN_POINTS * factor,
            Outcome::Draw => DRAW_POINTS * factor,
            Outcome::Loss => 0,
        };
        let berserk_point = game.earns_berserk_point();
        let points = result_points + u32::from(berserk_point);
        self.games.push(GamePoints {
            result: game.result,
            points,
            on_fire: self.on_fire,
            berserk_point,
        });
        self.total = self.total.saturating_add(points);
        // On fire after two wins in a row; the first game that is not a win puts it out,
        // and two new wins in a row light it again.
        let needed = WINS_FOR_FIRE as usize;
        self.on_fire = self.games.len() >= needed
            && self.games[self.games.len() - needed..]
                .iter()
                .all(|g| g.result == Outcome::Win);
    }
}

impl fmt::Display for Sheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.games.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", g.points)?;
        }
        Ok(())
    }
}

/// The sheet of one player's games, in the order played.
#[must_use]
pub fn sheet(games: &[PlayerGame]) -> Sheet {
    let mut s = Sheet::default();
    for g in games {
        s.push(g);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw, Loss, Win};

    fn played(results: &[Outcome]) -> Vec<PlayerGame> {
        results.iter().map(|&r| PlayerGame::played(r, 30)).collect()
    }

    /// W W W D W L, no berserk, worked by hand: W 2 (one win), W 2 (two in a row: on
    /// fire from the next game), W 2×2 = 4, D on fire 1×2 = 2 (the fire goes out), W 2
    /// (one win again), L 0. Total 2+2+4+2+2+0 = 12, not on fire.
    #[test]
    fn fire_doubles_from_the_third_win_until_a_game_that_is_not_a_win() {
        let s = sheet(&played(&[Win, Win, Win, Draw, Win, Loss]));
        assert_eq!(s.to_string(), "2 2 4 2 2 0");
        assert_eq!(s.total, 12);
        assert!(!s.on_fire);
        let fire: Vec<bool> = s.games.iter().map(|g| g.on_fire).collect();
        assert_eq!(fire, [false, false, true, true, false, false]);
    }

    /// The same games all berserked, each 30 moves long: every win earns 1 more, the
    /// doubled one too but not doubled itself. W 2+1 = 3, W 2+1 = 3, W 4+1 = 5, D 2 (no
    /// berserk point for a draw), W 2+1 = 3, L 0. Total 3+3+5+2+3+0 = 16.
    #[test]
    fn berserk_adds_one_undoubled_point_to_each_win() {
        let games: Vec<PlayerGame> = played(&[Win, Win, Win, Draw, Win, Loss])
            .into_iter()
            .map(PlayerGame::berserked)
            .collect();
        let s = sheet(&games);
        assert_eq!(s.to_string(), "3 3 5 2 3 0");
        assert_eq!(s.total, 16);
        let points: Vec<bool> = s.games.iter().map(|g| g.berserk_point).collect();
        assert_eq!(points, [true, true, true, false, true, false]);
    }

    #[test]
    fn on_fire_after_two_wins_and_lit_again_after_two_more() {
        // W W: on fire now; L puts it out; W W lights it again; D on fire 2.
        let s = sheet(&played(&[Win, Win]));
        assert!(s.on_fire);
        assert_eq!(s.total, 4);
        let s = sheet(&played(&[Win, Win, Loss, Win, Win, Draw]));
        assert_eq!(s.to_string(), "2 2 0 2 2 2");
        assert!(!s.on_fire);
        // A draw is not a win: D W is no streak.
        let s = sheet(&played(&[Draw, Win, Win, Win, Win]));
        assert_eq!(s.to_string(), "1 2 2 4 4");
        assert!(s.on_fire);
    }

    #[test]
    fn berserk_point_needs_the_minimum_moves() {
        let short = PlayerGame::played(Win, BERSERK_MIN_MOVES - 1).berserked();
        let enough = PlayerGame::played(Win, BERSERK_MIN_MOVES).berserked();
        assert_eq!(sheet(&[short]).total, 2);
        assert_eq!(sheet(&[enough]).total, 3);
        // A berserk draw or loss earns nothing extra.
        let draw = PlayerGame::played(Draw, 40).berserked();
        let loss = PlayerGame::played(Loss, 40).berserked();
        assert_eq!(sheet(&[draw, loss]).to_string(), "1 0");
    }

    /// A forfeit win is a win for score and streak, without the berserk point: F F F
    /// (berserked) = 2 2 4, no extra point anywhere.
    #[test]
    fn a_forfeit_win_counts_but_earns_no_berserk_point() {
        let mut forfeit = PlayerGame::forfeit(Win);
        forfeit.berserk = true;
        forfeit.moves = 40;
        let s = sheet(&[forfeit, forfeit, forfeit]);
        assert_eq!(s.to_string(), "2 2 4");
        assert!(s.on_fire);
        assert!(s.games.iter().all(|g| !g.berserk_point));
        // Losing by never moving puts the fire out.
        let s = sheet(&[forfeit, forfeit, PlayerGame::forfeit(Loss)]);
        assert_eq!((s.total, s.on_fire), (4, false));
    }

    #[test]
    fn no_games_no_points() {
        let s = sheet(&[]);
        assert_eq!(
            (s.total, s.on_fire, s.to_string()),
            (0, false, String::new())
        );
    }
}
