//! The event's arbiter PIN: set by the event's staff, it unlocks the arbiter's actions on a
//! board's tablet opened by the board's link (`board_sync`), for an arbiter who is not
//! signed in at that tablet. Only its argon2id hash is stored; the wrong PINs a visitor may
//! try are limited per address and event in the routes (as sign-ins are).

use super::board_sync::staff_state;
use super::change::ChangeError;
use crate::auth::password;
use crate::db::users::User;
use crate::db::{Db, event_pins};
use crate::i18n::Msg;

/// The fewest and most digits of a PIN: six digits are a million PINs, which the limit
/// on wrong ones (five a minute from an address) keeps out of reach of guessing.
pub const DIGITS: std::ops::RangeInclusive<usize> = 6..=12;

/// Wrong PINs an address may try for one event in a minute (and four times as many for
/// all events).
pub const WRONG_PER_MINUTE: u32 = 5;

/// Wrong PINs all addresses together may try for one event in a minute: a 6-digit PIN
/// then holds for days against many addresses guessing at once.
pub const WRONG_PER_MINUTE_PER_EVENT: u32 = 60;

/// A PIN as the staff set it: 6 to 12 ASCII digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Pin(String);

impl std::fmt::Debug for Pin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Kept out of logs.
        f.write_str("Pin(…)")
    }
}

impl Pin {
    /// `text` as a PIN (spaces around it dropped), or why it is not one.
    ///
    /// ```
    /// use shatar_server::events::arbiter_pin::Pin;
    /// assert!(Pin::parse(" 204817 ").is_ok());
    /// assert!(Pin::parse("2048").is_err());
    /// assert!(Pin::parse("20481x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Pin, Msg> {
        let t = text.trim();
        if DIGITS.contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Pin(t.to_owned()))
        } else {
            Err(Msg::new("event-pin-form")
                .arg("min", *DIGITS.start())
                .arg("max", *DIGITS.end()))
        }
    }
}

/// Sets the event's PIN (replacing one it had: tablets holding the old one are locked
/// again); the staff only. `memory_kib` is the hash's memory, as for passwords.
pub async fn set(
    db: &Db,
    author: Option<&User>,
    id: &str,
    pin: &Pin,
    memory_kib: u32,
) -> Result<(), ChangeError> {
    staff_state(db, author, id).await?;
    let hash = password::hash(pin.0.clone(), memory_kib).await?;
    event_pins::set(db, id, &hash).await?;
    Ok(())
}

/// Removes the event's PIN; returns whether it had one. The staff only.
pub async fn clear(db: &Db, author: Option<&User>, id: &str) -> Result<bool, ChangeError> {
    staff_state(db, author, id).await?;
    Ok(event_pins::clear(db, id).await?)
}

/// Whether the event has a PIN; the staff only.
pub async fn is_set(db: &Db, author: Option<&User>, id: &str) -> Result<bool, ChangeError> {
    staff_state(db, author, id).await?;
    Ok(event_pins::hash_of(db, id).await?.is_some())
}

/// Whether `pin` is the event's PIN (never, when it has none: checked against a dummy hash
/// then, so that the answer takes as long).
pub async fn unlocks(db: &Db, id: &str, pin: &str) -> Result<bool, crate::error::AppError> {
    let stored = event_pins::hash_of(db, id).await?;
    let has = stored.is_some();
    let phc = stored.unwrap_or_else(|| password::DUMMY_HASH.to_owned());
    let pin = Pin::parse(pin).map(|p| p.0).unwrap_or_default();
    Ok(password::verify(pin, phc).await? && has)
}
