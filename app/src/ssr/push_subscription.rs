//! A browser's push subscription (issue 28): where its push service takes
//! messages for this device (the endpoint) and the keys a message is
//! encrypted for (RFC 8291). What the page sends is read here once; only
//! endpoints of known push services over HTTPS are taken, so the server
//! never posts to an address a person chose (the tests' own push service
//! on loopback is let in by a setting, `EndpointPolicy::AlsoLoopback`).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// The longest endpoint taken (FCM's and Apple's are about 200 to 300
/// characters).
const MAX_ENDPOINT: usize = 1024;

/// The push services browsers use: Chrome and Edge's (FCM, WNS), Firefox's
/// (autopush) and Safari's (Apple). A host matches one of these names or
/// is below it.
const KNOWN_SERVICES: [&str; 4] = [
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
];

/// Which endpoints the server posts to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EndpointPolicy {
    /// HTTPS endpoints of the known push services only.
    #[default]
    KnownServices,
    /// Those, and any endpoint on this machine's loopback (the tests'
    /// push service; `TETRAD_PUSH_LOOPBACK`).
    AlsoLoopback,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushSubscription {
    endpoint: String,
    /// The subscription's public key: an uncompressed P-256 point.
    p256dh: Vec<u8>,
    /// Its authentication secret.
    auth: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PushSubscriptionError {
    #[error("the endpoint is not an address")]
    NotAnAddress,
    #[error("the endpoint is not a known push service over HTTPS")]
    UnknownService,
    #[error("the subscription's public key is not a P-256 point")]
    BadKey,
    #[error("the subscription's secret is not 16 bytes")]
    BadSecret,
}

impl PushSubscription {
    /// Reads a subscription as the browser gives it (`PushSubscription.toJSON()`:
    /// its endpoint, and its keys in unpadded base64url).
    pub fn parse(
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        policy: EndpointPolicy,
    ) -> Result<Self, PushSubscriptionError> {
        let endpoint = endpoint.trim();
        check_endpoint(endpoint, policy)?;
        let p256dh = decode(p256dh)
            .filter(|key| key.len() == 65 && key[0] == 0x04)
            .ok_or(PushSubscriptionError::BadKey)?;
        let auth = decode(auth)
            .filter(|secret| secret.len() == 16)
            .ok_or(PushSubscriptionError::BadSecret)?;
        Ok(Self {
            endpoint: endpoint.to_owned(),
            p256dh,
            auth,
        })
    }

    /// A subscription as stored (it was read by `parse` when it was saved).
    pub fn from_stored(endpoint: String, p256dh: Vec<u8>, auth: Vec<u8>) -> Self {
        Self {
            endpoint,
            p256dh,
            auth,
        }
    }

    pub fn endpoint(&self) -> &str {
        &self.endpoint
    }

    pub fn p256dh(&self) -> &[u8] {
        &self.p256dh
    }

    pub fn auth(&self) -> &[u8] {
        &self.auth
    }
}

fn decode(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(text.trim().trim_end_matches('='))
        .ok()
}

fn check_endpoint(endpoint: &str, policy: EndpointPolicy) -> Result<(), PushSubscriptionError> {
    if endpoint.len() > MAX_ENDPOINT {
        return Err(PushSubscriptionError::NotAnAddress);
    }
    let uri: http::Uri = endpoint
        .parse()
        .map_err(|_| PushSubscriptionError::NotAnAddress)?;
    let host = uri
        .host()
        .ok_or(PushSubscriptionError::NotAnAddress)?
        .to_ascii_lowercase();
    let known = || {
        KNOWN_SERVICES
            .iter()
            .any(|service| host == *service || host.ends_with(&format!(".{service}")))
    };
    let loopback = || matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]");
    match uri.scheme_str() {
        Some("https") if known() => Ok(()),
        Some("https" | "http") if policy == EndpointPolicy::AlsoLoopback && loopback() => Ok(()),
        Some(_) => Err(PushSubscriptionError::UnknownService),
        None => Err(PushSubscriptionError::NotAnAddress),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0x04, then 64 bytes: the shape of an uncompressed P-256 point.
    const KEY: &str =
        "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A";
    const SECRET: &str = "tBHItJI5svbpez7KI4CCXg";

    fn parse(endpoint: &str) -> Result<PushSubscription, PushSubscriptionError> {
        PushSubscription::parse(endpoint, KEY, SECRET, EndpointPolicy::KnownServices)
    }

    #[test]
    fn the_push_services_of_the_browsers_are_taken() {
        for endpoint in [
            "https://fcm.googleapis.com/fcm/send/dA1b2c3:APA91b",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB",
            "https://web.push.apple.com/QGh7Gm0J",
            "https://wns2-db5p.notify.windows.com/w/?token=BQYAAAD",
        ] {
            let subscription = parse(endpoint).unwrap();
            assert_eq!(subscription.endpoint(), endpoint);
            assert_eq!(subscription.p256dh().len(), 65);
            assert_eq!(subscription.auth().len(), 16);
        }
    }

    #[test]
    fn any_other_address_is_refused() {
        for endpoint in [
            "http://fcm.googleapis.com/fcm/send/x",
            "https://evil.example/fcm.googleapis.com",
            "https://fcm.googleapis.com.evil.example/x",
            "https://notfcm.googleapis.com/x",
            "http://127.0.0.1:9000/push/1",
            "https://10.0.0.1/push",
        ] {
            assert_eq!(
                parse(endpoint),
                Err(PushSubscriptionError::UnknownService),
                "{endpoint}"
            );
        }
        assert_eq!(
            parse("not an address"),
            Err(PushSubscriptionError::NotAnAddress)
        );
        assert_eq!(parse(""), Err(PushSubscriptionError::NotAnAddress));
        let long = format!("https://fcm.googleapis.com/{}", "x".repeat(MAX_ENDPOINT));
        assert_eq!(parse(&long), Err(PushSubscriptionError::NotAnAddress));
    }

    #[test]
    fn the_tests_push_service_on_loopback_is_taken_only_when_the_setting_allows() {
        let local = "http://127.0.0.1:41234/push/abc";
        assert!(PushSubscription::parse(local, KEY, SECRET, EndpointPolicy::AlsoLoopback).is_ok());
        assert!(
            PushSubscription::parse(local, KEY, SECRET, EndpointPolicy::KnownServices).is_err()
        );
    }

    #[test]
    fn keys_that_are_not_what_the_encryption_needs_are_refused() {
        let endpoint = "https://fcm.googleapis.com/fcm/send/x";
        let policy = EndpointPolicy::KnownServices;
        let short_key = &KEY[..40];
        assert_eq!(
            PushSubscription::parse(endpoint, short_key, SECRET, policy),
            Err(PushSubscriptionError::BadKey)
        );
        assert_eq!(
            PushSubscription::parse(endpoint, "not base64!", SECRET, policy),
            Err(PushSubscriptionError::BadKey)
        );
        assert_eq!(
            PushSubscription::parse(endpoint, KEY, "c2hvcnQ", policy),
            Err(PushSubscriptionError::BadSecret)
        );
        // Padded base64url, as some browsers write it, reads the same.
        assert!(PushSubscription::parse(endpoint, KEY, "tBHItJI5svbpez7KI4CCXg==", policy).is_ok());
    }
}
