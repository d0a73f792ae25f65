//! A task's own reminder (issue 28): as the account's settings say, a lead
//! of its own («напомни за час»), or none («без напоминания»). A part of
//! the task with its own clock, like every other: set offline, through
//! the outbox, the last action winning. Only a task with a time has a
//! reminder of its own; the evening summary covers the rest.

use crate::reminders::Lead;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TaskReminder {
    /// The account's lead (Settings).
    #[default]
    AsSet,
    Before(Lead),
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("a reminder is as set, at the time, 15m, 1h or 1d before, or off")]
pub struct TaskReminderError;

impl TaskReminder {
    /// As forms and the wire write it: empty (as set), a lead (`0`, `15m`,
    /// `1h`, `1d`) or `off`.
    pub fn parse(text: &str) -> Result<Self, TaskReminderError> {
        match text.trim() {
            "" => Ok(Self::AsSet),
            "off" => Ok(Self::Off),
            lead => Lead::parse(lead)
                .map(Self::Before)
                .map_err(|_| TaskReminderError),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::AsSet => "",
            Self::Before(lead) => lead.as_str(),
            Self::Off => "off",
        }
    }

    /// How long before its time the task reminds, given the account's
    /// lead; none when it is off.
    pub fn lead(self, account: Lead) -> Option<Lead> {
        match self {
            Self::AsSet => Some(account),
            Self::Before(lead) => Some(lead),
            Self::Off => None,
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
        reminder.as_str().to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reminder_reads_back_from_its_text() {
        let all = [
            TaskReminder::AsSet,
            TaskReminder::Off,
            TaskReminder::Before(Lead::AtTime),
            TaskReminder::Before(Lead::Hour),
        ];
        for reminder in all {
            assert_eq!(TaskReminder::parse(reminder.as_str()), Ok(reminder));
        }
        assert_eq!(TaskReminder::parse("2h"), Err(TaskReminderError));
    }

    #[test]
    fn a_task_follows_the_account_unless_it_says_otherwise() {
        assert_eq!(TaskReminder::AsSet.lead(Lead::Day), Some(Lead::Day));
        assert_eq!(
            TaskReminder::Before(Lead::Hour).lead(Lead::Day),
            Some(Lead::Hour)
        );
        assert_eq!(TaskReminder::Off.lead(Lead::Day), None);
    }
}
