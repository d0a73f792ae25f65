//! One reminder, as the server plans it: an evening's summary, or a task's
//! reminder at one local moment. Its key names it on the delivery rows
//! (one per device and occurrence, so nothing is sent twice), and as the
//! push's `Topic` and the notification's `tag` (so a resend after a crash
//! replaces, not adds). A task moved to another time is another
//! occurrence; the old one, unsent, no longer matches the task and goes.

use crate::domain::wire_time::{date_text, local_moment, parse_date, parse_local_moment};
use crate::domain::TaskId;
use chrono::{Duration, NaiveDate, NaiveDateTime};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Occurrence {
    /// The summary given the evening of this local date.
    Summary(NaiveDate),
    /// A task's reminder, due at this local moment (before quiet hours).
    Task { id: TaskId, at: NaiveDateTime },
}

impl Occurrence {
    /// `summary:2026-12-07` or `task:<uuid>:2026-12-07T18:30`.
    pub fn key(&self) -> String {
        match self {
            Self::Summary(date) => format!("summary:{}", date_text(*date)),
            Self::Task { id, at } => format!("task:{id}:{}", local_moment(*at, 'T')),
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        if let Some(date) = key.strip_prefix("summary:") {
            return parse_date(date).map(Self::Summary);
        }
        let (id, at) = key.strip_prefix("task:")?.split_once(':')?;
        Some(Self::Task {
            id: id.parse().ok()?,
            at: parse_local_moment(at)?,
        })
    }

    /// How long after it may ring it is still worth sending: a summary
    /// arriving the next morning is noise, and so is a reminder long after
    /// its time. Also the push's time to live.
    pub fn lifetime(&self) -> Duration {
        match self {
            Self::Summary(_) => Duration::hours(3),
            Self::Task { .. } => Duration::hours(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_as_the_same_occurrence() {
        let id: TaskId = "0192f0c4-5b6a-7c8d-9e0f-1a2b3c4d5e6f".parse().unwrap();
        let at = NaiveDateTime::parse_from_str("2026-12-07T18:30", "%Y-%m-%dT%H:%M").unwrap();
        for occurrence in [Occurrence::Summary(at.date()), Occurrence::Task { id, at }] {
            assert_eq!(Occurrence::parse(&occurrence.key()), Some(occurrence));
        }
        assert_eq!(
            Occurrence::Task { id, at }.key(),
            "task:0192f0c4-5b6a-7c8d-9e0f-1a2b3c4d5e6f:2026-12-07T18:30"
        );
    }

    #[test]
    fn anything_else_is_no_occurrence() {
        for key in [
            "",
            "summary:",
            "summary:2026-13-01",
            "task:x:2026-12-07T18:30",
            "note:1",
        ] {
            assert_eq!(Occurrence::parse(key), None, "{key}");
        }
    }
}
