//! The layer's own answers, when it answers instead of the mutation: the
//! layer's one error type, each in the encoding server functions use
//! (`AppError::answer`, app/src/error/answer.rs), so a client reads them alike.

use app::error::AppError;
use axum::body::Body;
use axum::response::{IntoResponse, Response};
use http::StatusCode;

#[derive(Debug)]
pub enum Refusal {
    /// An error a server function could have answered: 401, 400, 409, 422...
    App(AppError),
    /// The database is unreachable or failed, or the answer could not be
    /// kept: 503 tells the client to retry.
    Unavailable,
    /// A body over `MAX_BODY_BYTES`.
    TooLarge,
}

impl From<AppError> for Refusal {
    fn from(error: AppError) -> Self {
        Self::App(error)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        match self {
            Self::App(error) => error.answer().map(Body::from),
            Self::Unavailable => AppError::Unavailable {
                retry_after_secs: 1,
            }
            .answer()
            .map(Body::from),
            Self::TooLarge => StatusCode::PAYLOAD_TOO_LARGE.into_response(),
        }
    }
}
