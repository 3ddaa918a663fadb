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
use std::collections::{HashMap, HashSet};

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

    /// The games of wave `wave`, by board. The games are kept in the order paired, so by
    /// wave and then board: the wave's are found by halving.
    pub fn wave(&self, wave: u32) -> impl Iterator<Item = &ArenaBoard> {
        let from = self.games.partition_point(|g| g.wave < wave);
        self.games[from..]
            .iter()
            .take_while(move |g| g.wave == wave)
    }

    /// Where the game of `wave`, `board` is in [`ArenaRun::games`].
    pub fn index_of(&self, wave: u32, board: u32) -> Option<usize> {
        self.games
            .binary_search_by_key(&(wave, board), |g| (g.wave, g.board))
            .ok()
    }

    /// The game of `wave`, `board`.
    pub fn board(&self, wave: u32, board: u32) -> Option<&ArenaBoard> {
        self.index_of(wave, board).map(|i| &self.games[i])
    }

    /// The game `entrant` is playing now, if any.
    pub fn playing(&self, entrant: EntrantNo) -> Option<&ArenaBoard> {
        self.games
            .iter()
            .rev()
            .find(|g| g.is_playing() && g.has(entrant))
    }

    /// The game each player is playing now, in one pass over the games.
    pub fn now_playing(&self) -> HashMap<EntrantNo, &ArenaBoard> {
        let mut playing = HashMap::new();
        for g in self.games.iter().filter(|g| g.is_playing()) {
            playing.insert(g.white, g);
            playing.insert(g.black, g);
        }
        playing
    }
}

/// The arena's own numbers of an event's players: their places in number order (the
/// library numbers its players 1, 2, … as they are added, and an event's numbers may have
/// gaps). Made once per use and looked up by halving, not sorted again per game.
#[derive(Debug, Clone)]
pub struct Numbering {
    /// The event's numbers, in order: the arena's number `a` is `numbers[a − 1]`.
    numbers: Vec<EntrantNo>,
}

impl Numbering {
    /// The numbering of event `s`'s players.
    pub fn of(s: &EventState) -> Numbering {
        let mut numbers: Vec<EntrantNo> = s.event.players.iter().map(|p| p.number).collect();
        numbers.sort();
        Numbering { numbers }
    }

    /// Entrant `n`'s number in the arena.
    pub fn to_arena(&self, n: EntrantNo) -> Option<EntrantNo> {
        self.numbers
            .binary_search(&n)
            .ok()
            .map(EntrantNo::from_index)
    }

    /// The entrant of the arena's number `a`.
    pub fn from_arena(&self, a: EntrantNo) -> Option<EntrantNo> {
        self.numbers.get(a.index()).copied()
    }
}

/// The library's arena as event `s` stands: its players in the order of `numbering`
/// and its counted games; lots are drawn from the event's lot seed and the wave being
/// paired.
pub fn rebuild(s: &EventState, run: &ArenaRun, numbering: &Numbering) -> Result<Arena, ArenaError> {
    let seed = s
        .event
        .settings
        .lot_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(run.waves()));
    let mut arena = Arena::new(seed);
    let ratings: HashMap<EntrantNo, Option<u32>> = s
        .event
        .players
        .iter()
        .map(|p| (p.number, p.rating))
        .collect();
    for n in &numbering.numbers {
        arena.add_player(ratings.get(n).copied().flatten().unwrap_or(UNRATED));
    }
    for g in run.games.iter().filter(|g| g.counted) {
        let Some(result) = &g.result else { continue };
        let (Some(white), Some(black)) = (numbering.to_arena(g.white), numbering.to_arena(g.black))
        else {
            continue;
        };
        let mut game = ArenaGame::new(white, black, result.clone(), g.moves);
        game.white_berserk = g.white_berserk;
        game.black_berserk = g.black_berserk;
        arena.record(game)?;
    }
    Ok(arena)
}

/// The standings, best first, in the event's numbers.
pub fn standings(s: &EventState, run: &ArenaRun) -> Result<Vec<ArenaStanding>, ArenaError> {
    let numbering = Numbering::of(s);
    let arena = rebuild(s, run, &numbering)?;
    Ok(arena
        .standings()
        .into_iter()
        .filter_map(|mut st| {
            st.entrant = numbering.from_arena(st.entrant)?;
            Some(st)
        })
        .collect())
}

/// The players who wait for a game now, longest waiting first: taking part (not
/// withdrawn), not paused, with an account, and not playing. Who waited longest is told
/// by the wave of their last game (none: since the start), then by number. One pass over
/// the games.
pub fn waiting(s: &EventState, run: &ArenaRun) -> Vec<EntrantNo> {
    let mut last_wave: HashMap<EntrantNo, u32> = HashMap::new();
    let mut playing: HashSet<EntrantNo> = HashSet::new();
    // In the order paired: each player's last insert is his latest wave.
    for g in &run.games {
        last_wave.insert(g.white, g.wave);
        last_wave.insert(g.black, g.wave);
        if g.is_playing() {
            playing.insert(g.white);
            playing.insert(g.black);
        }
    }
    let mut v: Vec<(u32, EntrantNo)> = s
        .event
        .players
        .iter()
        .filter(|p| p.withdrawal.is_none())
        .map(|p| p.number)
        .filter(|n| !s.paused.contains(n) && s.accounts.contains_key(n))
        .filter(|n| !playing.contains(n))
        .map(|n| (last_wave.get(&n).copied().unwrap_or(0), n))
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
