//! Cookie sessions. The cookie carries a random 256-bit token; the database
//! keeps only its SHA-256, so a leaked database does not leak sessions.

use super::context::Settings;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};
use cookie::{Cookie, SameSite};
use http::header::InvalidHeaderValue;
use http::header::COOKIE;
use http::HeaderValue;
use rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};

/// The cookie's name over plain HTTP (on this machine, in tests).
const PLAIN_NAME: &str = "tetrad_session";
/// Over HTTPS: the `__Host-` prefix makes the browser refuse the cookie
/// unless it is `Secure`, for the whole site (`Path=/`) and set by this
/// host alone, so a neighbouring subdomain cannot plant a session of its
/// own choosing (session fixation).
const HOST_NAME: &str = "__Host-tetrad_session";

/// The session cookie's name where the site is served as `settings` say.
pub fn cookie_name(settings: &Settings) -> &'static str {
    if settings.secure_cookies {
        HOST_NAME
    } else {
        PLAIN_NAME
    }
}

/// A session token as handed to the browser.
pub struct SessionToken(String);

impl SessionToken {
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        Self(URL_SAFE_NO_PAD.encode(bytes))
    }

    pub fn from_cookie_value(value: &str) -> Self {
        Self(value.to_owned())
    }

    pub fn hash(&self) -> Vec<u8> {
        Sha256::digest(self.0.as_bytes()).to_vec()
    }

    /// The `Set-Cookie` value that hands this token to the browser.
    pub fn set_cookie(&self, settings: &Settings) -> Result<HeaderValue, InvalidHeaderValue> {
        let max_age = cookie::time::Duration::seconds(settings.session_ttl.as_secs() as i64);
        let cookie = base_cookie(self.0.clone(), settings)
            .max_age(max_age)
            .build();
        header_value(cookie)
    }
}

/// When a session opened at `now` ends.
pub fn expires_at(settings: &Settings, now: DateTime<Utc>) -> DateTime<Utc> {
    now + chrono::Duration::from_std(settings.session_ttl).unwrap_or(chrono::Duration::days(30))
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn clear_cookie(settings: &Settings) -> Result<HeaderValue, InvalidHeaderValue> {
    let cookie = base_cookie(String::new(), settings)
        .max_age(cookie::time::Duration::ZERO)
        .build();
    header_value(cookie)
}

fn base_cookie(value: String, settings: &Settings) -> cookie::CookieBuilder<'static> {
    Cookie::build((cookie_name(settings), value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(settings.secure_cookies)
}

fn header_value(cookie: Cookie<'static>) -> Result<HeaderValue, InvalidHeaderValue> {
    HeaderValue::from_str(&cookie.encoded().to_string())
}

/// The session token sent with this request under the site's cookie name,
/// if any (over HTTPS a plain `tetrad_session` is not ours: ignored).
pub fn token_from_headers(headers: &http::HeaderMap, settings: &Settings) -> Option<SessionToken> {
    let name = cookie_name(settings);
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(Cookie::split_parse_encoded)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == name && !cookie.value().is_empty())
        .map(|cookie| SessionToken::from_cookie_value(cookie.value()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_are_long_and_unique() {
        let a = SessionToken::generate();
        let b = SessionToken::generate();
        assert_eq!(a.0.len(), 43);
        assert_ne!(a.0, b.0);
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_scoped_to_the_site() {
        let value = SessionToken::generate()
            .set_cookie(&Settings::default())
            .unwrap();
        let text = value.to_str().unwrap();
        assert!(text.contains("HttpOnly"));
        assert!(text.contains("SameSite=Lax"));
        assert!(text.contains("Path=/"));
        assert!(!text.contains("Secure"));
    }

    fn over_https() -> Settings {
        Settings {
            secure_cookies: true,
            ..Settings::default()
        }
    }

    #[test]
    fn over_https_the_cookie_is_secure_and_host_prefixed() {
        let value = SessionToken::generate().set_cookie(&over_https()).unwrap();
        let text = value.to_str().unwrap();
        assert!(text.starts_with("__Host-tetrad_session="), "{text}");
        assert!(text.contains("Secure"));
        assert!(text.contains("Path=/"));
        assert!(!text.contains("Domain"));
        let cleared = clear_cookie(&over_https()).unwrap();
        assert!(cleared
            .to_str()
            .unwrap()
            .starts_with("__Host-tetrad_session=;"));
    }

    #[test]
    fn over_https_a_cookie_without_the_prefix_is_not_a_session() {
        let mut headers = http::HeaderMap::new();
        headers.insert(COOKIE, HeaderValue::from_static("tetrad_session=planted"));
        assert!(token_from_headers(&headers, &over_https()).is_none());
        headers.insert(
            COOKIE,
            HeaderValue::from_static("tetrad_session=planted; __Host-tetrad_session=ours"),
        );
        let token = token_from_headers(&headers, &over_https()).unwrap();
        assert_eq!(token.hash(), SessionToken::from_cookie_value("ours").hash());
    }

    #[test]
    fn the_token_is_found_among_other_cookies() {
        let mut headers = http::HeaderMap::new();
        headers.insert(
            COOKIE,
            HeaderValue::from_static("theme=dark; tetrad_session=abc; x=1"),
        );
        let token = token_from_headers(&headers, &Settings::default()).unwrap();
        assert_eq!(token.hash(), SessionToken::from_cookie_value("abc").hash());
    }
}
