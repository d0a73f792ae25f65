//! An error as it crosses the wire:
//! `{"error": "<stable code>", "message": "<a sentence in English>"}`, with
//! `"detail"` where the code needs one (which rule a name broke, how long to
//! wait). The page reads the code and the detail and says it in the person's
//! language; any other client, or a person reading the network panel, reads
//! the message. Reading is derived (`AppError`'s serde attributes: adjacently
//! tagged, the message ignored); writing is here, and a test holds the two
//! together for every variant.

use super::AppError;
use serde::ser::{Serialize, SerializeMap, Serializer};

impl AppError {
    /// The error's stable code: its name in snake_case.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unauthorized => "unauthorized",
            Self::WrongCredentials => "wrong_credentials",
            Self::UsernameTaken => "username_taken",
            Self::TooManyAttempts { .. } => "too_many_attempts",
            Self::InvalidUsername(_) => "invalid_username",
            Self::InvalidPassword(_) => "invalid_password",
            Self::InvalidTitle(_) => "invalid_title",
            Self::InvalidIdempotencyKey(_) => "invalid_idempotency_key",
            Self::KeyReused => "key_reused",
            Self::KeyInProgress { .. } => "key_in_progress",
            Self::CrossSite => "cross_site",
            Self::InvalidTask(_) => "invalid_task",
            Self::InvalidListName(_) => "invalid_list_name",
            Self::TooMany { .. } => "too_many",
            Self::ListNotFound => "list_not_found",
            Self::TaskNotFound => "task_not_found",
            Self::InvalidView(_) => "invalid_view",
            Self::InvalidTimeZone(_) => "invalid_time_zone",
            Self::IdConflict => "id_conflict",
            Self::Internal => "internal",
            Self::AccountChanged => "account_changed",
            Self::Queued => "queued",
            Self::BadRequest => "bad_request",
            Self::Transport(_) => "transport",
        }
    }
}

/// The detail of an error that waits: `{"retry_after_secs": n}`.
#[derive(serde::Serialize)]
struct RetryAfter {
    retry_after_secs: u64,
}

/// The detail of `TooMany`: `{"max": n}`.
#[derive(serde::Serialize)]
struct Max {
    max: usize,
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut body = serializer.serialize_map(None)?;
        body.serialize_entry("error", self.code())?;
        body.serialize_entry("message", &self.to_string())?;
        match self {
            Self::TooManyAttempts { retry_after_secs }
            | Self::KeyInProgress { retry_after_secs } => {
                body.serialize_entry(
                    "detail",
                    &RetryAfter {
                        retry_after_secs: *retry_after_secs,
                    },
                )?;
            }
            Self::TooMany { max } => body.serialize_entry("detail", &Max { max: *max })?,
            Self::InvalidUsername(e) => body.serialize_entry("detail", e)?,
            Self::InvalidPassword(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTitle(e) => body.serialize_entry("detail", e)?,
            Self::InvalidIdempotencyKey(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTask(e) => body.serialize_entry("detail", e)?,
            Self::InvalidListName(e) => body.serialize_entry("detail", e)?,
            Self::InvalidView(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTimeZone(e) => body.serialize_entry("detail", e)?,
            Self::Transport(e) => body.serialize_entry("detail", e)?,
            Self::Unauthorized
            | Self::WrongCredentials
            | Self::UsernameTaken
            | Self::KeyReused
            | Self::CrossSite
            | Self::ListNotFound
            | Self::TaskNotFound
            | Self::IdConflict
            | Self::Internal
            | Self::AccountChanged
            | Self::Queued
            | Self::BadRequest => {}
        }
        body.end()
    }
}

#[cfg(test)]
mod tests {
    use super::AppError;
    use crate::domain::{
        IdempotencyKeyError, PasswordError, TaskFieldError, TaskTitleError, UsernameError,
    };
    use serde_json::{json, Value};

    fn every_kind() -> Vec<AppError> {
        vec![
            AppError::Unauthorized,
            AppError::WrongCredentials,
            AppError::UsernameTaken,
            AppError::TooManyAttempts {
                retry_after_secs: 900,
            },
            AppError::InvalidUsername(UsernameError::TooShort { min: 3 }),
            AppError::InvalidPassword(PasswordError::TooLong { max: 128 }),
            AppError::InvalidTitle(TaskTitleError::Empty),
            AppError::InvalidIdempotencyKey(IdempotencyKeyError::Missing),
            AppError::KeyReused,
            AppError::KeyInProgress {
                retry_after_secs: 2,
            },
            AppError::CrossSite,
            AppError::InvalidTask(TaskFieldError::List),
            AppError::TooMany { max: 500 },
            AppError::ListNotFound,
            AppError::TaskNotFound,
            AppError::IdConflict,
            AppError::Internal,
            AppError::AccountChanged,
            AppError::Queued,
            AppError::BadRequest,
            AppError::Transport("offline".into()),
        ]
    }

    #[test]
    fn every_error_reads_back_as_itself_from_what_it_writes() {
        for error in every_kind() {
            let written = serde_json::to_string(&error).unwrap();
            let read: AppError = serde_json::from_str(&written).unwrap();
            assert_eq!(read, error, "{written}");
        }
    }

    #[test]
    fn every_error_names_its_code_and_says_what_happened_in_english() {
        for error in every_kind() {
            let body: Value = serde_json::to_value(&error).unwrap();
            assert_eq!(body["error"], error.code());
            assert_eq!(body["message"], error.to_string());
        }
    }

    #[test]
    fn a_refusal_reads_as_a_sentence_with_its_detail() {
        let body = serde_json::to_value(AppError::TooManyAttempts {
            retry_after_secs: 900,
        })
        .unwrap();
        assert_eq!(
            body,
            json!({
                "error": "too_many_attempts",
                "message": "too many sign-in attempts; retry in 900 s",
                "detail": {"retry_after_secs": 900},
            })
        );
        let key = serde_json::to_value(AppError::InvalidIdempotencyKey(
            IdempotencyKeyError::Missing,
        ))
        .unwrap();
        assert_eq!(key["error"], "invalid_idempotency_key");
        assert_eq!(key["detail"], "Missing");
        assert_eq!(
            key["message"],
            "bad idempotency key: the Idempotency-Key header is missing"
        );
    }

    #[test]
    fn an_unknown_code_is_not_read_as_some_other_error() {
        let read = serde_json::from_str::<AppError>(r#"{"error":"gone_fishing","message":"?"}"#);
        assert!(read.is_err());
    }
}
