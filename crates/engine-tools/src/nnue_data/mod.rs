//! Training data for the neural evaluation: self-play games of the engine ([`selfplay`])
//! written as 32-byte [`record`]s, by several threads at once, resumable.
//!
//! A run writes `OUT` (the records, whole games in game order) and `OUT.progress` (JSON:
//! the run's settings, the games and bytes written so far). The progress file is replaced
//! only after the data it counts is on disk, so a run killed at any moment resumes from its
//! last whole game: the data file is cut back to the bytes the progress file counts and
//! the games go on from there, each the same as it would have been (a game depends only
//! on the seed, its number and the settings).

pub mod record;
pub mod selfplay;

use record::RECORD_BYTES;
use selfplay::SelfPlay;
use serde::{Deserialize, Serialize};
use shatar_rules::Preset;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A data-generation run.
#[derive(Debug, Clone)]
pub struct Run {
    /// How each game is played.
    pub play: SelfPlay,
    /// The rulesets, in turn: game `i` is played under `presets[i % len]`.
    pub presets: Vec<Preset>,
    /// The run's seed.
    pub seed: u64,
    /// Games in all (those of an earlier start of the run included).
    pub games: u64,
    /// Threads playing at once.
    pub threads: usize,
}

/// What the progress file holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// The settings, which a resumed run must share.
    pub settings: Settings,
    /// Games written.
    pub games: u64,
    /// Bytes of the data file they fill.
    pub bytes: u64,
}

/// The settings that decide a run's games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Record format version.
    pub format: u32,
    /// The seed.
    pub seed: u64,
    /// Nodes a move.
    pub nodes: u64,
    /// Random opening plies, least and most.
    pub random_plies: [usize; 2],
    /// The opening's score bound.
    pub max_opening_score: i32,
    /// Table size of a game's engine.
    pub hash_mb: usize,
    /// The rulesets in turn, by name.
    pub presets: Vec<String>,
}

/// The record format's version.
pub const FORMAT: u32 = 1;

/// A report after each game written.
#[derive(Debug, Clone, Copy)]
pub struct Report {
    /// Games written, of the earlier starts too.
    pub games: u64,
    /// Of them, in this start.
    pub games_now: u64,
    /// Positions written in this start.
    pub positions_now: u64,
    /// Positions in the file.
    pub positions: u64,
    /// Seconds since this start.
    pub seconds: f64,
}

/// Why a run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Reading or writing a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The data file exists but no progress file says what it holds.
    #[error("{0} exists without its progress file: remove it or write elsewhere")]
    NoProgress(PathBuf),
    /// The progress file cannot be read.
    #[error("{path}: not a progress file: {message}")]
    BadProgress {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The run is resumed with other settings.
    #[error("{path} was made with other settings ({found}); resume with them, or write elsewhere")]
    OtherSettings {
        /// The progress file.
        path: PathBuf,
        /// Its settings.
        found: String,
    },
    /// The data file is shorter than its progress file says.
    #[error("{path} holds {found} bytes, fewer than the {expected} its progress file counts")]
    Truncated {
        /// The data file.
        path: PathBuf,
        /// Its length.
        found: u64,
        /// The length counted.
        expected: u64,
    },
    /// A data file that is not whole records.
    #[error("{path}: {message}")]
    BadData {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// No ruleset or no thread.
    #[error("a run needs at least one ruleset and one thread")]
    Empty,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunError + '_ {
    move |source| RunError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The progress file beside a data file.
pub fn progress_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_os_string();
    name.push(".progress");
    PathBuf::from(name)
}

impl Run {
    fn settings(&self) -> Settings {
        Settings {
            format: FORMAT,
            seed: self.seed,
            nodes: self.play.nodes,
            random_plies: [self.play.random_plies_min, self.play.random_plies_max],
            max_opening_score: self.play.max_opening_score,
            hash_mb: self.play.hash_mb,
            presets: self.presets.iter().map(|p| p.name().to_string()).collect(),
        }
    }

    /// Plays the run's games not yet written to `out`, reporting after each game written.
    /// Returns the progress at the end.
    pub fn generate(
        &self,
        out: &Path,
        on_report: &mut dyn FnMut(&Report),
    ) -> Result<Progress, RunError> {
        if self.presets.is_empty() || self.threads == 0 {
            return Err(RunError::Empty);
        }
        let progress_file = progress_path(out);
        let settings = self.settings();
        let mut progress = self.resume(out, &progress_file, &settings)?;
        let data = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(out)
            .map_err(io(out))?;
        // Anything past the last counted game is half a run killed mid-write.
        data.set_len(progress.bytes).map_err(io(out))?;
        let mut data = std::io::BufWriter::new(data);
        std::io::Seek::seek(&mut data, std::io::SeekFrom::End(0)).map_err(io(out))?;

        let start = Instant::now();
        let first = progress.games;
        let next = AtomicU64::new(first);
        let (tx, rx) = mpsc::channel();
        let mut result = Ok(());
        std::thread::scope(|scope| {
            for _ in 0..self.threads {
                let tx = tx.clone();
                let next = &next;
                scope.spawn(move || {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= self.games {
                            break;
                        }
                        let preset = self.presets[(index % self.presets.len() as u64) as usize];
                        let game = self.play.play(preset, self.seed, index);
                        if tx.send((index, game)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            // Games finish out of order; they are written in order, so that the progress
            // file's count of games is a prefix of the run.
            let mut pending = BTreeMap::new();
            let mut positions_now = 0u64;
            for (index, game) in rx {
                pending.insert(index, game);
                let mut wrote = false;
                while let Some(game) = pending.remove(&progress.games) {
                    for r in &game.records {
                        if let Err(e) = data.write_all(&r.to_bytes()) {
                            result = Err(io(out)(e));
                            return;
                        }
                    }
                    positions_now += game.records.len() as u64;
                    progress.games += 1;
                    progress.bytes += (game.records.len() * RECORD_BYTES) as u64;
                    wrote = true;
                }
                if wrote {
                    if let Err(e) = commit(&mut data, out, &progress_file, &progress) {
                        result = Err(e);
                        return;
                    }
                    on_report(&Report {
                        games: progress.games,
                        games_now: progress.games - first,
                        positions_now,
                        positions: progress.bytes / RECORD_BYTES as u64,
                        seconds: start.elapsed().as_secs_f64(),
                    });
                }
            }
        });
        // An error above dropped the receiver: the threads stop after their game.
        result.map(|()| progress)
    }

    /// The progress of an earlier start of the run, or none.
    fn resume(
        &self,
        out: &Path,
        progress_file: &Path,
        settings: &Settings,
    ) -> Result<Progress, RunError> {
        let text = match std::fs::read_to_string(progress_file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if out.exists() {
                    return Err(RunError::NoProgress(out.to_path_buf()));
                }
                return Ok(Progress {
                    settings: settings.clone(),
                    games: 0,
                    bytes: 0,
                });
            }
            Err(e) => return Err(io(progress_file)(e)),
        };
        let progress: Progress =
            serde_json::from_str(&text).map_err(|e| RunError::BadProgress {
                path: progress_file.to_path_buf(),
                message: e.to_string(),
            })?;
        if progress.settings != *settings {
            return Err(RunError::OtherSettings {
                path: progress_file.to_path_buf(),
                found: serde_json::to_string(&progress.settings).unwrap_or_default(),
            });
        }
        let found = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
        if found < progress.bytes {
            return Err(RunError::Truncated {
                path: out.to_path_buf(),
                found,
                expected: progress.bytes,
            });
        }
        Ok(progress)
    }
}

/// Puts the data on disk, then replaces the progress file.
fn commit(
    data: &mut std::io::BufWriter<File>,
    out: &Path,
    progress_file: &Path,
    progress: &Progress,
) -> Result<(), RunError> {
    data.flush().map_err(io(out))?;
    data.get_ref().sync_data().map_err(io(out))?;
    let text = serde_json::to_string_pretty(progress).unwrap_or_default();
    replace_file(progress_file, text.as_bytes()).map_err(io(progress_file))
}

/// Writes `bytes` to a new file beside `path`, syncs it and renames it over `path`, so that
/// `path` always holds a whole file, the old or the new.
pub fn replace_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut f = File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Reads a data file's records, failing at the first bad one with its number.
pub fn read_records(path: &Path) -> Result<Vec<record::Record>, RunError> {
    let mut records = Vec::new();
    visit_records(path, &mut |_, r| records.push(r))?;
    Ok(records)
}

/// Reads a data file and hands each record to `visit`, as its bytes and read, failing at
/// the first bad one with its number.
pub fn visit_records(
    path: &Path,
    visit: &mut dyn FnMut(&[u8; RECORD_BYTES], record::Record),
) -> Result<(), RunError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    if bytes.len() % RECORD_BYTES != 0 {
        return Err(RunError::BadData {
            path: path.to_path_buf(),
            message: format!(
                "{} bytes is not a whole number of {RECORD_BYTES}-byte records",
                bytes.len()
            ),
        });
    }
    for (i, chunk) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
        let mut b = [0u8; RECORD_BYTES];
        b.copy_from_slice(chunk);
        let r = record::Record::from_bytes(&b).map_err(|e| RunError::BadData {
            path: path.to_path_buf(),
            message: format!("record {i}: {e}"),
        })?;
        visit(&b, r);
    }
    Ok(())
}
