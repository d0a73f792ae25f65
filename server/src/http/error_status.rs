//! The right status for every refusal. server_fn answers some errors
//! itself — a request whose arguments do not decode never reaches Tetrad's
//! code — and always with 500. This layer reads such an answer's `AppError`
//! and gives it the status that error has (400 for bad input), so bad input
//! is never reported as a server failure and the outbox drops it instead of
//! retrying it forever. The idempotency layer reads answers the same way
//! (`idempotency/outcome.rs`), with the two functions below.

use app::error::AppError;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use http::{response, HeaderMap, StatusCode};
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
    if let Some(Ok(error)) = server_fn_error(&parts.headers, &bytes) {
        give_status(&mut parts, &error);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// The error a server function answered with, if the answer is one:
/// server_fn marks every error answer with its header, and its body is the
/// `AppError` (app/src/error/wire.rs). `Some(Err)`: an error answer that
/// cannot be read.
pub fn server_fn_error(
    headers: &HeaderMap,
    body: &[u8],
) -> Option<Result<AppError, serde_json::Error>> {
    headers
        .contains_key(SERVER_FN_ERROR_HEADER)
        .then(|| serde_json::from_slice::<AppError>(body))
}

/// Gives server_fn's 500 the status and headers of the error it carries. A
/// refusal through `Call::reject` has them already, and any other status
/// (a form post's redirect) is the function's own: both are left alone.
pub fn give_status(parts: &mut response::Parts, error: &AppError) {
    if parts.status == StatusCode::INTERNAL_SERVER_ERROR {
        parts.status = error.http_status();
        parts.headers.extend(error.headers());
    }
}
