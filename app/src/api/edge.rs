//! Where server functions meet HTTP.
//!
//! A server function captures everything it needs from its request — state,
//! headers, the response to shape — in `Call::begin()`, before its first
//! `.await`. During server rendering a resource's future can outlive the
//! reactive owner that provided the context, so context is never looked up
//! after an await.

use crate::domain::UserId;
use crate::error::AppError;
use crate::ssr::client::ClientAddress;
use crate::ssr::keyed::{KeyedUser, KeyedWork, WorkGuard};
use crate::ssr::passwords::HashError;
use crate::ssr::session::{self, SessionToken};
use crate::ssr::storage::{SessionUser, StorageError};
use crate::ssr::AppState;
use http::header::{InvalidHeaderValue, ACCEPT, LOCATION, SET_COOKIE};
use http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use leptos::prelude::use_context;
use leptos_axum::ResponseOptions;

pub struct Call {
    pub state: AppState,
    headers: HeaderMap,
    client: Option<ClientAddress>,
    response: Option<ResponseOptions>,
    keyed_user: Option<KeyedUser>,
    work: Option<KeyedWork>,
}

impl Call {
    /// Fails only if the server did not provide its state (a wiring bug),
    /// which is logged and answered 500, never a panic.
    pub fn begin() -> Result<Self, AppError> {
        let parts = use_context::<http::request::Parts>();
        let extension = |parts: &http::request::Parts| {
            (
                parts.extensions.get::<KeyedUser>().cloned(),
                parts.extensions.get::<KeyedWork>().cloned(),
            )
        };
        let (keyed_user, work) = parts.as_ref().map(extension).unwrap_or_default();
        let Some(state) = AppState::current() else {
            tracing::error!("the server did not provide its state to a server function");
            return Err(AppError::Internal);
        };
        Ok(Self {
            state,
            client: parts
                .as_ref()
                .and_then(|parts| parts.extensions.get::<ClientAddress>().copied()),
            headers: parts.map(|parts| parts.headers).unwrap_or_default(),
            response: use_context::<ResponseOptions>(),
            keyed_user,
            work,
        })
    }

    /// Sets the response status for `error` and returns it.
    pub fn reject(&self, error: AppError) -> AppError {
        if let Some(response) = &self.response {
            response.set_status(error.http_status());
            for (name, value) in error.headers() {
                response.insert_header(name, value);
            }
        }
        error
    }

    /// A storage fault: logged with its cause, answered without it; 503
    /// when the database is only unavailable for now.
    pub fn storage_fault(&self, error: StorageError) -> AppError {
        if let StorageError::Unavailable(_) = error {
            tracing::warn!(%error, "database unavailable");
            return self.reject(AppError::Unavailable {
                retry_after_secs: 1,
            });
        }
        tracing::error!(%error, "storage failed");
        self.reject(AppError::Internal)
    }

    pub fn hash_fault(&self, error: HashError) -> AppError {
        if error.is_busy() {
            // A flood (or a rush at the start of a lesson): "try again in
            // a moment", which the page says and the worker obeys.
            tracing::warn!("every hashing turn taken: answered 503");
            return self.reject(AppError::Unavailable {
                retry_after_secs: 2,
            });
        }
        tracing::error!(%error, "password hashing failed");
        self.reject(AppError::Internal)
    }

    /// Where the request came from, as the server tells it ("unknown" when
    /// it cannot: a request made in-process).
    pub fn client(&self) -> String {
        self.client
            .map_or_else(|| "unknown".to_owned(), |client| client.to_string())
    }

    /// The request's headers (its cookies among them).
    pub fn headers(&self) -> &HeaderMap {
        &self.headers
    }

    /// The session token this request carries, if any.
    pub fn session_token(&self) -> Option<SessionToken> {
        session::token_from_headers(&self.headers, &self.state.settings)
    }

    /// The unit of work of a keyed mutation: its changes commit together with
    /// the stored answer, or not at all.
    pub async fn work(&self) -> Result<WorkGuard, AppError> {
        let work = match &self.work {
            Some(work) => work.lock().await,
            None => None,
        };
        work.ok_or_else(|| {
            tracing::error!("a mutation ran outside the idempotency layer");
            self.reject(AppError::Internal)
        })
    }

    /// The account and the unit of work of a keyed mutation, both handed
    /// over by the idempotency layer.
    pub async fn keyed(&self) -> Result<(UserId, WorkGuard), AppError> {
        let Some(KeyedUser(user)) = self.keyed_user else {
            tracing::error!("a mutation ran outside the idempotency layer");
            return Err(self.reject(AppError::Internal));
        };
        Ok((user, self.work().await?))
    }

    /// The signed-in account, if any.
    pub async fn user(&self) -> Result<Option<SessionUser>, AppError> {
        let Some(token) = self.session_token() else {
            return Ok(None);
        };
        let user = self
            .state
            .storage
            .find_session(&token.hash(), chrono::Utc::now())
            .await
            .map_err(|e| self.storage_fault(e))?;
        if let Some(user) = &user {
            crate::ssr::trace::record_account(user.user_id);
        }
        Ok(user)
    }

    /// The signed-in account, or `401 Unauthorized`.
    pub async fn require_user(&self) -> Result<SessionUser, AppError> {
        self.user()
            .await?
            .ok_or_else(|| self.reject(AppError::Unauthorized))
    }

    pub fn send_cookie(
        &self,
        value: Result<HeaderValue, InvalidHeaderValue>,
    ) -> Result<(), AppError> {
        let value = value.map_err(|error| {
            tracing::error!(%error, "a cookie that is not a valid header");
            self.reject(AppError::Internal)
        })?;
        if let Some(response) = &self.response {
            response.append_header(SET_COOKIE, value);
        }
        Ok(())
    }

    /// Makes the answer a file to save, named `file_name` (ASCII).
    pub fn attach_as(&self, file_name: &str) {
        let value = HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\""));
        if let (Some(response), Ok(value)) = (&self.response, value) {
            response.insert_header(http::header::CONTENT_DISPOSITION, value);
        }
    }

    /// Names the account on the answer (`X-Tetrad-Account`), so the service
    /// worker can tell whose page it keeps for offline use.
    pub fn name_account(&self, user_id: crate::domain::UserId) {
        let value = HeaderValue::from_str(&user_id.to_string());
        if let (Some(response), Ok(value)) = (&self.response, value) {
            let name = http::HeaderName::from_static(crate::protocol::ACCOUNT_HEADER);
            response.insert_header(name, value);
        }
    }

    /// Sends the browser to `path`: a 302 for a plain form post, the server
    /// function client's redirect header for a call from the hydrated page
    /// (as `leptos_axum::redirect` does).
    pub fn redirect(&self, path: &'static str) {
        let Some(response) = &self.response else {
            return;
        };
        response.insert_header(LOCATION, HeaderValue::from_static(path));
        let accepts_html = self
            .headers
            .get(ACCEPT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("text/html"));
        if accepts_html {
            response.set_status(StatusCode::FOUND);
        } else {
            response.insert_header(
                HeaderName::from_static(server_fn::redirect::REDIRECT_HEADER),
                HeaderValue::from_static(""),
            );
        }
    }
}

/// When the person acted: their clock, but never in the future (a form
/// posted without JavaScript has no time of its own: now). Milliseconds, as
/// both databases keep them.
pub fn person_time(at: Option<chrono::DateTime<chrono::Utc>>) -> chrono::DateTime<chrono::Utc> {
    let now = chrono::Utc::now();
    crate::domain::to_millis(at.map_or(now, |at| at.min(now)))
}

/// Registers every server function by type. Inventory registration alone can
/// be dropped by the linker when the app crate is only a dependency (as in the
/// server's tests); registering explicitly makes the endpoints certain.
pub fn register_server_functions() {
    use server_fn::axum::register_explicit;
    register_explicit::<super::SignUp>();
    register_explicit::<super::SignIn>();
    register_explicit::<super::SignOut>();
    register_explicit::<super::ChangePassword>();
    register_explicit::<super::SearchTasks>();
    register_explicit::<super::ExportAccount>();
    register_explicit::<super::DeleteAccount>();
    register_explicit::<super::MakeCalendarLink>();
    register_explicit::<super::TurnOffCalendarLink>();
    register_explicit::<super::CalendarLinkSince>();
    register_explicit::<super::SubscribePush>();
    register_explicit::<super::UnsubscribePush>();
    register_explicit::<super::ReadReminderSettings>();
    register_explicit::<super::SetReminderSettings>();
    register_explicit::<super::CurrentAccount>();
    register_explicit::<super::AddTask>();
    register_explicit::<super::ListTasks>();
    register_explicit::<super::SetCompleted>();
    register_explicit::<super::CreateTask>();
    register_explicit::<super::EditTask>();
    register_explicit::<super::SetDeleted>();
    register_explicit::<super::ReorderTasks>();
    register_explicit::<super::CreateStep>();
    register_explicit::<super::EditStep>();
    register_explicit::<super::ReorderSteps>();
    register_explicit::<super::SetStepDeleted>();
    register_explicit::<super::ListLists>();
    register_explicit::<super::CreateList>();
    register_explicit::<super::RenameList>();
    register_explicit::<super::DeleteList>();
    register_explicit::<super::ViewTasks>();
    register_explicit::<super::SetTimeZone>();
    register_explicit::<super::ServerClock>();
    register_explicit::<super::ReadTimetable>();
    register_explicit::<super::SetTimetable>();
}
