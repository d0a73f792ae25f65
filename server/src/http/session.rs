//! Who sends a mutation: its session cookie, resolved to the account once,
//! here, and handed on in the request's extensions. The idempotency layer
//! reads it (keys are per account) instead of looking the session up
//! itself, so a mutation costs one session lookup in one place.
//!
//! This layer only resolves; it refuses nothing. The idempotency layer
//! answers in the order of its refusals (docs/design.md §3): no cookie is a
//! 401 before the body is read, a bad key a 400 before an ended session's
//! 401, so resolving first changes no answer.

use crate::http::idempotency::needs_key;
use app::ssr::context::Settings;
use app::ssr::session::token_from_headers;
use app::ssr::storage::{SessionUser, Storage};
use app::ssr::trace::record_account;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use chrono::Utc;
use std::sync::Arc;

/// Where sessions are kept, and the settings that name their cookie.
#[derive(Clone)]
pub struct Sessions {
    pub storage: Arc<dyn Storage>,
    pub settings: Settings,
}

/// A mutation's session, as this layer found it.
#[derive(Clone, Debug)]
pub enum Session {
    /// The request carries no session cookie.
    Anonymous,
    /// Its cookie names no live session (expired, signed out, or replaced
    /// by a later sign-in).
    Ended,
    /// The signed-in account.
    SignedIn(SessionUser),
    /// The database could not say: unreachable or failed.
    Unknown,
}

impl Session {
    /// Looks the cookie of a request up; without one, no lookup.
    pub async fn resolve(sessions: &Sessions, headers: &http::HeaderMap) -> Self {
        let Some(token) = token_from_headers(headers, &sessions.settings) else {
            return Self::Anonymous;
        };
        match sessions
            .storage
            .find_session(&token.hash(), Utc::now())
            .await
        {
            Ok(Some(user)) => {
                record_account(user.user_id);
                Self::SignedIn(user)
            }
            Ok(None) => Self::Ended,
            Err(error) => {
                tracing::error!(%error, "resolving the session failed");
                Self::Unknown
            }
        }
    }
}

/// Resolves the session of every request that needs a key (the mutations,
/// `idempotency::needs_key`); other requests pass untouched, so pages,
/// reads and static files cost no lookup here.
pub async fn resolve_session(
    State(sessions): State<Sessions>,
    mut request: Request,
    next: Next,
) -> Response {
    if needs_key(request.method(), request.uri().path()) {
        let session = Session::resolve(&sessions, request.headers()).await;
        request.extensions_mut().insert(session);
    }
    next.run(request).await
}
