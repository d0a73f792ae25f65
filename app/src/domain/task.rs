//! A task, and the changes a person can make to it. Every change describes
//! the state wanted, so applying it twice gives the same task.

use super::{Due, ListId, Notes, Priority, Recurrence, TaskFields, TaskId, TaskTitle};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub id: TaskId,
    /// `None`: the Inbox.
    pub list_id: Option<ListId>,
    pub title: TaskTitle,
    pub notes: Notes,
    pub due: Option<Due>,
    pub priority: Priority,
    pub recurrence: Option<Recurrence>,
    /// The first task of a recurring series; its occurrences' ids derive from it.
    pub series_id: Option<TaskId>,
    /// Order within its list (smaller first).
    pub position: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    /// Set when deleted; the task can be restored until it is purged.
    pub deleted_at: Option<DateTime<Utc>>,
}

impl Task {
    pub fn new(id: TaskId, fields: TaskFields, now: DateTime<Utc>) -> Self {
        let series_id = fields.recurrence.is_some().then_some(id);
        Self {
            id,
            list_id: fields.list_id,
            title: fields.title,
            notes: fields.notes,
            due: fields.due,
            priority: fields.priority,
            recurrence: fields.recurrence,
            series_id,
            position: 0,
            created_at: now,
            updated_at: now,
            completed_at: None,
            deleted_at: None,
        }
    }

    /// Sets every editable field. A task that starts repeating begins a series.
    pub fn edit(&mut self, fields: TaskFields, now: DateTime<Utc>) {
        self.series_id = match (&fields.recurrence, self.series_id) {
            (Some(_), None) => Some(self.id),
            (_, series) => series,
        };
        self.list_id = fields.list_id;
        self.title = fields.title;
        self.notes = fields.notes;
        self.due = fields.due;
        self.priority = fields.priority;
        self.recurrence = fields.recurrence;
        self.updated_at = now;
    }

    /// Marks the task done or not done. Completing a completed task keeps its
    /// first completion time: a replay changes nothing.
    pub fn set_completed(&mut self, completed: bool, at: DateTime<Utc>) {
        self.completed_at = if completed {
            self.completed_at.or(Some(at))
        } else {
            None
        };
        self.updated_at = at;
    }

    pub fn set_deleted(&mut self, deleted: bool, at: DateTime<Utc>) {
        self.deleted_at = if deleted {
            self.deleted_at.or(Some(at))
        } else {
            None
        };
        self.updated_at = at;
    }

    /// The occurrence that follows this one when it is completed on
    /// `completed_on`: due by the rule after this one's due date (or after
    /// the completion day, for a task without one). Its id is derived from
    /// the series and its date, so it can only ever be created once.
    pub fn next_occurrence(&self, completed_on: NaiveDate, now: DateTime<Utc>) -> Option<Task> {
        let rule = self.recurrence.as_ref()?;
        let series = self.series_id.unwrap_or(self.id);
        let base = self.due.map_or(completed_on, |due| due.date);
        let date = rule.next_after(base);
        Some(Task {
            id: TaskId::occurrence(series, date),
            due: Some(Due {
                date,
                time: self.due.and_then(|due| due.time),
            }),
            series_id: Some(series),
            created_at: now,
            updated_at: now,
            completed_at: None,
            deleted_at: None,
            ..self.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TaskForm;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 9, 1, hour, 0, 0).unwrap()
    }

    fn task(recurrence: &str, due_date: &str) -> Task {
        let form = TaskForm {
            title: "Зарядка".into(),
            due_date: due_date.into(),
            recurrence: recurrence.into(),
            ..TaskForm::default()
        };
        Task::new(TaskId::new(), form.parse().unwrap(), at(7))
    }

    #[test]
    fn completing_twice_keeps_the_first_time_and_uncompleting_clears_it() {
        let mut t = task("", "");
        t.set_completed(true, at(8));
        t.set_completed(true, at(9));
        assert_eq!(t.completed_at, Some(at(8)));
        t.set_completed(false, at(10));
        assert_eq!(t.completed_at, None);
    }

    #[test]
    fn the_next_occurrence_is_due_by_the_rule_after_the_due_date() {
        let t = task("daily", "2026-09-01");
        let next = t
            .next_occurrence(NaiveDate::from_ymd_opt(2026, 9, 3).unwrap(), at(8))
            .unwrap();
        assert_eq!(
            next.due.unwrap().date,
            NaiveDate::from_ymd_opt(2026, 9, 2).unwrap()
        );
        assert_eq!(next.series_id, Some(t.id));
        assert_eq!(next.title, t.title);
        assert_eq!(next.completed_at, None);
    }

    #[test]
    fn the_next_occurrence_always_gets_the_same_id() {
        let t = task("weekly mon", "2026-09-07");
        let day = NaiveDate::from_ymd_opt(2026, 9, 7).unwrap();
        assert_eq!(
            t.next_occurrence(day, at(8)).unwrap().id,
            t.next_occurrence(day, at(9)).unwrap().id
        );
    }

    #[test]
    fn without_a_due_date_the_series_continues_from_the_completion_day() {
        let t = task("every 2 days", "");
        let next = t
            .next_occurrence(NaiveDate::from_ymd_opt(2026, 9, 10).unwrap(), at(8))
            .unwrap();
        assert_eq!(
            next.due.unwrap().date,
            NaiveDate::from_ymd_opt(2026, 9, 12).unwrap()
        );
    }

    #[test]
    fn a_task_without_a_rule_has_no_next_occurrence() {
        assert!(task("", "2026-09-01")
            .next_occurrence(NaiveDate::MIN, at(8))
            .is_none());
    }

    #[test]
    fn occurrences_of_occurrences_stay_in_one_series() {
        let first = task("daily", "2026-09-01");
        let second = first.next_occurrence(NaiveDate::MIN, at(8)).unwrap();
        let third = second.next_occurrence(NaiveDate::MIN, at(9)).unwrap();
        assert_eq!(third.series_id, Some(first.id));
        assert_eq!(
            third.id,
            TaskId::occurrence(first.id, NaiveDate::from_ymd_opt(2026, 9, 3).unwrap())
        );
    }
}
