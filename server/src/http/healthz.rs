//! `GET /healthz`: 200 when the app can reach its database, 503 otherwise,
//! and 503 from the moment it starts draining for a stop (a deploy):
//! load balancers use it to send traffic only to instances that can serve it.

use app::ssr::storage::Storage;
use axum::response::IntoResponse;
use http::StatusCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether this instance is draining: stopping, finishing what it has.
#[derive(Clone, Debug, Default)]
pub struct Draining(Arc<AtomicBool>);

impl Draining {
    pub fn start(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_on(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

pub async fn healthz(storage: Arc<dyn Storage>, draining: Draining) -> impl IntoResponse {
    if draining.is_on() {
        return (StatusCode::SERVICE_UNAVAILABLE, "draining");
    }
    match storage.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(error) => {
            tracing::error!(%error, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}
