//! The UCI protocol: reads command lines, drives the [`Engine`], prints answers. The search
//! runs on its own thread so `stop`, `ponderhit` and `isready` are answered while it runs.
//! Bad input is answered with `info string …` and otherwise ignored.

use crate::bench;
use crate::engine::Engine;
use crate::error::UciError;
use crate::limits::Limits;
use crate::search::{Info, ScoreReport, SearchConfig, SearchRoot};
use crate::tt::Bound;
use crate::uci::options::{Options, SetEffect};
use shatar_rules::{Move, Position, Ruleset, fen, uci};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("Shatar ", env!("CARGO_PKG_VERSION"));

/// Whether to go on reading commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was read.
    Quit,
}

/// The output, shared with the search thread; each line is written whole and flushed.
#[derive(Clone)]
struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    fn line(&self, text: &str) {
        if let Ok(mut w) = self.0.lock() {
            // A closed output (the GUI went away) is not the engine's error to report.
            let _ = writeln!(w, "{text}");
            let _ = w.flush();
        }
    }
}

/// A UCI session.
///
/// ```
/// use shatar_engine::uci::protocol::{Flow, UciSession};
/// use std::sync::{Arc, Mutex};
/// let buf = Arc::new(Mutex::new(Vec::new()));
/// let mut uci = UciSession::new(shatar_engine::uci::SharedBuffer(buf.clone()));
/// uci.handle("isready");
/// assert_eq!(String::from_utf8(buf.lock().unwrap().clone()).unwrap(), "readyok\n");
/// assert_eq!(uci.handle("quit"), Flow::Quit);
/// ```
pub struct UciSession {
    out: Out,
    engine: Engine,
    options: Options,
    initial: Position,
    moves: Vec<Move>,
    search: Option<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
    /// Set by the search thread just before it prints `bestmove`.
    finished: Arc<AtomicBool>,
}

impl UciSession {
    /// A session writing to `out`.
    pub fn new(out: impl Write + Send + 'static) -> UciSession {
        let options = Options::default();
        UciSession {
            out: Out(Arc::new(Mutex::new(Box::new(out)))),
            engine: Engine::new(),
            initial: Position::start(options.ruleset),
            options,
            moves: Vec::new(),
            search: None,
            stop: Arc::default(),
            pondering: Arc::default(),
            finished: Arc::default(),
        }
    }

    /// Reads commands until `quit` or the end of input; a running search is stopped.
    pub fn run(&mut self, input: impl BufRead) -> std::io::Result<()> {
        for line in input.lines() {
            if self.handle(&line?) == Flow::Quit {
                return Ok(());
            }
        }
        self.stop_search();
        Ok(())
    }

    /// Handles one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        let result = match command {
            "uci" => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line("id author the Shatar authors");
                for o in Options::declarations() {
                    self.out.line(&o);
                }
                self.out.line("uciok");
                Ok(())
            }
            "isready" => {
                self.out.line("readyok");
                Ok(())
            }
            "debug" | "register" => Ok(()),
            "ucinewgame" => {
                self.stop_search();
                self.engine.new_game();
                self.initial = Position::start(self.options.ruleset);
                self.moves.clear();
                Ok(())
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => {
                self.stop_search();
                Ok(())
            }
            "ponderhit" => {
                self.pondering.store(false, Ordering::Relaxed);
                Ok(())
            }
            "quit" => {
                self.stop_search();
                return Flow::Quit;
            }
            "bench" => self.bench(args),
            "d" => {
                let pos = self.current();
                self.out
                    .line(&format!("info string fen {}", fen::write(&pos)));
                Ok(())
            }
            _ => Err(UciError::UnknownCommand(command.to_owned())),
        };
        if let Err(e) = result {
            self.out.line(&format!("info string {e}"));
        }
        Flow::Continue
    }

    fn current(&self) -> Position {
        let mut pos = self.initial.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }

    fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    fn stop_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    /// Collects a finished search thread (so a new `go` need not wait on `stop`).
    fn reap(&mut self) {
        // A search that has answered is over even if its thread is still winding down: a
        // GUI may send the next command right after `bestmove`.
        if self.finished.load(Ordering::Acquire)
            && let Some(h) = self.search.take()
        {
            let _ = h.join();
        }
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), UciError> {
        // setoption name <words> [value <words>]
        if args.first() != Some(&"name") {
            return Err(UciError::SetOption(
                "expected `setoption name N [value V]`".into(),
            ));
        }
        let value_at = args.iter().position(|t| *t == "value");
        let name = args
            .get(1..value_at.unwrap_or(args.len()))
            .unwrap_or_default()
            .join(" ");
        let value = value_at
            .and_then(|i| args.get(i + 1..))
            .unwrap_or_default()
            .join(" ");
        self.reap();
        if self.is_searching() {
            return Err(UciError::SetOption(
                "cannot change options while searching".into(),
            ));
        }
        match self.options.set(&name, &value)? {
            SetEffect::None => {}
            SetEffect::ClearHash => self.engine.new_game(),
            SetEffect::Ruleset => {
                self.initial = Position::start(self.options.ruleset);
                self.moves.clear();
            }
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), UciError> {
        let ruleset = self.options.ruleset;
        let moves_at = args.iter().position(|t| *t == "moves");
        let setup = args
            .get(..moves_at.unwrap_or(args.len()))
            .unwrap_or_default();
        let initial = match setup.split_first() {
            Some((&"startpos", [])) => Position::start(ruleset),
            Some((&"fen", fields)) if !fields.is_empty() => {
                fen::read(&fields.join(" "), ruleset)
                    .map_err(|e| UciError::Position(format!("{e}")))?
            }
            _ => {
                return Err(UciError::Position(
                    "expected `position startpos|fen <fen> [moves …]`".into(),
                ));
            }
        };
        let mut pos = initial.clone();
        let mut moves = Vec::new();
        for (i, text) in moves_at
            .and_then(|i| args.get(i + 1..))
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let m = uci::parse_move(&pos, text)
                .map_err(|e| UciError::Position(format!("move {}: {e}", i + 1)))?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        self.initial = initial;
        self.moves = moves;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), UciError> {
        self.reap();
        if self.is_searching() {
            return Err(UciError::Go("already searching; send stop first".into()));
        }
        let pos = self.current();
        if args.first() == Some(&"perft") {
            let depth: u32 = args
                .get(1)
                .and_then(|d| d.parse().ok())
                .filter(|d| (1..=20).contains(d))
                .ok_or_else(|| UciError::Go("perft needs a depth 1..20".into()))?;
            let mut total = 0;
            for (m, n) in shatar_rules::divide(&pos, depth) {
                self.out
                    .line(&format!("{}: {n}", uci::write(&m, pos.ruleset())));
                total += n;
            }
            self.out.line("");
            self.out.line(&format!("Nodes searched: {total}"));
            return Ok(());
        }
        let (limits, problems) = parse_go(args, &pos);
        for p in problems {
            self.out.line(&format!("info string {p}"));
        }
        let mut engine = self.engine.clone();
        engine.set_hash_mb(self.options.hash_mb);
        self.engine = engine.clone();
        engine.config = SearchConfig {
            threads: self.options.threads,
            multipv: self.options.multipv,
            skill: self.options.effective_skill(),
            move_overhead_ms: self.options.move_overhead_ms,
            heuristics: self.options.heuristics,
        };
        let root = SearchRoot::new(&self.initial, &self.moves);
        self.stop = Arc::new(AtomicBool::new(false));
        self.pondering = Arc::new(AtomicBool::new(limits.ponder));
        self.finished = Arc::new(AtomicBool::new(false));
        let (stop, pondering, out) = (self.stop.clone(), self.pondering.clone(), self.out.clone());
        let finished = self.finished.clone();
        let ruleset = *pos.ruleset();
        self.search = Some(std::thread::spawn(move || {
            let on_info = |info: &Info| out.line(&info_line(info, &ruleset));
            let result = engine.search(&root, &limits, stop, pondering, &on_info);
            let text = match (result.best, result.ponder) {
                (Some(b), Some(p)) => format!(
                    "bestmove {} ponder {}",
                    uci::write(&b, &ruleset),
                    uci::write(&p, &ruleset)
                ),
                (Some(b), None) => format!("bestmove {}", uci::write(&b, &ruleset)),
                (None, _) => "bestmove (none)".to_owned(),
            };
            finished.store(true, Ordering::Release);
            out.line(&text);
        }));
        Ok(())
    }

    fn bench(&mut self, args: &[&str]) -> Result<(), UciError> {
        self.stop_search();
        let depth = match args.first() {
            None => bench::BENCH_DEPTH,
            Some(d) => d
                .parse()
                .ok()
                .filter(|d| (1..=30).contains(d))
                .ok_or_else(|| UciError::UnknownCommand(format!("bench {d}: depth 1..30")))?,
        };
        let report = bench::run(depth);
        self.out
            .line(&format!("Total time (ms) : {}", report.time_ms));
        self.out
            .line(&format!("Nodes searched  : {}", report.nodes));
        self.out
            .line(&format!("Nodes/second    : {}", report.nps()));
        Ok(())
    }
}

impl Drop for UciSession {
    fn drop(&mut self) {
        self.stop_search();
    }
}

/// Reads the `go` arguments; unknown or malformed ones are reported and skipped.
fn parse_go(args: &[&str], pos: &Position) -> (Limits, Vec<String>) {
    let mut limits = Limits::default();
    let mut problems = Vec::new();
    let mut i = 0;
    while let Some(&word) = args.get(i) {
        i += 1;
        let mut number = |what: &str| -> Option<u64> {
            let text = args.get(i).copied();
            match text.and_then(|t| t.parse::<i64>().ok()) {
                Some(v) => {
                    i += 1;
                    Some(v.max(0) as u64)
                }
                None => {
                    problems.push(format!("go: {what} needs a number, got {text:?}"));
                    if text.is_some() {
                        i += 1;
                    }
                    None
                }
            }
        };
        match word {
            "wtime" => limits.wtime_ms = number(word),
            "btime" => limits.btime_ms = number(word),
            "winc" => limits.winc_ms = number(word),
            "binc" => limits.binc_ms = number(word),
            "movestogo" => limits.movestogo = number(word).map(|v| v.min(1000) as u32),
            "depth" => limits.depth = number(word).map(|v| v.clamp(1, 120) as u32),
            "nodes" => limits.nodes = number(word),
            "mate" => limits.mate = number(word).map(|v| v.clamp(1, 60) as u32),
            "movetime" => limits.movetime_ms = number(word),
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                while let Some(m) = args.get(i).and_then(|t| uci::parse_move(pos, t).ok()) {
                    limits.searchmoves.push(m);
                    i += 1;
                }
            }
            other => problems.push(format!("go: ignoring unknown argument {other:?}")),
        }
    }
    (limits, problems)
}

/// One `info` line.
pub fn info_line(info: &Info, ruleset: &Ruleset) -> String {
    let score = match info.score {
        ScoreReport::Cp(cp) => format!("cp {cp}"),
        ScoreReport::Mate(n) => format!("mate {n}"),
    };
    let bound = match info.bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    let pv: Vec<String> = info.pv.iter().map(|m| uci::write(m, ruleset)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}
