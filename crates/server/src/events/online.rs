//! Online events: played live on the site. Players are accounts that join themselves;
//! the server pairs each round with the tournament library, creates its live games with
//! the event's clock and ruleset, and enters each game's result when it ends
//! (`runner.rs` drives it; this file holds the settings and the rules it follows).
//!
//! A pairing of several games (a knock-out's two-game matches) plays them one after the
//! other, colours swapped each game; a level knock-out match goes on by the organiser's
//! rule (extra games until one player leads, or one armageddon game), see
//! [`next_in_match`].
//!
//! A player who does not make a first move within the event's default time loses by
//! default (S4 ch.2 §6's 15 minutes for long games, shorter for fast ones, see
//! [`default_time_s`]); when neither does, both lose (a double forfeit). The tournament
//! library records these as forfeits, so they count as S4 counts forfeits.

use crate::db::games::{Ending, GameRow, Status as GameStatus};
use crate::live::game::Finish;
use serde::{Deserialize, Serialize};
use shatar_arbiter::{Bonus, TimeControl};
use shatar_rules::outcome::Outcome;
use shatar_tournament::{
    Color, DrawnMatchRule, EntrantNo, Event, GameResult, Pairing, Score, System,
};

/// Seconds between the last game of a round ending and the next round's pairing, when
/// the organiser does not say.
pub const DEFAULT_PAUSE_S: u32 = 60;

/// The most players an online event takes, when the organiser does not say.
pub const DEFAULT_LIMIT: u32 = 1_000;

/// An online event's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Online {
    /// Each player's clock at the start of a game.
    pub initial_ms: i64,
    /// Added after each move (Fischer).
    pub increment_ms: i64,
    /// Whether the games change the players' ratings.
    pub rated: bool,
    /// Seconds between a round's last game ending and the next round.
    pub pause_s: u32,
    /// The most players who may join.
    pub limit: u32,
    /// When round 1 starts by itself (milliseconds since the Unix epoch); without it the
    /// organiser starts the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_at_ms: Option<i64>,
    /// Seconds a player may take over the first move before losing by default.
    pub default_s: u32,
}

/// Why an online event's settings are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnlineRefusal {
    /// The live clock runs one period with an increment or none: no move counts, delays or
    /// several periods.
    Clock,
    /// The clock has no time.
    Untimed,
}

/// The live clock of an online event: one sudden-death period, with a Fischer increment
/// or none (the clocks the live games run).
pub fn live_clock(tc: &TimeControl) -> Result<(i64, i64), OnlineRefusal> {
    if tc.is_untimed() {
        return Err(OnlineRefusal::Untimed);
    }
    let [period] = tc.periods() else {
        return Err(OnlineRefusal::Clock);
    };
    if period.moves.is_some() {
        return Err(OnlineRefusal::Clock);
    }
    let increment_ms = match period.bonus {
        Bonus::None => 0,
        Bonus::Fischer { increment_ms } => increment_ms,
        Bonus::Bronstein { .. } | Bonus::SimpleDelay { .. } => return Err(OnlineRefusal::Clock),
    };
    let ms = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    Ok((ms(period.time_ms), ms(increment_ms)))
}

/// The default time for a clock of `initial_ms`, when the organiser does not set one: a
/// quarter of the starting time, at least 30 seconds and at most S4's 15 minutes (a
/// 90-minute game gets 15 minutes, a 5-minute game 75 seconds, a 1-minute game 30).
pub fn default_time_s(initial_ms: i64) -> u32 {
    let quarter_s = initial_ms.max(0) / 4_000;
    u32::try_from(quarter_s.clamp(30, 15 * 60)).unwrap_or(15 * 60)
}

/// The rating account `user_id` joins online event `state` with: its site rating in the
/// event's kind of game, once established (a provisional one seeds like none).
pub async fn seed_rating(
    db: &crate::db::Db,
    state: &super::EventState,
    user_id: i64,
) -> Result<Option<u32>, crate::error::AppError> {
    let Some(online) = state.online else {
        return Ok(None);
    };
    let category =
        crate::ratings::Category::of(&state.event.ruleset, online.initial_ms, online.increment_ms);
    let r = crate::db::ratings::get(db, user_id, &category.key()).await?;
    // Ratings are within 0..4000 (the player fields' own limit).
    Ok((!r.is_provisional()).then(|| r.rating.round().clamp(0.0, 4000.0) as u32))
}

/// Why a team of accounts cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum TeamOfAccountsError {
    /// A username with no account.
    #[error("no account {0:?}")]
    NoAccount(String),
    /// Storage failed.
    #[error(transparent)]
    Storage(#[from] crate::error::AppError),
}

/// The team `name` of the accounts `usernames` (in order) for a captain's registration in
/// online event `state`: each member named as his account is and seeded by his site
/// rating ([`seed_rating`]); with the members' accounts, in the same order.
pub async fn team_of_accounts(
    db: &crate::db::Db,
    state: &super::EventState,
    name: String,
    region: Option<String>,
    usernames: &[String],
) -> Result<(super::NewTeam, Vec<super::Person>), TeamOfAccountsError> {
    let mut members = Vec::new();
    let mut players = Vec::new();
    for username in usernames.iter().map(|u| u.trim()).filter(|u| !u.is_empty()) {
        let user = crate::db::users::by_name(db, username)
            .await?
            .ok_or_else(|| TeamOfAccountsError::NoAccount(username.to_owned()))?;
        let person = super::Person::of(&user);
        players.push(super::NewPlayer {
            name: person.name.clone(),
            rating: seed_rating(db, state, person.id).await?,
            ..super::NewPlayer::default()
        });
        members.push(person);
    }
    let team = super::NewTeam {
        name,
        region,
        members: players,
    };
    Ok((team, members))
}

/// The reason the results of defaults carry.
pub const NO_SHOW: &str = "no first move in the default time";

/// The tournament result of an event game that has ended, or `None` while it is played.
/// Defaults are forfeits: the absent player did not play.
pub fn result_of(game: &GameRow) -> Option<GameResult> {
    let no_show = game.termination == Some(Ending::NoShow);
    let reason = || NO_SHOW.to_owned();
    match (game.status, game.result) {
        (GameStatus::Started, _) => None,
        (GameStatus::Ended, Some(Outcome::Decisive { winner })) if no_show => {
            Some(GameResult::forfeit_won_by(winner, reason()))
        }
        (GameStatus::Ended, Some(outcome)) => Some(GameResult::played(outcome)),
        // Event games cannot be aborted by a player: an aborted one is a double default.
        (GameStatus::Ended | GameStatus::Aborted, None) | (GameStatus::Aborted, Some(_)) => {
            Some(GameResult::DoubleForfeit { reason: reason() })
        }
    }
}

/// The most extra games a level knock-out match plays online under the extra-games rule;
/// a match still level after them waits for the arbiter's decision.
pub const MAX_EXTRA_GAMES: usize = 10;

/// What a pairing of an online event needs next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchStep {
    /// Its next game, `game_no` (1, 2 …), with these colours.
    Play {
        game_no: u32,
        white: EntrantNo,
        black: EntrantNo,
    },
    /// Its games are over: the results to enter, and who goes through a level knock-out
    /// match by its armageddon game.
    Enter {
        games: Vec<GameResult>,
        winner: Option<EntrantNo>,
    },
}

fn is_knock_out(system: System) -> bool {
    matches!(
        system,
        System::SingleElimination | System::DoubleElimination
    )
}

/// The next step of pairing `p` of `event` whose games so far ended with `ended` (game 1
/// first, each in its own colours); `None` for a bye. The event's games per pairing are
/// played, colours swapped each game (game k, 0-based, has the pairing's first entrant
/// as White when k is even). A knock-out match level on game points then goes on by the
/// organiser's rule: extra games, one at a time, until one player leads (at most
/// [`MAX_EXTRA_GAMES`]); or one armageddon game, whose draw counts as Black's win.
pub fn next_in_match(event: &Event, p: &Pairing, ended: &[GameResult]) -> Option<MatchStep> {
    let second = p.black?;
    let colours = |k: usize| match Pairing::first_color_in_game(k) {
        Color::White => (p.white, second),
        Color::Black => (second, p.white),
    };
    let play = |k: usize| {
        let (white, black) = colours(k);
        MatchStep::Play {
            game_no: u32::try_from(k + 1).unwrap_or(u32::MAX),
            white,
            black,
        }
    };
    let enter = |winner| MatchStep::Enter {
        games: ended.to_vec(),
        winner,
    };
    let planned = usize::from(event.games_per_pairing.max(1));
    let k = ended.len();
    if k < planned {
        return Some(play(k));
    }
    if !is_knock_out(event.system) {
        return Some(enter(None));
    }
    let (mut first, mut other) = (Score::ZERO, Score::ZERO);
    for (i, g) in ended.iter().enumerate() {
        let c = Pairing::first_color_in_game(i);
        first += g.points(c);
        other += g.points(!c);
    }
    let rule = event.settings.drawn_match;
    if rule == DrawnMatchRule::Armageddon && k > planned {
        // The armageddon game was played: it decides, as the library records it.
        let last = &ended[k - 1];
        let (white, black) = colours(k - 1);
        let white_won = last.points(Color::White) > last.points(Color::Black);
        return Some(enter(Some(if white_won { white } else { black })));
    }
    if first != other {
        return Some(enter(None));
    }
    Some(match rule {
        DrawnMatchRule::ExtraGames if k - planned >= MAX_EXTRA_GAMES => enter(None),
        DrawnMatchRule::ExtraGames | DrawnMatchRule::Armageddon => play(k),
    })
}

/// Whether pairing `p` of `event` is over for the runner: its result entered and, in a
/// knock-out, its winner known (a match left level waits for the arbiter's decision).
pub fn is_settled(event: &Event, p: &Pairing) -> bool {
    p.is_complete()
        && (p.black.is_none()
            || !is_knock_out(event.system)
            || shatar_tournament::pairing::elimination::match_winner(event, p).is_some())
}

/// How a live game still being played ends when the event decides its pairing (an
/// arbiter's result or default, a withdrawal): the decided winner wins, a draw is drawn,
/// and a double forfeit (or points that give neither side anything) ends it without a
/// result.
pub fn decided_finish(result: &GameResult) -> Finish {
    let (white, black) = (result.points(Color::White), result.points(Color::Black));
    let result = if white > black {
        Some(Outcome::Decisive {
            winner: Color::White,
        })
    } else if black > white {
        Some(Outcome::Decisive {
            winner: Color::Black,
        })
    } else if white == Score::ZERO {
        None
    } else {
        Some(Outcome::Draw)
    };
    Finish {
        result,
        termination: Ending::Decision,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn the_live_clock_is_one_period_with_an_increment() {
        assert_eq!(live_clock(&tc("60+1")), Ok((60_000, 1_000)));
        assert_eq!(live_clock(&tc("300")), Ok((300_000, 0)));
        assert_eq!(live_clock(&tc("1800+30")), Ok((1_800_000, 30_000)));
        assert_eq!(live_clock(&tc("40/5400:1800")), Err(OnlineRefusal::Clock));
        assert_eq!(live_clock(&tc("-")), Err(OnlineRefusal::Untimed));
    }

    #[test]
    fn the_default_time_follows_the_clock() {
        assert_eq!(default_time_s(90 * 60_000), 900);
        assert_eq!(default_time_s(5 * 60_000), 75);
        assert_eq!(default_time_s(60_000), 30);
    }

    fn game(status: GameStatus, result: Option<&str>, ending: Option<Ending>) -> GameRow {
        GameRow {
            white_id: Some(1),
            black_id: Some(2),
            status,
            result: result.and_then(Outcome::from_pgn),
            termination: ending,
            default_ms: Some(30_000),
            ..GameRow::new("g".into(), shatar_rules::Preset::Official, 60_000, 0)
        }
    }

    #[test]
    fn decided_games_end_as_decided() {
        let ended = |r: &GameResult| decided_finish(r).result;
        assert_eq!(ended(&GameResult::WhiteWins), Outcome::from_pgn("1-0"));
        assert_eq!(
            ended(&GameResult::BlackWinsByForfeit {
                reason: "withdrew".into()
            }),
            Outcome::from_pgn("0-1")
        );
        assert_eq!(ended(&GameResult::Draw), Outcome::from_pgn("1/2-1/2"));
        assert_eq!(
            ended(&GameResult::DoubleForfeit {
                reason: String::new()
            }),
            None
        );
        let adjusted = |white, black| GameResult::Adjusted {
            white,
            black,
            reason: "ruling".into(),
        };
        assert_eq!(
            ended(&adjusted(Score::HALF, Score::ZERO)),
            Outcome::from_pgn("1-0")
        );
        assert_eq!(ended(&adjusted(Score::ZERO, Score::ZERO)), None);
        assert_eq!(
            decided_finish(&GameResult::WhiteWins).termination,
            Ending::Decision
        );
    }

    #[test]
    fn results_of_games_played_and_defaults() {
        use GameStatus::{Aborted, Ended, Started};
        assert_eq!(result_of(&game(Started, None, None)), None);
        assert_eq!(
            result_of(&game(Ended, Some("1-0"), Some(Ending::Checkmate))),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(
            result_of(&game(Ended, Some("1/2-1/2"), Some(Ending::Agreement))),
            Some(GameResult::Draw)
        );
        assert_eq!(
            result_of(&game(Ended, Some("0-1"), Some(Ending::NoShow))),
            Some(GameResult::BlackWinsByForfeit {
                reason: NO_SHOW.into()
            })
        );
        assert_eq!(
            result_of(&game(Aborted, None, Some(Ending::NoShow))),
            Some(GameResult::DoubleForfeit {
                reason: NO_SHOW.into()
            })
        );
    }

    /// A knock-out of two-game matches: board 1, entrant 1 against entrant 2.
    fn match_of(rule: DrawnMatchRule) -> (Event, Pairing) {
        let mut event = Event::new("KO", System::SingleElimination);
        event.games_per_pairing = 2;
        event.settings.drawn_match = rule;
        let p = Pairing {
            board: shatar_tournament::BoardNo::FIRST,
            white: EntrantNo::new(1).unwrap(),
            black: EntrantNo::new(2),
            bye_points: None,
            games: Vec::new(),
            team_match: None,
            decided_for: None,
            slot: None,
        };
        (event, p)
    }

    fn play(game_no: u32, white: u32, black: u32) -> Option<MatchStep> {
        Some(MatchStep::Play {
            game_no,
            white: EntrantNo::new(white).unwrap(),
            black: EntrantNo::new(black).unwrap(),
        })
    }

    fn enter(games: &[GameResult], winner: Option<u32>) -> Option<MatchStep> {
        Some(MatchStep::Enter {
            games: games.to_vec(),
            winner: winner.map(|n| EntrantNo::new(n).unwrap()),
        })
    }

    #[test]
    fn a_two_game_match_swaps_colours_and_a_lead_ends_it() {
        use GameResult::{BlackWins, Draw, WhiteWins};
        let (event, p) = match_of(DrawnMatchRule::ExtraGames);
        assert_eq!(next_in_match(&event, &p, &[]), play(1, 1, 2));
        assert_eq!(next_in_match(&event, &p, &[WhiteWins]), play(2, 2, 1));
        // Entrant 1 won game 1 as White and drew game 2 as Black: 1½–½.
        assert_eq!(
            next_in_match(&event, &p, &[WhiteWins, Draw]),
            enter(&[WhiteWins, Draw], None)
        );
        // 1–1 (each won with White): level, an extra game with entrant 1 White again.
        assert_eq!(
            next_in_match(&event, &p, &[WhiteWins, WhiteWins]),
            play(3, 1, 2)
        );
        // Entrant 2 won game 3 as Black: 1–2, over.
        let three = [WhiteWins, WhiteWins, BlackWins];
        assert_eq!(next_in_match(&event, &p, &three), enter(&three, None));
        // Level after the most extra games: left to the arbiter.
        let level: Vec<GameResult> = vec![Draw; 2 + MAX_EXTRA_GAMES];
        assert_eq!(next_in_match(&event, &p, &level), enter(&level, None));
        assert_eq!(
            next_in_match(&event, &p, &level[..2 + MAX_EXTRA_GAMES - 1]),
            play(12, 2, 1)
        );
    }

    #[test]
    fn armageddon_gives_a_draw_to_black() {
        use GameResult::{Draw, WhiteWins};
        let (event, p) = match_of(DrawnMatchRule::Armageddon);
        assert_eq!(next_in_match(&event, &p, &[Draw, Draw]), play(3, 1, 2));
        // Game 3: entrant 1 is White; a draw sends entrant 2 (Black) through.
        assert_eq!(
            next_in_match(&event, &p, &[Draw, Draw, Draw]),
            enter(&[Draw, Draw, Draw], Some(2))
        );
        assert_eq!(
            next_in_match(&event, &p, &[Draw, Draw, WhiteWins]),
            enter(&[Draw, Draw, WhiteWins], Some(1))
        );
        // A forfeit win for White counts as White's win.
        let forfeit = GameResult::WhiteWinsByForfeit {
            reason: NO_SHOW.into(),
        };
        assert_eq!(
            next_in_match(&event, &p, &[Draw, Draw, forfeit.clone()]),
            enter(&[Draw, Draw, forfeit], Some(1))
        );
    }

    #[test]
    fn other_systems_play_their_games_and_stop() {
        use GameResult::Draw;
        let (mut event, p) = match_of(DrawnMatchRule::ExtraGames);
        event.system = System::Swiss;
        assert_eq!(next_in_match(&event, &p, &[Draw]), play(2, 2, 1));
        assert_eq!(
            next_in_match(&event, &p, &[Draw, Draw]),
            enter(&[Draw, Draw], None)
        );
        let bye = Pairing { black: None, ..p };
        assert_eq!(next_in_match(&event, &bye, &[]), None);
    }

    #[test]
    fn a_level_knock_out_match_is_settled_once_decided() {
        use GameResult::Draw;
        let (event, mut p) = match_of(DrawnMatchRule::ExtraGames);
        assert!(!is_settled(&event, &p));
        p.games = vec![Draw, Draw];
        assert!(!is_settled(&event, &p), "level, no winner");
        p.decided_for = EntrantNo::new(2);
        assert!(is_settled(&event, &p));
    }
}
