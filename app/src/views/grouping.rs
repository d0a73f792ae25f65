//! Upcoming, grouped: each of the next days on its own, then the rest.

use crate::domain::Task;
use chrono::{Days, NaiveDate};

/// How many days after today get their own heading.
pub const UPCOMING_DAYS: u64 = 14;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    Day(NaiveDate),
    Later,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DayGroup {
    pub heading: Heading,
    pub tasks: Vec<Task>,
}

/// Groups tasks (in the order given) under their day when it falls in the
/// next `UPCOMING_DAYS` days, and under «later» after that. Days without
/// tasks get no group; groups come in date order.
pub fn group_by_day(tasks: &[Task], today: NaiveDate) -> Vec<DayGroup> {
    let last = today + Days::new(UPCOMING_DAYS);
    let mut groups: Vec<DayGroup> = Vec::new();
    for task in tasks {
        let heading = match task.due.map(|due| due.date) {
            Some(date) if date <= last => Heading::Day(date),
            _ => Heading::Later,
        };
        match groups.iter_mut().find(|g| g.heading == heading) {
            Some(group) => group.tasks.push(task.clone()),
            None => groups.push(DayGroup {
                heading,
                tasks: vec![task.clone()],
            }),
        }
    }
    groups.sort_by_key(|g| match g.heading {
        Heading::Day(date) => (0, Some(date)),
        Heading::Later => (1, None),
    });
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{TaskForm, TaskId};
    use chrono::Utc;

    fn due(date: &str) -> Task {
        let fields = TaskForm {
            title: date.into(),
            due_date: date.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, Utc::now())
    }

    #[test]
    fn the_next_fourteen_days_each_get_a_heading_and_the_rest_come_later() {
        let today = NaiveDate::from_ymd_opt(2026, 12, 30).unwrap();
        let tasks = [
            due("2027-02-01"),
            due("2026-12-31"),
            due("2027-01-13"),
            due("2026-12-31"),
            due("2027-01-14"),
        ];
        let groups = group_by_day(&tasks, today);
        let shape: Vec<(Heading, usize)> =
            groups.iter().map(|g| (g.heading, g.tasks.len())).collect();
        let day = |y, m, d| Heading::Day(NaiveDate::from_ymd_opt(y, m, d).unwrap());
        assert_eq!(
            shape,
            vec![
                (day(2026, 12, 31), 2),
                (day(2027, 1, 13), 1),
                (Heading::Later, 2)
            ]
        );
        let later: Vec<&str> = groups[2].tasks.iter().map(|t| t.title.as_str()).collect();
        assert_eq!(later, ["2027-02-01", "2027-01-14"]);
    }

    #[test]
    fn no_tasks_no_groups() {
        assert!(group_by_day(&[], NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()).is_empty());
    }
}
