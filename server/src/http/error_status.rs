//! The right status for every refusal. server_fn answers some errors
//! itself — a request whose arguments do not decode never reaches Tetrad's
//! code — and always with 500. This layer reads such an answer's `AppError`
//! and gives it the status that error has (400 for bad input), so bad input
//! is never reported as a server failure and the outbox drops it instead of
//! retrying it forever.

use app::error::AppError;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use http::StatusCode;
use server_fn::error::SERVER_FN_ERROR_HEADER;

/// Error answers are a few hundred bytes; anything larger is left alone.
const MAX_ERROR_BYTES: usize = 16 * 1024;

pub async fn error_status(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.status() != StatusCode::INTERNAL_SERVER_ERROR
        || !response.headers().contains_key(SERVER_FN_ERROR_HEADER)
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_ERROR_BYTES).await else {
        return Response::from_parts(parts, Body::empty());
    };
    if let Ok(error) = serde_json::from_slice::<AppError>(&bytes) {
        parts.status = error.http_status();
        parts.headers.extend(error.headers());
    }
    Response::from_parts(parts, Body::from(bytes))
}
