//! One map from an error to the server's answer: its status, its headers
//! and its body. Every path that answers with an error goes through it: a
//! server function's refusal (`Call::reject`), the idempotency layer, and
//! the layer that corrects server_fn's own 500s (`error_status`).

use super::AppError;
use http::header::{HeaderName, HeaderValue, CONTENT_TYPE, RETRY_AFTER};
use http::StatusCode;

impl AppError {
    /// The answer's status.
    pub fn http_status(&self) -> StatusCode {
        match self {
            Self::Unauthorized | Self::WrongCredentials | Self::AccountChanged => {
                StatusCode::UNAUTHORIZED
            }
            Self::Queued => StatusCode::ACCEPTED,
            Self::UsernameTaken => StatusCode::CONFLICT,
            Self::TooManyAttempts { .. }
            | Self::TooManySignUps { .. }
            | Self::TooManyChanges { .. } => StatusCode::TOO_MANY_REQUESTS,
            // A full checklist: the request is sound, the task cannot take
            // it (never 409, which the outbox would retry for ever).
            Self::KeyReused
            | Self::IdConflict
            | Self::TooManySteps { .. }
            | Self::QuotaReached { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::CrossSite | Self::WrongPassword => StatusCode::FORBIDDEN,
            Self::TaskNotFound | Self::ListNotFound | Self::StepNotFound => StatusCode::NOT_FOUND,
            Self::InvalidUsername(_)
            | Self::InvalidPassword(_)
            | Self::InvalidTitle(_)
            | Self::InvalidIdempotencyKey(_)
            | Self::InvalidTask(_)
            | Self::InvalidListName(_)
            | Self::TooMany { .. }
            | Self::InvalidView(_)
            | Self::InvalidSearch(_)
            | Self::InvalidTimeZone(_)
            | Self::InvalidReminders(_)
            | Self::InvalidTimetable(_)
            | Self::Transport(_)
            | Self::BadRequest => StatusCode::BAD_REQUEST,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// How long to wait before trying again, where the error says.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            Self::TooManyAttempts { retry_after_secs }
            | Self::TooManySignUps { retry_after_secs }
            | Self::TooManyChanges { retry_after_secs }
            | Self::Unavailable { retry_after_secs } => Some(*retry_after_secs),
            _ => None,
        }
    }

    /// The answer's headers besides its body's type: `Retry-After` for an
    /// error that asks to wait.
    pub fn headers(&self) -> Vec<(HeaderName, HeaderValue)> {
        self.retry_after_secs()
            .map(|secs| (RETRY_AFTER, HeaderValue::from(secs)))
            .into_iter()
            .collect()
    }

    /// The whole answer, for a layer that answers without a server function.
    pub fn answer(&self) -> http::Response<String> {
        let mut answer = http::Response::new(self.body());
        *answer.status_mut() = self.http_status();
        let headers = answer.headers_mut();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        headers.extend(self.headers());
        answer
    }

    /// The body: `{"error", "message", "detail"}` (`wire.rs`).
    pub fn body(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"error":"internal"}"#.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::AppError;
    use http::StatusCode;

    #[test]
    fn an_error_that_asks_to_wait_says_how_long_in_its_headers() {
        let answer = AppError::TooManyChanges {
            retry_after_secs: 2,
        }
        .answer();
        assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(answer.headers()["retry-after"], "2");
        assert_eq!(answer.headers()["content-type"], "application/json");
        assert!(answer.body().contains(r#""error":"too_many_changes""#));
    }

    #[test]
    fn an_error_that_does_not_ask_to_wait_has_no_retry_after() {
        let answer = AppError::TaskNotFound.answer();
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
        assert!(answer.headers().get("retry-after").is_none());
    }
}
