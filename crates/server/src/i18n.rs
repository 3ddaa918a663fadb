//! Languages: Chinese, Mongolian (Cyrillic) and English, from Fluent files in `locales/`
//! that a translator edits. The language comes from the `lang` cookie (the switcher), else
//! the browser's `Accept-Language`, else English.

use axum::http::HeaderMap;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;

/// A page language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Chinese (simplified).
    Zh,
    /// Mongolian, Cyrillic script.
    Mn,
}

/// The Fluent sources, embedded.
pub const SOURCES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../locales/en.ftl")),
    (Lang::Zh, include_str!("../locales/zh.ftl")),
    (Lang::Mn, include_str!("../locales/mn.ftl")),
];

/// The cookie the language switcher sets.
pub const COOKIE: &str = "lang";

impl Lang {
    /// Every language, in switcher order.
    pub const ALL: [Lang; 3] = [Lang::Zh, Lang::Mn, Lang::En];

    /// The BCP 47 code.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::Mn => "mn",
        }
    }

    /// The language of a code or tag (`zh-CN`, `mn-Cyrl-MN`, `en-GB`…), if supported.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            "mn" => Some(Lang::Mn),
            _ => None,
        }
    }

    /// The best supported language of an `Accept-Language` value (RFC 9110 §12.5.4).
    pub fn from_accept_language(value: &str) -> Option<Lang> {
        let mut best: Option<(f32, usize, Lang)> = None;
        for (i, item) in value.split(',').take(32).enumerate() {
            let mut parts = item.split(';');
            let Some(lang) = parts.next().and_then(Lang::from_tag) else {
                continue;
            };
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q <= 0.0 {
                continue;
            }
            // Higher q wins; among equals, the earlier one.
            if best.is_none_or(|(bq, _, _)| q > bq) {
                best = Some((q, i, lang));
            }
        }
        best.map(|(_, _, l)| l)
    }

    /// The language of a request: cookie, then `Accept-Language`, then English.
    pub fn from_request(headers: &HeaderMap) -> Lang {
        crate::auth::cookie(headers, COOKIE)
            .and_then(Lang::from_tag)
            .or_else(|| {
                headers
                    .get(axum::http::header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(Lang::from_accept_language)
            })
            .unwrap_or(Lang::En)
    }

    /// The message `id`, or the English one, or the id itself when missing everywhere.
    pub fn t(self, id: &str) -> String {
        self.t_args(id, &[])
    }

    /// The message `id` with string arguments.
    pub fn t_args(self, id: &str, args: &[(&str, &str)]) -> String {
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            fargs.set(*k, *v);
        }
        for lang in [self, Lang::En] {
            let bundle = bundle(lang);
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
                return text.into_owned();
            }
        }
        tracing::warn!(id, "missing translation");
        id.to_owned()
    }
}

type Bundle = FluentBundle<FluentResource>;

static BUNDLES: LazyLock<[Bundle; 3]> = LazyLock::new(|| SOURCES.map(|(l, s)| make(l, s)));

fn make(lang: Lang, source: &str) -> Bundle {
    let id = lang
        .code()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks: our arguments are names shown inside escaped HTML.
    bundle.set_use_isolating(false);
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(r) => r,
        Err((r, errors)) => {
            tracing::error!(lang = lang.code(), ?errors, "Fluent syntax errors");
            r
        }
    };
    if let Err(errors) = bundle.add_resource(resource) {
        tracing::error!(lang = lang.code(), ?errors, "duplicate Fluent messages");
    }
    bundle
}

fn bundle(lang: Lang) -> &'static Bundle {
    let i = match lang {
        Lang::En => 0,
        Lang::Zh => 1,
        Lang::Mn => 2,
    };
    &BUNDLES[i]
}

/// The message ids of a Fluent source (for the completeness test and tools).
pub fn message_ids(source: &str) -> Result<Vec<String>, String> {
    let resource =
        FluentResource::try_new(source.to_owned()).map_err(|(_, errors)| format!("{errors:?}"))?;
    Ok(resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_exists_in_every_language() {
        let en = message_ids(SOURCES[0].1).unwrap();
        assert!(en.len() > 80, "{}", en.len());
        for (lang, src) in SOURCES {
            let ids = message_ids(src).unwrap();
            assert_eq!(ids, en, "{lang:?} differs from en");
        }
    }

    #[test]
    fn accept_language_picks_highest_quality() {
        assert_eq!(
            Lang::from_accept_language("zh-CN,zh;q=0.9,en;q=0.8"),
            Some(Lang::Zh)
        );
        assert_eq!(
            Lang::from_accept_language("fr, mn-MN;q=0.5, en;q=0.4"),
            Some(Lang::Mn)
        );
        assert_eq!(
            Lang::from_accept_language("en;q=0.2, mn;q=0.7"),
            Some(Lang::Mn)
        );
        assert_eq!(Lang::from_accept_language("de, fr"), None);
        assert_eq!(Lang::from_accept_language("zh;q=0, en"), Some(Lang::En));
    }

    #[test]
    fn messages_format_with_arguments() {
        assert_eq!(Lang::Zh.t("nav-lobby"), "大厅");
        assert_eq!(Lang::Mn.t("nav-lobby"), "Танхим");
        assert_eq!(
            Lang::En.t_args("signed-in-as", &[("name", "Bat")]),
            "Signed in as Bat"
        );
        assert_eq!(
            Lang::Zh.t_args("signed-in-as", &[("name", "巴特")]),
            "已登录：巴特"
        );
        assert_eq!(Lang::Mn.t("no-such-id"), "no-such-id");
    }
}
