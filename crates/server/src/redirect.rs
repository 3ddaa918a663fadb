//! Where a redirect may go: a path on this site, never another host.
//!
//! A return address (`?back=/path`) comes from the visitor, so it is read the way a browser
//! will read the `Location` header (the WHATWG URL parser): leading and trailing control
//! characters and spaces dropped, tabs and newlines removed anywhere, a backslash taken as a
//! slash. `/\t/evil.example` is `//evil.example` to a browser, a host, not a path. Only what
//! is still a plain path after that clean-up is kept; anything else goes to `/`. Every route
//! that redirects builds its target as a [`SameSitePath`], so none can forget the check.

use std::fmt;

/// The longest return address kept (longer ones go to `/`).
pub const MAX_LEN: usize = 512;

/// A path on this site (`/…`, never `//host`, `/\host` or `scheme:`), percent-encoded where
/// a header needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SameSitePath(String);

impl SameSitePath {
    /// The site's front page.
    pub fn root() -> SameSitePath {
        SameSitePath("/".to_owned())
    }

    /// A visitor's return address, or `/` when it is missing or would leave the site.
    pub fn from_untrusted(raw: Option<&str>) -> SameSitePath {
        raw.and_then(clean).unwrap_or_else(SameSitePath::root)
    }

    /// A path the server built itself (`/game/{id}`); one that is not a plain same-site path
    /// is a bug, and goes to `/` rather than anywhere else.
    pub fn internal(path: impl Into<String>) -> SameSitePath {
        let path = path.into();
        let cleaned = clean(&path);
        debug_assert!(
            cleaned.as_ref().is_some_and(|c| c.0 == path),
            "not a same-site path: {path:?}"
        );
        cleaned.unwrap_or_else(SameSitePath::root)
    }

    /// The path, ready for a `Location` header.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SameSitePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The browser's reading of `raw` as a same-site path, or `None`.
fn clean(raw: &str) -> Option<SameSitePath> {
    if raw.len() > MAX_LEN {
        return None;
    }
    // What the URL parser does before anything else (WHATWG URL, "basic URL parser").
    let trimmed = raw.trim_matches(|c: char| c <= ' ');
    let path: String = trimmed
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
        .map(|c| if c == '\\' { '/' } else { c })
        .collect();
    let mut bytes = path.bytes();
    if bytes.next() != Some(b'/') || bytes.next() == Some(b'/') {
        return None;
    }
    // Any other control character is no part of a path we make.
    if path.chars().any(char::is_control) {
        return None;
    }
    Some(SameSitePath(percent_encode_non_ascii(&path)))
}

/// Non-ASCII bytes as `%XX` (a header value is ASCII); everything else as it is.
fn percent_encode_non_ascii(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        if b.is_ascii() {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::SameSitePath;

    fn back(raw: &str) -> String {
        SameSitePath::from_untrusted(Some(raw)).to_string()
    }

    #[test]
    fn local_paths_are_kept() {
        assert_eq!(back("/game/abc"), "/game/abc");
        assert_eq!(back("/games?page=2#top"), "/games?page=2#top");
        assert_eq!(back("/@/巴特尔"), "/@/%E5%B7%B4%E7%89%B9%E5%B0%94");
        assert_eq!(SameSitePath::from_untrusted(None).as_str(), "/");
    }

    /// The payloads a browser reads as another host (query values arrive decoded:
    /// `%09` is a tab, `%5C` a backslash, `%0a` a newline).
    #[test]
    fn other_hosts_go_home() {
        for raw in [
            "/\t/evil.example/phish",
            "//evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "https://evil.example",
            "/\n/evil.example",
            "/\r\n/evil.example",
            " //evil.example",
            "\u{0}//evil.example",
            "/\u{1b}x",
            "javascript:alert(1)",
            "evil.example",
            "",
        ] {
            assert_eq!(back(raw), "/", "{raw:?}");
        }
        assert_eq!(back(&format!("/{}", "a".repeat(600))), "/");
    }

    #[test]
    fn tabs_inside_a_path_are_removed_as_the_browser_does() {
        assert_eq!(back("/ga\tme/1"), "/game/1");
        assert_eq!(back("/a\\b"), "/a/b");
    }
}
