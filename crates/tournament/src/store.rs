//! The event file: versioned JSON, written atomically (temporary file, fsync, rename), so
//! a crash leaves either the old file or the new one, never half of either.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

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

/// Loads, applies `change`, and saves only if the change succeeded: a refused change or a
/// corrupt file leaves the file untouched.
pub fn update<T, E>(
    path: &Path,
    change: impl FnOnce(&mut Event) -> Result<T, E>,
) -> Result<T, UpdateError<E>> {
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
