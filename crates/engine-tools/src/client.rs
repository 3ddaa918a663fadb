//! Drives an outside UCI engine process: starts it, writes commands, and reads its lines on
//! a reader thread so every wait has a timeout (a hung engine is detected, never waited
//! for forever).

use crate::error::ClientError;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct UciClient {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The option names the engine declared.
    pub options: Vec<String>,
    /// The `UCI_Variant` values the engine declared.
    pub variants: Vec<String>,
}

/// An engine's answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoAnswer {
    /// The move text after `bestmove`.
    pub bestmove: String,
    /// The last score it reported, in centipawns (mates as ±100000 ∓ moves), from its side.
    pub score_cp: Option<i32>,
    /// The last depth it reported.
    pub depth: Option<u32>,
    /// Milliseconds between sending `go` and reading `bestmove`.
    pub elapsed_ms: u64,
}

impl UciClient {
    /// Starts `command` (run by `sh -c`, so it may carry arguments) and names it `name`.
    pub fn spawn(command: &str, name: &str) -> Result<UciClient, ClientError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                command: command.to_owned(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(ClientError::Exited(name.to_owned()));
        };
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(UciClient {
            name: name.to_owned(),
            child,
            stdin,
            lines: rx,
            options: Vec::new(),
            variants: Vec::new(),
        })
    }

    /// The engine's name in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| ClientError::Write {
                name: self.name.clone(),
                source,
            })
    }

    /// Reads lines until one satisfies `done`, within `timeout`; returns that line and the
    /// lines before it.
    pub fn read_until(
        &mut self,
        done: impl Fn(&str) -> bool,
        timeout: Duration,
        awaited: &'static str,
    ) -> Result<(String, Vec<String>), ClientError> {
        let deadline = Instant::now() + timeout;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok((line, before)),
                Ok(line) => before.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        name: self.name.clone(),
                        awaited,
                        waited_ms: timeout.as_millis() as u64,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ClientError::Exited(self.name.clone()));
                }
            }
        }
    }

    /// `uci` … `uciok`, collecting the declared options and variants.
    pub fn handshake(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("uci")?;
        let (_, lines) = self.read_until(|l| l.trim() == "uciok", timeout, "uciok")?;
        for l in lines {
            if let Some(rest) = l.strip_prefix("id name ") {
                self.name = format!("{} ({})", rest.trim(), self.name);
            }
            if let Some(rest) = l.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or("").trim().to_owned();
                if name == "UCI_Variant" {
                    self.variants = rest
                        .split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_owned())
                        .collect();
                }
                self.options.push(name);
            }
        }
        Ok(())
    }

    /// `isready` … `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("isready")?;
        self.read_until(|l| l.trim() == "readyok", timeout, "readyok")
            .map(|_| ())
    }

    /// `setoption name … value …`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// Sends the position and `go …`, and waits up to `timeout` for `bestmove`.
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<GoAnswer, ClientError> {
        self.send(position)?;
        let start = Instant::now();
        self.send(go)?;
        let (line, infos) = self.read_until(|l| l.starts_with("bestmove"), timeout, "bestmove")?;
        let elapsed_ms = start.elapsed().as_millis() as u64;
        let mut score_cp = None;
        let mut depth = None;
        for info in infos.iter().filter(|l| l.starts_with("info ")) {
            let t: Vec<&str> = info.split_whitespace().collect();
            for (i, w) in t.iter().enumerate() {
                let next = t.get(i + 1).and_then(|v| v.parse::<i32>().ok());
                match (*w, t.get(i.wrapping_sub(1)).copied()) {
                    ("cp", Some("score")) => score_cp = next.or(score_cp),
                    ("mate", Some("score")) => {
                        score_cp = next
                            .map(|n| if n > 0 { 100_000 - n } else { -100_000 - n })
                            .or(score_cp);
                    }
                    ("depth", _) if i == 1 => depth = next.map(|d| d.max(0) as u32).or(depth),
                    _ => {}
                }
            }
        }
        let bestmove = line.split_whitespace().nth(1).unwrap_or("").to_owned();
        Ok(GoAnswer {
            bestmove,
            score_cp,
            depth,
            elapsed_ms,
        })
    }

    /// Asks the engine to quit, then makes sure the process is gone.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
