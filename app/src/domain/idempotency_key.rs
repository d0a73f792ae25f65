//! The idempotency key that names one mutating request and all its retries
//! (IETF httpapi `Idempotency-Key`). The browser mints a UUID per request;
//! any 1–255 visible ASCII characters are accepted, bare or as a quoted
//! structured-field string (`"…"`).

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct IdempotencyKey(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum IdempotencyKeyError {
    #[error("the Idempotency-Key header is missing")]
    Missing,
    #[error("the idempotency key is empty")]
    Empty,
    #[error("the idempotency key is longer than {max} characters")]
    TooLong { max: usize },
    #[error("the idempotency key may contain only visible ASCII characters")]
    Malformed,
}

impl IdempotencyKey {
    pub const MAX_CHARS: usize = 255;

    /// A fresh key for a new request.
    pub fn generate() -> Self {
        Self(uuid::Uuid::new_v4().to_string())
    }

    pub fn parse(raw: &str) -> Result<Self, IdempotencyKeyError> {
        let raw = raw.trim();
        let key = match raw.strip_prefix('"') {
            Some(rest) => rest
                .strip_suffix('"')
                .ok_or(IdempotencyKeyError::Malformed)?,
            None => raw,
        };
        if key.is_empty() {
            return Err(IdempotencyKeyError::Empty);
        }
        if key.len() > Self::MAX_CHARS {
            return Err(IdempotencyKeyError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        // Visible ASCII; quotes and backslashes only exist as escapes in a
        // structured-field string, which a client has no reason to send.
        if !key
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\')
        {
            return Err(IdempotencyKeyError::Malformed);
        }
        Ok(Self(key.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for IdempotencyKey {
    type Error = IdempotencyKeyError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<IdempotencyKey> for String {
    fn from(key: IdempotencyKey) -> Self {
        key.0
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uuid_is_a_key() {
        let key = "8e0f6b1c-3a51-4c1b-9d8e-1f2a3b4c5d6e";
        assert_eq!(IdempotencyKey::parse(key).unwrap().as_str(), key);
    }

    #[test]
    fn a_quoted_structured_field_string_is_unquoted() {
        assert_eq!(
            IdempotencyKey::parse("\"abc-123\"").unwrap().as_str(),
            "abc-123"
        );
    }

    #[test]
    fn empty_and_blank_keys_are_rejected() {
        assert_eq!(IdempotencyKey::parse(""), Err(IdempotencyKeyError::Empty));
        assert_eq!(
            IdempotencyKey::parse("\"\""),
            Err(IdempotencyKeyError::Empty)
        );
        assert_eq!(
            IdempotencyKey::parse("   "),
            Err(IdempotencyKeyError::Empty)
        );
    }

    #[test]
    fn keys_over_255_characters_are_rejected() {
        assert!(IdempotencyKey::parse(&"k".repeat(255)).is_ok());
        assert_eq!(
            IdempotencyKey::parse(&"k".repeat(256)),
            Err(IdempotencyKeyError::TooLong { max: 255 })
        );
    }

    #[test]
    fn spaces_control_characters_and_unbalanced_quotes_are_malformed() {
        for bad in ["a b", "a\u{1}b", "ключ", "\"abc", "a\"b", "a\\b"] {
            assert_eq!(
                IdempotencyKey::parse(bad),
                Err(IdempotencyKeyError::Malformed),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn generated_keys_are_valid_and_distinct() {
        let a = IdempotencyKey::generate();
        assert_eq!(IdempotencyKey::parse(a.as_str()).unwrap(), a);
        assert_ne!(a, IdempotencyKey::generate());
    }
}
