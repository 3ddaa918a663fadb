//! Online arenas: an event of [`System::Arena`](shatar_tournament::System::Arena) has no
//! rounds. For its set duration, each player whose game ends is paired again at once with
//! someone close in the standings; the scoring (2 a win, 1 a draw, doubled on a streak,
//! berserk's extra point) and the pairing are the tournament library's
//! ([`shatar_tournament::arena`]). This file keeps what the server adds: the arena's
//! clock, the games it paired (each pairing call is a *wave*; a wave's games are stored as
//! `event_games` of "round" = the wave), and the library's arena rebuilt from them.
//!
//! As on lichess, a game still being played when the arena ends is played out but does not
//! count, and a player who never moves in a game loses it by default and is paused (not
//! paired again until he comes back), so that an absent player does not collect defeats.

use super::state::EventState;
use serde::{Deserialize, Serialize};
use shatar_tournament::arena::{Arena, ArenaError, ArenaGame, ArenaStanding};
use shatar_tournament::{EntrantNo, GameResult};

/// An arena's duration when the organiser does not say: an hour.
pub const DEFAULT_DURATION_MIN: u32 = 60;

/// The longest arena: a day.
pub const MAX_DURATION_MIN: u32 = 24 * 60;

/// The rating an arena ranks and measures a player without one by.
pub const UNRATED: u32 = 1500;

/// An online arena as it runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaRun {
    /// How long it runs, in minutes from its start.
    pub duration_min: u32,
    /// When it started (milliseconds since the Unix epoch); `None` before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_ms: Option<i64>,
    /// When it ends, fixed at its start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at_ms: Option<i64>,
    /// Whether it has ended: nothing is paired or counted after.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ended: bool,
    /// Its games, in the order paired.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<ArenaBoard>,
}

/// One game an arena paired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaBoard {
    /// The pairing call (wave) that paired it, 1, 2, …
    pub wave: u32,
    /// Its board within the wave, 1, 2, …
    pub board: u32,
    /// White.
    pub white: EntrantNo,
    /// Black.
    pub black: EntrantNo,
    /// How it ended; `None` while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Full moves it lasted.
    #[serde(default)]
    pub moves: u32,
    /// Whether White berserked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub white_berserk: bool,
    /// Whether Black berserked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub black_berserk: bool,
    /// Whether it counts: a game that ended after the arena did does not.
    #[serde(default = "yes")]
    pub counted: bool,
}

fn yes() -> bool {
    true
}

impl ArenaBoard {
    /// Whether the game is still being played (no result yet, arena not ended).
    pub fn is_playing(&self) -> bool {
        self.result.is_none() && self.counted
    }

    /// Whether `entrant` plays in it.
    pub fn has(&self, entrant: EntrantNo) -> bool {
        self.white == entrant || self.black == entrant
    }
}

impl ArenaRun {
    /// A new arena of `duration_min` minutes, not started.
    pub fn new(duration_min: u32) -> ArenaRun {
        ArenaRun {
            duration_min,
            started_ms: None,
            ends_at_ms: None,
            ended: false,
            games: Vec::new(),
        }
    }

    /// When it ends, once started: as fixed at its start (the server's minute, see
    /// `Config::arena_minute_ms`), else its minutes from the start.
    pub fn ends_ms(&self) -> Option<i64> {
        self.ends_at_ms.or_else(|| {
            self.started_ms
                .map(|s| s + i64::from(self.duration_min) * 60_000)
        })
    }

    /// The pairing calls made so far.
    pub fn waves(&self) -> u32 {
        self.games.last().map_or(0, |g| g.wave)
    }

    /// The games of wave `wave`, by board.
    pub fn wave(&self, wave: u32) -> impl Iterator<Item = &ArenaBoard> {
        self.games.iter().filter(move |g| g.wave == wave)
    }

    /// The game of `wave`, `board`.
    pub fn board(&self, wave: u32, board: u32) -> Option<&ArenaBoard> {
        self.games
            .iter()
            .find(|g| g.wave == wave && g.board == board)
    }

    /// The game `entrant` is playing now, if any.
    pub fn playing(&self, entrant: EntrantNo) -> Option<&ArenaBoard> {
        self.games
            .iter()
            .rev()
            .find(|g| g.is_playing() && g.has(entrant))
    }
}

/// The library's arena as event `s` stands: its players in number order (the arena's own
/// numbers are the places in that order, see [`to_arena`] and [`from_arena`]) and its
/// counted games; lots are drawn from the event's lot seed and the wave being paired.
pub fn rebuild(s: &EventState, run: &ArenaRun) -> Result<Arena, ArenaError> {
    let seed = s
        .event
        .settings
        .lot_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(run.waves()));
    let mut arena = Arena::new(seed);
    for p in players(s) {
        arena.add_player(p.rating.unwrap_or(UNRATED));
    }
    for g in run.games.iter().filter(|g| g.counted) {
        let Some(result) = &g.result else { continue };
        let (Some(white), Some(black)) = (to_arena(s, g.white), to_arena(s, g.black)) else {
            continue;
        };
        let mut game = ArenaGame::new(white, black, result.clone(), g.moves);
        game.white_berserk = g.white_berserk;
        game.black_berserk = g.black_berserk;
        arena.record(game)?;
    }
    Ok(arena)
}

/// The event's players in number order.
fn players(s: &EventState) -> Vec<&shatar_tournament::Player> {
    let mut v: Vec<&shatar_tournament::Player> = s.event.players.iter().collect();
    v.sort_by_key(|p| p.number);
    v
}

/// Entrant `n`'s number in the arena [`rebuild`] makes.
pub fn to_arena(s: &EventState, n: EntrantNo) -> Option<EntrantNo> {
    players(s)
        .iter()
        .position(|p| p.number == n)
        .map(EntrantNo::from_index)
}

/// The entrant of the arena's number `a`.
pub fn from_arena(s: &EventState, a: EntrantNo) -> Option<EntrantNo> {
    players(s).get(a.index()).map(|p| p.number)
}

/// The standings, best first, in the event's numbers.
pub fn standings(s: &EventState, run: &ArenaRun) -> Result<Vec<ArenaStanding>, ArenaError> {
    let arena = rebuild(s, run)?;
    Ok(arena
        .standings()
        .into_iter()
        .filter_map(|mut st| {
            st.entrant = from_arena(s, st.entrant)?;
            Some(st)
        })
        .collect())
}

/// The players who wait for a game now, longest waiting first: taking part (not
/// withdrawn), not paused, with an account, and not playing. Who waited longest is told
/// by the wave of their last game (none: since the start), then by number.
pub fn waiting(s: &EventState, run: &ArenaRun) -> Vec<EntrantNo> {
    let mut v: Vec<(u32, EntrantNo)> = s
        .event
        .players
        .iter()
        .filter(|p| p.withdrawal.is_none())
        .map(|p| p.number)
        .filter(|n| !s.paused.contains(n) && s.accounts.contains_key(n))
        .filter(|&n| run.playing(n).is_none())
        .map(|n| {
            let last = run
                .games
                .iter()
                .rev()
                .find(|g| g.has(n))
                .map_or(0, |g| g.wave);
            (last, n)
        })
        .collect();
    v.sort();
    v.into_iter().map(|(_, n)| n).collect()
}

/// Who of a game's two players never moved and so is paused, by its result: the loser
/// of a default, or both of a double default.
pub fn absent(result: &GameResult, white: EntrantNo, black: EntrantNo) -> Vec<EntrantNo> {
    match result {
        GameResult::WhiteWinsByForfeit { .. } => vec![black],
        GameResult::BlackWinsByForfeit { .. } => vec![white],
        GameResult::DoubleForfeit { .. } => vec![white, black],
        _ => Vec::new(),
    }
}
