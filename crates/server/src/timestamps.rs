//! Times as people write them: RFC 3339 in the API (`2026-12-02T14:00:00Z`,
//! `2026-12-02T22:00:00+08:00`), and a form's date and time in the browser's own zone
//! (`2026-12-02T22:00` with the minutes the browser says it is behind UTC).

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{OffsetDateTime, PrimitiveDateTime, UtcOffset};

/// Milliseconds since the Unix epoch of an RFC 3339 time, or `None` if it is not one.
pub fn from_rfc3339(text: &str) -> Option<i64> {
    let t = OffsetDateTime::parse(text.trim(), &Rfc3339).ok()?;
    millis(t)
}

/// Milliseconds since the Unix epoch of a form's `datetime-local` value (`YYYY-MM-DDTHH:MM`,
/// seconds allowed), read in the zone `behind_utc_min` minutes behind UTC — what a
/// browser's `Date.getTimezoneOffset()` gives (−480 at UTC+8). `None` if either is not
/// readable.
pub fn from_local(text: &str, behind_utc_min: i32) -> Option<i64> {
    let text = text.trim();
    let minutes = format_description!("[year]-[month]-[day]T[hour]:[minute]");
    let seconds = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
    let local = PrimitiveDateTime::parse(text, minutes)
        .or_else(|_| PrimitiveDateTime::parse(text, seconds))
        .ok()?;
    let offset = UtcOffset::from_whole_seconds(behind_utc_min.checked_mul(-60)?).ok()?;
    millis(local.assume_offset(offset))
}

/// A time stamp as RFC 3339 in UTC, to the second: `2026-12-02T14:00:00Z`.
pub fn to_rfc3339(ms: i64) -> String {
    let t = OffsetDateTime::from_unix_timestamp(ms.div_euclid(1_000))
        .unwrap_or(OffsetDateTime::UNIX_EPOCH);
    t.format(&Rfc3339).unwrap_or_default()
}

fn millis(t: OffsetDateTime) -> Option<i64> {
    i64::try_from(t.unix_timestamp_nanos() / 1_000_000).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-12-02 14:00 UTC, worked by hand: 20,789 days after 1970-01-01, and 14 hours.
    const AT: i64 = (20_789 * 86_400 + 14 * 3_600) * 1_000;

    #[test]
    fn rfc3339_times_in_any_zone() {
        assert_eq!(from_rfc3339("2026-12-02T14:00:00Z"), Some(AT));
        assert_eq!(from_rfc3339("2026-12-02T22:00:00+08:00"), Some(AT));
        assert_eq!(from_rfc3339(" 2026-12-02T14:00:30.5Z "), Some(AT + 30_500));
        assert_eq!(from_rfc3339("2026-12-02 14:00"), None);
        assert_eq!(from_rfc3339("tomorrow"), None);
    }

    #[test]
    fn written_in_utc_to_the_second() {
        assert_eq!(to_rfc3339(AT), "2026-12-02T14:00:00Z");
        assert_eq!(to_rfc3339(AT + 30_500), "2026-12-02T14:00:30Z");
    }

    #[test]
    fn form_times_in_the_browsers_zone() {
        assert_eq!(from_local("2026-12-02T22:00", -480), Some(AT));
        assert_eq!(from_local("2026-12-02T14:00", 0), Some(AT));
        assert_eq!(from_local("2026-12-02T14:00:00", 0), Some(AT));
        assert_eq!(from_local("2026-12-02T09:00", 300), Some(AT));
        assert_eq!(from_local("2026-13-02T14:00", 0), None);
        assert_eq!(from_local("2026-12-02T14:00", 100_000), None);
    }
}
