//! The key-layer benchmark's baseline (server/benches/mutations.rs): the
//! same session, unit of work and reading of the answer as `layer.rs`, with
//! no key recorded. Compiled only with the `bench-no-keys` feature,
//! which only that benchmark turns on (server/Cargo.toml): a production
//! build has no way to run without keys.

use super::layer::Idempotency;
use super::outcome::Outcome;
use super::policy::needs_key;
use super::refusal::Refusal;
use super::request::{session_of, signed_in};
use super::stored::MAX_STORED_BODY;
use app::ssr::keyed::{KeyedUser, KeyedWork};
use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub async fn unkeyed_mutations(
    State(layer): State<Idempotency>,
    mut request: Request,
    next: Next,
) -> Response {
    if !needs_key(request.method(), request.uri().path()) {
        return next.run(request).await;
    }
    let user = match session_of(&mut request).and_then(signed_in) {
        Ok(user) => user,
        Err(refusal) => return refusal.into_response(),
    };
    let work = match layer.storage.begin().await {
        Ok(work) => KeyedWork::new(work),
        Err(_) => return Refusal::Unavailable.into_response(),
    };
    request.extensions_mut().insert(KeyedUser(user.user_id));
    request.extensions_mut().insert(work.clone());
    let (mut parts, body) = next.run(request).await.into_parts();
    let Ok(body) = to_bytes(body, MAX_STORED_BODY).await else {
        return Refusal::Unavailable.into_response();
    };
    let outcome = Outcome::of(&parts, &body);
    outcome.settle(&mut parts);
    match work.take().await {
        Some(tx) if outcome != Outcome::Fault => match tx.commit().await {
            Ok(()) => Response::from_parts(parts, Body::from(body)),
            Err(_) => Refusal::Unavailable.into_response(),
        },
        _ => Response::from_parts(parts, Body::from(body)),
    }
}
