//! The person's time. A run is days of a student's work played in seconds
//! of ours, so its times are the timeline's, drawn from the seed, never
//! read from the wall clock: a seed replays the same times (on the same
//! UTC day; another day shifts them all by whole days).
//!
//! The timeline runs from a week before today's UTC midnight, a pause of
//! minutes to an hour or so between batches and a few seconds between the
//! changes of one, and never reaches that midnight: the server caps `at` at
//! its own now (a change from the future would be re-dated by arrival, and
//! the run would not replay), and takes the person's `today` for a quick
//! add only within 8 days of its own.

use super::rng::Rng;
use chrono::{DateTime, NaiveDate};

const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;
const DAY: i64 = 24 * 60 * MINUTE;

pub struct Timeline {
    now: i64,
    /// Today's UTC midnight: the timeline stays before it.
    limit: i64,
    /// The longest pause between two batches: about four days of pauses
    /// over the run, whatever its length.
    longest_pause: i64,
}

impl Timeline {
    /// A timeline for `operations` changes, ending before `today` (UTC).
    pub fn new(today: NaiveDate, operations: usize) -> Self {
        let limit = today
            .and_hms_opt(0, 0, 0)
            .expect("midnight")
            .and_utc()
            .timestamp_millis();
        // A batch holds about three changes; a pause is half the longest
        // on average.
        let batches = (operations as i64 / 3).max(1);
        Self {
            now: limit - 7 * DAY,
            limit,
            longest_pause: (8 * DAY / batches).max(MINUTE),
        }
    }

    pub fn now(&self) -> i64 {
        self.now
    }

    /// Between two batches: the person puts the phone away for a while.
    pub fn pause(&mut self, rng: &mut Rng) {
        self.advance(MINUTE + rng.below(self.longest_pause as u64) as i64);
    }

    /// The person sees a change that could not be saved and taps retry a
    /// minute or two later.
    pub fn short_pause(&mut self, rng: &mut Rng) {
        self.advance(MINUTE + rng.below(2 * MINUTE as u64) as i64);
    }

    /// The time of the next change: one to five seconds after the last
    /// (the person taps, types), so every change has a time of its own.
    pub fn next_change(&mut self, rng: &mut Rng) -> i64 {
        self.advance(SECOND + rng.below(4 * SECOND as u64) as i64);
        self.now
    }

    fn advance(&mut self, by: i64) {
        self.now += by;
        assert!(
            self.now < self.limit,
            "the timeline reached today; it holds about a week of a student's time"
        );
    }
}

pub fn date_of(millis: i64) -> NaiveDate {
    DateTime::from_timestamp_millis(millis)
        .expect("a time in range")
        .date_naive()
}

/// Hours, in the timeline's milliseconds.
pub fn hours(n: i64) -> i64 {
    n * 60 * MINUTE
}
