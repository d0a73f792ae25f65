//! What a push carries to the phone: the JSON the worker's
//! `reminderNotification` (public/sw-policy.js) reads. It names the account,
//! so a phone signed in to someone else shows no titles; its `tag` is the
//! occurrence's key, so the same reminder sent twice replaces itself.

use super::{Occurrence, Summary};
use crate::api::wire::undated_request;
use crate::change::TaskChange;
use crate::domain::{Task, TaskPatch, TaskReminder, UserId};
use crate::text::{self, Locale};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushMessage {
    pub account: String,
    pub title: String,
    pub body: String,
    pub tag: String,
    /// The page a tap opens.
    pub url: String,
    /// A task's reminder's buttons: «Готово», «Отложить на час».
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Actions>,
}

/// What a reminder's buttons send: the task's changes, as the page sends
/// them, undated (the worker dates them at the tap) and keyed by the
/// worker, through its outbox like any change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actions {
    pub done: ActionRequest,
    /// Its `field` is set to the moment an hour after the tap.
    pub snooze: ActionRequest,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRequest {
    pub path: String,
    /// Url-encoded, as a form.
    pub body: String,
    /// The field the worker fills in at the tap, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// The field of a task's edit that holds its reminder (`EditTask`).
const REMINDER_FIELD: &str = "reminder";

impl Actions {
    fn for_task(task: &Task) -> Self {
        let (path, body) = undated_request(
            &TaskChange::Complete {
                id: task.id,
                completed: true,
            }
            .into(),
        );
        let done = ActionRequest {
            path: path.to_owned(),
            body,
            field: None,
        };
        let put_off = TaskPatch {
            reminder: Some(TaskReminder::AsSet),
            ..TaskPatch::default()
        };
        let (path, body) = undated_request(
            &TaskChange::Edit {
                id: task.id,
                patch: put_off,
            }
            .into(),
        );
        let snooze = ActionRequest {
            path: path.to_owned(),
            body,
            field: Some(REMINDER_FIELD.to_owned()),
        };
        Self { done, snooze }
    }
}

impl PushMessage {
    /// The evening summary of `date`.
    pub fn summary(user: UserId, date: NaiveDate, summary: &Summary, locale: Locale) -> Self {
        Self {
            account: user.to_string(),
            title: text::summary_title(locale),
            body: summary.text(locale),
            tag: Occurrence::Summary(date).key(),
            url: "/upcoming".into(),
            actions: None,
        }
    }

    /// A task's reminder, read on `today`: its title, and when it is due.
    /// A tap opens the view that shows it, at its row.
    pub fn task(
        user: UserId,
        task: &Task,
        occurrence: Occurrence,
        today: NaiveDate,
        locale: Locale,
    ) -> Self {
        let body = task
            .due
            .map(|due| text::reminder_when(locale, due, today))
            .unwrap_or_default();
        let due_today = task.due.is_some_and(|due| due.date <= today);
        Self {
            account: user.to_string(),
            title: task.title.as_str().to_owned(),
            body,
            tag: occurrence.key(),
            url: format!(
                "{}#task-{}",
                if due_today { "/" } else { "/upcoming" },
                task.id
            ),
            actions: Some(Actions::for_task(task)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::wire;
    use crate::change::Change;
    use crate::domain::{TaskForm, TaskId};
    use chrono::{DateTime, NaiveDateTime, Utc};

    /// A button's request as the worker sends it: its field filled in, and
    /// dated at the tap (`policy.dated`).
    fn tapped(request: &ActionRequest, value: &str, at: DateTime<Utc>) -> Option<Change> {
        let mut pairs: Vec<String> = request
            .body
            .split('&')
            .filter(|pair| {
                request
                    .field
                    .as_ref()
                    .is_none_or(|f| !pair.starts_with(&format!("{f}=")))
            })
            .map(str::to_owned)
            .collect();
        if let Some(field) = &request.field {
            pairs.push(format!("{field}={value}"));
        }
        pairs.push(format!("at={}", at.format("%Y-%m-%dT%H:%M:%S%.3fZ")));
        wire::read(&request.path, &pairs.join("&"), at)
    }

    #[test]
    fn the_buttons_send_the_tasks_completion_and_its_reminder_put_off() {
        let fields = TaskForm {
            title: "алгебра".into(),
            due_date: "2026-10-13".into(),
            due_time: "18:30".into(),
            ..TaskForm::default()
        };
        let task = Task::new(TaskId::new(), fields.parse().unwrap(), Utc::now());
        let actions = Actions::for_task(&task);
        assert!(!actions.done.body.contains("at="), "{}", actions.done.body);
        let at = Utc::now();
        assert_eq!(
            tapped(&actions.done, "", at),
            Some(Change::Task(TaskChange::Complete {
                id: task.id,
                completed: true
            }))
        );
        let later = NaiveDateTime::parse_from_str("2026-10-13T19:45", "%Y-%m-%dT%H:%M").unwrap();
        let Some(Change::Task(TaskChange::Edit { id, patch })) =
            tapped(&actions.snooze, "2026-10-13T19:45", at)
        else {
            panic!("the snooze is an edit of the task");
        };
        assert_eq!(id, task.id);
        assert_eq!(patch.reminder, Some(TaskReminder::At(later)));
        assert_eq!(patch.title, None);
    }
}
