//! An online arena's changes, all made by the server's runner: its start, each pairing of
//! the players who wait (the library's arena pairing, on the state: a replay pairs the
//! same), each game's result, and its end.

use super::*;
use crate::events::arena::{self, ArenaBoard, ArenaRun};

fn run(state: &mut EventState) -> Result<&mut ArenaRun, ActionError> {
    state
        .arena
        .as_mut()
        .ok_or_else(|| ActionError::invalid("event", Msg::new("event-error-not-arena")))
}

fn running(state: &mut EventState) -> Result<&mut ArenaRun, ActionError> {
    if !state.event.started {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-arena-not-started"),
        ));
    }
    let run = run(state)?;
    if run.ended {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-arena-ended"),
        ));
    }
    Ok(run)
}

/// The arena's clock starts at `at_ms` (the event was started just before), to end at
/// `ends_ms` (its minutes from the start when not given).
pub(super) fn begin(
    state: &mut EventState,
    at_ms: i64,
    ends_ms: Option<i64>,
) -> Result<Applied, ActionError> {
    let run = running(state)?;
    if run.started_ms.is_some() {
        return Ok(Applied::Unchanged(Msg::new(
            "event-done-arena-begun-already",
        )));
    }
    run.started_ms = Some(at_ms);
    run.ends_at_ms = ends_ms;
    let ends = run.ends_ms().unwrap_or(at_ms);
    Ok(Applied::Changed(
        Msg::new("event-done-arena-begun")
            .arg("minutes", run.duration_min)
            .arg("ends", crate::timestamps::to_rfc3339(ends)),
    ))
}

/// The players who wait now are paired by the library's arena pairing, as wave `wave`
/// (the next one: a wave is paired once).
pub(super) fn pair(state: &mut EventState, wave: u32) -> Result<Applied, ActionError> {
    let snapshot = state.clone();
    let run = running(state)?;
    if run.started_ms.is_none() {
        return Err(ActionError::invalid(
            "event",
            Msg::new("event-error-arena-not-started"),
        ));
    }
    let next = run.waves() + 1;
    if wave != next {
        return Err(ActionError::invalid(
            "wave",
            Msg::new("event-error-arena-wave")
                .arg("wave", wave)
                .arg("next", next),
        ));
    }
    let numbering = arena::Numbering::of(&snapshot);
    let waiting: Vec<EntrantNo> = arena::waiting(&snapshot, run)
        .into_iter()
        .filter_map(|n| numbering.to_arena(n))
        .collect();
    let mut lib = arena::rebuild(&snapshot, run, &numbering).map_err(arena_error)?;
    let pairs = lib.pair(&waiting).map_err(arena_error)?;
    // Named from one grouping of the names: `named` for each would compare every name
    // with every entrant's.
    let names = snapshot.event.distinguished_names();
    let name_of = |n: EntrantNo| match names.get(&n) {
        Some(name) => format!("{n} {name}"),
        None => named(&snapshot.event, n),
    };
    let mut said = Vec::new();
    for (k, p) in pairs.iter().enumerate() {
        let (Some(white), Some(black)) =
            (numbering.from_arena(p.white), numbering.from_arena(p.black))
        else {
            continue;
        };
        said.push(format!("{} – {}", name_of(white), name_of(black)));
        run.games.push(ArenaBoard {
            wave,
            board: u32::try_from(k + 1).unwrap_or(u32::MAX),
            white,
            black,
            result: None,
            moves: 0,
            white_berserk: false,
            black_berserk: false,
            counted: true,
        });
    }
    if said.is_empty() {
        return Ok(Applied::Unchanged(Msg::new("event-done-arena-none-paired")));
    }
    Ok(Applied::Changed(
        Msg::new("event-done-arena-paired")
            .arg("wave", wave)
            .arg("games", said.len())
            .arg("pairs", said.join(", ")),
    ))
}

/// What the arena's runner read off a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaGameEnd {
    /// The result, White first.
    pub result: GameResult,
    /// Full moves it lasted.
    pub moves: u32,
    /// Whether White berserked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub white_berserk: bool,
    /// Whether Black berserked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub black_berserk: bool,
}

/// Wave `wave`'s game `board` ended as `end`; a player who never moved is paused.
pub(super) fn result(
    state: &mut EventState,
    wave: u32,
    board: u32,
    end: &ArenaGameEnd,
) -> Result<Applied, ActionError> {
    let names = state.event.clone();
    let ended_arena = run(state)?.ended;
    let run = run(state)?;
    let Some(g) = run.index_of(wave, board).map(|i| &mut run.games[i]) else {
        return Err(ActionError::NotFound(
            Msg::new("event-error-arena-no-game")
                .arg("wave", wave)
                .arg("board", board),
        ));
    };
    if let Some(existing) = &g.result {
        if *existing == end.result {
            return Ok(Applied::Unchanged(
                Msg::new("event-done-arena-result-same")
                    .arg("wave", wave)
                    .arg("board", board),
            ));
        }
        return Err(ActionError::invalid(
            "result",
            Msg::new("event-error-arena-result-there")
                .arg("wave", wave)
                .arg("board", board)
                .arg("existing", words::write(existing)),
        ));
    }
    if matches!(end.result, GameResult::Adjusted { .. }) {
        return Err(arena_error(ArenaError::AdjustedResult {
            white: g.white,
            black: g.black,
        }));
    }
    g.result = Some(end.result.clone());
    g.moves = end.moves;
    g.white_berserk = end.white_berserk;
    g.black_berserk = end.black_berserk;
    // A game ending after the arena is played out but does not count.
    g.counted = !ended_arena;
    let (white, black) = (g.white, g.black);
    let said = words::spoken(
        &end.result,
        &names.entrant_name(white),
        &names.entrant_name(black),
    );
    let counted = g.counted;
    for n in arena::absent(&end.result, white, black) {
        state.paused.insert(n);
    }
    Ok(Applied::Changed(
        Msg::new(if counted {
            "event-done-arena-result"
        } else {
            "event-done-arena-result-late"
        })
        .arg("wave", wave)
        .arg("board", board)
        .arg("said", said),
    ))
}

/// The arena's time is up: nothing more is paired, and games still played do not count.
pub(super) fn end(state: &mut EventState) -> Result<Applied, ActionError> {
    let run = run(state)?;
    if run.ended {
        return Ok(Applied::Unchanged(Msg::new(
            "event-done-arena-ended-already",
        )));
    }
    run.ended = true;
    let mut late = 0;
    for g in run.games.iter_mut().filter(|g| g.result.is_none()) {
        g.counted = false;
        late += 1;
    }
    Ok(Applied::Changed(
        Msg::new("event-done-arena-ended").arg("playing", late),
    ))
}

use shatar_tournament::arena::ArenaError;

/// The library's refusal of an arena step, in the reader's words.
fn arena_error(e: ArenaError) -> ActionError {
    ActionError::invalid(
        "result",
        Msg::new("event-error-arena-library").arg("detail", e.to_string()),
    )
}
