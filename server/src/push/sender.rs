//! Sending one message to one device's push service (RFC 8030): encrypted
//! for the device (RFC 8291, by `web-push-native`), signed with the
//! server's VAPID key, with a time to live, an urgency and a `Topic` (a
//! message with the same topic replaces one still waiting).

use super::VapidKey;
use app::ssr::push_subscription::PushSubscription;
use chrono::{DateTime, Duration, Utc};
use web_push_native::{p256, Auth, WebPushBuilder};

/// How long a push service may take to answer.
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

#[derive(Clone)]
pub struct Sender {
    client: reqwest::Client,
    key: VapidKey,
    contact: String,
}

/// One message for one device.
pub struct Push<'a> {
    pub device: &'a PushSubscription,
    pub payload: &'a [u8],
    pub topic: &'a str,
    /// How long the push service keeps it for a phone that is off.
    pub ttl: Duration,
    /// `high` wakes a phone in power saving; `normal` may wait.
    pub urgency: &'static str,
}

/// What the push service said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accepted,
    /// The subscription is no more (404, 410), or its keys are unusable.
    Gone,
    /// Busy or down (429, 5xx, no answer): later, after `retry_after` if
    /// it said.
    Busy {
        retry_after: Option<Duration>,
    },
    /// Refused for good (a bad request, a wrong signature): never again.
    Refused(u16),
}

#[derive(Debug, thiserror::Error)]
#[error("the HTTP client for push services could not be made: {0}")]
pub struct SenderError(#[source] reqwest::Error);

impl Sender {
    pub fn new(key: VapidKey, contact: String) -> Result<Self, SenderError> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(SenderError)?;
        Ok(Self {
            client,
            key,
            contact,
        })
    }

    pub fn key(&self) -> &VapidKey {
        &self.key
    }

    pub async fn send(&self, push: Push<'_>) -> Answer {
        let Some(request) = self.request(&push, Utc::now()) else {
            return Answer::Gone;
        };
        match self.client.execute(request).await {
            Ok(response) => {
                let retry_after = response
                    .headers()
                    .get(reqwest::header::RETRY_AFTER)
                    .and_then(|value| value.to_str().ok())
                    .and_then(|value| retry_after(value, Utc::now()));
                Answer::of(response.status().as_u16(), retry_after)
            }
            Err(error) => {
                tracing::info!(%error, "push service did not answer");
                Answer::Busy { retry_after: None }
            }
        }
    }

    /// The request, signed at `now`; none when the device's keys or
    /// address cannot be used.
    fn request(&self, push: &Push<'_>, now: DateTime<Utc>) -> Option<reqwest::Request> {
        let endpoint: http::Uri = push.device.endpoint().parse().ok()?;
        let origin = format!("{}://{}", endpoint.scheme_str()?, endpoint.authority()?);
        let device_key = p256::PublicKey::from_sec1_bytes(push.device.p256dh()).ok()?;
        let auth = Auth::clone_from_slice(push.device.auth());
        let ttl = push.ttl.to_std().unwrap_or_default();
        let mut request = WebPushBuilder::new(endpoint, device_key, auth)
            .with_valid_duration(ttl)
            .build(push.payload)
            .ok()?;
        let authorization = self.key.authorization(&origin, &self.contact, now);
        let headers = request.headers_mut();
        headers.insert(http::header::AUTHORIZATION, authorization.parse().ok()?);
        headers.insert("topic", push.topic.parse().ok()?);
        headers.insert("urgency", http::HeaderValue::from_static(push.urgency));
        reqwest::Request::try_from(request).ok()
    }
}

impl Answer {
    pub fn of(status: u16, retry_after: Option<Duration>) -> Self {
        match status {
            200..=299 => Self::Accepted,
            404 | 410 => Self::Gone,
            429 | 500..=599 => Self::Busy { retry_after },
            _ => Self::Refused(status),
        }
    }
}

/// `Retry-After` as seconds or as an HTTP date, from `now`.
fn retry_after(value: &str, now: DateTime<Utc>) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u32>() {
        return Some(Duration::seconds(seconds.into()));
    }
    let at = DateTime::parse_from_rfc2822(value).ok()?;
    Some((at.with_timezone(&Utc) - now).max(Duration::zero()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_says_what_to_do_next() {
        assert_eq!(Answer::of(201, None), Answer::Accepted);
        assert_eq!(Answer::of(410, None), Answer::Gone);
        assert_eq!(Answer::of(404, None), Answer::Gone);
        let wait = Some(Duration::seconds(30));
        assert_eq!(Answer::of(429, wait), Answer::Busy { retry_after: wait });
        assert_eq!(Answer::of(503, None), Answer::Busy { retry_after: None });
        assert_eq!(Answer::of(403, None), Answer::Refused(403));
        assert_eq!(Answer::of(413, None), Answer::Refused(413));
    }

    #[test]
    fn retry_after_is_read_as_seconds_or_as_a_date() {
        let now: DateTime<Utc> = "2026-12-07T10:00:00Z".parse().unwrap();
        assert_eq!(retry_after("120", now), Some(Duration::seconds(120)));
        assert_eq!(
            retry_after("Mon, 07 Dec 2026 10:05:00 GMT", now),
            Some(Duration::minutes(5))
        );
        assert_eq!(
            retry_after("Mon, 07 Dec 2026 09:00:00 GMT", now),
            Some(Duration::zero())
        );
        assert_eq!(retry_after("soon", now), None);
    }
}
