//! Idempotency records: what the storage keeps about each keyed request.
//!
//! A request does its work and records its key with its answer in the same
//! transaction (`Work::record_key` + `Work::commit`), so a crash half-way
//! leaves neither and the retry really runs. A row is only ever written
//! whole, answer included: there is no claim, lease or "in progress" row.
//! If the key already has a row, the record fails, the work is rolled back,
//! and the row decides (`Storage::find_key`): replay its answer, or 422 for
//! another request's key. Two requests with one key at once: the database
//! makes the second's record wait until the first ends (docs/design.md §3).

use crate::domain::{IdempotencyKey, UserId};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// A keyed request, as its key is recorded.
#[derive(Clone, Debug)]
pub struct KeyRecord {
    pub user_id: UserId,
    pub key: IdempotencyKey,
    /// SHA-256 of method, path and body: the same key with another request is refused.
    pub fingerprint: Vec<u8>,
    /// When the request arrived: the key's age is counted from it.
    pub now: DateTime<Utc>,
}

/// A key's row: the request it was recorded for, and its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptKey {
    pub fingerprint: Vec<u8>,
    pub answer: StoredResponse,
}

/// The answer stored for a completed request, replayed to every repeat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredResponse {
    pub status: u16,
    /// The headers that carry meaning for the client (see `REPLAYED_HEADERS`).
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// Headers kept with a stored answer: its type, and where a form post is
/// sent next. Cookies are never stored (sign-in is not a keyed request).
pub const REPLAYED_HEADERS: [&str; 3] = ["content-type", "location", "serverfnredirect"];

impl StoredResponse {
    /// The headers as stored: one `name: value` per line. Header values
    /// cannot contain line breaks, so this needs no escaping.
    pub fn headers_text(&self) -> String {
        self.headers
            .iter()
            .map(|(name, value)| format!("{name}: {value}\n"))
            .collect()
    }

    pub fn parse_headers(text: &str) -> Vec<(String, String)> {
        text.lines()
            .filter_map(|line| line.split_once(": "))
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect()
    }
}

pub fn fingerprint(method: &str, path: &str, body: &[u8]) -> Vec<u8> {
    let mut hash = Sha256::new();
    hash.update(method.as_bytes());
    hash.update([0]);
    hash.update(path.as_bytes());
    hash.update([0]);
    hash.update(body);
    hash.finalize().to_vec()
}

#[cfg(test)]
mod tests {
    use super::{fingerprint, StoredResponse};

    #[test]
    fn stored_headers_survive_a_round_trip() {
        let response = StoredResponse {
            status: 302,
            headers: vec![
                ("content-type".into(), "text/plain".into()),
                ("location".into(), "/?a=b: c".into()),
            ],
            body: vec![],
        };
        assert_eq!(
            StoredResponse::parse_headers(&response.headers_text()),
            response.headers
        );
    }

    #[test]
    fn fingerprints_differ_by_method_path_and_body() {
        let base = fingerprint("POST", "/api/tasks/add", b"id=1");
        assert_eq!(base, fingerprint("POST", "/api/tasks/add", b"id=1"));
        assert_ne!(base, fingerprint("PUT", "/api/tasks/add", b"id=1"));
        assert_ne!(base, fingerprint("POST", "/api/tasks/edit", b"id=1"));
        assert_ne!(base, fingerprint("POST", "/api/tasks/add", b"id=2"));
        // The separators keep "path + body" from sliding into each other.
        assert_ne!(
            fingerprint("POST", "/a", b"b"),
            fingerprint("POST", "/ab", b"")
        );
    }
}
