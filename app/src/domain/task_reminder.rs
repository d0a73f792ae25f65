//! A task's own reminder (issue 28): as the account's settings say, a lead
//! of its own («напомни за час»), at a moment of its own (a reminder put
//! off: «Отложить на час»), or none («без напоминания»). A part of the
//! task with its own clock, like every other: set offline, through the
//! outbox, the last action winning. A task with a time reminds by a lead;
//! any task can be reminded at a moment; the evening summary covers the
//! rest.

use super::wire_time::{local_moment, parse_local_moment};
use super::Due;
use crate::reminders::Lead;
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TaskReminder {
    /// The account's lead (Settings).
    #[default]
    AsSet,
    Before(Lead),
    /// At this local moment, whatever the task's time.
    At(NaiveDateTime),
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("a reminder is as set, at the time, 15m, 1h or 1d before, at a moment, or off")]
pub struct TaskReminderError;

impl TaskReminder {
    /// As forms and the wire write it: empty (as set), a lead (`0`, `15m`,
    /// `1h`, `1d`), a moment (`2026-10-13T19:30`) or `off`.
    pub fn parse(text: &str) -> Result<Self, TaskReminderError> {
        match text.trim() {
            "" => Ok(Self::AsSet),
            "off" => Ok(Self::Off),
            text => Lead::parse(text)
                .map(Self::Before)
                .ok()
                .or_else(|| parse_local_moment(text).map(Self::At))
                .ok_or(TaskReminderError),
        }
    }

    /// When a task due at `due` reminds, in local time, given the
    /// account's lead: none when it is off, or when a lead has no time to
    /// count from.
    pub fn moment(self, account: Lead, due: Option<Due>) -> Option<NaiveDateTime> {
        match self {
            Self::AsSet => account.moment(due?),
            Self::Before(lead) => lead.moment(due?),
            Self::At(moment) => Some(moment),
            Self::Off => None,
        }
    }

    /// A repeating task's next occurrence reminds as this one does, but
    /// for a moment of this one's own (a reminder put off from a
    /// notification): past by then, it would never ring; the next one
    /// reminds as the account's settings say.
    pub fn for_next(self) -> Self {
        match self {
            Self::At(_) => Self::AsSet,
            other => other,
        }
    }
}

impl fmt::Display for TaskReminder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::AsSet => Ok(()),
            Self::Before(lead) => f.write_str(lead.as_str()),
            Self::At(moment) => f.write_str(&local_moment(*moment, 'T')),
            Self::Off => f.write_str("off"),
        }
    }
}

impl TryFrom<String> for TaskReminder {
    type Error = TaskReminderError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::parse(&text)
    }
}

impl From<TaskReminder> for String {
    fn from(reminder: TaskReminder) -> Self {
        reminder.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M").unwrap()
    }

    #[test]
    fn every_reminder_reads_back_from_its_text() {
        let all = [
            TaskReminder::AsSet,
            TaskReminder::Off,
            TaskReminder::Before(Lead::AtTime),
            TaskReminder::Before(Lead::Hour),
            TaskReminder::At(local("2026-10-13T19:30")),
        ];
        for reminder in all {
            assert_eq!(TaskReminder::parse(&reminder.to_string()), Ok(reminder));
        }
        assert_eq!(
            TaskReminder::At(local("2026-10-13T19:30")).to_string(),
            "2026-10-13T19:30"
        );
        for text in ["2h", "2026-10-13", "19:30", "2026-13-01T10:00"] {
            assert_eq!(TaskReminder::parse(text), Err(TaskReminderError), "{text}");
        }
    }

    #[test]
    fn a_task_follows_the_account_unless_it_says_otherwise() {
        let due = Due::parse("2026-10-13", "18:30").unwrap();
        let dated = Due::parse("2026-10-13", "").unwrap();
        let at = TaskReminder::AsSet.moment(Lead::Hour, due);
        assert_eq!(at, Some(local("2026-10-13T17:30")));
        let own = TaskReminder::Before(Lead::AtTime).moment(Lead::Hour, due);
        assert_eq!(own, Some(local("2026-10-13T18:30")));
        assert_eq!(TaskReminder::Off.moment(Lead::Hour, due), None);
        assert_eq!(TaskReminder::AsSet.moment(Lead::Hour, dated), None);
        let put_off = TaskReminder::At(local("2026-10-13T19:30"));
        assert_eq!(
            put_off.moment(Lead::Hour, dated),
            Some(local("2026-10-13T19:30"))
        );
    }
}
