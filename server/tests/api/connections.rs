//! Every connection within limits (issue 26, point 3): a client trickling
//! its headers or its body, or holding a connection idle, is cut off while
//! everyone else is answered; past the cap, connections wait their turn.
//! The limits are the server's, whatever the database: these run on SQLite.

use crate::support::spawn::{spawn_app_with, TestApp};
use crate::support::Backend;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn with_limits(header_secs: u64, request_secs: u64, max_connections: usize) -> TestApp {
    spawn_app_with(Backend::Sqlite, |config| {
        config.limits.header_read = Duration::from_secs(header_secs);
        config.limits.request = Duration::from_secs(request_secs);
        config.limits.max_connections = max_connections;
    })
    .await
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// Everything the server sends until it closes the connection (or `limit`
/// passes: then `None`, the connection still open).
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(limit, async {
        let mut buffer = [0u8; 1024];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => answer.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    read.ok()
        .map(|()| String::from_utf8_lossy(&answer).into_owned())
}

async fn healthy(app: &TestApp) -> bool {
    let client = reqwest::Client::new();
    matches!(client.get(app.url("/healthz")).send().await, Ok(r) if r.status().is_success())
}

#[tokio::test]
async fn a_client_sending_its_headers_a_byte_at_a_time_is_cut_off_while_others_are_answered() {
    let app = with_limits(1, 30, 64).await;
    let mut slow = connect(&app).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: tetrad\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    // One more byte of a header every 200 ms, for as long as the server
    // listens (a slowloris keeps every connection it opens alive this way).
    let mut trickled = 0;
    while started.elapsed() < Duration::from_secs(10) {
        if slow.write_all(b"x").await.is_err() {
            break;
        }
        trickled += 1;
        assert!(healthy(&app).await, "others are answered meanwhile");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let answer = read_until_closed(&mut slow, Duration::from_secs(5)).await;
    assert!(answer.is_some(), "the server closed the connection");
    assert!(
        !answer.unwrap_or_default().contains("200 OK"),
        "and never answered the trickled request"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "cut off after {trickled} bytes, long before the client gave up"
    );
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_header_deadline() {
    let app = with_limits(1, 30, 64).await;
    let mut idle = connect(&app).await;
    let closed = read_until_closed(&mut idle, Duration::from_secs(10)).await;
    assert!(closed.is_some(), "an idle connection is not kept for ever");
}

#[tokio::test]
async fn a_body_trickled_past_the_request_deadline_is_answered_408() {
    let app = with_limits(10, 1, 64).await;
    let mut slow = connect(&app).await;
    slow.write_all(
        b"POST /api/auth/signin HTTP/1.1\r\nHost: tetrad\r\nOrigin: http://tetrad\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nusername=",
    )
    .await
    .unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if slow.write_all(b"a").await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let answer = read_until_closed(&mut slow, Duration::from_secs(5))
        .await
        .expect("the server ended the request");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

#[tokio::test]
async fn past_the_cap_a_connection_waits_until_one_closes() {
    let app = with_limits(30, 30, 2).await;
    let first = connect(&app).await;
    let _second = connect(&app).await;
    let waiting = tokio::spawn({
        let url = app.url("/healthz");
        async move { reqwest::get(url).await.map(|r| r.status()) }
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !waiting.is_finished(),
        "not served while both places are taken"
    );
    drop(first);
    let status = tokio::time::timeout(Duration::from_secs(10), waiting)
        .await
        .expect("served once a place is free")
        .unwrap()
        .unwrap();
    assert!(status.is_success());
}
