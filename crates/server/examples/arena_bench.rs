//! Arena bookkeeping benchmark: the server's work for one step of a large online arena,
//! in memory (no database, no sockets). `--players` accounts join an arena, and waves are
//! paired and their games ended (results from a fixed lot: 45% White, 45% Black, 10%
//! draws, a berserk now and then) until `--games` games are recorded; at each
//! `--every` games it times, as medians of `--repeats` runs, the three things every
//! step of a running arena does on the whole event:
//!
//! - `pair`: the next wave paired (who waits, the library's arena rebuilt, its pairing);
//! - `result`: one game's result entered (each wave's games each make one);
//! - `standings`: the table the event page and `GET /api/events/{id}` show;
//! - `store`: the event's state written and read back as JSON (each change stores it).
//!
//! `cargo run --release -p shatar-server --example arena_bench -- --players 1000`

use clap::Parser;
use shatar_server::events::action::{ArenaGameEnd, OnlineSettings};
use shatar_server::events::{Action, EventSettings, EventState, NewEvent, Person, arena};
use shatar_tournament::GameResult;
use std::time::{Duration, Instant};

/// Arena benchmark options.
#[derive(Parser)]
struct Args {
    /// Players in the arena (2 to 2,000).
    #[arg(long, default_value_t = 1000)]
    players: u32,
    /// Games recorded by the end.
    #[arg(long, default_value_t = 20_000)]
    games: usize,
    /// Measure after each this many games.
    #[arg(long, default_value_t = 5_000)]
    every: usize,
    /// Runs per measurement (the median is printed).
    #[arg(long, default_value_t = 5)]
    repeats: usize,
}

fn main() {
    let args = Args::parse();
    if !(2..=2000).contains(&args.players) || args.every == 0 || args.repeats == 0 {
        eprintln!("arena_bench: --players must be 2 to 2000, --every and --repeats at least 1");
        std::process::exit(2);
    }
    let mut state = arena_with(args.players);
    let mut lot = 0x2545_F491_4F6C_DD1Du64;
    let mut next_report = args.every;
    println!(
        "{:>8} {:>10} {:>10} {:>14} {:>10} {:>12}",
        "games", "pair ms", "result ms", "standings ms", "store ms", "state bytes"
    );
    loop {
        let run = state.arena.as_ref().expect("an arena");
        let recorded = run.games.iter().filter(|g| g.result.is_some()).count();
        if recorded >= next_report {
            report(&state, recorded, args.repeats);
            next_report += args.every;
        }
        if recorded >= args.games {
            break;
        }
        // A wave for all who wait, then every game of it ends.
        let wave = run.waves() + 1;
        state = apply(&state, Action::ArenaPair { wave });
        let boards: Vec<u32> = state
            .arena
            .as_ref()
            .expect("an arena")
            .wave(wave)
            .map(|g| g.board)
            .collect();
        if boards.is_empty() {
            eprintln!("arena_bench: wave {wave} paired no one");
            std::process::exit(1);
        }
        for board in boards {
            let end = ending(&mut lot);
            state = apply(&state, Action::ArenaResult { wave, board, end });
        }
    }
}

/// Times each of the three steps on `state` and prints a line.
fn report(state: &EventState, games: usize, repeats: usize) {
    let run = state.arena.as_ref().expect("an arena");
    let wave = run.waves() + 1;
    let pair = median(repeats, || {
        apply(state, Action::ArenaPair { wave });
    });
    let paired = apply(state, Action::ArenaPair { wave });
    let result = median(repeats, || {
        let end = ending(&mut 0x9E37_79B9_7F4A_7C15u64);
        apply(
            &paired,
            Action::ArenaResult {
                wave,
                board: 1,
                end,
            },
        );
    });
    let standings = median(repeats, || {
        arena::standings(state, run).expect("standings");
    });
    let mut bytes = 0;
    let store = median(repeats, || {
        let json = serde_json::to_string(state).expect("a state writes");
        bytes = json.len();
        let back: EventState = serde_json::from_str(&json).expect("a state reads");
        std::hint::black_box(back);
    });
    println!(
        "{games:>8} {:>10.2} {:>10.2} {:>14.2} {:>10.2} {bytes:>12}",
        ms(pair),
        ms(result),
        ms(standings),
        ms(store)
    );
}

/// An online arena of `players` accounts, begun.
fn arena_with(players: u32) -> EventState {
    let organiser = Person {
        id: 1,
        name: "organiser".into(),
    };
    let event = NewEvent {
        name: "Arena benchmark".into(),
        system: "arena".into(),
        rounds: None,
        ruleset: None,
        time_control: Some("180".into()),
        boards: None,
        lineup: None,
        settings: EventSettings::default(),
        online: true,
        online_settings: OnlineSettings {
            limit: Some(players),
            ..OnlineSettings::default()
        },
    };
    let (mut state, _) = Action::Create {
        event: Box::new(event),
        organiser,
    }
    .apply(None)
    .expect("the arena is created");
    for k in 0..players {
        let account = Person {
            id: i64::from(k) + 2,
            name: format!("player{k}"),
        };
        state = apply(
            &state,
            Action::Join {
                account,
                rating: Some(1200 + (k * 7919) % 1000),
            },
        );
    }
    let state = apply(&state, Action::Start);
    apply(
        &state,
        Action::ArenaBegin {
            at_ms: 0,
            ends_ms: Some(24 * 3_600_000),
        },
    )
}

fn apply(state: &EventState, action: Action) -> EventState {
    match action.apply(Some(state)) {
        Ok((next, _)) => next,
        Err(e) => {
            eprintln!("arena_bench: {action:?} refused: {e}");
            std::process::exit(1);
        }
    }
}

/// A game's end drawn from `lot` (xorshift).
fn ending(lot: &mut u64) -> ArenaGameEnd {
    *lot ^= *lot << 13;
    *lot ^= *lot >> 7;
    *lot ^= *lot << 17;
    let result = match *lot % 20 {
        0..=8 => GameResult::WhiteWins,
        9..=17 => GameResult::BlackWins,
        _ => GameResult::Draw,
    };
    ArenaGameEnd {
        result,
        moves: 20 + (*lot >> 8) as u32 % 40,
        white_berserk: (*lot >> 20).is_multiple_of(10),
        black_berserk: (*lot >> 24).is_multiple_of(10),
    }
}

fn median(repeats: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..repeats)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
