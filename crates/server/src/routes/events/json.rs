//! The API's error answer, `{"error": …, "field": …}` with a 4xx status, written in the
//! request's language (the `lang` cookie, else `Accept-Language`, else English) by
//! [`in_reader_language`], and a JSON body extractor whose refusals take the same form.

use crate::auth::Visitor;
use crate::error::{AppError, ErrorText};
use crate::events::ActionError;
use crate::events::change::ChangeError;
use crate::i18n::{Lang, Msg, PageLang};
use crate::state::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

/// A refused API request: its status, its message in every language, and the field at
/// fault.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    error: ErrorText,
    field: Option<&'static str>,
}

/// A handler's result.
pub type ApiResult<T> = Result<T, ApiError>;

/// The message in every language.
fn in_every_language(msg: &Msg) -> ErrorText {
    ErrorText(Lang::ALL.map(|l| (l, msg.text(l))))
}

impl ApiError {
    fn new(status: StatusCode, error: Msg) -> ApiError {
        ApiError {
            status,
            error: in_every_language(&error),
            field: None,
        }
    }

    /// 400 naming the field at fault.
    pub fn field(field: &'static str, error: Msg) -> ApiError {
        ApiError {
            field: Some(field),
            ..ApiError::new(StatusCode::BAD_REQUEST, error)
        }
    }

    /// 401: credentials needed.
    pub fn unauthorized() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, Msg::new("api-error-unauthorized"))
    }

    /// 403.
    pub fn forbidden(error: Msg) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, error)
    }

    /// 404.
    pub fn not_found(error: Msg) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }

    /// 409: the request does not fit the state now (a game that has just ended).
    pub fn conflict(error: Msg) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, error)
    }

    /// 500 (the cause is logged, not sent).
    pub fn internal(cause: impl Into<String>) -> ApiError {
        let cause = cause.into();
        tracing::error!(error = %cause, "API request failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            Msg::new("api-error-internal"),
        )
    }
}

impl From<AppError> for ApiError {
    fn from(e: AppError) -> ApiError {
        let status = e.status_code();
        if status.is_server_error() {
            return ApiError::internal(e.to_string());
        }
        let field = match &e {
            AppError::Name(_) => Some("username"),
            _ => None,
        };
        // In English the error's own text, as the API has always answered; in the other
        // languages the text a page would show.
        let error = ErrorText(Lang::ALL.map(|l| match l {
            Lang::En => (l, e.to_string()),
            _ => (l, e.message(l)),
        }));
        ApiError {
            status,
            error,
            field,
        }
    }
}

impl From<ChangeError> for ApiError {
    fn from(e: ChangeError) -> ApiError {
        match e {
            ChangeError::Unauthorized => ApiError::unauthorized(),
            ChangeError::Forbidden(m) => ApiError::forbidden(m),
            ChangeError::NotFound(id) => ApiError::not_found(no_event(&id)),
            ChangeError::Stale(m) => ApiError::new(StatusCode::CONFLICT, m),
            ChangeError::Storage(e) => e.into(),
            ChangeError::Action(a) => {
                let status = match &a {
                    ActionError::Invalid { .. } => StatusCode::BAD_REQUEST,
                    ActionError::NotFound(_) => StatusCode::NOT_FOUND,
                    ActionError::ResultConflict { .. } => StatusCode::CONFLICT,
                    // The library refuses what the event's state does not allow.
                    ActionError::Event(_) => StatusCode::CONFLICT,
                };
                ApiError {
                    field: a.field(),
                    ..ApiError::new(status, a.message())
                }
            }
        }
    }
}

/// "no event "ab12"".
pub fn no_event(id: &str) -> Msg {
    Msg::new("api-error-no-event").arg("id", format!("{id:?}"))
}

/// An API refusal carried on its response, for [`in_reader_language`] to write in the
/// request's language.
#[derive(Debug, Clone)]
struct Refusal {
    error: ErrorText,
    field: Option<&'static str>,
}

fn body(error: &str, field: Option<&'static str>) -> axum::Json<serde_json::Value> {
    axum::Json(json!({"error": error, "field": field}))
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (self.status, body(self.error.get(Lang::En), self.field)).into_response();
        res.extensions_mut().insert(Refusal {
            error: self.error,
            field: self.field,
        });
        res
    }
}

/// The events API's layer that writes a refusal in the request's language: the `lang`
/// cookie, else `Accept-Language`, else English. The JSON shape and the status stay.
pub async fn in_reader_language(req: Request, next: Next) -> Response {
    let lang = Lang::from_headers(req.headers());
    let mut res = next.run(req).await;
    let Some(refusal) = res.extensions_mut().remove::<Refusal>() else {
        return res;
    };
    if lang == Lang::En {
        return res;
    }
    let mut new = (res.status(), body(refusal.error.get(lang), refusal.field)).into_response();
    for (name, value) in res.headers() {
        if name != axum::http::header::CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
            new.headers_mut().append(name.clone(), value.clone());
        }
    }
    new
}

/// Who is asking, as [`Visitor`] says, with its refusals (a bad API token) in the API's
/// form.
#[derive(Debug, Clone)]
pub struct ApiVisitor(pub Visitor);

impl FromRequestParts<AppState> for ApiVisitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(ApiVisitor(Visitor::from_request_parts(parts, state).await?))
    }
}

/// A JSON body; a body that is not JSON of the expected shape is a 400 in the API's form,
/// naming what serde found wrong ("missing field `name` at line 1 column 2").
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(ApiJson(v)),
            Err(rejection) => Err(match rejection {
                // serde's and axum's reasons are English; they name the field and column.
                JsonRejection::JsonDataError(e) => {
                    ApiError::new(StatusCode::BAD_REQUEST, body_does_not_fit(e.body_text()))
                }
                JsonRejection::JsonSyntaxError(e) => ApiError::new(
                    StatusCode::BAD_REQUEST,
                    Msg::new("api-error-not-json").arg("reason", e.body_text()),
                ),
                JsonRejection::MissingJsonContentType(_) => ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    Msg::new("api-error-content-type"),
                ),
                other => ApiError::new(
                    other.status(),
                    Msg::new("api-error-body").arg("reason", other.body_text()),
                ),
            }),
        }
    }
}

/// "the body does not fit: missing field `name` at line 1 column 2" (serde's reason).
pub fn body_does_not_fit(reason: impl ToString) -> Msg {
    Msg::new("api-error-body-shape").arg("reason", reason)
}
