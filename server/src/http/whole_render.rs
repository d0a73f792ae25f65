//! A page render runs to its end, even when nobody waits for it any more.
//!
//! Leptos renders a page under a reactive owner that lives as long as the
//! request's future and its body. Its `Suspense` walks the page again from
//! a task of its own once the page's data arrives. When the browser goes
//! away mid-render (a closed tab, a reload, the service worker's fetch cut
//! off) hyper drops the request's future, the owner with it, and that task
//! then reads a row's memo the owner already disposed: a panic (issue 25,
//! point 12). So a render runs in a task of its own, which the request only
//! waits on, and a page's body nobody reads is read to its end in the
//! background: the owner is disposed only when the render is over.
//!
//! A render that never ends (see `render_deadline.rs`) is dropped after
//! `GIVE_UP`, long after its work would have run.

use axum::body::{Body, BodyDataStream, Bytes};
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use futures::{Stream, StreamExt};
use http::header::CONTENT_TYPE;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::task::JoinHandle;

/// How long a render, or the rest of a page's body, may run unwatched.
const GIVE_UP: Duration = Duration::from_secs(30);

/// Starts rendering `request` in a task of its own; its page answers, if it
/// comes, carry a body that is read to its end even when dropped. `None`:
/// the render was given up after `GIVE_UP`.
pub fn spawn(next: Next, request: Request) -> JoinHandle<Option<Response>> {
    let path = request.uri().path().to_owned();
    tokio::spawn(async move {
        match tokio::time::timeout(GIVE_UP, next.run(request)).await {
            Ok(response) => Some(read_to_the_end(response)),
            Err(_) => {
                tracing::warn!(path, "a render never ended; dropped");
                None
            }
        }
    })
}

/// A page's body (HTML, streamed as the render goes) is read to its end;
/// anything else is left as it is (files keep their length).
fn read_to_the_end(response: Response) -> Response {
    let is_page = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    if !is_page {
        return response;
    }
    response.map(|body| {
        Body::from_stream(ToTheEnd {
            rest: Some(body.into_data_stream()),
        })
    })
}

/// A body that, dropped before its end, has a task read the rest.
struct ToTheEnd {
    rest: Option<BodyDataStream>,
}

impl Stream for ToTheEnd {
    type Item = Result<Bytes, axum::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let Some(rest) = self.rest.as_mut() else {
            return Poll::Ready(None);
        };
        let next = rest.poll_next_unpin(cx);
        if let Poll::Ready(None) = next {
            self.rest = None;
        }
        next
    }
}

impl Drop for ToTheEnd {
    fn drop(&mut self) {
        let Some(mut rest) = self.rest.take() else {
            return;
        };
        // Outside a runtime (the server shutting down) there is nothing
        // left to finish for.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let read = async { while rest.next().await.is_some() {} };
                if tokio::time::timeout(GIVE_UP, read).await.is_err() {
                    tracing::warn!("a page's body never ended; dropped");
                }
            });
        }
    }
}
