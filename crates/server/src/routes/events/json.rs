//! The API's error answer, `{"error": …, "field": …}` with a 4xx status, and a JSON body
//! extractor whose refusals take the same form.

use crate::auth::Visitor;
use crate::error::AppError;
use crate::events::ActionError;
use crate::events::change::ChangeError;
use crate::state::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

/// A refused API request.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    error: String,
    field: Option<&'static str>,
}

/// A handler's result.
pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            error: error.into(),
            field: None,
        }
    }

    /// 400 naming the field at fault.
    pub fn field(field: &'static str, error: impl Into<String>) -> ApiError {
        ApiError {
            field: Some(field),
            ..ApiError::new(StatusCode::BAD_REQUEST, error)
        }
    }

    /// 401: credentials needed.
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "sign in first, or send an API token (Authorization: Bearer TOKEN)",
        )
    }

    /// 403.
    pub fn forbidden(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, error)
    }

    /// 404.
    pub fn not_found(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }

    /// 500 (the cause is logged, not sent).
    pub fn internal(cause: impl Into<String>) -> ApiError {
        let cause = cause.into();
        tracing::error!(error = %cause, "API request failed");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal server error")
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
        ApiError {
            field,
            ..ApiError::new(status, e.to_string())
        }
    }
}

impl From<ChangeError> for ApiError {
    fn from(e: ChangeError) -> ApiError {
        match e {
            ChangeError::Unauthorized => ApiError::unauthorized(),
            ChangeError::Forbidden(m) => ApiError::forbidden(m),
            ChangeError::NotFound(id) => ApiError::not_found(format!("no event {id:?}")),
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
                    ..ApiError::new(status, a.to_string())
                }
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            axum::Json(json!({"error": self.error, "field": self.field})),
        )
            .into_response()
    }
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
                JsonRejection::JsonDataError(e) => ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("the body does not fit: {}", e.body_text()),
                ),
                JsonRejection::JsonSyntaxError(e) => ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("the body is not JSON: {}", e.body_text()),
                ),
                JsonRejection::MissingJsonContentType(_) => ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "send the body as JSON (Content-Type: application/json)",
                ),
                other => ApiError::new(other.status(), other.body_text()),
            }),
        }
    }
}
