//! Protection against cross-site request forgery.
//!
//! Every request that can change something (anything but GET, HEAD, OPTIONS)
//! must come from the site's own pages. Browsers say where a request comes
//! from: `Sec-Fetch-Site` (all current browsers) and `Origin` (sent on every
//! POST). `Origin` is compared whole, by scheme, host and port, so a page
//! served over plain HTTP on the same host cannot post to the HTTPS site. A
//! request with neither header is refused: every browser this app supports
//! sends one, and a client that is not a browser can send `Origin` itself.
//! Together with the `SameSite=Lax` session cookie this needs no token in
//! pages or forms.

use app::error::AppError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::{header, HeaderMap, Method, StatusCode};
use server_fn::error::FromServerFnError;
use std::sync::Arc;

/// Where the site's own pages are: its scheme, and the origins other than
/// the request's own `Host` that may send requests (the public URL when the
/// app runs behind a proxy that rewrites `Host`).
#[derive(Clone, Debug, Default)]
pub struct SiteOrigins {
    /// Whether people reach the site over HTTPS (an `https` public URL).
    pub https: bool,
    pub trusted: Arc<Vec<Origin>>,
}

/// A web origin: scheme, host and port (the scheme's own when not said).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
    port: u16,
}

impl Origin {
    /// `scheme://host[:port]`; `None` for anything else (`null` among them).
    pub fn parse(text: &str) -> Option<Self> {
        let (scheme, authority) = text.split_once("://")?;
        let scheme = scheme.to_ascii_lowercase();
        Self::at(&scheme, authority)
    }

    /// The origin of `authority` (`host[:port]`, as in `Host`) under `scheme`.
    fn at(scheme: &str, authority: &str) -> Option<Self> {
        let default_port = match scheme {
            "http" => 80,
            "https" => 443,
            _ => return None,
        };
        let authority = authority.to_ascii_lowercase();
        // An IPv6 host is bracketed: its colons are not the port's.
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => (host.to_owned(), port.parse().ok()?),
            _ => (authority.clone(), default_port),
        };
        if host.is_empty() || host.contains(['/', '@', '?', '#']) {
            return None;
        }
        Some(Self {
            scheme: scheme.to_owned(),
            host,
            port,
        })
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    Refused(&'static str),
}

pub fn judge(method: &Method, headers: &HeaderMap, site: &SiteOrigins) -> Verdict {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Verdict::Allowed;
    }
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(fetch_site) = text("sec-fetch-site") {
        return match fetch_site {
            "same-origin" | "none" => Verdict::Allowed,
            _ => Verdict::Refused("Sec-Fetch-Site is not same-origin"),
        };
    }
    let Some(origin) = text(header::ORIGIN.as_str()) else {
        return Verdict::Refused("neither Origin nor Sec-Fetch-Site");
    };
    let Some(origin) = Origin::parse(origin) else {
        return Verdict::Refused("Origin is not a site");
    };
    let scheme = if site.https { "https" } else { "http" };
    let own = text(header::HOST.as_str()).and_then(|host| Origin::at(scheme, host));
    if own.as_ref() == Some(&origin) || site.trusted.contains(&origin) {
        return Verdict::Allowed;
    }
    Verdict::Refused("Origin does not match the site")
}

pub async fn refuse_cross_site(
    State(site): State<SiteOrigins>,
    request: Request,
    next: Next,
) -> Response {
    match judge(request.method(), request.headers(), &site) {
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
        judge(&Method::POST, &headers(pairs), &SiteOrigins::default())
    }

    fn refused(verdict: Verdict) -> bool {
        matches!(verdict, Verdict::Refused(_))
    }

    #[test]
    fn reads_are_never_refused() {
        let h = headers(&[("sec-fetch-site", "cross-site")]);
        assert_eq!(
            judge(&Method::GET, &h, &SiteOrigins::default()),
            Verdict::Allowed
        );
    }

    #[test]
    fn a_post_from_the_sites_own_page_passes() {
        assert_eq!(post(&[("sec-fetch-site", "same-origin")]), Verdict::Allowed);
        let own = [
            ("origin", "http://localhost:3000"),
            ("host", "localhost:3000"),
        ];
        assert_eq!(post(&own), Verdict::Allowed);
        let default_port = [
            ("origin", "http://Tetrad.Example"),
            ("host", "tetrad.example:80"),
        ];
        assert_eq!(post(&default_port), Verdict::Allowed);
    }

    #[test]
    fn a_post_from_another_site_is_refused() {
        assert!(refused(post(&[("sec-fetch-site", "cross-site")])));
        assert!(refused(post(&[("sec-fetch-site", "same-site")])));
        assert!(refused(post(&[
            ("origin", "https://evil.example"),
            ("host", "localhost:3000")
        ])));
        assert!(refused(post(&[
            ("origin", "null"),
            ("host", "localhost:3000")
        ])));
    }

    #[test]
    fn the_origin_must_match_by_scheme_host_and_port() {
        let over_https = SiteOrigins {
            https: true,
            ..SiteOrigins::default()
        };
        let from = |origin: &'static str| {
            let h = headers(&[("origin", origin), ("host", "tetrad.example")]);
            judge(&Method::POST, &h, &over_https)
        };
        assert_eq!(from("https://tetrad.example"), Verdict::Allowed);
        assert_eq!(from("https://tetrad.example:443"), Verdict::Allowed);
        assert!(refused(from("http://tetrad.example")), "another scheme");
        assert!(refused(from("https://tetrad.example:8443")), "another port");
        assert!(refused(from("https://tetrad.example.evil")), "another host");
        assert!(
            refused(from("https://evil@tetrad.example")),
            "not an origin"
        );
    }

    #[test]
    fn the_public_origin_behind_a_proxy_is_trusted() {
        let site = SiteOrigins {
            https: true,
            trusted: Arc::new(vec![Origin::parse("https://tetrad.example").unwrap()]),
        };
        let h = headers(&[
            ("origin", "https://tetrad.example"),
            ("host", "10.0.0.5:3000"),
        ]);
        assert_eq!(judge(&Method::POST, &h, &site), Verdict::Allowed);
    }

    #[test]
    fn a_post_that_says_nothing_of_where_it_comes_from_is_refused() {
        assert!(refused(post(&[("host", "localhost:3000")])));
    }
}
