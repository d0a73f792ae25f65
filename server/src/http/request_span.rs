//! Each request's span: its method and path, the idempotency key of a
//! change, and the account once it is known, so "what happened to this
//! tap" is one search in the log, for the key or for the account (issue
//! 27, point 6). A calendar link's path is a secret and is not written.

use axum::extract::Request;
use tracing::field::Empty;
use tracing::Span;

/// The span a request runs in (`TraceLayer::make_span_with`).
pub fn request_span(request: &Request) -> Span {
    let key = request
        .headers()
        .get("idempotency-key")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %shown_path(request.uri().path()),
        key = %key,
        // Recorded once known: app::ssr::trace::record_account.
        account = Empty,
    )
}

/// The path as the log may keep it: a calendar link's token is a secret
/// (anyone holding it reads the calendar), so only its prefix is written.
fn shown_path(path: &str) -> &str {
    if path.starts_with("/calendar/") {
        "/calendar/…"
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::shown_path;

    #[test]
    fn a_calendar_links_token_is_never_written() {
        assert_eq!(shown_path("/calendar/abcDEF123.ics"), "/calendar/…");
        assert_eq!(shown_path("/api/tasks/add"), "/api/tasks/add");
    }
}
