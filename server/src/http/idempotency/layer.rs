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
use app::ssr::keyed::{KeyedUser, KeyedWork};
use app::ssr::quotas::Quotas;
use app::ssr::storage::{Storage, Work};
use app::ssr::windows::Windows;
use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct Idempotency {
    pub storage: Arc<dyn Storage>,
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
    let request = match KeyedRequest::read(request).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    if let Err(refusal) = layer.admit(request.record.user_id) {
        return refusal.into_response();
    }
    let keyed = Keyed {
        layer: &layer,
        request: &request,
        next: &next,
    };
    let response = keyed.answer().await;
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

/// The key already has a row, so this request's work was rolled back.
struct KeyTaken;

/// One keyed request.
struct Keyed<'a> {
    layer: &'a Idempotency,
    request: &'a KeyedRequest,
    next: &'a Next,
}

impl Keyed<'_> {
    /// The answer: the work's, done now, or the one the key's row keeps.
    /// A row that went between the two (deleted as old) lets the work run
    /// once more.
    async fn answer(&self) -> Response {
        for _ in 0..2 {
            match self.run().await {
                Ok(response) => return response,
                Err(KeyTaken) => {
                    if let Some(response) = self.as_the_row_says().await {
                        return response;
                    }
                }
            }
        }
        tracing::error!(key = %self.request.record.key, "a key's row kept vanishing");
        Refusal::Unavailable.into_response()
    }

    /// Runs the mutation in a unit of work, records the key with its answer
    /// and commits both, or neither.
    async fn run(&self) -> Result<Response, KeyTaken> {
        let work = match self.layer.storage.begin().await {
            Ok(work) => KeyedWork::new(work),
            Err(error) => {
                tracing::error!(%error, "starting a unit of work failed");
                return Ok(Refusal::Unavailable.into_response());
            }
        };
        let KeyedRequest {
            parts,
            body,
            record,
        } = self.request;
        let mut request = Request::from_parts(parts.clone(), Body::from(body.clone()));
        request.extensions_mut().insert(KeyedUser(record.user_id));
        request.extensions_mut().insert(work.clone());
        let response = self.next.clone().run(request).await;
        self.finish(work, response).await
    }

    async fn finish(&self, work: KeyedWork, response: Response) -> Result<Response, KeyTaken> {
        let (mut parts, body) = response.into_parts();
        let Ok(body) = to_bytes(body, MAX_STORED_BODY).await else {
            tracing::error!("an answer too large to store");
            return Ok(Refusal::Unavailable.into_response());
        };
        let Some(mut tx) = work.take().await else {
            return Ok(Refusal::Unavailable.into_response());
        };
        let outcome = Outcome::of(&parts, &body);
        if outcome == Outcome::Fault {
            // Not an answer to keep: roll back, and let the retry run again.
            let _ = tx.rollback().await;
            return Ok(Response::from_parts(parts, Body::from(body)));
        }
        outcome.settle(&mut parts);
        let stored = stored(&parts, &body);
        match tx.record_key(&self.request.record, &stored).await {
            Ok(true) => {
                if let Err(refusal) = self.room_for_the_answer(&mut tx).await {
                    let _ = tx.rollback().await;
                    return Ok(refusal.into_response());
                }
            }
            Ok(false) => {
                let _ = tx.rollback().await;
                return Err(KeyTaken);
            }
            Err(error) => {
                tracing::error!(%error, "recording the answer failed");
                let _ = tx.rollback().await;
                return Ok(Refusal::Unavailable.into_response());
            }
        }
        if self.layer.faults.take_commit_failure() {
            tracing::warn!("injected failure before commit");
            let _ = tx.rollback().await;
            return Ok(Refusal::App(AppError::Internal).into_response());
        }
        if let Err(error) = tx.commit().await {
            tracing::error!(%error, "commit failed");
            return Ok(Refusal::Unavailable.into_response());
        }
        Ok(Response::from_parts(parts, Body::from(body)))
    }

    /// A new key's answer past the account's quota of stored answers is
    /// not kept, nor its work done (422): an account sending thousands of
    /// changes a day is a script. A key already kept is always answered.
    async fn room_for_the_answer(&self, tx: &mut Box<dyn Work>) -> Result<(), Refusal> {
        let user = self.request.record.user_id;
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

    /// The key has a row; the work was rolled back. What the row says:
    /// the stored answer to replay, or 422 for another request's key.
    /// `None` when the row is gone.
    async fn as_the_row_says(&self) -> Option<Response> {
        let record = &self.request.record;
        match self
            .layer
            .storage
            .find_key(record.user_id, &record.key)
            .await
        {
            Ok(Some(row)) if row.fingerprint != record.fingerprint => {
                Some(Refusal::App(AppError::KeyReused).into_response())
            }
            Ok(Some(row)) => Some(replay(row.answer)),
            Ok(None) => None,
            Err(error) => {
                tracing::error!(%error, "reading an idempotency key failed");
                Some(Refusal::Unavailable.into_response())
            }
        }
    }
}
