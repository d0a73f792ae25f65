//! The error every server function returns: what went wrong, in terms the
//! person can act on. Internal causes are logged on the server and never
//! cross the wire; the browser turns a variant into words (see `text`).

use crate::domain::{
    IdempotencyKeyError, ListNameError, PasswordError, SearchQueryError, TaskFieldError,
    TaskTitleError, TimeZoneError, UsernameError,
};
use crate::views::ViewError;
use server_fn::error::{FromServerFnError, ServerFnErrorErr};

#[cfg(feature = "ssr")]
mod answer;
mod counted;
mod wire;

pub use counted::Counted;

/// On the wire: `{"error": "<code>", "message": "<English>", "detail": …}`
/// (`wire.rs`); read back by its code and detail.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AppError {
    #[error("not signed in")]
    Unauthorized,
    #[error("wrong name or password")]
    WrongCredentials,
    /// A signed-in person's current password, typed wrong (changing it).
    #[error("wrong current password")]
    WrongPassword,
    #[error("the name is taken")]
    UsernameTaken,
    #[error("too many sign-in attempts; retry in {retry_after_secs} s")]
    TooManyAttempts { retry_after_secs: u64 },
    /// Too many accounts made from this address lately (a script, not a class).
    #[error("too many sign-ups from this address; retry in {retry_after_secs} s")]
    TooManySignUps { retry_after_secs: u64 },
    #[error("invalid name: {0}")]
    InvalidUsername(UsernameError),
    #[error("invalid password: {0}")]
    InvalidPassword(PasswordError),
    #[error("invalid title: {0}")]
    InvalidTitle(TaskTitleError),
    #[error("bad idempotency key: {0}")]
    InvalidIdempotencyKey(IdempotencyKeyError),
    #[error("this idempotency key was used for a different request")]
    KeyReused,
    #[error("cross-site request refused")]
    CrossSite,
    #[error("invalid task: {0}")]
    InvalidTask(TaskFieldError),
    #[error("invalid list name: {0}")]
    InvalidListName(ListNameError),
    #[error("at most {max} items at once")]
    TooMany { max: usize },
    #[error("no such list")]
    ListNotFound,
    #[error("no such task")]
    TaskNotFound,
    /// A step of a checklist that is not there: never made, another
    /// account's, or deleted (a change to a deleted step is refused, as
    /// for a task, never done unseen).
    #[error("no such step")]
    StepNotFound,
    /// A task's checklist is full (`Step::MAX_PER_TASK`).
    #[error("a task holds at most {max} steps")]
    TooManySteps { max: usize },
    /// The account holds as many of `what` as it may (`ssr/quotas.rs`).
    #[error("the account holds at most {max} {what:?}")]
    QuotaReached { what: Counted, max: u64 },
    /// Too many changes from the account in the last minute: not refused,
    /// only not now.
    #[error("too many changes at once; retry in {retry_after_secs} s")]
    TooManyChanges { retry_after_secs: u64 },
    #[error("invalid view: {0}")]
    InvalidView(ViewError),
    #[error("invalid search: {0}")]
    InvalidSearch(SearchQueryError),
    #[error("invalid time zone: {0}")]
    InvalidTimeZone(TimeZoneError),
    #[error("invalid reminders: {0}")]
    InvalidReminders(crate::reminders::ReminderSettingsError),
    #[error("invalid timetable: {0}")]
    InvalidTimetable(crate::change::TimetableError),
    #[error("this id belongs to something else")]
    IdConflict,
    #[error("the server could not complete the request")]
    Internal,
    /// The database cannot be reached or is busy for now (a restart, a
    /// dropped connection, a locked file): nothing was done; try again.
    #[error("the database is unavailable for now; retry in {retry_after_secs} s")]
    Unavailable { retry_after_secs: u64 },
    /// The page belongs to another account than the session now signed in
    /// (a sign-in in another tab): nothing is done in the wrong account.
    #[error("signed in as another account")]
    AccountChanged,
    /// Never sent by the server: the outbox kept the request to send it
    /// when the network is back. The screen keeps the change, marked.
    #[error("kept in the outbox until the network is back")]
    Queued,
    /// The server could not read the request (a missing or malformed
    /// argument): nothing was done.
    #[error("the request could not be read")]
    BadRequest,
    /// The request did not get a usable answer (network, decoding...).
    #[error("no answer from the server: {0}")]
    Transport(String),
}

impl AppError {
    /// The error of an action's last answer, if the server refused it.
    /// Kept in the outbox (`Queued`) is not a refusal: the change is shown,
    /// marked as waiting.
    pub fn refusal<T>(answer: Option<Result<T, AppError>>) -> Option<AppError> {
        answer
            .and_then(Result::err)
            .filter(|error| *error != AppError::Queued)
    }
}

impl From<UsernameError> for AppError {
    fn from(e: UsernameError) -> Self {
        Self::InvalidUsername(e)
    }
}

impl From<PasswordError> for AppError {
    fn from(e: PasswordError) -> Self {
        Self::InvalidPassword(e)
    }
}

impl From<TaskTitleError> for AppError {
    fn from(e: TaskTitleError) -> Self {
        Self::InvalidTitle(e)
    }
}

/// A change's rule refused it (`crate::change`): the answer says why.
impl From<crate::change::Refusal> for AppError {
    fn from(refusal: crate::change::Refusal) -> Self {
        use crate::change::Refusal;
        match refusal {
            Refusal::TaskNotFound => Self::TaskNotFound,
            Refusal::StepNotFound => Self::StepNotFound,
            Refusal::ListNotFound => Self::ListNotFound,
            Refusal::TooManySteps { max } => Self::TooManySteps { max },
        }
    }
}

impl FromServerFnError for AppError {
    // Read from text, as every answer is (`api::json_text`).
    type Encoder = crate::api::JsonTextEncoding;

    /// In the browser: the request got no usable answer. On the server,
    /// server_fn reports a request whose arguments it could not decode (the
    /// function never ran): bad input, not a server failure.
    fn from_server_fn_error(value: ServerFnErrorErr) -> Self {
        #[cfg(feature = "ssr")]
        {
            use ServerFnErrorErr as E;
            match value {
                E::Args(_)
                | E::MissingArg(_)
                | E::Deserialization(_)
                | E::Request(_)
                | E::UnsupportedRequestMethod(_) => Self::BadRequest,
                other => {
                    tracing::error!(error = %other, "a server function failed outside its code");
                    Self::Internal
                }
            }
        }
        #[cfg(not(feature = "ssr"))]
        Self::Transport(value.to_string())
    }
}
