//! The server's time on every answer, in milliseconds (`x-tetrad-now`):
//! the service worker learns from it how far the phone's clock is off
//! (docs/design.md §2). `Date` says the same to the second, which is not
//! enough to order two taps a second apart on two devices.

use app::protocol::CLOCK_HEADER;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use http::HeaderValue;

pub async fn server_clock(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let now = chrono::Utc::now().timestamp_millis();
    if let Ok(value) = HeaderValue::from_str(&now.to_string()) {
        response.headers_mut().insert(CLOCK_HEADER, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    #[tokio::test]
    async fn every_answer_carries_the_servers_time_in_milliseconds() {
        let app = Router::new()
            .route("/", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn(server_clock));
        let before = chrono::Utc::now().timestamp_millis();
        let response = app
            .oneshot(
                Request::builder()
                    .uri("/")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        let after = chrono::Utc::now().timestamp_millis();
        let said: i64 = response.headers()[CLOCK_HEADER]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            (before..=after).contains(&said),
            "{before} <= {said} <= {after}"
        );
    }
}
