//! Form and query extractors whose refusals are sentences in the visitor's language that
//! name the field ("Level: “abc” is not a whole number."), instead of the framework's text.

use crate::error::AppError;
use crate::i18n::Msg;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

/// An `application/x-www-form-urlencoded` body.
#[derive(Debug, Clone, Copy, Default)]
pub struct Form<T>(pub T);

/// A query string.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Form<T>, AppError> {
        let is_form = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| {
                v.trim()
                    .eq_ignore_ascii_case("application/x-www-form-urlencoded")
            });
        if !is_form {
            return Err(AppError::BadRequest(Msg::new("form-error-content-type")));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                AppError::TooLarge
            } else {
                AppError::BadRequest(Msg::new("form-error-body"))
            }
        })?;
        parse(&bytes).map(Form)
    }
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Query<T>, AppError> {
        parse(parts.uri.query().unwrap_or("").as_bytes()).map(Query)
    }
}

/// The label of a form or query field, as a message id, for the fields the site's forms
/// have; `None` for any other name (the name itself is shown).
fn label(field: &str) -> Option<&'static str> {
    Some(match field {
        "ruleset" => "seek-ruleset",
        "minutes" => "seek-minutes",
        "seconds" => "field-seconds",
        "increment" => "seek-increment",
        "rated" => "seek-mode",
        "color" => "seek-color",
        "listed" => "field-listed",
        "level" => "computer-level",
        "username" => "form-username",
        "password" => "form-password",
        "page" => "field-page",
        "notation" => "field-notation",
        "text" => "analysis-import",
        "back" => "field-back",
        "csrf" => "field-csrf",
        _ => return None,
    })
}

/// Reads urlencoded pairs into `T`; a refusal names the field and the value sent.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(bytes));
    serde_path_to_error::deserialize(de).map_err(|e| {
        let inner = e.inner().to_string();
        let path = e.path().to_string();
        // A missing field has no path; serde names it in backquotes.
        let field = if path == "." || path.is_empty() {
            inner
                .split('`')
                .nth(1)
                .map_or_else(String::new, str::to_owned)
        } else {
            path
        };
        AppError::BadRequest(message(bytes, &field, &inner))
    })
}

fn message(bytes: &[u8], field: &str, inner: &str) -> Msg {
    let value: Option<String> = form_urlencoded::parse(bytes)
        .find(|(k, _)| k == field)
        .map(|(_, v)| v.chars().take(40).collect());
    let id = if inner.starts_with("missing field") {
        "form-error-missing"
    } else if ["digit", "integer", "number", "too large", "too small"]
        .iter()
        .any(|w| inner.contains(w))
    {
        "form-error-number"
    } else {
        "form-error-invalid"
    };
    let msg = Msg::new(id).arg("value", value.unwrap_or_default());
    match label(field) {
        Some(l) => msg.arg_id("field", l),
        None => msg.arg("field", field),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct F {
        ruleset: String,
        level: u8,
        minutes: Option<u32>,
    }

    fn refusal(body: &str, lang: Lang) -> String {
        match parse::<F>(body.as_bytes()) {
            Err(e) => e.message(lang),
            Ok(f) => panic!("accepted {f:?}"),
        }
    }

    #[test]
    fn every_field_label_is_a_message_in_every_language() {
        let fields = [
            "ruleset",
            "minutes",
            "seconds",
            "increment",
            "rated",
            "color",
            "listed",
            "level",
            "username",
            "password",
            "page",
            "notation",
            "text",
            "back",
            "csrf",
        ];
        for f in fields {
            let id = label(f).unwrap();
            for (lang, src) in crate::i18n::SOURCES {
                let ids = crate::i18n::message_ids(src).unwrap();
                assert!(ids.iter().any(|i| i == id), "{lang:?} lacks {id} ({f})");
            }
        }
        assert_eq!(label("other"), None);
    }

    #[test]
    fn refusals_name_the_field_and_the_value() {
        assert_eq!(
            refusal("ruleset=official&level=abc", Lang::En),
            "Level: “abc” is not a whole number in the allowed range."
        );
        assert_eq!(
            refusal("ruleset=official&level=3&minutes=-5", Lang::En),
            "Minutes: “-5” is not a whole number in the allowed range."
        );
        assert_eq!(
            refusal("level=3", Lang::En),
            "Ruleset: the form has no value for this field."
        );
        let zh = refusal("ruleset=official&level=x", Lang::Zh);
        assert!(zh.contains("级别") && zh.contains("x"), "{zh}");
        let mn = refusal("ruleset=official&level=x", Lang::Mn);
        assert!(mn.contains('x') && !mn.contains("Level"), "{mn}");
        assert!(parse::<F>(b"ruleset=official&level=3").is_ok());
    }
}
