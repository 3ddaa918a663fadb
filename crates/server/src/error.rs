//! One error enum for the server; each variant maps to an HTTP status. Internal causes are
//! logged, never sent to the browser.

use crate::i18n::PageLang;
use crate::i18n::{Lang, Msg};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Why a request failed. The messages a visitor may see are [`Msg`]s, written in the
/// visitor's language by [`crate::app`]'s error-page layer.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The request is malformed or a field is invalid; the message names the field.
    #[error("bad request: {0}")]
    BadRequest(Msg),
    /// An account name is refused (the message is in the page language where a page shows it).
    #[error("{0}")]
    Name(#[from] crate::names::NameError),
    /// Signing in is required.
    #[error("sign in first")]
    Unauthorized,
    /// The `Authorization` header's API token is malformed, unknown or revoked.
    #[error("the API token is not valid (malformed, unknown or revoked)")]
    BadToken,
    /// Signed in, but not allowed to do this.
    #[error("not allowed: {0}")]
    Forbidden(Msg),
    /// The CSRF token is missing or does not match.
    #[error("the form's CSRF token is missing or stale; reload the page")]
    Csrf,
    /// Nothing here.
    #[error("not found: {0}")]
    NotFound(Msg),
    /// The request conflicts with the current state (e.g. a taken name).
    #[error("conflict: {0}")]
    Conflict(Msg),
    /// A setting or command-line value an operator gave is invalid (never from a page).
    #[error("{0}")]
    Invalid(String),
    /// The request body is larger than the limit.
    #[error("the request body is too large")]
    TooLarge,
    /// No such method on this path.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// Too many attempts; try again later.
    #[error("too many attempts; wait a minute and try again")]
    RateLimited,
    /// Too many accounts were created from this address lately.
    #[error("too many accounts created from your address (at most {max} an hour)")]
    TooManySignUps {
        /// The cap per hour.
        max: u32,
    },
    /// This address has too many game sockets open.
    #[error(
        "too many game connections from your address (at most {max} at once); close a tab and try again"
    )]
    TooManySockets {
        /// The cap.
        max: usize,
    },
    /// This address sends requests too fast.
    #[error("too many requests from your address; slow down and try again in a moment")]
    TooManyRequests,
    /// The database failed.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Database migrations failed.
    #[error("migration error: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Password hashing failed.
    #[error("password hashing failed: {0}")]
    PasswordHash(String),
    /// Any other internal failure.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// The HTTP status for this error.
    pub fn status_code(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) | AppError::Invalid(_) => StatusCode::BAD_REQUEST,
            AppError::Name(e) if e.is_conflict() => StatusCode::CONFLICT,
            AppError::Name(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::BadToken => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::RateLimited
            | AppError::TooManySignUps { .. }
            | AppError::TooManySockets { .. }
            | AppError::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            AppError::Database(_)
            | AppError::Migrate(_)
            | AppError::PasswordHash(_)
            | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What a visitor is told, in `lang` (internal causes are never shown).
    pub fn message(&self, lang: Lang) -> String {
        match self {
            AppError::BadRequest(m)
            | AppError::Forbidden(m)
            | AppError::NotFound(m)
            | AppError::Conflict(m) => m.text(lang),
            AppError::Name(e) => e.message(lang),
            AppError::Invalid(s) => s.clone(),
            AppError::Unauthorized => lang.t("error-unauthorized"),
            AppError::BadToken => lang.t("error-bad-token"),
            AppError::TooLarge => lang.t("error-too-large"),
            AppError::MethodNotAllowed => lang.t("error-method"),
            AppError::Csrf => lang.t("error-csrf"),
            AppError::RateLimited => lang.t("error-rate-limited"),
            AppError::TooManySignUps { max } => {
                lang.t_args("error-too-many-signups", &[("max", &max.to_string())])
            }
            AppError::TooManySockets { max } => {
                lang.t_args("error-too-many-sockets", &[("max", &max.to_string())])
            }
            AppError::TooManyRequests => lang.t("error-too-many-requests"),
            AppError::Database(_)
            | AppError::Migrate(_)
            | AppError::PasswordHash(_)
            | AppError::Internal(_) => lang.t("error-internal"),
        }
    }
}

/// An error response's message in every language, attached to the response so that the
/// error-page layer can write the page in the visitor's language and layout.
#[derive(Debug, Clone)]
pub struct ErrorText(pub [(Lang, String); 3]);

impl ErrorText {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        self.0
            .iter()
            .find(|(l, _)| *l == lang)
            .map_or("", |(_, t)| t.as_str())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status_code();
        if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let text = ErrorText(Lang::ALL.map(|l| (l, self.message(l))));
        let page = crate::html::error_page(Lang::En, status, text.get(Lang::En));
        let mut res = (status, page).into_response();
        res.extensions_mut().insert(text);
        res
    }
}

/// The result of a handler.
pub type AppResult<T> = Result<T, AppError>;

/// Why a socket message could not be decoded. Its text is the [`Msg`] of
/// [`ProtocolError::message`], which the socket writes in the visitor's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    /// Longer than the limit.
    TooLong {
        /// Its length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Not JSON of a known shape; serde's message (English) names the field and column.
    Malformed(String),
    /// A field's value is out of range.
    Field {
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: Msg,
    },
    /// The socket sends faster than its limit; the server closes it after saying so.
    TooFast {
        /// Messages a second allowed on average.
        per_second: u32,
        /// The burst allowed.
        burst: u32,
    },
}

impl ProtocolError {
    /// What the sender is told.
    pub fn message(&self) -> Msg {
        match self {
            ProtocolError::TooLong { len, max } => {
                Msg::new("socket-too-long").arg("len", len).arg("max", max)
            }
            ProtocolError::Malformed(reason) => Msg::new("socket-malformed").arg("reason", reason),
            ProtocolError::Field { reason, .. } => reason.clone(),
            ProtocolError::TooFast { per_second, burst } => Msg::new("socket-too-fast")
                .arg("per_second", per_second)
                .arg("burst", burst),
        }
    }
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text(Lang::En))
    }
}

impl std::error::Error for ProtocolError {}

/// Why a draw offer is refused (S4 ch.1 §5 二.3: the chances to offer alternate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferRefusal {
    /// The player's own offer still awaits an answer.
    OwnPending,
    /// The opponent's offer awaits the player's answer.
    AnswerFirst,
    /// The player's last offer was declined and the opponent has not offered since.
    NotYourChance,
}

/// Why a player's action in a live game was refused. Its text is the [`Msg`] of
/// [`ActionError::message`], which the socket writes in the player's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// The connection belongs to a spectator.
    NotAPlayer,
    /// It is the other side's move.
    NotYourTurn,
    /// The message was about an earlier position.
    StalePly {
        /// Moves played.
        current: u32,
        /// The ply the client sent.
        sent: u32,
    },
    /// The move is not written as one, or is illegal here.
    IllegalMove {
        /// What was sent.
        uci: String,
        /// Why, naming the move.
        reason: Msg,
    },
    /// The game has ended.
    GameOver,
    /// A draw offer against the alternation rule, or one already pending.
    CannotOffer(OfferRefusal),
    /// Nothing to accept or decline.
    NoOffer,
    /// Aborting is allowed only before each side has moved.
    TooLateToAbort,
    /// An event game is never aborted: a player who does not move loses by default.
    EventGameAbort,
    /// No repetition or move-rule claim is available.
    NothingToClaim,
    /// A claim of victory while the opponent is at the game (or is the computer).
    OpponentHere,
    /// A claim of victory before the opponent has been gone the game's wait.
    OpponentJustLeft {
        /// Seconds still to wait.
        seconds: i64,
    },
    /// A rematch is offered only after the game has ended.
    NotOver,
    /// Berserk is an arena's: other games have none.
    NoBerserk,
    /// Berserk only before one's first move, once.
    TooLateToBerserk,
    /// Storing the step failed; nothing was changed.
    Storage,
}

impl ActionError {
    /// What the player is told.
    pub fn message(&self) -> Msg {
        match self {
            ActionError::NotAPlayer => Msg::new("action-not-a-player"),
            ActionError::NotYourTurn => Msg::new("action-not-your-turn"),
            ActionError::StalePly { current, sent } => Msg::new("action-stale-ply")
                .arg("current", current)
                .arg("sent", sent),
            ActionError::IllegalMove { reason, .. } => reason.clone(),
            ActionError::GameOver => Msg::new("action-game-over"),
            ActionError::CannotOffer(why) => Msg::new(match why {
                OfferRefusal::OwnPending => "offer-own-pending",
                OfferRefusal::AnswerFirst => "offer-answer-first",
                OfferRefusal::NotYourChance => "offer-not-your-chance",
            }),
            ActionError::NoOffer => Msg::new("action-no-offer"),
            ActionError::TooLateToAbort => Msg::new("action-too-late-to-abort"),
            ActionError::EventGameAbort => Msg::new("action-event-game-abort"),
            ActionError::NoBerserk => Msg::new("action-no-berserk"),
            ActionError::TooLateToBerserk => Msg::new("action-too-late-to-berserk"),
            ActionError::NothingToClaim => Msg::new("action-nothing-to-claim"),
            ActionError::OpponentHere => Msg::new("action-opponent-here"),
            ActionError::OpponentJustLeft { seconds } => {
                Msg::new("action-opponent-just-left").arg("seconds", seconds)
            }
            ActionError::NotOver => Msg::new("action-not-over"),
            ActionError::Storage => Msg::new("action-storage"),
        }
    }
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text(Lang::En))
    }
}

impl std::error::Error for ActionError {}

/// Why an analysis-board request (position, engine lines, import) was refused; answered as
/// JSON `{"error": …, "field": …}` so the board can show it beside the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// A field is missing, too long or invalid; the reason says what and where (the FEN's
    /// field, the move number).
    #[error("{reason}")]
    Field {
        /// The field (`fen`, `ruleset`, `moves`, `multipv`, `depth`, `text`).
        field: &'static str,
        /// What is wrong, naming the field (and, in an imported record, the line and move).
        reason: Msg,
    },
    /// Every analysis worker is busy and the queue is full.
    #[error("the analysis engines are busy; try again in a few seconds")]
    Busy,
    /// The client's address has as many analyses queued or running as it may.
    #[error("too many analyses from your address: at most {max} at once")]
    PerAddress {
        /// The cap.
        max: usize,
    },
    /// A refusal already written in the visitor's language.
    #[error("{text}")]
    Said {
        /// The HTTP status.
        status: StatusCode,
        /// The field at fault, if one is.
        field: Option<&'static str>,
        /// The message.
        text: String,
    },
    /// The engine task failed.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AnalysisError {
    /// The HTTP status for this error.
    pub fn status_code(&self) -> StatusCode {
        match self {
            AnalysisError::Field { .. } => StatusCode::BAD_REQUEST,
            AnalysisError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AnalysisError::Said { status, .. } => *status,
            AnalysisError::PerAddress { .. } => StatusCode::TOO_MANY_REQUESTS,
            AnalysisError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The field at fault, if one is.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            AnalysisError::Field { field, .. } => Some(field),
            AnalysisError::Said { field, .. } => *field,
            AnalysisError::Busy | AnalysisError::PerAddress { .. } | AnalysisError::Internal(_) => {
                None
            }
        }
    }
}

impl AnalysisError {
    /// The error with its text in `lang` where it has one (a field's refusal, the
    /// per-address refusal).
    pub fn in_lang(self, lang: crate::i18n::Lang) -> AnalysisError {
        match self {
            AnalysisError::Field { field, reason } => AnalysisError::Said {
                status: StatusCode::BAD_REQUEST,
                field: Some(field),
                text: reason.text(lang),
            },
            AnalysisError::PerAddress { max } => AnalysisError::Said {
                status: StatusCode::TOO_MANY_REQUESTS,
                field: None,
                text: lang.t_args("analysis-too-many", &[("max", &max.to_string())]),
            },
            other => other,
        }
    }
}

impl IntoResponse for AnalysisError {
    fn into_response(self) -> Response {
        let status = self.status_code();
        let error = if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(error = %self, "analysis failed");
            "internal server error".to_owned()
        } else {
            self.to_string()
        };
        let body = serde_json::json!({"error": error, "field": self.field()});
        (status, axum::Json(body)).into_response()
    }
}
