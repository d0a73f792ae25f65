//! `GET /healthz`: 200 when the app can reach its database, 503 otherwise.
//! Load balancers use it to send traffic only to instances that can serve it.

use app::ssr::storage::Storage;
use axum::response::IntoResponse;
use http::StatusCode;
use std::sync::Arc;

pub async fn healthz(storage: Arc<dyn Storage>) -> impl IntoResponse {
    match storage.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(error) => {
            tracing::error!(%error, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}
