//! A deadline on rendering a page. Leptos's server renderer, rarely (about
//! one page in five thousand, rendered twelve at a time on four threads),
//! never wakes to finish a page whose data it already has: the request
//! would hang until the browser gives up. A page read is safe to do again,
//! so a GET whose answer has not begun within `DEADLINE` is rendered once
//! more; a second one that also hangs is answered 503 (the service worker
//! then shows the kept page), never left hanging. Each render runs in a
//! task of its own (`whole_render.rs`): one the request stops waiting for
//! is left to end there, not dropped in the middle.

use crate::http::whole_render;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::{Method, StatusCode};
use std::time::Duration;

/// A page renders in milliseconds; seconds mean it never will.
const DEADLINE: Duration = Duration::from_secs(4);

pub async fn render_deadline(request: Request, next: Next) -> Response {
    if request.method() != Method::GET {
        return next.run(request).await;
    }
    // A GET carries no body: its head is all it takes to ask again.
    let (parts, _) = request.into_parts();
    for attempt in 1..=2 {
        let request = Request::from_parts(parts.clone(), Body::empty());
        let mut render = whole_render::spawn(next.clone(), request);
        match tokio::time::timeout(DEADLINE, &mut render).await {
            Ok(Ok(Some(response))) => return response,
            Ok(Ok(None)) => break,
            Ok(Err(failed)) => {
                tracing::error!(path = parts.uri.path(), %failed, "a render failed");
                break;
            }
            Err(_) => tracing::warn!(
                path = parts.uri.path(),
                attempt,
                "a render hung; left to end"
            ),
        }
    }
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "Страница не собралась — обновите её / The page did not render; reload it",
    )
        .into_response()
}
