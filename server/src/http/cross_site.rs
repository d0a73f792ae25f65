//! Protection against cross-site request forgery.
//!
//! Every request that can change something (anything but GET, HEAD, OPTIONS)
//! must come from the site's own pages. Browsers say where a request comes
//! from: `Sec-Fetch-Site` (all current browsers) and `Origin` (sent on every
//! POST). A request with neither header does not come from a browser, so it
//! carries no ambient cookies to abuse and passes. Together with the
//! `SameSite=Lax` session cookie this needs no token in pages or forms.

use app::error::AppError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::{header, HeaderMap, Method, StatusCode};
use server_fn::error::FromServerFnError;
use std::sync::Arc;

/// Origins other than the request's own `Host` that may send requests
/// (the public URL when the app runs behind a proxy that rewrites `Host`).
#[derive(Clone, Debug, Default)]
pub struct TrustedOrigins(pub Arc<Vec<String>>);

#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    Refused(&'static str),
}

pub fn judge(method: &Method, headers: &HeaderMap, trusted: &TrustedOrigins) -> Verdict {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Verdict::Allowed;
    }
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = text("sec-fetch-site") {
        return match site {
            "same-origin" | "none" => Verdict::Allowed,
            _ => Verdict::Refused("Sec-Fetch-Site is not same-origin"),
        };
    }
    let Some(origin) = text(header::ORIGIN.as_str()) else {
        return Verdict::Allowed;
    };
    let origin = origin.to_ascii_lowercase();
    let host = text(header::HOST.as_str()).map(str::to_ascii_lowercase);
    let authority = origin.split_once("://").map(|(_, rest)| rest);
    if authority.is_some() && authority == host.as_deref() {
        return Verdict::Allowed;
    }
    if trusted.0.contains(&origin) {
        return Verdict::Allowed;
    }
    Verdict::Refused("Origin does not match the site")
}

pub async fn refuse_cross_site(
    State(trusted): State<TrustedOrigins>,
    request: Request,
    next: Next,
) -> Response {
    match judge(request.method(), request.headers(), &trusted) {
        Verdict::Allowed => next.run(request).await,
        Verdict::Refused(reason) => {
            tracing::warn!(reason, path = %request.uri().path(), "cross-site request refused");
            // Encoded as a server function encodes errors, so the app's own client
            // reads it like any other error.
            let body = Body::from(AppError::CrossSite.ser());
            (
                StatusCode::FORBIDDEN,
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn post(pairs: &[(&'static str, &'static str)]) -> Verdict {
        judge(&Method::POST, &headers(pairs), &TrustedOrigins::default())
    }

    #[test]
    fn reads_are_never_refused() {
        let h = headers(&[("sec-fetch-site", "cross-site")]);
        assert_eq!(
            judge(&Method::GET, &h, &TrustedOrigins::default()),
            Verdict::Allowed
        );
    }

    #[test]
    fn a_post_from_the_sites_own_page_passes() {
        assert_eq!(post(&[("sec-fetch-site", "same-origin")]), Verdict::Allowed);
        assert_eq!(
            post(&[
                ("origin", "http://localhost:3000"),
                ("host", "localhost:3000")
            ]),
            Verdict::Allowed
        );
    }

    #[test]
    fn a_post_from_another_site_is_refused() {
        assert!(matches!(
            post(&[("sec-fetch-site", "cross-site")]),
            Verdict::Refused(_)
        ));
        assert!(matches!(
            post(&[("sec-fetch-site", "same-site")]),
            Verdict::Refused(_)
        ));
        assert!(matches!(
            post(&[
                ("origin", "https://evil.example"),
                ("host", "localhost:3000")
            ]),
            Verdict::Refused(_)
        ));
        assert!(matches!(
            post(&[("origin", "null"), ("host", "localhost:3000")]),
            Verdict::Refused(_)
        ));
    }

    #[test]
    fn the_public_origin_behind_a_proxy_is_trusted() {
        let trusted = TrustedOrigins(Arc::new(vec!["https://tetrad.example".into()]));
        let h = headers(&[
            ("origin", "https://tetrad.example"),
            ("host", "10.0.0.5:3000"),
        ]);
        assert_eq!(judge(&Method::POST, &h, &trusted), Verdict::Allowed);
    }

    #[test]
    fn a_client_that_is_not_a_browser_passes() {
        assert_eq!(post(&[("host", "localhost:3000")]), Verdict::Allowed);
    }
}
