//! An error as it crosses the wire:
//! `{"error": "<stable code>", "message": "<a sentence in English>"}`, with
//! `"detail"` where the code needs one (which rule a name broke, how long to
//! wait). The page reads the code and the detail and says it in the person's
//! language; any other client, or a person reading the network panel, reads
//! the message. Both directions are written here, and a test holds them
//! together for every variant.
//!
//! Why not serde's derive (`tag` + `content`): its reader takes either
//! order of the fields, so it buffers every value in a generic form first;
//! that cost the WASM about 10 KB (brotli). Reading the code, then the
//! detail as the code says, costs a fraction of it.

use super::AppError;
use serde::de::{self, Deserialize, DeserializeOwned, Deserializer};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;

impl AppError {
    /// The error's stable code: its name in snake_case.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unauthorized => "unauthorized",
            Self::WrongCredentials => "wrong_credentials",
            Self::WrongPassword => "wrong_password",
            Self::UsernameTaken => "username_taken",
            Self::TooManyAttempts { .. } => "too_many_attempts",
            Self::TooManySignUps { .. } => "too_many_sign_ups",
            Self::InvalidUsername(_) => "invalid_username",
            Self::InvalidPassword(_) => "invalid_password",
            Self::InvalidTitle(_) => "invalid_title",
            Self::InvalidIdempotencyKey(_) => "invalid_idempotency_key",
            Self::KeyReused => "key_reused",
            Self::CrossSite => "cross_site",
            Self::InvalidTask(_) => "invalid_task",
            Self::InvalidListName(_) => "invalid_list_name",
            Self::TooMany { .. } => "too_many",
            Self::ListNotFound => "list_not_found",
            Self::TaskNotFound => "task_not_found",
            Self::StepNotFound => "step_not_found",
            Self::TooManySteps { .. } => "too_many_steps",
            Self::QuotaReached { .. } => "quota_reached",
            Self::TooManyChanges { .. } => "too_many_changes",
            Self::InvalidView(_) => "invalid_view",
            Self::InvalidSearch(_) => "invalid_search",
            Self::InvalidTimeZone(_) => "invalid_time_zone",
            Self::InvalidReminders(_) => "invalid_reminders",
            Self::InvalidTimetable(_) => "invalid_timetable",
            Self::IdConflict => "id_conflict",
            Self::Internal => "internal",
            Self::Unavailable { .. } => "unavailable",
            Self::AccountChanged => "account_changed",
            Self::Queued => "queued",
            Self::BadRequest => "bad_request",
            Self::Transport(_) => "transport",
        }
    }
}

/// The detail of an error that waits: `{"retry_after_secs": n}`.
#[derive(serde::Serialize, serde::Deserialize)]
struct RetryAfter {
    retry_after_secs: u64,
}

/// The detail of `TooMany`: `{"max": n}`.
#[derive(serde::Serialize, serde::Deserialize)]
struct Max {
    max: usize,
}

/// The detail of `QuotaReached`: `{"what": "tasks", "max": n}`.
#[derive(serde::Serialize, serde::Deserialize)]
struct Quota {
    what: super::Counted,
    max: u64,
}

/// What a reader keeps of an error body: the code, and the detail still as
/// JSON text until the code says what it is. The message is for people.
#[derive(serde::Deserialize)]
struct Body {
    error: String,
    #[serde(default)]
    detail: Option<Box<RawValue>>,
}

impl<'de> Deserialize<'de> for AppError {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let body = Body::deserialize(deserializer)?;
        read(&body.error, body.detail.as_deref()).map_err(de::Error::custom)
    }
}

/// The error a code names, with its detail read as that code's.
fn read(code: &str, detail: Option<&RawValue>) -> Result<AppError, serde_json::Error> {
    fn of<T: DeserializeOwned>(detail: Option<&RawValue>) -> Result<T, serde_json::Error> {
        serde_json::from_str(detail.map_or("null", RawValue::get))
    }
    Ok(match code {
        "unauthorized" => AppError::Unauthorized,
        "wrong_credentials" => AppError::WrongCredentials,
        "wrong_password" => AppError::WrongPassword,
        "username_taken" => AppError::UsernameTaken,
        "too_many_attempts" => AppError::TooManyAttempts {
            retry_after_secs: of::<RetryAfter>(detail)?.retry_after_secs,
        },
        "too_many_sign_ups" => AppError::TooManySignUps {
            retry_after_secs: of::<RetryAfter>(detail)?.retry_after_secs,
        },
        "invalid_username" => AppError::InvalidUsername(of(detail)?),
        "invalid_password" => AppError::InvalidPassword(of(detail)?),
        "invalid_title" => AppError::InvalidTitle(of(detail)?),
        "invalid_idempotency_key" => AppError::InvalidIdempotencyKey(of(detail)?),
        "key_reused" => AppError::KeyReused,
        "cross_site" => AppError::CrossSite,
        "invalid_task" => AppError::InvalidTask(of(detail)?),
        "invalid_list_name" => AppError::InvalidListName(of(detail)?),
        "too_many" => AppError::TooMany {
            max: of::<Max>(detail)?.max,
        },
        "list_not_found" => AppError::ListNotFound,
        "task_not_found" => AppError::TaskNotFound,
        "step_not_found" => AppError::StepNotFound,
        "too_many_steps" => AppError::TooManySteps {
            max: of::<Max>(detail)?.max,
        },
        "quota_reached" => {
            let Quota { what, max } = of(detail)?;
            AppError::QuotaReached { what, max }
        }
        "too_many_changes" => AppError::TooManyChanges {
            retry_after_secs: of::<RetryAfter>(detail)?.retry_after_secs,
        },
        "invalid_view" => AppError::InvalidView(of(detail)?),
        "invalid_search" => AppError::InvalidSearch(of(detail)?),
        "invalid_time_zone" => AppError::InvalidTimeZone(of(detail)?),
        "invalid_reminders" => AppError::InvalidReminders(of(detail)?),
        "invalid_timetable" => AppError::InvalidTimetable(of(detail)?),
        "id_conflict" => AppError::IdConflict,
        "internal" => AppError::Internal,
        "unavailable" => AppError::Unavailable {
            retry_after_secs: of::<RetryAfter>(detail)?.retry_after_secs,
        },
        "account_changed" => AppError::AccountChanged,
        "queued" => AppError::Queued,
        "bad_request" => AppError::BadRequest,
        "transport" => AppError::Transport(of(detail)?),
        unknown => {
            return Err(de::Error::custom(format_args!(
                "unknown error code {unknown}"
            )))
        }
    })
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut body = serializer.serialize_map(None)?;
        body.serialize_entry("error", self.code())?;
        body.serialize_entry("message", &self.to_string())?;
        match self {
            Self::TooManyAttempts { retry_after_secs }
            | Self::TooManySignUps { retry_after_secs }
            | Self::TooManyChanges { retry_after_secs }
            | Self::Unavailable { retry_after_secs } => {
                body.serialize_entry(
                    "detail",
                    &RetryAfter {
                        retry_after_secs: *retry_after_secs,
                    },
                )?;
            }
            Self::TooMany { max } | Self::TooManySteps { max } => {
                body.serialize_entry("detail", &Max { max: *max })?
            }
            Self::QuotaReached { what, max } => body.serialize_entry(
                "detail",
                &Quota {
                    what: *what,
                    max: *max,
                },
            )?,
            Self::InvalidUsername(e) => body.serialize_entry("detail", e)?,
            Self::InvalidPassword(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTitle(e) => body.serialize_entry("detail", e)?,
            Self::InvalidIdempotencyKey(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTask(e) => body.serialize_entry("detail", e)?,
            Self::InvalidListName(e) => body.serialize_entry("detail", e)?,
            Self::InvalidView(e) => body.serialize_entry("detail", e)?,
            Self::InvalidSearch(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTimeZone(e) => body.serialize_entry("detail", e)?,
            Self::InvalidReminders(e) => body.serialize_entry("detail", e)?,
            Self::InvalidTimetable(e) => body.serialize_entry("detail", e)?,
            Self::Transport(e) => body.serialize_entry("detail", e)?,
            Self::Unauthorized
            | Self::WrongCredentials
            | Self::WrongPassword
            | Self::UsernameTaken
            | Self::KeyReused
            | Self::CrossSite
            | Self::ListNotFound
            | Self::TaskNotFound
            | Self::StepNotFound
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
            AppError::WrongPassword,
            AppError::UsernameTaken,
            AppError::TooManyAttempts {
                retry_after_secs: 900,
            },
            AppError::TooManySignUps {
                retry_after_secs: 1800,
            },
            AppError::InvalidUsername(UsernameError::TooShort { min: 3 }),
            AppError::InvalidPassword(PasswordError::TooLong { max: 128 }),
            AppError::InvalidTitle(TaskTitleError::Empty),
            AppError::InvalidIdempotencyKey(IdempotencyKeyError::Missing),
            AppError::KeyReused,
            AppError::CrossSite,
            AppError::InvalidTask(TaskFieldError::List),
            AppError::TooMany { max: 500 },
            AppError::ListNotFound,
            AppError::TaskNotFound,
            AppError::StepNotFound,
            AppError::TooManySteps { max: 50 },
            AppError::QuotaReached {
                what: super::super::Counted::Steps,
                max: 20_000,
            },
            AppError::TooManyChanges {
                retry_after_secs: 12,
            },
            AppError::IdConflict,
            AppError::Internal,
            AppError::Unavailable {
                retry_after_secs: 1,
            },
            AppError::AccountChanged,
            AppError::Queued,
            AppError::BadRequest,
            AppError::InvalidReminders(
                crate::reminders::ReminderSettingsError::SummaryInQuietHours,
            ),
            AppError::InvalidTimetable(crate::change::TimetableError::BellsOverlap { lesson: 3 }),
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
    fn a_body_is_read_whatever_the_order_of_its_fields() {
        let read: AppError = serde_json::from_str(
            r#"{"detail":{"retry_after_secs":2},"message":"…","error":"too_many_changes"}"#,
        )
        .unwrap();
        assert_eq!(
            read,
            AppError::TooManyChanges {
                retry_after_secs: 2
            }
        );
    }

    #[test]
    fn a_code_with_a_detail_of_the_wrong_kind_is_an_error() {
        let read =
            serde_json::from_str::<AppError>(r#"{"error":"too_many","detail":{"minutes":3}}"#);
        assert!(read.is_err());
    }

    #[test]
    fn an_unknown_code_is_not_read_as_some_other_error() {
        let read = serde_json::from_str::<AppError>(r#"{"error":"gone_fishing","message":"?"}"#);
        assert!(read.is_err());
    }
}
