//! The idempotency layer (DESIGN.md §3) around every mutating server function.
//!
//! For a POST under `/api/` (sign-in, sign-up and sign-out excepted):
//! 1. the session names the account (401 without one) — keys are per account;
//! 2. the key comes from the form's `idempotency_key` field (forms that work
//!    without JavaScript) or else the `Idempotency-Key` header (400 if
//!    missing or malformed);
//! 3. the key is claimed inside the mutation's unit of work; if it already
//!    has a row, a completed request is answered with its stored answer and
//!    `Idempotency-Replayed: 1`, a running one with 409 and `Retry-After`, a
//!    different request under the same key with 422, and a claim whose
//!    request died is taken over once its lease has run out;
//! 4. the mutation runs in that unit of work, and its answer is recorded in
//!    the same transaction before it commits. An answer of 5xx, a failed
//!    commit or a crash commits nothing and frees the key for the retry.

use crate::faults::Faults;
use crate::startup::MAX_BODY_BYTES;
use app::domain::{IdempotencyKey, IdempotencyKeyError};
use app::error::AppError;
use app::ssr::idempotency::{
    fingerprint, ClaimOutcome, KeyClaim, NewClaim, StoredResponse, REPLAYED_HEADERS,
};
use app::ssr::keyed::{KeyedUser, KeyedWork};
use app::ssr::session::token_from_headers;
use app::ssr::storage::{SessionUser, Storage, StorageError, Work};
use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use http::{header, HeaderName, HeaderValue, Method, StatusCode};
use server_fn::error::FromServerFnError;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

pub const KEY_HEADER: &str = "idempotency-key";
pub const KEY_FIELD: &str = "idempotency_key";
pub const REPLAYED_HEADER: &str = "idempotency-replayed";
/// The account the page that made the request shows. A request naming
/// another account than the session's is refused (401), so a change queued
/// by one person is never applied to another's account.
pub const ACCOUNT_HEADER: &str = "x-tetrad-account";

/// Answers larger than this are not stored (none of Tetrad's come close).
const MAX_STORED_BODY: usize = 1024 * 1024;

#[derive(Clone)]
pub struct Idempotency {
    pub storage: Arc<dyn Storage>,
    pub lease: Duration,
    pub faults: Faults,
    /// `false` only in the benchmark that measures what keys cost: the
    /// mutation then runs in a plain unit of work, with no key.
    pub keys: bool,
}

/// Whether a request is a mutation that must carry a key.
pub fn needs_key(method: &Method, path: &str) -> bool {
    *method == Method::POST && path.starts_with("/api/") && !path.starts_with("/api/auth/")
}

pub async fn keyed_mutations(
    State(layer): State<Idempotency>,
    request: Request,
    next: Next,
) -> Response {
    if !needs_key(request.method(), request.uri().path()) {
        return next.run(request).await;
    }
    let Some(session) = token_from_headers(request.headers()) else {
        return app_error(AppError::Unauthorized);
    };
    if !layer.keys {
        return without_keys(&layer, request, next).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(body) = to_bytes(body, MAX_BODY_BYTES).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let key = match key_of(&parts.headers, &body) {
        Ok(key) => key,
        Err(error) => return app_error(AppError::InvalidIdempotencyKey(error)),
    };

    let now = Utc::now();
    let new_claim = NewClaim {
        fingerprint: fingerprint(parts.method.as_str(), parts.uri.path(), &body),
        key,
        token: Uuid::new_v4(),
        now,
        lease_until: now
            + chrono::Duration::from_std(layer.lease).unwrap_or(chrono::Duration::seconds(15)),
    };
    // The common case costs one transaction, and its first statement both
    // finds the session's account and claims the key. A concurrent request
    // with the same key waits on that row until this one ends, then finds
    // the answer.
    let work = match layer.storage.begin().await {
        Ok(work) => work,
        Err(error) => {
            tracing::error!(%error, "starting a unit of work failed");
            return unavailable();
        }
    };
    let (claim, work) = match claim_within(work, &session.hash(), &new_claim).await {
        Ok(Some(claimed)) => claimed,
        Ok(None) => match claim_apart(&layer, &session.hash(), &new_claim).await {
            Ok(claimed) => claimed,
            Err(response) => return response,
        },
        Err(error) => {
            tracing::error!(%error, "claiming an idempotency key failed");
            return unavailable();
        }
    };
    if !names_account(&parts.headers, &claim) {
        let _ = work.rollback().await;
        return release(&layer, &claim, app_error(AppError::AccountChanged)).await;
    }
    let work = KeyedWork::new(work);
    let mut request = Request::from_parts(parts, Body::from(body));
    request.extensions_mut().insert(KeyedUser(claim.user_id));
    request.extensions_mut().insert(work.clone());
    let response = next.run(request).await;
    finish(&layer, &claim, work, response).await
}

/// Whether the request names no account, or the session's own.
fn names_account(headers: &http::HeaderMap, claim: &KeyClaim) -> bool {
    headers
        .get(ACCOUNT_HEADER)
        .is_none_or(|named| named.as_bytes() == claim.user_id.to_string().as_bytes())
}

/// Claims the key for the session's account inside `work`; `None` (and
/// `work` rolled back) when the session is not valid or the key has a row.
async fn claim_within(
    mut work: Box<dyn Work>,
    session: &[u8],
    claim: &NewClaim,
) -> Result<Option<(KeyClaim, Box<dyn Work>)>, StorageError> {
    if let Some(user_id) = work.claim_for_session(session, claim).await? {
        return Ok(Some((claim.for_user(user_id), work)));
    }
    work.rollback().await?;
    Ok(None)
}

/// No claim was made: the session is not valid (401), or the key has a row —
/// a stored answer to replay, a request still running (409), another
/// request's key (422), or a claim whose request died (taken over; the work
/// then runs in a transaction of its own).
async fn claim_apart(
    layer: &Idempotency,
    session: &[u8],
    new_claim: &NewClaim,
) -> Result<(KeyClaim, Box<dyn Work>), Response> {
    let user = match layer.storage.find_session(session, new_claim.now).await {
        Ok(Some(user)) => user,
        Ok(None) => return Err(app_error(AppError::Unauthorized)),
        Err(error) => {
            tracing::error!(%error, "resolving the session failed");
            return Err(unavailable());
        }
    };
    let claim = new_claim.for_user(user.user_id);
    match layer.storage.claim_key(&claim).await {
        Ok(ClaimOutcome::Acquired) => {}
        Ok(ClaimOutcome::Completed(stored)) => return Err(replay(stored)),
        Ok(ClaimOutcome::InProgress { locked_until }) => {
            let retry_after_secs = (locked_until - claim.now).num_seconds().max(1) as u64;
            return Err(app_error(AppError::KeyInProgress { retry_after_secs }));
        }
        Ok(ClaimOutcome::Mismatch) => return Err(app_error(AppError::KeyReused)),
        Err(error) => {
            tracing::error!(%error, "claiming an idempotency key failed");
            return Err(unavailable());
        }
    }
    match layer.storage.begin().await {
        Ok(work) => Ok((claim, work)),
        Err(error) => {
            tracing::error!(%error, "starting a unit of work failed");
            Err(release(layer, &claim, unavailable()).await)
        }
    }
}

/// Records the answer with the work and commits both, or neither.
async fn finish(
    layer: &Idempotency,
    claim: &KeyClaim,
    work: KeyedWork,
    response: Response,
) -> Response {
    let (parts, body) = response.into_parts();
    let Ok(body) = to_bytes(body, MAX_STORED_BODY).await else {
        tracing::error!("an answer too large to store");
        return release(layer, claim, unavailable()).await;
    };
    let Some(mut tx) = work.take().await else {
        return release(layer, claim, unavailable()).await;
    };
    if parts.status.is_server_error() {
        // Not an answer to keep: roll back, and let the retry run again.
        let _ = tx.rollback().await;
        return release(layer, claim, Response::from_parts(parts, Body::from(body))).await;
    }
    let stored = StoredResponse {
        status: parts.status.as_u16(),
        headers: REPLAYED_HEADERS
            .iter()
            .filter_map(|name| {
                let value = parts.headers.get(*name)?.to_str().ok()?;
                Some((name.to_string(), value.to_owned()))
            })
            .collect(),
        body: body.to_vec(),
    };
    match tx
        .complete_key(claim.user_id, &claim.key, claim.token, &stored, Utc::now())
        .await
    {
        Ok(true) => {}
        Ok(false) => {
            // Our lease ran out and another request took the key over: it
            // does the work; ours must not commit as well.
            tracing::warn!(key = %claim.key, "idempotency claim lost before commit");
            return app_error(AppError::KeyInProgress {
                retry_after_secs: 1,
            });
        }
        Err(error) => {
            tracing::error!(%error, "recording the answer failed");
            return release(layer, claim, unavailable()).await;
        }
    }
    if layer.faults.take_commit_failure() {
        tracing::warn!("injected failure before commit");
        let _ = tx.rollback().await;
        return release(layer, claim, internal_error()).await;
    }
    if let Err(error) = tx.commit().await {
        tracing::error!(%error, "commit failed");
        return release(layer, claim, unavailable()).await;
    }
    Response::from_parts(parts, Body::from(body))
}

/// The same unit of work, without claiming or recording a key: the baseline
/// of the benchmark, never used in service.
async fn without_keys(layer: &Idempotency, mut request: Request, next: Next) -> Response {
    let user = match signed_in_user(layer, request.headers()).await {
        Ok(user) => user,
        Err(response) => return response,
    };
    let work = match layer.storage.begin().await {
        Ok(work) => KeyedWork::new(work),
        Err(_) => return unavailable(),
    };
    request.extensions_mut().insert(KeyedUser(user.user_id));
    request.extensions_mut().insert(work.clone());
    let response = next.run(request).await;
    match work.take().await {
        Some(tx) if !response.status().is_server_error() => match tx.commit().await {
            Ok(()) => response,
            Err(_) => unavailable(),
        },
        _ => response,
    }
}

async fn signed_in_user(
    layer: &Idempotency,
    headers: &http::HeaderMap,
) -> Result<SessionUser, Response> {
    let Some(token) = token_from_headers(headers) else {
        return Err(app_error(AppError::Unauthorized));
    };
    match layer.storage.find_session(&token.hash(), Utc::now()).await {
        Ok(Some(user)) => Ok(user),
        Ok(None) => Err(app_error(AppError::Unauthorized)),
        Err(error) => {
            tracing::error!(%error, "resolving the session failed");
            Err(unavailable())
        }
    }
}

/// The key of a request: the form field if the form carries one (it was
/// rendered with the form, so a double submit repeats it), else the header.
fn key_of(headers: &http::HeaderMap, body: &Bytes) -> Result<IdempotencyKey, IdempotencyKeyError> {
    let is_form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if is_form {
        if let Some((_, key)) = form_urlencoded::parse(body).find(|(name, _)| name == KEY_FIELD) {
            return IdempotencyKey::parse(&key);
        }
    }
    let header = headers
        .get(KEY_HEADER)
        .ok_or(IdempotencyKeyError::Missing)?;
    IdempotencyKey::parse(
        header
            .to_str()
            .map_err(|_| IdempotencyKeyError::Malformed)?,
    )
}

fn replay(stored: StoredResponse) -> Response {
    let status = StatusCode::from_u16(stored.status).unwrap_or(StatusCode::OK);
    let mut response = (status, stored.body).into_response();
    let headers = response.headers_mut();
    headers.remove(header::CONTENT_TYPE);
    for (name, value) in stored.headers {
        if let (Ok(name), Ok(value)) = (HeaderName::try_from(name), HeaderValue::try_from(value)) {
            headers.insert(name, value);
        }
    }
    headers.insert(REPLAYED_HEADER, HeaderValue::from_static("1"));
    response
}

async fn release(layer: &Idempotency, claim: &KeyClaim, response: Response) -> Response {
    if let Err(error) = layer
        .storage
        .release_key(claim.user_id, &claim.key, claim.token)
        .await
    {
        // The lease frees the key soon enough.
        tracing::warn!(%error, "releasing an idempotency key failed");
    }
    response
}

/// An error answer in the server functions' own encoding.
fn app_error(error: AppError) -> Response {
    let status = StatusCode::from_u16(error.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        error.ser(),
    )
        .into_response();
    if let AppError::KeyInProgress { retry_after_secs } = error {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, retry_after_secs.into());
    }
    response
}

fn internal_error() -> Response {
    app_error(AppError::Internal)
}

/// The database is unreachable or failed: 503 tells the client to retry.
fn unavailable() -> Response {
    let mut response = app_error(AppError::Internal);
    *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_posts_to_the_api_outside_sign_in_need_a_key() {
        assert!(needs_key(&Method::POST, "/api/tasks/add"));
        assert!(!needs_key(&Method::GET, "/api/tasks/list"));
        assert!(!needs_key(&Method::POST, "/api/auth/signin"));
        assert!(!needs_key(&Method::POST, "/signin"));
    }

    fn form_headers() -> http::HeaderMap {
        let mut headers = http::HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/x-www-form-urlencoded"),
        );
        headers
    }

    #[test]
    fn a_forms_own_key_field_wins_over_the_header() {
        let mut headers = form_headers();
        headers.insert(KEY_HEADER, HeaderValue::from_static("from-header"));
        let body = Bytes::from_static(b"quick_add=x&idempotency_key=from-form");
        assert_eq!(key_of(&headers, &body).unwrap().as_str(), "from-form");
    }

    #[test]
    fn without_a_field_the_header_is_the_key() {
        let mut headers = form_headers();
        headers.insert(KEY_HEADER, HeaderValue::from_static("\"from-header\""));
        assert_eq!(
            key_of(&headers, &Bytes::from_static(b"quick_add=x"))
                .unwrap()
                .as_str(),
            "from-header"
        );
    }

    #[test]
    fn no_key_at_all_is_missing() {
        assert_eq!(
            key_of(&form_headers(), &Bytes::new()),
            Err(IdempotencyKeyError::Missing)
        );
    }
}
