//! What the layer reads from a mutation before running it, in the order of
//! its refusals (docs/design.md §3): not signed in (401, before the body is
//! read), too large (413), a bad key (400), a session that has ended (401)
//! or could not be looked up (503), a page showing another account (401).

use super::key::key_of;
use super::refusal::Refusal;
use crate::http::session::Session;
use crate::startup::MAX_BODY_BYTES;
use app::domain::UserId;
use app::error::AppError;
use app::protocol::ACCOUNT_HEADER;
use app::ssr::idempotency::{fingerprint, KeyRecord};
use app::ssr::storage::SessionUser;
use axum::body::{to_bytes, Bytes};
use axum::extract::Request;
use chrono::Utc;
use http::request::Parts;
use http::HeaderMap;

/// A mutation as read: its head, its body (run again if its key's row
/// went meanwhile) and its key as it is recorded.
pub struct KeyedRequest {
    pub parts: Parts,
    pub body: Bytes,
    pub record: KeyRecord,
}

impl KeyedRequest {
    pub async fn read(mut request: Request) -> Result<Self, Refusal> {
        let session = session_of(&mut request)?;
        let (parts, body) = request.into_parts();
        let body = to_bytes(body, MAX_BODY_BYTES)
            .await
            .map_err(|_| Refusal::TooLarge)?;
        let key = key_of(&parts.headers, &body).map_err(AppError::InvalidIdempotencyKey)?;
        let user = signed_in(session)?;
        if !names_account(&parts.headers, user.user_id) {
            return Err(AppError::AccountChanged.into());
        }
        let record = KeyRecord {
            user_id: user.user_id,
            fingerprint: fingerprint(parts.method.as_str(), parts.uri.path(), &body),
            key,
            now: Utc::now(),
        };
        Ok(Self {
            parts,
            body,
            record,
        })
    }
}

/// The session the session layer resolved (`http/session.rs`), taken out
/// of the request; without a cookie, refused before anything is read.
pub fn session_of(request: &mut Request) -> Result<Session, Refusal> {
    match request.extensions_mut().remove::<Session>() {
        Some(Session::Anonymous) => Err(AppError::Unauthorized.into()),
        Some(session) => Ok(session),
        None => {
            // A wiring fault, not the client's: the session layer must wrap
            // this one (startup.rs). Answered as the server's failure.
            tracing::error!("a mutation reached the idempotency layer without the session layer");
            Err(AppError::Internal.into())
        }
    }
}

/// The signed-in account: 401 for a session that has ended, 503 if the
/// database could not say.
pub fn signed_in(session: Session) -> Result<SessionUser, Refusal> {
    match session {
        Session::SignedIn(user) => Ok(user),
        Session::Anonymous | Session::Ended => Err(AppError::Unauthorized.into()),
        Session::Unknown => Err(Refusal::Unavailable),
    }
}

/// Whether the request names no account, or the session's own: a page of
/// another account (a sign-in in another tab) changes nothing.
fn names_account(headers: &HeaderMap, user: UserId) -> bool {
    headers
        .get(ACCOUNT_HEADER)
        .is_none_or(|named| named.as_bytes() == user.to_string().as_bytes())
}
