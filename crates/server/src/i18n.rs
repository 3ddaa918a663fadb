//! Languages: Chinese, Mongolian (Cyrillic) and English, from Fluent files in `locales/`
//! that a translator edits. The language comes from the `lang` cookie (the switcher), else
//! the browser's `Accept-Language`, else English.

use axum::http::HeaderMap;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;

/// A page language: the tournament library's report language (Chinese, Mongolian,
/// English), so a page and the report it shows are in one language.
pub use shatar_tournament::report::Lang;

/// The Fluent sources, embedded: per language the site's messages (`site.ftl`) and then the
/// event pages' (`events.ftl`), read as one source.
pub const SOURCES: [(Lang, &str); 3] = [
    (
        Lang::En,
        concat!(
            include_str!("../locales/en/site.ftl"),
            "\n",
            include_str!("../locales/en/events.ftl")
        ),
    ),
    (
        Lang::Zh,
        concat!(
            include_str!("../locales/zh/site.ftl"),
            "\n",
            include_str!("../locales/zh/events.ftl")
        ),
    ),
    (
        Lang::Mn,
        concat!(
            include_str!("../locales/mn/site.ftl"),
            "\n",
            include_str!("../locales/mn/events.ftl")
        ),
    ),
];

/// The cookie the language switcher sets.
pub const COOKIE: &str = "lang";

/// What the web adds to a language: reading it from a request, and its messages.
pub trait PageLang: Sized {
    /// The language of a code or tag (`zh-CN`, `mn-Cyrl-MN`, `en-GB`…), if supported.
    fn from_tag(tag: &str) -> Option<Self>;
    /// The best supported language of an `Accept-Language` value (RFC 9110 §12.5.4).
    fn from_accept_language(value: &str) -> Option<Self>;
    /// The language of a request: cookie, then `Accept-Language`, then English.
    fn from_headers(headers: &HeaderMap) -> Self;
    /// The message `id`, or the English one, or the id itself when missing everywhere.
    fn t(self, id: &str) -> String;
    /// The message `id` with string arguments.
    fn t_args(self, id: &str, args: &[(&str, &str)]) -> String;
}

impl PageLang for Lang {
    fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            "mn" => Some(Lang::Mn),
            _ => None,
        }
    }

    fn from_accept_language(value: &str) -> Option<Lang> {
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

    fn from_headers(headers: &HeaderMap) -> Lang {
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

    fn t(self, id: &str) -> String {
        self.t_args(id, &[])
    }

    fn t_args(self, id: &str, args: &[(&str, &str)]) -> String {
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

/// A message to be written in the reader's language: its id and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    /// The Fluent message id.
    pub id: &'static str,
    /// The arguments, by name.
    pub args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Msg`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Text as it is (a name, a number, a submitted value).
    Text(String),
    /// Another message, written in the same language (a field's label).
    Id(std::borrow::Cow<'static, str>),
    /// Another message with arguments of its own, written in the same language (a reason
    /// inside a field's refusal).
    Msg(Box<Msg>),
}

impl Msg {
    /// The message `id` without arguments.
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Msg {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// The message with one more argument that is itself a message (written in the same
    /// language).
    pub fn arg_id(
        mut self,
        name: &'static str,
        id: impl Into<std::borrow::Cow<'static, str>>,
    ) -> Msg {
        self.args.push((name, Arg::Id(id.into())));
        self
    }

    /// The message with one more argument that is another message with its own arguments.
    pub fn arg_msg(mut self, name: &'static str, msg: Msg) -> Msg {
        self.args.push((name, Arg::Msg(Box::new(msg))));
        self
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let values: Vec<(&str, String)> = self
            .args
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Arg::Text(t) => t.clone(),
                    Arg::Id(id) => lang.t(id),
                    Arg::Msg(m) => m.text(lang),
                };
                (*k, v)
            })
            .collect();
        let args: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.t_args(self.id, &args)
    }
}

impl std::fmt::Display for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// The message id of a colour (`color-white`, `color-black`).
pub fn color_id(c: shatar_rules::Color) -> &'static str {
    match c {
        shatar_rules::Color::White => "color-white",
        shatar_rules::Color::Black => "color-black",
    }
}

/// The name of a ruleset preset in `lang` (`official` → “Official rules (2017)”); an
/// unknown name is returned as it is.
pub fn ruleset_name(lang: Lang, name: &str) -> String {
    match name.parse::<shatar_rules::Preset>() {
        Ok(p) => lang.t(match p {
            shatar_rules::Preset::Official => "ruleset-official",
            shatar_rules::Preset::Competition => "ruleset-competition",
            shatar_rules::Preset::Traditional => "ruleset-traditional",
            shatar_rules::Preset::Fsf => "ruleset-fsf",
            shatar_rules::Preset::TraditionalStepBack => "ruleset-traditional-step-back",
        }),
        Err(_) => name.to_owned(),
    }
}

/// The `<option>`s of a ruleset `<select>`, named in `lang`, `selected` chosen.
pub fn ruleset_options(lang: Lang, selected: &str) -> String {
    shatar_rules::Preset::ALL
        .iter()
        .map(|p| {
            format!(
                r#"<option value="{v}"{sel}>{name}</option>"#,
                v = p.name(),
                sel = if p.name() == selected {
                    " selected"
                } else {
                    ""
                },
                name = crate::html::esc(&ruleset_name(lang, p.name())),
            )
        })
        .collect()
}

/// The message for an unknown ruleset name.
pub fn unknown_ruleset(value: &str) -> Msg {
    let names: Vec<&str> = shatar_rules::Preset::ALL.iter().map(|p| p.name()).collect();
    Msg::new("error-unknown-ruleset")
        .arg("value", value)
        .arg("names", names.join(", "))
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

    /// Each message's variables (`{ $name }`), by message id.
    fn variables(source: &str) -> std::collections::BTreeMap<String, Vec<String>> {
        use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
        let resource = FluentResource::try_new(source.to_owned()).unwrap();
        let mut out = std::collections::BTreeMap::new();
        for entry in resource.entries() {
            if let Entry::Message(m) = entry {
                let mut vars = Vec::new();
                for el in m.value.iter().flat_map(|p| p.elements.iter()) {
                    if let PatternElement::Placeable {
                        expression: Expression::Inline(InlineExpression::VariableReference { id }),
                    } = el
                    {
                        vars.push(id.name.to_owned());
                    }
                }
                vars.sort();
                vars.dedup();
                out.insert(m.id.name.to_owned(), vars);
            }
        }
        out
    }

    #[test]
    fn every_message_exists_in_every_language() {
        let en = message_ids(SOURCES[0].1).unwrap();
        assert!(en.len() > 80, "{}", en.len());
        let en_set: std::collections::BTreeSet<&String> = en.iter().collect();
        for (lang, src) in SOURCES {
            let ids = message_ids(src).unwrap();
            let set: std::collections::BTreeSet<&String> = ids.iter().collect();
            assert_eq!(set.len(), ids.len(), "{lang:?} defines an id twice");
            let missing: Vec<_> = en_set.difference(&set).collect();
            let extra: Vec<_> = set.difference(&en_set).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{lang:?}: missing {missing:?}, not in en {extra:?}"
            );
            // The same order keeps the files comparable line by line for a translator.
            assert_eq!(
                ids, en,
                "{lang:?} lists the messages in another order than en"
            );
            for (id, vars) in variables(src) {
                assert_eq!(
                    Some(&vars),
                    variables(SOURCES[0].1).get(&id),
                    "{lang:?} {id}: other variables than en"
                );
            }
        }
    }

    /// Every `.rs` file under `dir`, without its `#[cfg(test)]` module.
    fn sources(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let code = match text.find("#[cfg(test)]\nmod tests") {
                    Some(i) => text[..i].to_owned(),
                    None => text,
                };
                out.push((path, code));
            }
        }
    }

    /// The string literal at the start of `s` (after `"`), if it looks like a message id.
    fn literal_id(s: &str) -> Option<&str> {
        let end = s.find('"')?;
        let id = &s[..end];
        (!id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'))
        .then_some(id)
    }

    /// The message ids written as literals in the code: `.t("…")`, `.t_args("…", …)`,
    /// `Msg::new("…")` and `.arg_id(_, "…")`.
    fn ids_in_code() -> Vec<(String, String)> {
        let mut files = Vec::new();
        sources(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        let mut found = Vec::new();
        for (path, code) in &files {
            let name = path.display().to_string();
            for pat in [".t(\"", "t_args(\"", "Msg::new(\""] {
                for (i, _) in code.match_indices(pat) {
                    if let Some(id) = literal_id(&code[i + pat.len()..]) {
                        found.push((name.clone(), id.to_owned()));
                    }
                }
            }
            for (i, _) in code.match_indices(".arg_id(\"") {
                // The second argument, when it is a literal: `.arg_id("name", "id")`.
                let rest = &code[i + ".arg_id(\"".len()..];
                let Some(end) = rest.find('"') else { continue };
                let after = rest[end + 1..].trim_start();
                if let Some(lit) = after
                    .strip_prefix(',')
                    .map(str::trim_start)
                    .and_then(|a| a.strip_prefix('"'))
                    && let Some(id) = literal_id(lit)
                {
                    found.push((name.clone(), id.to_owned()));
                }
            }
        }
        found
    }

    #[test]
    fn every_id_used_in_code_exists_in_every_language() {
        let used = ids_in_code();
        assert!(
            used.len() > 150,
            "only {} ids found in the code",
            used.len()
        );
        for (lang, src) in SOURCES {
            let ids: std::collections::BTreeSet<String> =
                message_ids(src).unwrap().into_iter().collect();
            let missing: Vec<_> = used.iter().filter(|(_, id)| !ids.contains(id)).collect();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
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
