//! The event file: versioned JSON, written atomically (temporary file, fsync, rename), so
//! a crash leaves either the old file or the new one, never half of either; changed under
//! an exclusive lock, so that two writers at once lose neither change.

use std::fs::{self, File, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::error::EventFileError;
use crate::event::{Event, FORMAT_VERSION};

/// The `format` field that marks a Shatar event file.
pub const FORMAT_NAME: &str = "shatar-event";

#[derive(Serialize)]
struct FileOut<'a> {
    format: &'static str,
    version: u64,
    event: &'a Event,
}

#[derive(Deserialize)]
struct FileIn {
    event: Event,
}

/// Reads an event file, checking format, version and internal consistency.
pub fn load(path: &Path) -> Result<Event, EventFileError> {
    let text = fs::read_to_string(path).map_err(|source| EventFileError::Read {
        path: path.to_owned(),
        source,
    })?;
    from_json(&text, path)
}

/// Parses event-file text; `path` is only used in error messages.
pub fn from_json(text: &str, path: &Path) -> Result<Event, EventFileError> {
    let corrupt = |e: serde_json::Error| EventFileError::Corrupt {
        path: path.to_owned(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    };
    let value: serde_json::Value = serde_json::from_str(text).map_err(corrupt)?;
    let format = value.get("format").and_then(|f| f.as_str());
    if format != Some(FORMAT_NAME) {
        return Err(EventFileError::WrongFormat {
            path: path.to_owned(),
            found: format.map(str::to_owned),
        });
    }
    let version = value.get("version").and_then(serde_json::Value::as_u64);
    if version != Some(FORMAT_VERSION) {
        return Err(EventFileError::UnsupportedVersion {
            path: path.to_owned(),
            found: version.unwrap_or(0),
            supported: FORMAT_VERSION,
        });
    }
    // Parse the text again (not the Value) so errors carry line and column.
    let file: FileIn = serde_json::from_str(text).map_err(corrupt)?;
    file.event
        .validate()
        .map_err(|source| EventFileError::Invalid {
            path: path.to_owned(),
            source,
        })?;
    Ok(file.event)
}

/// Serialises an event as event-file text.
pub fn to_json(event: &Event) -> Result<String, EventFileError> {
    let mut text = serde_json::to_string_pretty(&FileOut {
        format: FORMAT_NAME,
        version: FORMAT_VERSION,
        event,
    })?;
    text.push('\n');
    Ok(text)
}

/// Writes an event file atomically: the text goes to a temporary file in the same
/// directory, which is flushed to disk and then renamed over the target.
pub fn save(event: &Event, path: &Path) -> Result<(), EventFileError> {
    let text = to_json(event)?;
    let write_err = |source| EventFileError::Write {
        path: path.to_owned(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "event.json".into());
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        // Make the rename itself durable.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(write_err)
}

/// How long [`update`] waits for another writer of the same event file.
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// An exclusive hold on an event file for one read-modify-write: an advisory lock on a
/// companion file (`.NAME.lock` beside it), since [`save`] replaces the event file
/// itself by renaming. Released when dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

/// Takes the event file's lock, waiting at most `wait` for another writer to finish.
pub fn lock(path: &Path, wait: Duration) -> Result<Lock, EventFileError> {
    let lock_path = companion(path, "lock");
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|source| EventFileError::Lock {
            path: path.to_owned(),
            source,
        })?;
    let start = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(Lock { _file: file }),
            Err(TryLockError::WouldBlock) if start.elapsed() < wait => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(EventFileError::Busy {
                    path: path.to_owned(),
                    waited_s: wait.as_secs(),
                });
            }
            Err(TryLockError::Error(source)) => {
                return Err(EventFileError::Lock {
                    path: path.to_owned(),
                    source,
                });
            }
        }
    }
}

/// A file beside `path`: `.NAME.suffix` in the same directory.
fn companion(path: &Path, suffix: &str) -> PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "event.json".into());
    dir.join(format!(".{file_name}.{suffix}"))
}

/// Loads, applies `change`, and saves only if the change succeeded: a refused change or a
/// corrupt file leaves the file untouched. The whole read-modify-write holds the event
/// file's [`lock`], so two commands changing one file at once run one after the other
/// (the second waits up to [`LOCK_WAIT`], then fails naming the file) and neither change
/// is lost.
pub fn update<T, E>(
    path: &Path,
    change: impl FnOnce(&mut Event) -> Result<T, E>,
) -> Result<T, UpdateError<E>> {
    let _lock = lock(path, LOCK_WAIT).map_err(UpdateError::File)?;
    let mut event = load(path).map_err(UpdateError::File)?;
    let out = change(&mut event).map_err(UpdateError::Change)?;
    save(&event, path).map_err(UpdateError::File)?;
    Ok(out)
}

/// Failure of [`update`].
#[derive(Debug, thiserror::Error)]
pub enum UpdateError<E> {
    /// Reading or writing the file.
    #[error(transparent)]
    File(EventFileError),
    /// The change itself was refused.
    #[error(transparent)]
    Change(E),
}
