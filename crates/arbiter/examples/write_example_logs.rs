//! Writes the example logs of `examples/arbiter/` (one per main case of the arbiter).
//!
//! ```text
//! cargo run -p shatar-arbiter --example write_example_logs [-- DIR]
//! ```
//!
//! Every entry is applied to a live game before it is written, so a log that this program
//! writes always replays.

use shatar_arbiter::log::{Actor, Event, Header, LogEntry, write_log};
use shatar_arbiter::{ArbiterGame, ClaimKind, ViolationKind};
use shatar_rules::{Color, Game, Ruleset, uci};
use std::error::Error;
use std::path::PathBuf;

struct Writer {
    game: ArbiterGame,
    entries: Vec<LogEntry>,
}

impl Writer {
    fn open(mut header: Header) -> Result<Writer, Box<dyn Error>> {
        header.white = Some("Bat".into());
        header.black = Some("Dorj".into());
        let entry = LogEntry::new(0, Actor::Arbiter, Event::Open(header));
        Ok(Writer {
            game: ArbiterGame::open(&entry)?,
            entries: vec![entry],
        })
    }

    fn ev(&mut self, t: u64, by: Actor, event: Event) -> Result<(), Box<dyn Error>> {
        let entry = LogEntry::new(t, by, event);
        self.game.apply(&entry)?;
        self.entries.push(entry);
        Ok(())
    }

    fn mv(&mut self, t: u64, text: &str) -> Result<(), Box<dyn Error>> {
        let by = Actor::of(self.game.game().position().turn());
        self.ev(t, by, Event::Move(text.into()))
    }

    fn moves(&mut self, mut t: u64, step: u64, list: &[&str]) -> Result<u64, Box<dyn Error>> {
        for m in list {
            t += step;
            self.mv(t, m)?;
        }
        Ok(t)
    }
}

fn header(ruleset: &str, tc: &str, fen: Option<&str>) -> Result<Header, Box<dyn Error>> {
    let mut h = Header::new(ruleset, tc.parse()?);
    h.fen = fen.map(str::to_owned);
    Ok(h)
}

/// Sixty plies of a quiet game under `competition`, chosen by a fixed rule among the legal
/// moves that do not end the game (the same rule as the crate's correction tests).
fn sixty_plies() -> Result<Vec<String>, Box<dyn Error>> {
    let mut game = Game::new(Ruleset::COMPETITION);
    let mut out = Vec::new();
    let mut seed: u64 = 12345;
    while out.len() < 60 {
        let mut candidates: Vec<_> = game
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                let mut next = game.clone();
                next.play(m).is_ok() && next.end().is_none()
            })
            .collect();
        candidates.sort_by_key(|m| uci::write(m, game.ruleset()));
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = candidates
            .get((seed >> 33) as usize % candidates.len().max(1))
            .copied()
            .ok_or("no quiet move")?;
        out.push(uci::write(&m, game.ruleset()));
        game.play(m)?;
    }
    Ok(out)
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/arbiter"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir)?;
    let mut logs: Vec<(&str, Writer)> = Vec::new();
    use Actor::{Arbiter as A, Black as B, White as W};

    // The README's example: a short game with an offer refused by a move, then agreed.
    let mut w = Writer::open(header("competition", "1800", None)?)?;
    w.ev(0, A, Event::Start)?;
    w.mv(20_000, "e2e4")?;
    w.ev(20_500, W, Event::Offer)?;
    w.mv(31_000, "e7e5")?;
    w.mv(45_000, "g1f3")?;
    w.ev(50_000, B, Event::Offer)?;
    w.ev(52_000, W, Event::Accept)?;
    logs.push(("readme-example.jsonl", w));

    // S4 ch.2 §3.4: Blue's move 30 made, an error at move 20; White has used 30 minutes,
    // Blue 20 → 20:00 and 13:20.
    let mut w = Writer::open(header("competition", "5400", None)?)?;
    w.ev(0, A, Event::Start)?;
    let mut now = 0;
    for (i, m) in sixty_plies()?.iter().enumerate() {
        now += if i % 2 == 0 { 60_000 } else { 40_000 };
        w.mv(now, m)?;
    }
    w.ev(
        now,
        A,
        Event::Correct {
            move_number: 20,
            side: Color::White,
            note: "White's move 20 found against the rules after Blue's move 30".into(),
        },
    )?;
    logs.push(("correction-example.jsonl", w));

    // The same game, the error found within the last two rounds: clocks kept.
    let mut w = Writer::open(header("competition", "5400", None)?)?;
    w.ev(0, A, Event::Start)?;
    let mut now = 0;
    for (i, m) in sixty_plies()?.iter().enumerate() {
        now += if i % 2 == 0 { 60_000 } else { 40_000 };
        w.mv(now, m)?;
    }
    w.ev(
        now,
        A,
        Event::Correct {
            move_number: 29,
            side: Color::Black,
            note: "a man found displaced at Blue's move 29".into(),
        },
    )?;
    logs.push(("correction-last-two-rounds.jsonl", w));

    // Flag fall against a bare king: a draw (docs/rules.md §3).
    let fen = "8/8/4k3/8/8/2K5/P7/R7 w - - 0 60";
    let mut w = Writer::open(header("competition", "60", Some(fen))?)?;
    w.ev(0, A, Event::Start)?;
    w.ev(61_000, B, Event::Flag)?;
    logs.push(("flag-fall-bare-king-draw.jsonl", w));

    // Flag fall where the opponent has only a horse: a loss under `competition`, a draw under
    // `traditional` (horse mates void).
    let fen = "8/8/4k3/4p3/8/2K5/8/6N1 b - - 0 60";
    let mut w = Writer::open(header("traditional", "60", Some(fen))?)?;
    w.ev(0, A, Event::Start)?;
    w.ev(60_000, W, Event::Flag)?;
    logs.push(("flag-fall-horse-traditional.jsonl", w));

    // S4 ch.2 §3.5: the move that used the last of the time mates, and stands.
    let fen = "7k/R7/6K1/1p6/8/8/8/8 w - - 0 60";
    let mut w = Writer::open(header("competition", "60", Some(fen))?)?;
    w.ev(0, A, Event::Start)?;
    w.mv(60_000, "a7a8")?;
    logs.push(("last-second-mate.jsonl", w));

    // A false repetition claim (violation, +5:00), then the true one.
    let mut w = Writer::open(header("competition", "1800", None)?)?;
    w.ev(0, A, Event::Start)?;
    let t = w.moves(
        0,
        5_000,
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3", "b8c6",
        ],
    )?;
    w.ev(
        t + 2_000,
        W,
        Event::Claim {
            kind: ClaimKind::Repetition,
            mv: None,
        },
    )?;
    let t = w.moves(t + 2_000, 5_000, &["f3g1"])?;
    w.ev(
        t + 3_000,
        B,
        Event::Claim {
            kind: ClaimKind::Repetition,
            mv: Some("c6b8".into()),
        },
    )?;
    logs.push(("repetition-claims.jsonl", w));

    // Offers alternate: a repeated offer is a violation; then an agreement.
    let mut w = Writer::open(header("competition", "1800", None)?)?;
    w.ev(0, A, Event::Start)?;
    w.mv(10_000, "d2d4")?;
    w.ev(10_500, W, Event::Offer)?;
    w.mv(20_000, "d7d5")?;
    w.ev(21_000, W, Event::Offer)?;
    w.ev(30_000, B, Event::Offer)?;
    w.ev(31_000, W, Event::Decline)?;
    w.mv(40_000, "c2c3")?;
    w.ev(40_500, W, Event::Offer)?;
    w.ev(45_000, B, Event::Accept)?;
    logs.push(("offers.jsonl", w));

    // The third violation loses.
    let mut w = Writer::open(header("competition", "1800", None)?)?;
    w.ev(0, A, Event::Start)?;
    w.moves(0, 10_000, &["e2e4", "e7e5"])?;
    w.ev(
        25_000,
        A,
        Event::Violation {
            player: Color::White,
            kind: ViolationKind::ClockMisuse,
            note: "stopped the clock".into(),
        },
    )?;
    w.ev(
        30_000,
        A,
        Event::Scoresheet {
            player: Color::White,
            rounds: 8,
            note: "rounds 1-8 not written".into(),
        },
    )?;
    logs.push(("third-violation.jsonl", w));

    // Perpetual check under `competition`: an automatic draw.
    let fen = "7k/6p1/7p/8/8/8/6PP/4Q1K1 w - - 0 30";
    let mut w = Writer::open(header("competition", "1800", Some(fen))?)?;
    w.ev(0, A, Event::Start)?;
    w.moves(
        0,
        3_000,
        &[
            "e1e8", "h8h7", "e8e4", "h7h8", "e4e8", "h8h7", "e8e4", "h7h8", "e4e8",
        ],
    )?;
    logs.push(("perpetual-check.jsonl", w));

    // Late beyond 15 minutes: a default loss.
    let mut h = header("competition", "3600", None)?;
    h.scheduled_start_ms = Some(0);
    let mut w = Writer::open(h)?;
    w.ev(120_000, W, Event::Arrive)?;
    w.ev(
        900_001,
        A,
        Event::NoShow {
            player: Color::Black,
        },
    )?;
    logs.push(("late-arrival.jsonl", w));

    // Two periods with an increment: 2 moves in 1 minute, then 30 s + 1 s a move.
    let mut w = Writer::open(header("competition", "2/60:30+1", None)?)?;
    w.ev(0, A, Event::Start)?;
    w.moves(0, 10_000, &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"])?;
    w.ev(50_000, A, Event::Adjourn)?;
    w.ev(3_600_000, A, Event::Resume)?;
    w.mv(3_605_000, "g8f6")?;
    logs.push(("periods-adjourned.jsonl", w));

    for (name, w) in &logs {
        std::fs::write(dir.join(name), write_log(&w.entries))?;
        println!(
            "{name}: {}",
            w.game.result().map_or("*".to_owned(), |r| r.to_string())
        );
    }
    Ok(())
}
