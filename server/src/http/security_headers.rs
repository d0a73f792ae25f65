//! The headers a browser needs to protect the app (issue 26, point 5), on
//! every answer: no guessing of content types, no `Referer` (a calendar
//! link is a secret in its URL), no framing, no camera or microphone,
//! HSTS when the site is served over HTTPS. Pages get their own
//! Content-Security-Policy, with the nonce their render recorded (app
//! `page_policy`);
//! a script's (binding the service worker) allows the site itself; any
//! other answer gets one that allows nothing. Pages and API answers
//! are the account's own: `Cache-Control: private, no-store` unless the
//! answer set its own (the worker keeps its copies in its own caches).

use app::ssr::page_policy::{self, PageNonce};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY,
    STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use http::{HeaderName, HeaderValue};

/// Whether the site is served over HTTPS (an `https` public URL).
#[derive(Clone, Copy)]
pub struct OverHttps(pub bool);

const PERMISSIONS_POLICY: HeaderName = HeaderName::from_static("permissions-policy");

pub async fn security_headers(
    State(OverHttps(https)): State<OverHttps>,
    mut request: Request,
    next: Next,
) -> Response {
    let api = request.uri().path().starts_with(app::protocol::API_PREFIX);
    let path = request.uri().path().to_owned();
    // A page's render tells its nonce here (app `page_policy::record`).
    let nonce = PageNonce::default();
    request.extensions_mut().insert(nonce.clone());
    let mut response = next.run(request).await;
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .unwrap_or_default();
    let page = content_type.starts_with("text/html");
    let status = response.status().as_u16();
    let script = content_type.contains("javascript");
    let headers = response.headers_mut();
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        PERMISSIONS_POLICY,
        HeaderValue::from_static("camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
    );
    if page {
        match nonce
            .get()
            .map(|nonce| HeaderValue::from_str(&page_policy::policy(&nonce)))
        {
            Some(Ok(policy)) => {
                headers.insert(CONTENT_SECURITY_POLICY, policy);
            }
            // A page no render of ours made (none is): it runs nothing.
            _ => tracing::error!(path, status, "a page answered without its nonce"),
        }
    }
    if !headers.contains_key(CONTENT_SECURITY_POLICY) {
        // A script's policy binds it only when it runs as a worker: the
        // service worker imports its policy file and fetches the site.
        let policy = if script {
            "default-src 'self'; frame-ancestors 'none'"
        } else {
            "default-src 'none'; frame-ancestors 'none'"
        };
        headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    }
    if https {
        headers.insert(
            STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    if (page || api) && !headers.contains_key(CACHE_CONTROL) {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    }
    response
}
