//! Where a request's idempotency key is read from (docs/design.md §3).

use app::domain::{IdempotencyKey, IdempotencyKeyError};
use app::protocol::{KEY_FIELD, KEY_HEADER};
use axum::body::Bytes;
use http::{header, HeaderMap};

/// The key of a request: the form field if the form carries one (it was
/// rendered with the form, so a double submit repeats it), else the header.
pub fn key_of(headers: &HeaderMap, body: &Bytes) -> Result<IdempotencyKey, IdempotencyKeyError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn form_headers() -> HeaderMap {
        let mut headers = HeaderMap::new();
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
