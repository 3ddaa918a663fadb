//! Open event pages told of each change: every committed change is announced here (the
//! event's id and new version), and each page's server-sent-event stream
//! (`routes::events::live`) passes on the versions of its event. Another server process
//! sharing the database commits without announcing here, so the streams also read the
//! event's version now and then.

use std::sync::LazyLock;
use tokio::sync::broadcast;

/// How many announcements a slow stream may fall behind before it skips to the latest
/// (it then reads the version from the database).
const BACKLOG: usize = 256;

static CHANGES: LazyLock<broadcast::Sender<Changed>> =
    LazyLock::new(|| broadcast::channel(BACKLOG).0);

/// A committed change: the event and its version after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// The event's id.
    pub id: String,
    /// Its version after the change.
    pub version: i64,
}

/// Announces a committed change to the open pages of this process.
pub fn announce(id: &str, version: i64) {
    // No page open is no error.
    let _ = CHANGES.send(Changed {
        id: id.to_owned(),
        version,
    });
}

/// The announcements from now on.
pub fn subscribe() -> broadcast::Receiver<Changed> {
    CHANGES.subscribe()
}
