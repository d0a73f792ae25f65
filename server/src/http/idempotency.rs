//! The idempotency layer (docs/design.md §3) around every mutating server function.
//!
//! For a POST under `/api/` (sign-in, sign-up and sign-out excepted):
//! 1. the session names the account (401 without one) — keys are per account;
//! 2. the key comes from the form's `idempotency_key` field (forms that work
//!    without JavaScript) or else the `Idempotency-Key` header (400 if
//!    missing or malformed);
//! 3. the mutation runs in a unit of work, and its key is recorded with its
//!    answer in the same transaction before it commits: one statement more
//!    than the mutation itself. An answer of 5xx, a failed commit or a crash
//!    commits nothing, so the retry really runs;
//! 4. if the key already has a row, the record fails and the work is rolled
//!    back; the row decides the answer: a completed request's stored answer
//!    with `Idempotency-Replayed: 1`, 422 for a different request under the
//!    same key, 409 with `Retry-After` while a claim holds it, and a claim
//!    whose request died is taken over once its lease has run out (the work
//!    then runs again under the claim). A repeat sent while the first is
//!    still running waits for it (the database's lock on the key) and gets
//!    the replay.

use crate::faults::Faults;
use crate::startup::MAX_BODY_BYTES;
use app::domain::{IdempotencyKey, IdempotencyKeyError};
use app::error::AppError;
use app::ssr::idempotency::{
    fingerprint, ClaimOutcome, KeyClaim, StoredResponse, REPLAYED_HEADERS,
};
use app::ssr::keyed::{KeyedUser, KeyedWork};
use app::ssr::session::token_from_headers;
use app::ssr::storage::{SessionUser, Storage};
use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use http::{header, HeaderName, HeaderValue, Method, StatusCode};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

pub use app::protocol::{ACCOUNT_HEADER, KEY_FIELD, KEY_HEADER, REPLAYED_HEADER};

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
    if token_from_headers(request.headers()).is_none() {
        return app_error(AppError::Unauthorized);
    }
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
    let user = match signed_in_user(&layer, &parts.headers).await {
        Ok(user) => user,
        Err(response) => return response,
    };
    let now = Utc::now();
    let claim = KeyClaim {
        user_id: user.user_id,
        fingerprint: fingerprint(parts.method.as_str(), parts.uri.path(), &body),
        key,
        token: Uuid::new_v4(),
        now,
        lease_until: now
            + chrono::Duration::from_std(layer.lease).unwrap_or(chrono::Duration::seconds(15)),
    };
    if !names_account(&parts.headers, &claim) {
        return app_error(AppError::AccountChanged);
    }
    let keyed = Keyed {
        layer: &layer,
        claim: &claim,
        parts: &parts,
        body: &body,
        next: &next,
    };
    match keyed.run(Record::New).await {
        Ok(response) => response,
        Err(KeyHasRow) => keyed.as_the_row_says().await,
    }
}

/// Whether the request names no account, or the session's own.
fn names_account(headers: &http::HeaderMap, claim: &KeyClaim) -> bool {
    headers
        .get(ACCOUNT_HEADER)
        .is_none_or(|named| named.as_bytes() == claim.user_id.to_string().as_bytes())
}

/// How the key is recorded with the answer.
#[derive(Clone, Copy)]
enum Record {
    /// A new row, completed (the common case).
    New,
    /// Completing the claim this request holds (after taking one over).
    Claimed,
}

/// The key already has a row: the work was rolled back.
struct KeyHasRow;

/// One keyed request, which may run its mutation twice (the second time
/// under a claim taken over from a request that died).
struct Keyed<'a> {
    layer: &'a Idempotency,
    claim: &'a KeyClaim,
    parts: &'a http::request::Parts,
    body: &'a Bytes,
    next: &'a Next,
}

impl Keyed<'_> {
    /// Runs the mutation in a unit of work, records the key with its answer
    /// and commits both, or neither.
    async fn run(&self, record: Record) -> Result<Response, KeyHasRow> {
        let work = match self.layer.storage.begin().await {
            Ok(work) => KeyedWork::new(work),
            Err(error) => {
                tracing::error!(%error, "starting a unit of work failed");
                return Ok(self.give_up(record, unavailable()).await);
            }
        };
        let mut request = Request::from_parts(self.parts.clone(), Body::from(self.body.clone()));
        request
            .extensions_mut()
            .insert(KeyedUser(self.claim.user_id));
        request.extensions_mut().insert(work.clone());
        let response = self.next.clone().run(request).await;
        self.finish(record, work, response).await
    }

    async fn finish(
        &self,
        record: Record,
        work: KeyedWork,
        response: Response,
    ) -> Result<Response, KeyHasRow> {
        let (parts, body) = response.into_parts();
        let Ok(body) = to_bytes(body, MAX_STORED_BODY).await else {
            tracing::error!("an answer too large to store");
            return Ok(self.give_up(record, unavailable()).await);
        };
        let Some(mut tx) = work.take().await else {
            return Ok(self.give_up(record, unavailable()).await);
        };
        if parts.status.is_server_error() {
            // Not an answer to keep: roll back, and let the retry run again.
            let _ = tx.rollback().await;
            let response = Response::from_parts(parts, Body::from(body));
            return Ok(self.give_up(record, response).await);
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
        let recorded = match record {
            Record::New => tx.record_key(self.claim, &stored).await,
            Record::Claimed => {
                let claim = self.claim;
                tx.complete_key(claim.user_id, &claim.key, claim.token, &stored, Utc::now())
                    .await
            }
        };
        match recorded {
            Ok(true) => {}
            Ok(false) => {
                let _ = tx.rollback().await;
                return match record {
                    Record::New => Err(KeyHasRow),
                    // Our lease ran out and another request took the key
                    // over: it does the work; ours must not commit as well.
                    Record::Claimed => {
                        tracing::warn!(key = %self.claim.key, "idempotency claim lost before commit");
                        Ok(app_error(AppError::KeyInProgress {
                            retry_after_secs: 1,
                        }))
                    }
                };
            }
            Err(error) => {
                tracing::error!(%error, "recording the answer failed");
                let _ = tx.rollback().await;
                return Ok(self.give_up(record, unavailable()).await);
            }
        }
        if self.layer.faults.take_commit_failure() {
            tracing::warn!("injected failure before commit");
            let _ = tx.rollback().await;
            return Ok(self.give_up(record, internal_error()).await);
        }
        if let Err(error) = tx.commit().await {
            tracing::error!(%error, "commit failed");
            return Ok(self.give_up(record, unavailable()).await);
        }
        Ok(Response::from_parts(parts, Body::from(body)))
    }

    /// The key has a row; the work was rolled back. What the row says: a
    /// stored answer to replay, a request still running (409), another
    /// request's key (422), or a claim whose request died, taken over so the
    /// work runs again under it.
    async fn as_the_row_says(&self) -> Response {
        match self.layer.storage.claim_key(self.claim).await {
            Ok(ClaimOutcome::Acquired) => match self.run(Record::Claimed).await {
                Ok(response) => response,
                // Not reached: a held claim is completed by an update.
                Err(KeyHasRow) => app_error(AppError::KeyInProgress {
                    retry_after_secs: 1,
                }),
            },
            Ok(ClaimOutcome::Completed(stored)) => replay(stored),
            Ok(ClaimOutcome::InProgress { locked_until }) => {
                let retry_after_secs = (locked_until - self.claim.now).num_seconds().max(1) as u64;
                app_error(AppError::KeyInProgress { retry_after_secs })
            }
            Ok(ClaimOutcome::Mismatch) => app_error(AppError::KeyReused),
            Err(error) => {
                tracing::error!(%error, "reading an idempotency key failed");
                unavailable()
            }
        }
    }

    /// Answers `response`; a claim this request holds is freed first, so the
    /// retry need not wait for its lease.
    async fn give_up(&self, record: Record, response: Response) -> Response {
        match record {
            Record::New => response,
            Record::Claimed => release(self.layer, self.claim, response).await,
        }
    }
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
    error.answer().map(Body::from)
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
