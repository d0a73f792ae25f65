//! The layer itself: a mutation runs in a unit of work that records its key
//! with its answer, or, if the key already has a row, the row decides
//! (docs/design.md §3; the steps are in `mod.rs`).

use super::outcome::Outcome;
use super::policy::needs_key;
use super::refusal::Refusal;
use super::request::KeyedRequest;
use super::stored::{replay, stored, MAX_STORED_BODY};
use crate::faults::Faults;
use app::domain::UserId;
use app::error::{AppError, Counted};
use app::ssr::idempotency::ClaimOutcome;
use app::ssr::keyed::{KeyedUser, KeyedWork};
use app::ssr::quotas::Quotas;
use app::ssr::storage::{Storage, Work};
use app::ssr::windows::Windows;
use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct Idempotency {
    pub storage: Arc<dyn Storage>,
    /// How long a claim on a key holds (`TETRAD_KEY_LEASE_SECS`).
    pub lease: Duration,
    /// Failures injected by tests (`faults.rs`).
    pub faults: Faults,
    /// Stored answers and changes a minute per account.
    pub quotas: Quotas,
    /// Keyed changes counted per account, a minute each.
    pub changes: Windows,
}

impl Idempotency {
    /// Counts a change of `user`'s, or refuses it for now (429) past the
    /// changes a minute its quota allows.
    fn admit(&self, user: UserId) -> Result<(), Refusal> {
        let limit = self.quotas.changes_per_minute;
        let admitted =
            self.changes
                .admit(&user.to_string(), limit, MINUTE, std::time::Instant::now());
        admitted.map_err(|wait| {
            tracing::warn!(%user, limit, "changes a minute throttled");
            Refusal::App(AppError::TooManyChanges {
                retry_after_secs: wait.as_secs().max(1),
            })
        })
    }
}

const MINUTE: Duration = Duration::from_secs(60);

pub async fn keyed_mutations(
    State(layer): State<Idempotency>,
    request: Request,
    next: Next,
) -> Response {
    if !needs_key(request.method(), request.uri().path()) {
        return next.run(request).await;
    }
    let request = match KeyedRequest::read(request, layer.lease).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    if let Err(refusal) = layer.admit(request.claim.user_id) {
        return refusal.into_response();
    }
    let keyed = Keyed {
        layer: &layer,
        request: &request,
        next: &next,
    };
    let response = match keyed.run(Record::New).await {
        Ok(response) => response,
        Err(KeyTaken) => keyed.as_the_row_says().await,
    };
    // In the request's span (its key and account): the tap's story.
    tracing::info!(
        status = response.status().as_u16(),
        replayed = response
            .headers()
            .contains_key(app::protocol::REPLAYED_HEADER),
        "change answered"
    );
    response
}

/// How the key is recorded with the answer.
#[derive(Clone, Copy)]
enum Record {
    /// A new row, completed (the common case).
    New,
    /// Completing the claim this request holds (after taking one over).
    Claimed,
}

/// The key's row is not this request's to write, so its work was rolled
/// back: recording a new row found one already there, or completing a
/// claim found it taken over by another request.
struct KeyTaken;

/// One keyed request, which may run its mutation twice (the second time
/// under a claim taken over from a request that died).
struct Keyed<'a> {
    layer: &'a Idempotency,
    request: &'a KeyedRequest,
    next: &'a Next,
}

impl Keyed<'_> {
    /// Runs the mutation in a unit of work, records the key with its answer
    /// and commits both, or neither.
    async fn run(&self, record: Record) -> Result<Response, KeyTaken> {
        let work = match self.layer.storage.begin().await {
            Ok(work) => KeyedWork::new(work),
            Err(error) => {
                tracing::error!(%error, "starting a unit of work failed");
                return Ok(self.give_up(record, Refusal::Unavailable).await);
            }
        };
        let KeyedRequest { parts, body, claim } = self.request;
        let mut request = Request::from_parts(parts.clone(), Body::from(body.clone()));
        request.extensions_mut().insert(KeyedUser(claim.user_id));
        request.extensions_mut().insert(work.clone());
        let response = self.next.clone().run(request).await;
        self.finish(record, work, response).await
    }

    async fn finish(
        &self,
        record: Record,
        work: KeyedWork,
        response: Response,
    ) -> Result<Response, KeyTaken> {
        let (mut parts, body) = response.into_parts();
        let Ok(body) = to_bytes(body, MAX_STORED_BODY).await else {
            tracing::error!("an answer too large to store");
            return Ok(self.give_up(record, Refusal::Unavailable).await);
        };
        let Some(mut tx) = work.take().await else {
            return Ok(self.give_up(record, Refusal::Unavailable).await);
        };
        let outcome = Outcome::of(&parts, &body);
        if outcome == Outcome::Fault {
            // Not an answer to keep: roll back, and let the retry run again.
            let _ = tx.rollback().await;
            let response = Response::from_parts(parts, Body::from(body));
            return Ok(self.give_up(record, response).await);
        }
        outcome.settle(&mut parts);
        let stored = stored(&parts, &body);
        let claim = &self.request.claim;
        let recorded = match record {
            Record::New => tx.record_key(claim, &stored).await,
            Record::Claimed => {
                tx.complete_key(claim.user_id, &claim.key, claim.token, &stored, Utc::now())
                    .await
            }
        };
        match recorded {
            Ok(true) => {
                if let Err(refusal) = self.room_for_the_answer(&mut tx).await {
                    let _ = tx.rollback().await;
                    return Ok(self.give_up(record, refusal).await);
                }
            }
            Ok(false) => {
                let _ = tx.rollback().await;
                return Err(KeyTaken);
            }
            Err(error) => {
                tracing::error!(%error, "recording the answer failed");
                let _ = tx.rollback().await;
                return Ok(self.give_up(record, Refusal::Unavailable).await);
            }
        }
        if self.layer.faults.take_commit_failure() {
            tracing::warn!("injected failure before commit");
            let _ = tx.rollback().await;
            return Ok(self.give_up(record, Refusal::App(AppError::Internal)).await);
        }
        if let Err(error) = tx.commit().await {
            tracing::error!(%error, "commit failed");
            return Ok(self.give_up(record, Refusal::Unavailable).await);
        }
        Ok(Response::from_parts(parts, Body::from(body)))
    }

    /// A new key's answer past the account's quota of stored answers is
    /// not kept, nor its work done (422): an account sending thousands of
    /// changes a day is a script. A key already kept is always answered.
    async fn room_for_the_answer(&self, tx: &mut Box<dyn Work>) -> Result<(), Refusal> {
        let user = self.request.claim.user_id;
        let max = self.layer.quotas.stored_answers;
        match tx.count(user, Counted::StoredAnswers).await {
            Ok(held) if held > max => {
                tracing::warn!(%user, max, "quota of stored answers reached");
                Err(Refusal::App(AppError::QuotaReached {
                    what: Counted::StoredAnswers,
                    max,
                }))
            }
            Ok(_) => Ok(()),
            Err(error) => {
                tracing::error!(%error, "counting stored answers failed");
                Err(Refusal::Unavailable)
            }
        }
    }

    /// The key has a row; the work was rolled back. What the row says: a
    /// stored answer to replay, a request still running (409), another
    /// request's key (422), or a claim whose request died, taken over so the
    /// work runs again under it.
    async fn as_the_row_says(&self) -> Response {
        let claim = &self.request.claim;
        match self.layer.storage.claim_key(claim).await {
            Ok(ClaimOutcome::Acquired) => match self.run(Record::Claimed).await {
                Ok(response) => response,
                // Our lease ran out too and yet another request took the key
                // over: it does the work; ours must not commit as well.
                Err(KeyTaken) => {
                    tracing::warn!(key = %claim.key, "idempotency claim lost before commit");
                    in_progress(1)
                }
            },
            Ok(ClaimOutcome::Completed(stored)) => replay(stored),
            Ok(ClaimOutcome::InProgress { locked_until }) => {
                in_progress((locked_until - claim.now).num_seconds().max(1) as u64)
            }
            Ok(ClaimOutcome::Mismatch) => Refusal::App(AppError::KeyReused).into_response(),
            Err(error) => {
                tracing::error!(%error, "reading an idempotency key failed");
                Refusal::Unavailable.into_response()
            }
        }
    }

    /// Answers `response`; a claim this request holds is freed first, so the
    /// retry need not wait for its lease.
    async fn give_up(&self, record: Record, response: impl IntoResponse) -> Response {
        if let Record::Claimed = record {
            let claim = &self.request.claim;
            let released = self
                .layer
                .storage
                .release_key(claim.user_id, &claim.key, claim.token);
            if let Err(error) = released.await {
                // The lease frees the key soon enough.
                tracing::warn!(%error, "releasing an idempotency key failed");
            }
        }
        response.into_response()
    }
}

/// 409: another request holds the key; try again after `retry_after_secs`.
fn in_progress(retry_after_secs: u64) -> Response {
    Refusal::App(AppError::KeyInProgress { retry_after_secs }).into_response()
}
