//! A deadline on rendering a page. A page whose render never ends would
//! hang the request until the browser gives up. The one cause seen so far
//! is fixed where it was (a process-wide flag, `startup::route_list`); this
//! stays as the guard against any other. A page read is safe to do again,
//! so a GET whose answer has not begun within `SECOND_RENDER_AFTER` is
//! rendered once more, beside the first: whichever answers first is the
//! answer. A render that is only slow (a busy machine) is not thrown away:
//! a second render on the same busy machine would be as slow. Two renders
//! that have not answered within `ANSWER_WITHIN` are answered 503 (the
//! service worker then shows the kept page), never left hanging. Each
//! render runs in a task of its own (`whole_render.rs`): one the request
//! stops waiting for is left to end there, not dropped in the middle.

use crate::http::whole_render;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures::stream::{FuturesUnordered, StreamExt};
use http::{Method, StatusCode};
use std::time::Duration;

/// A page renders in milliseconds; seconds mean it may never.
pub const SECOND_RENDER_AFTER: Duration = Duration::from_secs(4);

/// How long the two renders have in all. Under the service worker's wait
/// for a page it has no copy of (20 s): the person sees this answer, not
/// the worker giving up.
const ANSWER_WITHIN: Duration = Duration::from_secs(15);

pub async fn render_deadline(request: Request, next: Next) -> Response {
    if request.method() != Method::GET {
        return next.run(request).await;
    }
    // A GET carries no body: its head is all it takes to ask again.
    let (parts, _) = request.into_parts();
    let path = parts.uri.path().to_owned();
    let render = || {
        whole_render::spawn(
            next.clone(),
            Request::from_parts(parts.clone(), Body::empty()),
        )
    };

    let mut renders = FuturesUnordered::from_iter([render()]);
    let second_render = tokio::time::sleep(SECOND_RENDER_AFTER);
    let give_up = tokio::time::sleep(ANSWER_WITHIN);
    tokio::pin!(second_render, give_up);
    let mut second_started = false;
    loop {
        tokio::select! {
            Some(ended) = renders.next() => match ended {
                Ok(Some(response)) => return response,
                // Given up by `whole_render` itself, long after ours.
                Ok(None) => {}
                Err(failed) => tracing::error!(path, %failed, "a render failed"),
            },
            () = &mut second_render, if !second_started => {
                tracing::warn!(path, "a render is late; a second one runs beside it");
                renders.push(render());
                second_started = true;
            }
            () = &mut give_up => {
                tracing::warn!(path, "no render answered; both left to end");
                break;
            }
        }
        // A render that failed outright (a panic) is not tried again: the
        // same page would fail the same way.
        if renders.is_empty() {
            break;
        }
    }
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "Страница не собралась — обновите её / The page did not render; reload it",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::any;
    use axum::Router;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use tower::ServiceExt;

    /// A route whose `n`th answer (from 0) takes `takes(n)`: `None` hangs.
    fn page(takes: fn(usize) -> Option<Duration>) -> (Router, Arc<AtomicUsize>) {
        let renders = Arc::new(AtomicUsize::new(0));
        let counted = renders.clone();
        let handler = move || {
            let n = counted.fetch_add(1, Ordering::SeqCst);
            async move {
                match takes(n) {
                    Some(time) => tokio::time::sleep(time).await,
                    None => std::future::pending().await,
                }
                format!("render {n}")
            }
        };
        let app = Router::new()
            .route("/", any(handler))
            .layer(axum::middleware::from_fn(render_deadline));
        (app, renders)
    }

    async fn ask(app: Router, method: Method) -> (StatusCode, String, Duration) {
        let started = tokio::time::Instant::now();
        let request = Request::builder()
            .method(method)
            .uri("/")
            .body(Body::empty())
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        (
            status,
            String::from_utf8(body.to_vec()).unwrap(),
            started.elapsed(),
        )
    }

    #[tokio::test(start_paused = true)]
    async fn a_render_that_hangs_is_answered_by_a_second_one() {
        let (app, renders) = page(|n| (n > 0).then_some(Duration::from_millis(50)));
        let (status, body, took) = ask(app, Method::GET).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "render 1"));
        assert_eq!(took, SECOND_RENDER_AFTER + Duration::from_millis(50));
        assert_eq!(renders.load(Ordering::SeqCst), 2);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_render_is_not_thrown_away_when_the_second_is_as_slow() {
        // A busy machine: every render takes seven seconds.
        let (app, renders) = page(|_| Some(Duration::from_secs(7)));
        let (status, body, took) = ask(app, Method::GET).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "render 0"));
        assert_eq!(took, Duration::from_secs(7));
        assert_eq!(renders.load(Ordering::SeqCst), 2);
    }

    #[tokio::test(start_paused = true)]
    async fn a_quick_render_is_rendered_once() {
        let (app, renders) = page(|_| Some(Duration::from_millis(20)));
        let (status, body, _) = ask(app, Method::GET).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "render 0"));
        // Past the moment a second render would have started.
        tokio::time::sleep(SECOND_RENDER_AFTER * 2).await;
        assert_eq!(renders.load(Ordering::SeqCst), 1);
    }

    #[tokio::test(start_paused = true)]
    async fn renders_that_never_answer_get_a_503_in_bounded_time_and_no_third_try() {
        let (app, renders) = page(|_| None);
        let (status, body, took) = ask(app, Method::GET).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(body.contains("reload"), "{body}");
        assert_eq!(took, ANSWER_WITHIN);
        assert_eq!(renders.load(Ordering::SeqCst), 2);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_mutation_is_never_sent_twice() {
        let (app, calls) = page(|_| Some(SECOND_RENDER_AFTER * 2));
        let (status, body, _) = ask(app, Method::POST).await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "render 0"));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }
}
