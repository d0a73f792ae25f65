//! The order a view shows its tasks in, decided in one place for the page
//! as the server renders it, as it hydrates, and as it changes. A tap on a
//! circle never moves a row (a second tap would land on another task): in
//! Today and Upcoming the order is by when tasks are due, done or not; the
//! Inbox and lists keep the person's order; Completed keeps the order the
//! server listed, newest first.

use super::View;
use crate::domain::{Task, TaskId};
use std::cmp::Ordering;

impl View {
    /// Sorts `tasks` for this view. `listed` is the order of the view's
    /// last read (what Completed keeps).
    pub fn sort(&self, tasks: &mut [Task], listed: &[TaskId]) {
        match self {
            Self::Today | Self::Upcoming => tasks.sort_by(by_due),
            Self::Inbox | Self::List(_) => tasks.sort_by(by_position),
            Self::Completed => {
                let rank = |task: &Task| listed.iter().position(|id| *id == task.id);
                // Not listed yet (completed since the read): on top.
                tasks.sort_by(|a, b| {
                    match (rank(a), rank(b)) {
                        (Some(a), Some(b)) => a.cmp(&b),
                        (Some(_), None) => Ordering::Greater,
                        (None, Some(_)) => Ordering::Less,
                        (None, None) => b.completed_at.cmp(&a.completed_at),
                    }
                    .then_with(|| a.id.cmp(&b.id))
                });
            }
        }
    }
}

/// Earliest due first, a day's timed tasks before its untimed ones, then
/// the most urgent; tasks without a date last.
fn by_due(a: &Task, b: &Task) -> Ordering {
    let due = |task: &Task| {
        (
            task.due.is_none(),
            task.due.map(|due| due.date),
            task.due.is_some_and(|due| due.time.is_none()),
            task.due.and_then(|due| due.time),
        )
    };
    due(a)
        .cmp(&due(b))
        .then_with(|| a.priority.cmp(&b.priority))
        .then_with(|| by_position(a, b))
}

fn by_position(a: &Task, b: &Task) -> Ordering {
    (a.position, a.created_at, a.id).cmp(&(b.position, b.created_at, b.id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{TaskForm, TaskId};
    use chrono::Utc;

    fn task(title: &str, due_date: &str, due_time: &str, priority: &str) -> Task {
        let fields = TaskForm {
            title: title.into(),
            due_date: due_date.into(),
            due_time: due_time.into(),
            priority: priority.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, Utc::now())
    }

    fn titles(tasks: &[Task]) -> Vec<&str> {
        tasks.iter().map(|t| t.title.as_str()).collect()
    }

    #[test]
    fn today_is_by_due_date_then_time_then_priority_and_a_done_task_stays_in_place() {
        let mut tasks = vec![
            task("Позже", "2026-12-03", "", "4"),
            task("Срочно", "2026-12-03", "", "1"),
            task("Утром", "2026-12-03", "08:00", "4"),
            task("Вчера", "2026-12-02", "", "4"),
        ];
        tasks[1].set_completed(true, Utc::now());
        View::Today.sort(&mut tasks, &[]);
        assert_eq!(titles(&tasks), ["Вчера", "Утром", "Срочно", "Позже"]);
    }

    #[test]
    fn the_inbox_keeps_the_persons_order() {
        let mut tasks = vec![task("A", "", "", ""), task("B", "", "", "")];
        tasks[0].set_position(1, Utc::now());
        View::Inbox.sort(&mut tasks, &[]);
        assert_eq!(titles(&tasks), ["B", "A"]);
    }

    #[test]
    fn completed_keeps_the_listed_order_with_new_ones_on_top() {
        let mut tasks = vec![
            task("Старое", "", "", ""),
            task("Новое", "", "", ""),
            task("Ещё", "", "", ""),
        ];
        let listed = [tasks[2].id, tasks[0].id];
        tasks[1].set_completed(true, Utc::now());
        View::Completed.sort(&mut tasks, &listed);
        assert_eq!(titles(&tasks), ["Новое", "Ещё", "Старое"]);
    }
}
