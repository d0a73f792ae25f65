//! The name of a time zone, as browsers give it (`Europe/Moscow`). Only its
//! shape is checked here, the same in the browser and on the server; the
//! server also checks that it knows the zone before storing it.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TimeZoneName(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("not a time zone name (like Europe/Moscow)")]
pub struct TimeZoneError;

impl TimeZoneName {
    pub const MAX_CHARS: usize = 64;

    pub fn utc() -> Self {
        Self("UTC".into())
    }

    pub fn parse(raw: &str) -> Result<Self, TimeZoneError> {
        let name = raw.trim();
        let allowed = |c: char| c.is_ascii_alphanumeric() || "/_+-".contains(c);
        if name.is_empty()
            || name.len() > Self::MAX_CHARS
            || !name.chars().all(allowed)
            || !name.starts_with(|c: char| c.is_ascii_alphabetic())
        {
            return Err(TimeZoneError);
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TimeZoneName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for TimeZoneName {
    type Error = TimeZoneError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<TimeZoneName> for String {
    fn from(zone: TimeZoneName) -> Self {
        zone.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_zone_names_are_accepted() {
        for name in [
            "UTC",
            "Europe/Moscow",
            "America/Argentina/Buenos_Aires",
            "Etc/GMT+3",
        ] {
            assert_eq!(
                TimeZoneName::parse(name).map(|z| z.to_string()),
                Ok(name.to_owned())
            );
        }
    }

    #[test]
    fn anything_else_is_refused() {
        for name in [
            "",
            " ",
            "../etc/passwd",
            "Europe/Moscow; DROP",
            "+03:00",
            &"A".repeat(65),
        ] {
            assert_eq!(TimeZoneName::parse(name), Err(TimeZoneError), "{name}");
        }
    }
}
