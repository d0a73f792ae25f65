//! The editable fields of a task, as a form sends them (text) and as the
//! rest of the code uses them (parsed). The same parsing runs in the browser
//! and on the server.

use super::{wire_time, TaskReminder, TaskReminderError, TaskTitle, TaskTitleError};
use super::{
    Due, DueError, ListId, Notes, NotesError, Priority, PriorityError, Recurrence, RecurrenceError,
};
use serde::{Deserialize, Serialize};

/// The fields as text, exactly as a form posts them; empty means "none".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskForm {
    pub title: String,
    pub notes: String,
    pub due_date: String,
    pub due_time: String,
    pub priority: String,
    pub list_id: String,
    pub recurrence: String,
    /// Forms and requests made before reminders have none: as set.
    #[serde(default)]
    pub reminder: String,
}

/// The fields, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskFields {
    pub title: TaskTitle,
    pub notes: Notes,
    pub due: Option<Due>,
    pub priority: Priority,
    /// `None` is the Inbox, which every account has.
    pub list_id: Option<ListId>,
    pub recurrence: Option<Recurrence>,
    pub reminder: TaskReminder,
}

/// Which field was wrong, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum TaskFieldError {
    #[error("title: {0}")]
    Title(TaskTitleError),
    #[error("notes: {0}")]
    Notes(NotesError),
    #[error("due: {0}")]
    Due(DueError),
    #[error("priority: {0}")]
    Priority(PriorityError),
    #[error("list: not a list id")]
    List,
    #[error("repetition: {0}")]
    Recurrence(RecurrenceError),
    #[error("reminder: {0}")]
    Reminder(TaskReminderError),
}

impl TaskForm {
    pub fn parse(&self) -> Result<TaskFields, TaskFieldError> {
        Ok(TaskFields {
            title: TaskTitle::parse(&self.title).map_err(TaskFieldError::Title)?,
            notes: Notes::parse(&self.notes).map_err(TaskFieldError::Notes)?,
            due: Due::parse(&self.due_date, &self.due_time).map_err(TaskFieldError::Due)?,
            priority: Priority::parse(&self.priority).map_err(TaskFieldError::Priority)?,
            list_id: match self.list_id.trim() {
                "" => None,
                id => Some(id.parse().map_err(|_| TaskFieldError::List)?),
            },
            recurrence: match self.recurrence.trim() {
                "" => None,
                rule => Some(Recurrence::parse(rule).map_err(TaskFieldError::Recurrence)?),
            },
            reminder: TaskReminder::parse(&self.reminder).map_err(TaskFieldError::Reminder)?,
        })
    }

    /// A task's fields as a form would post them: what an edit of one field
    /// sends for all the others, unchanged.
    pub fn from_task(task: &super::Task) -> Self {
        Self {
            title: task.title.to_string(),
            notes: task.notes.as_str().to_owned(),
            due_date: task
                .due
                .map(|due| wire_time::date_text(due.date))
                .unwrap_or_default(),
            due_time: task
                .due
                .and_then(|due| due.time)
                .map(wire_time::hours_minutes)
                .unwrap_or_default(),
            priority: task.priority.level().to_string(),
            list_id: task.list_id.map(|id| id.to_string()).unwrap_or_default(),
            recurrence: task
                .recurrence
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default(),
            reminder: task.reminder.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_written_back_as_a_form_parses_to_the_same_fields() {
        let fields = TaskForm {
            title: "Алгебра".into(),
            notes: "№245".into(),
            due_date: "2027-05-12".into(),
            due_time: "18:00".into(),
            priority: "2".into(),
            list_id: crate::domain::ListId::new().to_string(),
            recurrence: "weekly mon,thu".into(),
            reminder: "15m".into(),
        }
        .parse()
        .unwrap();
        let task = crate::domain::Task::new(
            crate::domain::TaskId::new(),
            fields.clone(),
            chrono::Utc::now(),
        );
        assert_eq!(TaskForm::from_task(&task).parse(), Ok(fields));
    }

    fn form() -> TaskForm {
        TaskForm {
            title: "Алгебра №245".into(),
            ..TaskForm::default()
        }
    }

    #[test]
    fn a_title_alone_makes_a_normal_inbox_task() {
        let fields = form().parse().unwrap();
        assert_eq!(fields.title.as_str(), "Алгебра №245");
        assert_eq!(fields.priority, Priority::NORMAL);
        assert_eq!(
            (fields.due, fields.list_id, fields.recurrence),
            (None, None, None)
        );
    }

    #[test]
    fn every_field_is_parsed() {
        let list = ListId::new();
        let fields = TaskForm {
            notes: "стр. 45".into(),
            due_date: "2026-09-01".into(),
            due_time: "08:30".into(),
            priority: "1".into(),
            list_id: list.to_string(),
            recurrence: "weekly mon".into(),
            ..form()
        }
        .parse()
        .unwrap();
        assert_eq!(fields.list_id, Some(list));
        assert_eq!(fields.priority.level(), 1);
        assert!(fields.due.unwrap().time.is_some());
        assert_eq!(fields.recurrence.unwrap().to_string(), "weekly mon");
    }

    #[test]
    fn the_wrong_field_is_named() {
        assert!(matches!(
            TaskForm {
                title: " ".into(),
                ..form()
            }
            .parse(),
            Err(TaskFieldError::Title(_))
        ));
        assert!(matches!(
            TaskForm {
                due_date: "вчера".into(),
                ..form()
            }
            .parse(),
            Err(TaskFieldError::Due(_))
        ));
        assert!(matches!(
            TaskForm {
                priority: "9".into(),
                ..form()
            }
            .parse(),
            Err(TaskFieldError::Priority(_))
        ));
        assert_eq!(
            TaskForm {
                list_id: "inbox".into(),
                ..form()
            }
            .parse(),
            Err(TaskFieldError::List)
        );
        assert!(matches!(
            TaskForm {
                recurrence: "often".into(),
                ..form()
            }
            .parse(),
            Err(TaskFieldError::Recurrence(_))
        ));
    }
}
