//! Which reminders are due at a local moment, and whether one planned
//! earlier still stands when it is sent. Everything here is in the
//! account's local time: the server reads "now" in the account's zone, so a
//! change of zone moves every moment with it.

use super::{Occurrence, ReminderSettings};
use crate::domain::Task;
use chrono::{Duration, NaiveDateTime};

/// A reminder that may ring now, and how late it is already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DueReminder {
    pub occurrence: Occurrence,
    pub late: Duration,
}

impl DueReminder {
    /// How much longer it is worth sending.
    pub fn time_left(&self) -> Duration {
        self.occurrence.lifetime() - self.late
    }
}

/// The reminders that may ring at `now`, among an account's tasks: the
/// evening summary from its time on (whether it has anything to say is
/// decided when it is sent), and each open task's reminder from the end
/// of the quiet hours it falls in. What rang too long ago to matter is
/// left out.
pub fn due_at(settings: &ReminderSettings, tasks: &[Task], now: NaiveDateTime) -> Vec<DueReminder> {
    let summary = settings.summary_at().map(|at| {
        let rings = now.date().and_time(at);
        (Occurrence::Summary(now.date()), rings)
    });
    let reminders = tasks.iter().filter_map(|task| {
        let at = reminder_moment(settings, task)?;
        Some((
            Occurrence::Task { id: task.id, at },
            settings.quiet().ring_at(at),
        ))
    });
    summary
        .into_iter()
        .chain(reminders)
        .filter_map(|(occurrence, rings)| {
            let late = now - rings;
            let due = late >= Duration::zero() && late < occurrence.lifetime();
            due.then_some(DueReminder { occurrence, late })
        })
        .collect()
}

/// Whether a task's reminder planned for `at` still stands: the task is
/// there, open, and still reminds at that moment.
pub fn still_due(settings: &ReminderSettings, task: Option<&Task>, at: NaiveDateTime) -> bool {
    task.and_then(|task| reminder_moment(settings, task)) == Some(at)
}

/// When an open task reminds, in local time: none for a done or deleted
/// task, one whose reminder is off, or one with no time and no moment of
/// its own.
pub fn reminder_moment(settings: &ReminderSettings, task: &Task) -> Option<NaiveDateTime> {
    if task.completed_at.is_some() || task.deleted_at.is_some() {
        return None;
    }
    task.reminder.moment(settings.lead(), task.due)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Due, TaskForm, TaskId, TaskReminder};
    use crate::reminders::{Lead, QuietHours};
    use chrono::{NaiveDate, NaiveTime, Utc};

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    fn time(text: &str) -> NaiveTime {
        NaiveTime::parse_from_str(text, "%H:%M").unwrap()
    }

    fn task_due(at: &str) -> Task {
        let (date, time) = at.split_once(' ').unwrap();
        let fields = TaskForm {
            title: "алгебра №245".into(),
            due_date: date.into(),
            due_time: time.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, Utc::now())
    }

    fn settings(summary: Option<&str>, lead: Lead) -> ReminderSettings {
        ReminderSettings::new(summary.map(time), QuietHours::default(), lead).unwrap()
    }

    fn keys(due: &[DueReminder]) -> Vec<String> {
        due.iter().map(|due| due.occurrence.key()).collect()
    }

    #[test]
    fn the_summary_is_due_from_its_time_for_three_hours() {
        let settings = settings(Some("19:00"), Lead::AtTime);
        assert!(due_at(&settings, &[], local("2026-12-07 18:59")).is_empty());
        let due = due_at(&settings, &[], local("2026-12-07 19:10"));
        assert_eq!(keys(&due), ["summary:2026-12-07"]);
        assert_eq!(due[0].late, Duration::minutes(10));
        assert_eq!(due[0].time_left(), Duration::minutes(170));
        assert!(due_at(&settings, &[], local("2026-12-07 22:00")).is_empty());
    }

    #[test]
    fn no_summary_when_it_is_off() {
        let settings = settings(None, Lead::AtTime);
        assert!(due_at(&settings, &[], local("2026-12-07 19:10")).is_empty());
    }

    #[test]
    fn a_task_reminds_its_lead_before_its_time_and_not_an_hour_after() {
        let tasks = [task_due("2026-12-07 18:30")];
        let settings = settings(None, Lead::Hour);
        assert!(due_at(&settings, &tasks, local("2026-12-07 17:29")).is_empty());
        let due = due_at(&settings, &tasks, local("2026-12-07 17:30"));
        assert_eq!(
            due[0].occurrence,
            Occurrence::Task {
                id: tasks[0].id,
                at: local("2026-12-07 17:30")
            }
        );
        assert!(due_at(&settings, &tasks, local("2026-12-07 18:30")).is_empty());
    }

    #[test]
    fn a_tasks_own_reminder_wins_over_the_accounts_lead() {
        let settings = settings(None, Lead::AtTime);
        let mut early = task_due("2026-12-07 18:30");
        early.reminder = TaskReminder::Before(Lead::Hour);
        let mut silent = task_due("2026-12-07 18:30");
        silent.reminder = TaskReminder::Off;
        let plain = task_due("2026-12-07 18:30");
        let tasks = [early.clone(), silent, plain.clone()];
        let at = |text: &str| Occurrence::Task {
            id: if text.ends_with("17:30") {
                early.id
            } else {
                plain.id
            },
            at: local(text),
        };
        let keys_at = |now: &str| keys(&due_at(&settings, &tasks, local(now)));
        assert_eq!(keys_at("2026-12-07 17:30"), [at("2026-12-07 17:30").key()]);
        assert_eq!(keys_at("2026-12-07 18:30"), [at("2026-12-07 18:30").key()]);
    }

    #[test]
    fn a_reminder_in_the_quiet_hours_waits_for_their_end() {
        let tasks = [task_due("2026-12-08 06:00")];
        let settings = settings(None, Lead::AtTime);
        assert!(due_at(&settings, &tasks, local("2026-12-08 06:00")).is_empty());
        let due = due_at(&settings, &tasks, local("2026-12-08 07:05"));
        assert_eq!(keys(&due).len(), 1);
        assert_eq!(due[0].late, Duration::minutes(5));
    }

    #[test]
    fn done_deleted_and_untimed_tasks_do_not_remind() {
        let settings = settings(None, Lead::AtTime);
        let mut done = task_due("2026-12-07 18:30");
        done.completed_at = Some(Utc::now());
        let mut deleted = task_due("2026-12-07 18:30");
        deleted.deleted_at = Some(Utc::now());
        let mut untimed = task_due("2026-12-07 18:30");
        untimed.due = Some(Due {
            date: NaiveDate::from_ymd_opt(2026, 12, 7).unwrap(),
            time: None,
        });
        assert!(due_at(
            &settings,
            &[done, deleted, untimed],
            local("2026-12-07 18:31")
        )
        .is_empty());
    }

    #[test]
    fn a_planned_reminder_stands_only_while_the_task_still_reminds_then() {
        let settings = settings(None, Lead::AtTime);
        let task = task_due("2026-12-07 18:30");
        let at = local("2026-12-07 18:30");
        assert!(still_due(&settings, Some(&task), at));
        assert!(!still_due(&settings, None, at));
        let mut moved = task.clone();
        moved.due = Some(Due {
            date: at.date(),
            time: Some(time("19:30")),
        });
        assert!(!still_due(&settings, Some(&moved), at));
        let mut done = task;
        done.completed_at = Some(Utc::now());
        assert!(!still_due(&settings, Some(&done), at));
    }
}
