//! A small driver for tests: applies entries to a live game, keeps the log, and checks that
//! the log replays to the same state.
#![allow(dead_code)]

use shatar_arbiter::log::{Actor, Event, Header, LogEntry, write_log};
use shatar_arbiter::{ApplyError, ArbiterGame, replay};
use shatar_rules::Color;

pub struct Table {
    pub game: ArbiterGame,
    pub entries: Vec<LogEntry>,
}

pub fn header(ruleset: &str, tc: &str) -> Header {
    Header::new(ruleset, tc.parse().unwrap())
}

pub fn header_fen(ruleset: &str, tc: &str, fen: &str) -> Header {
    let mut h = header(ruleset, tc);
    h.fen = Some(fen.to_owned());
    h
}

impl Table {
    /// Opens at t = 0 without starting the clock.
    pub fn open(h: Header) -> Table {
        let entry = LogEntry::new(0, Actor::Arbiter, Event::Open(h));
        Table {
            game: ArbiterGame::open(&entry).unwrap(),
            entries: vec![entry],
        }
    }

    /// Opens and starts the clock at t = 0.
    pub fn started(h: Header) -> Table {
        let mut t = Table::open(h);
        t.ok(0, Actor::Arbiter, Event::Start);
        t
    }

    pub fn try_ev(&mut self, t: u64, by: Actor, event: Event) -> Result<(), ApplyError> {
        let entry = LogEntry::new(t, by, event);
        self.game.apply(&entry)?;
        self.entries.push(entry);
        Ok(())
    }

    pub fn ok(&mut self, t: u64, by: Actor, event: Event) {
        let shown = format!("{event:?}");
        if let Err(e) = self.try_ev(t, by, event) {
            panic!("{shown} at {t}: {e}");
        }
    }

    /// The side to move plays.
    pub fn mv(&mut self, t: u64, uci: &str) {
        let by = Actor::of(self.game.game().position().turn());
        self.ok(t, by, Event::Move(uci.to_owned()));
    }

    /// Plays moves, one every `step` ms from `t`; returns the time of the last.
    pub fn moves(&mut self, mut t: u64, step: u64, uci: &[&str]) -> u64 {
        for m in uci {
            t += step;
            self.mv(t, m);
        }
        t
    }

    pub fn log(&self) -> String {
        write_log(&self.entries)
    }

    /// The log replays to the live state.
    pub fn assert_replays(&self) {
        let replayed = replay(&self.log()).unwrap();
        assert_eq!(replayed.summary(), self.game.summary());
    }

    pub fn result_text(&self) -> Option<String> {
        self.game.result().map(|r| r.to_string())
    }

    pub fn remaining(&self, c: Color) -> i64 {
        self.game.remaining_ms(c)
    }

    pub fn used(&self, c: Color) -> u64 {
        self.game.clock().face(c).used_ms
    }
}

pub const W: Actor = Actor::White;
pub const B: Actor = Actor::Black;
pub const A: Actor = Actor::Arbiter;
