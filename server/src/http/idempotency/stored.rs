//! An answer as it is kept with its key, and as it is given back to every
//! repeat (docs/design.md §3: same status, same body, marked replayed).

use app::protocol::REPLAYED_HEADER;
use app::ssr::idempotency::{StoredResponse, REPLAYED_HEADERS};
use axum::body::Bytes;
use axum::response::{IntoResponse, Response};
use http::response::Parts;
use http::{header, HeaderName, HeaderValue, StatusCode};

/// Answers larger than this are not stored (none of Tetrad's come close).
pub const MAX_STORED_BODY: usize = 1024 * 1024;

/// What is kept of an answer: its status, the headers that carry meaning
/// for the client (`REPLAYED_HEADERS`), and its body.
pub fn stored(parts: &Parts, body: &Bytes) -> StoredResponse {
    StoredResponse {
        status: parts.status.as_u16(),
        headers: REPLAYED_HEADERS
            .iter()
            .filter_map(|name| {
                let value = parts.headers.get(*name)?.to_str().ok()?;
                Some((name.to_string(), value.to_owned()))
            })
            .collect(),
        body: body.to_vec(),
    }
}

/// The stored answer, marked `Idempotency-Replayed: 1`.
pub fn replay(stored: StoredResponse) -> Response {
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
