//! The planner's views — Today, Upcoming, Inbox, a list, Completed — and
//! what each one shows. The server asks its database for a view; the page
//! uses the same rules for tasks it knows only from the outbox.

mod grouping;
mod order;
mod page;
mod runs;

pub use grouping::{group_by_day, DayGroup, Heading, UPCOMING_DAYS};
pub use page::{ListCount, Nav, ViewPage};
pub use runs::{landing, moved};

use crate::domain::{wire_time, ListId, Task};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum View {
    /// Overdue and due today, not done; then what was done today.
    Today,
    /// Due after today, not done: the next days one by one, then later.
    Upcoming,
    /// Not done, in no list.
    Inbox,
    /// Not done, in this list.
    List(ListId),
    /// Done, the most recent first.
    Completed,
}

/// The person's today: its date where they are, and the instant it began
/// (their midnight), which says what was done "today".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day {
    #[serde(with = "wire_time::date")]
    pub date: NaiveDate,
    #[serde(with = "wire_time::moment")]
    pub began: DateTime<Utc>,
}

impl Day {
    /// Today as UTC sees it: only a placeholder until the server has said.
    pub fn utc(now: DateTime<Utc>) -> Self {
        let date = now.date_naive();
        Self {
            date,
            began: date.and_time(chrono::NaiveTime::MIN).and_utc(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("unknown view (expected today, upcoming, inbox, completed or list:<id>)")]
pub struct ViewError;

impl View {
    /// The view's name in a request: `today`, `list:<id>`, …
    pub fn parse(raw: &str) -> Result<Self, ViewError> {
        match raw.trim() {
            "today" => Ok(Self::Today),
            "upcoming" => Ok(Self::Upcoming),
            "inbox" => Ok(Self::Inbox),
            "completed" => Ok(Self::Completed),
            other => other
                .strip_prefix("list:")
                .and_then(|id| id.parse().ok())
                .map(Self::List)
                .ok_or(ViewError),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Self::Today => "today".into(),
            Self::Upcoming => "upcoming".into(),
            Self::Inbox => "inbox".into(),
            Self::Completed => "completed".into(),
            Self::List(id) => format!("list:{id}"),
        }
    }

    /// Where the view lives in the app.
    pub fn path(&self) -> String {
        match self {
            Self::Today => "/".into(),
            Self::Upcoming => "/upcoming".into(),
            Self::Inbox => "/inbox".into(),
            Self::Completed => "/completed".into(),
            Self::List(id) => format!("/lists/{id}"),
        }
    }

    /// Whether the view shows this task on the person's `today`.
    pub fn shows(&self, task: &Task, today: Day) -> bool {
        if task.deleted_at.is_some() {
            return false;
        }
        let due = task.due.map(|due| due.date);
        match (self, task.completed_at) {
            (Self::Today, None) => due.is_some_and(|date| date <= today.date),
            (Self::Today, Some(done)) => done >= today.began,
            (Self::Upcoming, None) => due.is_some_and(|date| date > today.date),
            (Self::Inbox, None) => task.list_id.is_none(),
            (Self::List(id), None) => task.list_id == Some(*id),
            (Self::Completed, done) => done.is_some(),
            (Self::Upcoming | Self::Inbox | Self::List(_), Some(_)) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{TaskForm, TaskId};

    fn task(due_date: &str, list: Option<ListId>) -> Task {
        let fields = TaskForm {
            title: "Алгебра".into(),
            due_date: due_date.into(),
            list_id: list.map(|id| id.to_string()).unwrap_or_default(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        // Made well before the changes the tests make to it.
        Task::new(
            TaskId::new(),
            fields,
            "2026-11-01T00:00:00Z".parse().unwrap(),
        )
    }

    fn today() -> Day {
        Day {
            date: NaiveDate::from_ymd_opt(2026, 12, 3).unwrap(),
            // Midnight in Moscow.
            began: "2026-12-02T21:00:00Z".parse().unwrap(),
        }
    }

    #[test]
    fn today_shows_overdue_and_today_but_not_tomorrow_or_undated() {
        assert!(View::Today.shows(&task("2026-11-30", None), today()));
        assert!(View::Today.shows(&task("2026-12-03", None), today()));
        assert!(!View::Today.shows(&task("2026-12-04", None), today()));
        assert!(!View::Today.shows(&task("", None), today()));
    }

    #[test]
    fn upcoming_starts_tomorrow() {
        assert!(!View::Upcoming.shows(&task("2026-12-03", None), today()));
        assert!(View::Upcoming.shows(&task("2026-12-04", None), today()));
    }

    #[test]
    fn done_tasks_leave_every_view_but_completed_and_todays() {
        let mut done = task("2026-12-03", None);
        done.set_completed(true, "2026-12-02T20:59:00Z".parse().unwrap());
        assert!(!View::Today.shows(&done, today()), "done yesterday");
        assert!(!View::Inbox.shows(&done, today()));
        assert!(View::Completed.shows(&done, today()));

        let mut done_today = task("2026-11-20", None);
        done_today.set_completed(true, "2026-12-02T21:00:00Z".parse().unwrap());
        assert!(
            View::Today.shows(&done_today, today()),
            "done after midnight"
        );
    }

    #[test]
    fn a_list_shows_its_own_tasks_and_the_inbox_those_in_no_list() {
        let list = ListId::new();
        assert!(View::List(list).shows(&task("", Some(list)), today()));
        assert!(!View::List(list).shows(&task("", Some(ListId::new())), today()));
        assert!(!View::Inbox.shows(&task("", Some(list)), today()));
        assert!(View::Inbox.shows(&task("", None), today()));
    }

    #[test]
    fn view_names_read_back() {
        let list = View::List(ListId::new());
        for view in [
            View::Today,
            View::Upcoming,
            View::Inbox,
            View::Completed,
            list,
        ] {
            assert_eq!(View::parse(&view.name()), Ok(view));
        }
        assert_eq!(View::parse("list:inbox"), Err(ViewError));
        assert_eq!(View::parse("tomorrow"), Err(ViewError));
    }
}
