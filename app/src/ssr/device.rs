//! Device cookies (issue 26, point 1; the OWASP "slow down online guessing
//! attacks with device cookies" scheme). At school a whole class reaches
//! the server from one address, so throttling by address alone lets a
//! classmate lock the owner out. A browser that signed in to an account
//! gets a device token for that name: a random nonce and an HMAC of the
//! name and the nonce under the server's key. Presented with that name
//! again, it is a trusted device: only its own wrong passwords slow it
//! down, never others'. Any other browser is throttled per name and
//! address, and per name (`api/throttle.rs`).
//!
//! The cookie names no account (the MAC binds it to one); the server keeps
//! nothing per device but the failures counted against it. One cookie per
//! browser: on a phone shared by two, the last to sign in is the trusted one.

use super::context::Settings;
use crate::domain::Username;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cookie::{Cookie, SameSite};
use hmac::{Hmac, Mac};
use http::header::{InvalidHeaderValue, COOKIE};
use http::{HeaderMap, HeaderValue};
use rand_core::{OsRng, RngCore};
use sha2::Sha256;
use std::sync::Arc;

/// The cookie's name over plain HTTP, and over HTTPS (`session.rs` says why
/// the prefix).
const PLAIN_NAME: &str = "tetrad_device";
const HOST_NAME: &str = "__Host-tetrad_device";

/// How long a browser stays a trusted device without signing in again.
const LIFETIME_DAYS: i64 = 365;

/// The server's key for device tokens: the same on every instance, kept in
/// the database (`Storage::server_key`).
#[derive(Clone)]
pub struct DeviceKey(Arc<Vec<u8>>);

/// A browser this server trusts for one name: the failures counted against
/// it are its own (`id`), not the address's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    id: String,
}

impl Device {
    /// How its failures are recorded (`failed_sign_ins.client`).
    pub fn id(&self) -> &str {
        &self.id
    }
}

impl DeviceKey {
    pub fn new(secret: Vec<u8>) -> Self {
        Self(Arc::new(secret))
    }

    /// A fresh random key (256 bits), for a database that has none yet.
    pub fn generate() -> Vec<u8> {
        let mut secret = vec![0u8; 32];
        OsRng.fill_bytes(&mut secret);
        secret
    }

    /// The `Set-Cookie` value that makes this browser a trusted device for
    /// `username`.
    pub fn issue(
        &self,
        username: &Username,
        settings: &Settings,
    ) -> Result<HeaderValue, InvalidHeaderValue> {
        let mut nonce = [0u8; 16];
        OsRng.fill_bytes(&mut nonce);
        let nonce = URL_SAFE_NO_PAD.encode(nonce);
        let signature = URL_SAFE_NO_PAD.encode(self.mac(username, &nonce).finalize().into_bytes());
        let cookie = Cookie::build((cookie_name(settings), format!("{nonce}.{signature}")))
            .path("/")
            .http_only(true)
            .same_site(SameSite::Strict)
            .secure(settings.secure_cookies)
            .max_age(cookie::time::Duration::days(LIFETIME_DAYS))
            .build();
        HeaderValue::from_str(&cookie.encoded().to_string())
    }

    /// The trusted device this request comes from for `username`, if its
    /// device cookie was issued for that name by this server.
    pub fn recognise(
        &self,
        headers: &HeaderMap,
        username: &Username,
        settings: &Settings,
    ) -> Option<Device> {
        let name = cookie_name(settings);
        let value = headers
            .get_all(COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(Cookie::split_parse_encoded)
            .filter_map(Result::ok)
            .find(|cookie| cookie.name() == name)?
            .value()
            .to_owned();
        let (nonce, signature) = value.split_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        // `verify_slice` compares in constant time.
        self.mac(username, nonce).verify_slice(&signature).ok()?;
        Some(Device {
            id: format!("device:{nonce}"),
        })
    }

    fn mac(&self, username: &Username, nonce: &str) -> Hmac<Sha256> {
        // A key of any length is accepted by HMAC.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.0)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(username.as_str().as_bytes());
        mac.update(b"\n");
        mac.update(nonce.as_bytes());
        mac
    }
}

fn cookie_name(settings: &Settings) -> &'static str {
    if settings.secure_cookies {
        HOST_NAME
    } else {
        PLAIN_NAME
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(text: &str) -> Username {
        Username::parse(text).unwrap()
    }

    /// A request carrying the cookie `Set-Cookie` handed out.
    fn sent_back(set_cookie: &HeaderValue) -> HeaderMap {
        let pair = set_cookie
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned();
        let mut headers = HeaderMap::new();
        headers.insert(COOKIE, HeaderValue::from_str(&pair).unwrap());
        headers
    }

    #[test]
    fn a_device_is_recognised_for_the_name_it_signed_in_as_and_no_other() {
        let key = DeviceKey::new(DeviceKey::generate());
        let settings = Settings::default();
        let headers = sent_back(&key.issue(&name("masha"), &settings).unwrap());
        let device = key.recognise(&headers, &name("masha"), &settings);
        assert!(device.is_some_and(|d| d.id().starts_with("device:")));
        assert_eq!(key.recognise(&headers, &name("petya"), &settings), None);
    }

    #[test]
    fn a_token_of_another_key_or_altered_is_not_a_device() {
        let settings = Settings::default();
        let ours = DeviceKey::new(DeviceKey::generate());
        let theirs = DeviceKey::new(DeviceKey::generate());
        let forged = sent_back(&theirs.issue(&name("masha"), &settings).unwrap());
        assert_eq!(ours.recognise(&forged, &name("masha"), &settings), None);

        let issued = ours.issue(&name("masha"), &settings).unwrap();
        let text = issued
            .to_str()
            .unwrap()
            .replacen("tetrad_device=", "tetrad_device=x", 1);
        let altered = sent_back(&HeaderValue::from_str(&text).unwrap());
        assert_eq!(ours.recognise(&altered, &name("masha"), &settings), None);
    }

    #[test]
    fn over_https_the_device_cookie_is_host_prefixed_and_secure() {
        let settings = Settings {
            secure_cookies: true,
            ..Settings::default()
        };
        let key = DeviceKey::new(DeviceKey::generate());
        let issued = key.issue(&name("masha"), &settings).unwrap();
        let text = issued.to_str().unwrap();
        assert!(text.starts_with("__Host-tetrad_device="), "{text}");
        assert!(
            text.contains("Secure") && text.contains("HttpOnly"),
            "{text}"
        );
        assert!(key
            .recognise(&sent_back(&issued), &name("masha"), &settings)
            .is_some());
    }
}
