//! Serving connections, each within limits (issue 26, point 3). A client
//! that sends its headers a byte at a time (slowloris), or keeps an idle
//! connection open, is cut off once the header deadline passes: hyper's
//! header timer runs from the moment a connection waits for a request's
//! head, so it covers the first request and the idle time between two.
//! At most so many connections are served at once; the next ones wait in
//! the kernel's backlog until one closes. (Whole requests and their bodies
//! have deadlines of their own: the layers in `startup.rs`.)
//!
//! HTTP/1.1 only: browsers speak HTTP/2 to the TLS proxy in front, never
//! in clear text to this server, and detecting HTTP/2 would read the first
//! bytes before any timer runs.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The limits on each connection.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A request's head must arrive within this (and an idle connection
    /// is closed after it).
    pub header_read: Duration,
    /// A request must be answered within this (408 otherwise).
    pub request: Duration,
    /// Connections served at once.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            header_read: Duration::from_secs(10),
            request: Duration::from_secs(30),
            max_connections: 1024,
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes; then stops
/// accepting (new connections are refused) and waits for the open ones to
/// finish their requests.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = accept(&listener, &open) => accepted,
        };
        let Some((stream, client, place)) = accepted else {
            continue;
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            // Where the request came from (http/client_address.rs reads it).
            request.extensions_mut().insert(ConnectInfo(client));
            router.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %client, "connection ended");
            }
            drop(place);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// The next connection, once one of the places is free; `None` when the
/// accept failed (too many open files, a connection reset before it was
/// taken), after a short pause so a persistent failure does not spin.
async fn accept(
    listener: &TcpListener,
    open: &Arc<Semaphore>,
) -> Option<(
    tokio::net::TcpStream,
    SocketAddr,
    tokio::sync::OwnedSemaphorePermit,
)> {
    let place = open.clone().acquire_owned().await.ok()?;
    match listener.accept().await {
        Ok((stream, client)) => Some((stream, client, place)),
        Err(error) => {
            tracing::warn!(%error, "accepting a connection failed");
            tokio::time::sleep(Duration::from_millis(50)).await;
            None
        }
    }
}
