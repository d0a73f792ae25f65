//! The evening summary: the open tasks due tomorrow, named (the first two,
//! in Today's order) and counted, and how many are overdue. «Завтра:
//! алгебра №245, реферат и ещё 2». Nothing to say, no summary: it covers
//! homework with a date and no time, which has no reminder of its own.

use crate::domain::Task;
use crate::text::{self, Locale};
use crate::views::View;
use chrono::{Days, NaiveDate};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The first tasks due tomorrow, by title (shortened).
    titles: Vec<String>,
    /// How many more are due tomorrow.
    more: usize,
    overdue: usize,
}

/// How many titles a summary names, and how long each may be: a push
/// message stays far under its 3 KB.
const NAMED: usize = 2;
const TITLE_CHARS: usize = 60;

impl Summary {
    /// The summary the evening of `today` gives, from the account's tasks.
    pub fn of(tasks: &[Task], today: NaiveDate) -> Option<Self> {
        let tomorrow = today.checked_add_days(Days::new(1))?;
        let open = || {
            tasks
                .iter()
                .filter(|task| task.completed_at.is_none() && task.deleted_at.is_none())
        };
        let mut due: Vec<Task> = open()
            .filter(|task| task.due.is_some_and(|due| due.date == tomorrow))
            .cloned()
            .collect();
        let overdue = open()
            .filter(|task| task.due.is_some_and(|due| due.date < today))
            .count();
        if due.is_empty() && overdue == 0 {
            return None;
        }
        View::Today.sort(&mut due, &[]);
        let titles: Vec<String> = due
            .iter()
            .take(NAMED)
            .map(|task| shortened(task.title.as_str()))
            .collect();
        Some(Self {
            more: due.len() - titles.len(),
            titles,
            overdue,
        })
    }

    /// The notification's text, in the person's language.
    pub fn text(&self, locale: Locale) -> String {
        text::evening_summary(locale, &self.titles, self.more, self.overdue)
    }
}

fn shortened(title: &str) -> String {
    if title.chars().count() <= TITLE_CHARS {
        return title.to_owned();
    }
    let mut short: String = title.chars().take(TITLE_CHARS - 1).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{TaskForm, TaskId};
    use chrono::Utc;

    fn task(title: &str, due_date: &str, due_time: &str) -> Task {
        let fields = TaskForm {
            title: title.into(),
            due_date: due_date.into(),
            due_time: due_time.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, Utc::now())
    }

    fn evening() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 10, 13).unwrap()
    }

    #[test]
    fn tomorrows_tasks_are_named_two_at_most_and_the_rest_counted() {
        let tasks = [
            task("реферат", "2026-10-14", ""),
            task("алгебра №245", "2026-10-14", "08:30"),
            task("стих", "2026-10-14", ""),
            task("контурная карта", "2026-10-14", ""),
            task("на послезавтра", "2026-10-15", ""),
        ];
        let summary = Summary::of(&tasks, evening()).unwrap();
        assert_eq!(
            summary.text(Locale::ru),
            "Завтра: алгебра №245, реферат и ещё 2"
        );
        assert_eq!(
            summary.text(Locale::en),
            "Tomorrow: алгебра №245, реферат and 2 more"
        );
    }

    #[test]
    fn done_and_deleted_tasks_are_not_reminded() {
        let mut tasks = [
            task("алгебра", "2026-10-14", ""),
            task("сделано", "2026-10-14", ""),
            task("удалено", "2026-10-14", ""),
        ];
        tasks[1].set_completed(true, Utc::now());
        tasks[2].deleted_at = Some(Utc::now());
        assert_eq!(
            Summary::of(&tasks, evening()).unwrap().text(Locale::ru),
            "Завтра: алгебра"
        );
    }

    #[test]
    fn overdue_tasks_are_counted_even_with_nothing_due_tomorrow() {
        let tasks = [
            task("вчерашнее", "2026-10-12", ""),
            task("давнее", "2026-10-01", ""),
            task("сегодняшнее", "2026-10-13", ""),
        ];
        let summary = Summary::of(&tasks, evening()).unwrap();
        assert_eq!(summary.text(Locale::ru), "Просрочено: 2");
        let mut both = tasks.to_vec();
        both.push(task("химия", "2026-10-14", ""));
        assert_eq!(
            Summary::of(&both, evening()).unwrap().text(Locale::en),
            "Tomorrow: химия. Overdue: 2"
        );
    }

    #[test]
    fn nothing_due_tomorrow_and_nothing_overdue_is_no_summary() {
        let tasks = [task("сегодня", "2026-10-13", ""), task("без даты", "", "")];
        assert_eq!(Summary::of(&tasks, evening()), None);
    }

    #[test]
    fn a_long_title_is_shortened() {
        let long = "о".repeat(200);
        let summary = Summary::of(&[task(&long, "2026-10-14", "")], evening()).unwrap();
        let text = summary.text(Locale::ru);
        assert_eq!(
            text.chars().count(),
            "Завтра: ".chars().count() + TITLE_CHARS
        );
        assert!(text.ends_with('…'));
    }
}
