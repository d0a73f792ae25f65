//! When a person made a change: milliseconds since the epoch by their
//! clock, corrected by the server's (docs/design.md §2). Stamps decide which of
//! two changes to the same field wins, whatever order they arrive in.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Stamp(i64);

impl Stamp {
    pub const fn from_millis(millis: i64) -> Self {
        Self(millis)
    }

    /// The stamp of a moment, to the millisecond (both databases keep
    /// milliseconds, so a time read back equals the one written).
    pub fn of(at: DateTime<Utc>) -> Self {
        Self(at.timestamp_millis())
    }

    pub fn millis(self) -> i64 {
        self.0
    }

    pub fn to_utc(self) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(self.0).unwrap_or_default()
    }
}

/// A moment cut to the millisecond, as every stored time is.
pub fn to_millis(at: DateTime<Utc>) -> DateTime<Utc> {
    Stamp::of(at).to_utc()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_survives_the_round_trip_to_the_millisecond() {
        let at: DateTime<Utc> = "2026-12-03T08:05:00.123456Z".parse().unwrap();
        assert_eq!(
            Stamp::of(at).to_utc(),
            "2026-12-03T08:05:00.123Z".parse::<DateTime<Utc>>().unwrap()
        );
        assert_eq!(to_millis(at), Stamp::of(at).to_utc());
    }

    #[test]
    fn later_stamps_are_greater() {
        assert!(Stamp::from_millis(2) > Stamp::from_millis(1));
    }
}
