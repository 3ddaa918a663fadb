//! The referee: plays one game between two UCI engines on the rules core's [`Game`],
//! keeping the clocks, and ends it by the rules, by adjudication, or by a fault of an
//! engine (illegal move, crash, hang, time loss), always saying which and why.

use crate::client::UciClient;
use crate::error::ClientError;
use crate::match_runner::tc::TimeControl;
use shatar_arbiter::{Bonus, Clock};
use shatar_rules::outcome::Outcome;
use shatar_rules::{Color, Game, Move, Position, fen, uci};
use std::time::Duration;

/// One engine of a match: how to start it and what to set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line (run by `sh -c`).
    pub command: String,
    /// A short name for results and PGN.
    pub name: String,
    /// `setoption` pairs, sent in order after `uci`.
    pub options: Vec<(String, String)>,
}

/// When the referee ends a game early.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Adjudication {
    /// Draw after this many full moves (0: never).
    pub max_moves: u32,
    /// Draw when both engines' scores stay within ±`draw_score` cp for `draw_moves`
    /// consecutive moves each, after move `draw_after`.
    pub draw_score: Option<i32>,
    /// See `draw_score`.
    pub draw_moves: u32,
    /// See `draw_score`.
    pub draw_after: u32,
    /// Resign for an engine whose score stays below −`resign_score` cp for
    /// `resign_moves` consecutive moves while its opponent agrees.
    pub resign_score: Option<i32>,
    /// See `resign_score`.
    pub resign_moves: u32,
    /// Claim draws that the ruleset lets a player claim (threefold, 50 moves).
    pub claim_draws: bool,
    /// Milliseconds an engine may overstep its clock before it loses on time.
    pub time_margin_ms: u64,
    /// Milliseconds to wait for a move without a clock (depth/nodes) before calling a hang.
    pub hang_ms: u64,
}

impl Default for Adjudication {
    fn default() -> Self {
        Adjudication {
            max_moves: 0,
            draw_score: None,
            draw_moves: 8,
            draw_after: 40,
            resign_score: None,
            resign_moves: 4,
            claim_draws: true,
            time_margin_ms: 100,
            hang_ms: 60_000,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The result.
    pub outcome: Outcome,
    /// Why, in words (also the PGN `Termination`).
    pub reason: String,
    /// Whether an engine failed (illegal move, crash, hang, time loss).
    pub fault: Option<Fault>,
}

/// An engine's failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// It played an illegal or unreadable move.
    IllegalMove,
    /// It exited or its pipe broke.
    Crash,
    /// It did not answer within the hang limit.
    Hang,
    /// It overstepped its clock.
    TimeLoss,
    /// It could not be started or did not finish the handshake.
    Startup,
}

/// What one side's engine spent on its moves in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkStats {
    /// Moves it played.
    pub moves: u32,
    /// Milliseconds from `go` to `bestmove`, summed over those moves.
    pub think_ms: u64,
    /// The last depth it reported, summed over the moves that reported one.
    pub depth_sum: u64,
    /// Moves that reported a depth.
    pub depth_moves: u32,
    /// How many moves reported each depth (255 counts every depth from 255 up): the
    /// median, which a few mates searched to an engine's depth limit cannot pull.
    pub depth_counts: [u32; 256],
}

impl Default for ThinkStats {
    fn default() -> Self {
        ThinkStats {
            moves: 0,
            think_ms: 0,
            depth_sum: 0,
            depth_moves: 0,
            depth_counts: [0; 256],
        }
    }
}

impl ThinkStats {
    /// Counts one move that took `elapsed_ms` and reported `depth` (if any).
    pub fn record(&mut self, elapsed_ms: u64, depth: Option<u32>) {
        self.moves += 1;
        self.think_ms += elapsed_ms;
        if let Some(d) = depth {
            self.depth_sum += u64::from(d);
            self.depth_moves += 1;
            if let Some(count) = self.depth_counts.get_mut(d.min(255) as usize) {
                *count += 1;
            }
        }
    }

    /// Adds the moves of `other`.
    pub fn add(&mut self, other: &ThinkStats) {
        self.moves += other.moves;
        self.think_ms += other.think_ms;
        self.depth_sum += other.depth_sum;
        self.depth_moves += other.depth_moves;
        for (count, more) in self.depth_counts.iter_mut().zip(other.depth_counts) {
            *count += more;
        }
    }

    /// Mean milliseconds a move (`None` before any move).
    pub fn mean_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.think_ms as f64 / f64::from(self.moves))
    }

    /// Mean reported depth (`None` when no move reported one).
    pub fn mean_depth(&self) -> Option<f64> {
        (self.depth_moves > 0).then(|| self.depth_sum as f64 / f64::from(self.depth_moves))
    }

    /// The median reported depth, the lower one of an even count (`None` when no move
    /// reported one).
    pub fn median_depth(&self) -> Option<u32> {
        let half = self.depth_moves.div_ceil(2);
        let mut seen = 0;
        (0u32..)
            .zip(self.depth_counts)
            .find(|&(_, count)| {
                seen += count;
                half > 0 && seen >= half
            })
            .map(|(depth, _)| depth)
    }
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The start position.
    pub initial: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result.
    pub result: GameResult,
    /// White's and Black's thinking.
    pub think: [ThinkStats; 2],
}

fn loss(loser: Color, reason: String, fault: Option<Fault>) -> GameResult {
    GameResult {
        outcome: Outcome::Decisive { winner: !loser },
        reason,
        fault,
    }
}

fn draw(reason: &str) -> GameResult {
    GameResult {
        outcome: Outcome::Draw,
        reason: reason.to_owned(),
        fault: None,
    }
}

/// Starts an engine and sets its options.
pub fn start_engine(spec: &EngineSpec, variant: Option<&str>) -> Result<UciClient, ClientError> {
    let mut e = UciClient::spawn(&spec.command, &spec.name)?;
    e.handshake(Duration::from_secs(10))?;
    let sets_variant = spec
        .options
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("UCI_Variant"));
    for (n, v) in &spec.options {
        e.set_option(n, v)?;
    }
    // Our variant name, when the engine offers it and the user did not choose.
    if let Some(v) = variant
        && !sets_variant
        && e.variants.iter().any(|x| x == v)
    {
        e.set_option("UCI_Variant", v)?;
    }
    e.sync(Duration::from_secs(30))?;
    Ok(e)
}

fn fault_of(e: &ClientError) -> Fault {
    match e {
        ClientError::Timeout { .. } => Fault::Hang,
        _ => Fault::Crash,
    }
}

/// Plays one game from `initial`; `specs` are White's and Black's engines.
pub fn play_game(
    initial: &Position,
    specs: [&EngineSpec; 2],
    tc: &TimeControl,
    adj: &Adjudication,
    variant: Option<&str>,
) -> PlayedGame {
    let names = [specs[0].name.clone(), specs[1].name.clone()];
    let mut game = Game::from_position(initial.clone());
    let mut think = [ThinkStats::default(); 2];
    let result = referee(&mut game, specs, tc, adj, variant, &mut think);
    PlayedGame {
        initial: initial.clone(),
        moves: game.moves().to_vec(),
        white: names[0].clone(),
        black: names[1].clone(),
        result,
        think,
    }
}

/// The UCI `go` of a clock game: each side's time left and increment for its next move, and
/// the moves to the next control of the side to move.
fn go_clock(clock: &Clock, now_ms: u64) -> String {
    let side = clock.running().map_or(Color::White, |r| r.color);
    let control = clock.control();
    let increment = |color: Color| {
        let next = clock.face(color).moves.saturating_add(1);
        match control.period_of_move(next).map(|p| p.bonus) {
            Some(Bonus::Fischer { increment_ms }) => increment_ms,
            _ => 0,
        }
    };
    let mut go = format!(
        "go wtime {} btime {} winc {} binc {}",
        clock.remaining_ms(Color::White, now_ms).max(1),
        clock.remaining_ms(Color::Black, now_ms).max(1),
        increment(Color::White),
        increment(Color::Black),
    );
    if let Some(left) = control.moves_to_go(clock.face(side).moves) {
        go.push_str(&format!(" movestogo {left}"));
    }
    go
}

fn referee(
    game: &mut Game,
    specs: [&EngineSpec; 2],
    tc: &TimeControl,
    adj: &Adjudication,
    variant: Option<&str>,
    think: &mut [ThinkStats; 2],
) -> GameResult {
    let mut engines = Vec::with_capacity(2);
    for (i, spec) in specs.iter().enumerate() {
        let color = if i == 0 { Color::White } else { Color::Black };
        match start_engine(spec, variant) {
            Ok(e) => engines.push(e),
            Err(e) => {
                return loss(
                    color,
                    format!("{color} engine failed to start: {e}"),
                    Some(Fault::Startup),
                );
            }
        }
    }
    for e in &mut engines {
        let _ = e.send("ucinewgame");
    }
    let start_fen = fen::write(game.initial());
    // The arbiter's clock on the engines' own time: `now_ms` is the thinking time of both
    // sides so far, so a slow referee never costs an engine time.
    let mut clock = match tc {
        TimeControl::Clock(control) => Some(Clock::new(control.clone())),
        _ => None,
    };
    let mut now_ms = 0u64;
    if let Some(clock) = &mut clock {
        clock.start(game.position().turn(), now_ms);
    }
    let mut moves_text: Vec<String> = Vec::new();
    let mut scores: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let result = loop {
        if let Some(end) = game.end() {
            break GameResult {
                outcome: end.outcome,
                reason: end.termination.to_string(),
                fault: None,
            };
        }
        if adj.claim_draws && !game.claimable().is_empty() {
            break draw("draw claimed (repetition or move rule)");
        }
        let pos = game.position();
        let fullmoves_played = game.moves().len() as u32 / 2;
        if adj.max_moves > 0 && fullmoves_played >= adj.max_moves {
            break draw("adjudicated: move limit");
        }
        let side = pos.turn();
        let idx = side.index();
        let mut position = format!("position fen {start_fen}");
        if !moves_text.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves_text.join(" "));
        }
        let (go, timeout_ms) = match tc {
            TimeControl::Clock(_) => {
                let Some(clock) = &clock else {
                    break draw("internal error: clock missing");
                };
                let left = clock.remaining_ms(side, now_ms).max(0) as u64;
                (go_clock(clock, now_ms), left + adj.time_margin_ms + 1000)
            }
            TimeControl::MoveTime(ms) => {
                (format!("go movetime {ms}"), ms + adj.time_margin_ms + 1000)
            }
            TimeControl::Nodes(n) => (format!("go nodes {n}"), adj.hang_ms),
            TimeControl::Depth(d) => (format!("go depth {d}"), adj.hang_ms),
        };
        let Some(engine) = engines.get_mut(idx) else {
            break draw("internal error: engine missing");
        };
        let answer = match engine.go(&position, &go, Duration::from_millis(timeout_ms)) {
            Ok(a) => a,
            Err(e) => {
                let fault = match (&e, tc) {
                    (
                        ClientError::Timeout { .. },
                        TimeControl::Clock { .. } | TimeControl::MoveTime(_),
                    ) => Fault::TimeLoss,
                    _ => fault_of(&e),
                };
                let what = match fault {
                    Fault::TimeLoss => "loses on time (no move)",
                    Fault::Hang => "hangs",
                    _ => "crashed",
                };
                break loss(side, format!("{side} {what}: {e}"), Some(fault));
            }
        };
        // The clock.
        now_ms += answer.elapsed_ms;
        let over = match (tc, &clock) {
            (_, Some(clock)) => clock.remaining_ms(side, now_ms) < -(adj.time_margin_ms as i64),
            (TimeControl::MoveTime(ms), _) => answer.elapsed_ms > *ms + adj.time_margin_ms,
            _ => false,
        };
        if over {
            break loss(
                side,
                format!("{side} loses on time ({} ms used)", answer.elapsed_ms),
                Some(Fault::TimeLoss),
            );
        }
        if let Some(clock) = &mut clock {
            clock.press(side, now_ms);
        }
        let m = match uci::parse_move(pos, &answer.bestmove) {
            Ok(m) => m,
            Err(e) => {
                break loss(
                    side,
                    format!("{side} played an illegal move {:?}: {e}", answer.bestmove),
                    Some(Fault::IllegalMove),
                );
            }
        };
        moves_text.push(uci::write(&m, pos.ruleset()));
        think[idx].record(answer.elapsed_ms, answer.depth);
        if let Some(s) = answer.score_cp {
            scores[idx].push(s);
        }
        game.play_unchecked(m);
        if let Some(r) = adjudicate(&scores, game.moves().len() as u32 / 2, adj, side) {
            break r;
        }
    };
    for e in engines {
        e.quit();
    }
    result
}

/// Score-based adjudication after `mover` moved.
fn adjudicate(
    scores: &[Vec<i32>; 2],
    fullmoves: u32,
    adj: &Adjudication,
    mover: Color,
) -> Option<GameResult> {
    let last = |c: Color, n: usize| -> Option<&[i32]> {
        let v = &scores[c.index()];
        (v.len() >= n).then(|| &v[v.len() - n..])
    };
    if let Some(limit) = adj.resign_score {
        let n = adj.resign_moves.max(1) as usize;
        if let (Some(a), Some(b)) = (last(mover, n), last(!mover, n)) {
            if a.iter().all(|&s| s <= -limit) && b.iter().all(|&s| s >= limit) {
                return Some(loss(
                    mover,
                    format!("adjudicated: {mover} lost (score below -{limit} cp)"),
                    None,
                ));
            }
            if a.iter().all(|&s| s >= limit) && b.iter().all(|&s| s <= -limit) {
                return Some(loss(
                    !mover,
                    format!("adjudicated: {} lost (score below -{limit} cp)", !mover),
                    None,
                ));
            }
        }
    }
    if let Some(limit) = adj.draw_score {
        let n = adj.draw_moves.max(1) as usize;
        if fullmoves >= adj.draw_after
            && let (Some(a), Some(b)) = (last(mover, n), last(!mover, n))
            && a.iter().chain(b).all(|s| s.abs() <= limit)
        {
            return Some(draw("adjudicated: draw (scores near zero)"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_tells_each_side_its_clock_and_the_moves_to_the_control() {
        // 40 moves in 60 s, repeating, 0.6 s added after each move.
        let TimeControl::Clock(control) = "40/60+0.6".parse().unwrap() else {
            panic!("a clock control")
        };
        let mut clock = Clock::new(control);
        clock.start(Color::White, 0);
        assert_eq!(
            go_clock(&clock, 0),
            "go wtime 60000 btime 60000 winc 600 binc 600 movestogo 40"
        );
        // White thinks 1 s: 60 − 1 + 0.6 s left; Black's clock starts.
        clock.press(Color::White, 1_000);
        assert_eq!(
            go_clock(&clock, 1_000),
            "go wtime 59600 btime 60000 winc 600 binc 600 movestogo 40"
        );
        // Each side makes 38 more moves of 0.1 s: 39 made, one to go before the control.
        let mut now = 1_000;
        clock.press(Color::Black, now + 100);
        now += 100;
        for _ in 0..38 {
            now += 100;
            clock.press(Color::White, now);
            now += 100;
            clock.press(Color::Black, now);
        }
        // White: 60000 − 1000 − 38 × 100 + 39 × 600 = 78600; Black: 60000 − 39 × 100 + 39 × 600.
        assert_eq!(
            go_clock(&clock, now),
            "go wtime 78600 btime 79500 winc 600 binc 600 movestogo 1"
        );
        // White's 40th move reaches the control: another 60 s, and 40 moves to the next.
        now += 100;
        clock.press(Color::White, now);
        now += 100;
        clock.press(Color::Black, now);
        assert_eq!(
            go_clock(&clock, now),
            "go wtime 139100 btime 140000 winc 600 binc 600 movestogo 40"
        );
    }
}
