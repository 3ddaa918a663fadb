//! UCI transcripts: each test feeds command lines to a session and checks its output.

use shatar_engine::uci::{Flow, SharedBuffer, UciSession};

fn session() -> (UciSession, SharedBuffer) {
    let buf = SharedBuffer::default();
    (UciSession::new(buf.clone()), buf)
}

fn feed(uci: &mut UciSession, lines: &[&str]) {
    for l in lines {
        uci.handle(l);
    }
}

fn bestmoves(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|s| s.split_whitespace().next().unwrap_or("").to_owned())
        .collect()
}

#[test]
fn uci_announces_options_and_variants() {
    let (mut uci, out) = session();
    feed(&mut uci, &["uci"]);
    let text = out.text();
    assert!(text.starts_with("id name Shatar"));
    for needle in [
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check",
        "option name UCI_Elo type spin",
        "option name Ponder type check",
        "option name UCI_Variant type combo default shatar-official var shatar var shatar-official var shatar-competition var shatar-traditional",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(text.ends_with("uciok\n"));
}

#[test]
fn bad_input_is_reported_and_ignored() {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &[
            "hello world",
            "position fen not/a/fen w - - 0 1",
            "position startpos moves e2e4 e7e6",
            "position",
            "setoption name Hash value lots",
            "setoption name Nonexistent value 3",
            "setoption name UCI_Variant value chess",
            "go depth x",
            "stop",
            "go perft 0",
            "",
            "isready",
        ],
    );
    let text = out.text();
    let infos = text
        .lines()
        .filter(|l| l.starts_with("info string"))
        .count();
    // One line per bad command; `go depth x` searches anyway (no depth limit is taken from
    // it), so stop it and check it answered.
    assert!(infos >= 8, "{text}");
    assert!(text.contains("info string unknown command \"hello\""));
    assert!(
        text.contains("move 2"),
        "the illegal mirror move is named: {text}"
    );
    assert!(text.contains("readyok"));
    assert_eq!(bestmoves(&text).len(), 1, "{text}");
}

#[test]
fn first_round_is_respected() {
    // Official: after 1.e4 Black must answer e7-e5 (S1 §1.2), the only legal move.
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &["position startpos moves e2e4", "go depth 3", "isready"],
    );
    uci.handle("stop");
    assert_eq!(bestmoves(&out.text()), vec!["e7e5"]);
}

#[test]
fn stop_during_go_infinite_answers_once() {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &[
            "setoption name UCI_Variant value shatar",
            "position startpos",
            "go infinite",
        ],
    );
    // No bestmove before stop in infinite mode; `isready` is answered while searching.
    uci.handle("isready");
    uci.handle("stop");
    let text = out.text();
    let moves = bestmoves(&text);
    assert_eq!(moves.len(), 1, "{text}");
    assert!(text.contains("readyok"));
    let last_info = text.lines().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(last_info.contains(" pv "));
    assert_eq!(uci.handle("quit"), Flow::Quit);
}

#[test]
fn ucinewgame_between_games() {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &[
            "setoption name UCI_Variant value shatar",
            "ucinewgame",
            "position startpos moves c1f4",
            "go depth 4",
        ],
    );
    uci.handle("stop");
    feed(
        &mut uci,
        &[
            "ucinewgame",
            "setoption name UCI_Variant value shatar-traditional",
            "position startpos",
            "go nodes 2000",
        ],
    );
    uci.handle("stop");
    let moves = bestmoves(&out.text());
    assert_eq!(moves.len(), 2);
    // Traditional keeps the first round: White opens with e2e4 or d2d4.
    assert!(["e2e4", "d2d4"].contains(&moves[1].as_str()), "{moves:?}");
}

#[test]
fn go_with_clock_limits_and_ponder() {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &[
            "setoption name UCI_Variant value shatar",
            "position startpos",
            "go wtime 200 btime 200 winc 10 binc 10 movestogo 5",
        ],
    );
    uci.handle("stop");
    feed(&mut uci, &["go ponder wtime 100 btime 100", "ponderhit"]);
    uci.handle("stop");
    feed(&mut uci, &["go movetime 20"]);
    uci.handle("stop");
    feed(&mut uci, &["setoption name MultiPV value 3", "go depth 3"]);
    uci.handle("stop");
    let text = out.text();
    assert_eq!(bestmoves(&text).len(), 4, "{text}");
    assert!(text.contains("multipv 3"));
    assert!(text.contains("hashfull"));
}

/// Fairy-Stockfish 11.1 `go perft 3` under `UCI_Variant shatar`: 8426.
#[test]
fn go_perft_matches_fairy_stockfish() {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &[
            "setoption name UCI_Variant value shatar",
            "position startpos",
            "go perft 3",
        ],
    );
    assert!(out.text().ends_with("Nodes searched: 8426\n"));
}

/// A mate found through the protocol is reported as `score mate`.
#[test]
fn mate_is_reported() {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &[
            "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "go mate 1",
        ],
    );
    uci.handle("stop");
    let text = out.text();
    assert!(text.contains("score mate 1"), "{text}");
    assert_eq!(bestmoves(&text), vec!["a1a8"]);
}

/// The bench signature: any change to search or evaluation changes it (update it with
/// the reason in the commit message).
#[test]
fn bench_signature() {
    let (mut uci, out) = session();
    feed(&mut uci, &["bench 6"]);
    let text = out.text();
    assert!(text.contains("Nodes searched  : 24641\n"), "{text}");
}

/// A GUI sends the next `go` as soon as it reads `bestmove`: every one is answered.
#[test]
fn go_right_after_bestmove_is_answered() {
    let (mut uci, out) = session();
    uci.handle("setoption name UCI_Variant value shatar");
    let mut moves: Vec<String> = Vec::new();
    for n in 1..=20 {
        uci.handle(&format!("position startpos moves {}", moves.join(" ")));
        uci.handle("go depth 2");
        let best = loop {
            let found = bestmoves(&out.text());
            if found.len() == n {
                break found[n - 1].clone();
            }
            std::thread::yield_now();
        };
        moves.push(best);
    }
    assert!(!out.text().contains("already searching"));
}

/// Runs the `setup` lines and `go nodes 30000` (official start position), waits for the
/// answer without `stop` (which would end the search early) and returns the `info depth`
/// lines.
fn stopped_by_nodes(setup: &[&str]) -> Vec<String> {
    let (mut uci, out) = session();
    feed(
        &mut uci,
        &["setoption name UCI_Variant value shatar-official"],
    );
    feed(&mut uci, setup);
    feed(&mut uci, &["position startpos", "go nodes 30000"]);
    for _ in 0..6000 {
        if out.text().contains("bestmove") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let text = out.text();
    assert_eq!(bestmoves(&text).len(), 1, "{text}");
    text.lines()
        .filter(|l| l.starts_with("info depth"))
        .map(str::to_owned)
        .collect()
}

/// The word after `key` in an `info` line.
fn info_field<'a>(line: &'a str, key: &str) -> &'a str {
    let w: Vec<&str> = line.split_whitespace().collect();
    let i = w.iter().position(|&x| x == key).unwrap();
    w[i + 1]
}

#[test]
fn a_search_stopped_inside_an_iteration_reports_its_total_nodes() {
    // `go nodes` stops the search inside an iteration once 30,000 nodes are counted: the
    // last `info` carries that total, not the count of the last completed iteration.
    let infos = stopped_by_nodes(&[]);
    let nodes = |line: &str| -> u64 { info_field(line, "nodes").parse().unwrap() };
    let last = infos.last().unwrap();
    assert!(nodes(last) >= 30_000, "{last}");
    // The iteration before ended below the limit, at the depth the last line repeats.
    let before = &infos[infos.len() - 2];
    assert!(nodes(before) < 30_000, "{before}");
    assert_eq!(info_field(before, "depth"), info_field(last, "depth"));
}

#[test]
fn multipv_lines_of_a_stopped_iteration_keep_real_scores() {
    // With four lines, `go nodes 30000` stops the start position's search inside depth 9,
    // where a line searched but not finished has no score of its own yet: it is reported
    // with its score of depth 8, not as `mate 0`.
    for line in stopped_by_nodes(&["setoption name MultiPV value 4"]) {
        assert_eq!(info_field(&line, "score"), "cp", "{line}");
        let cp: i32 = info_field(&line, "cp").parse().unwrap();
        assert!(cp.abs() < 300, "{line}");
    }
}
