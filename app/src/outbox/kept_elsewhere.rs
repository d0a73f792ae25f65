//! What the person typed into something deleted on another device is kept
//! (docs/design.md §2): a new task whose list went lands in the Inbox, and
//! an edit or a step of a task that went brings it back. The server does
//! it; the page reads it from the server's answer and says so, once.

use crate::change::{Change, StepChange, TaskChange};
use crate::domain::{Stamp, Task};
use chrono::{DateTime, Utc};

/// Where a saved change's content went, when not where it was sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeptElsewhere {
    /// A new task whose list was deleted: it is in the Inbox.
    InInbox { title: String },
    /// A change with words in it, to a task deleted meanwhile: the task
    /// came back with them.
    BroughtBack { title: String },
}

/// What saving `change`, made `at`, did beyond it, read from the task the
/// server answered: `None` when it was saved as sent.
pub fn kept_elsewhere(change: &Change, at: DateTime<Utc>, answer: &Task) -> Option<KeptElsewhere> {
    let title = answer.title.to_string();
    match change {
        Change::Task(TaskChange::Create(sent))
            if sent.list_id.is_some() && answer.list_id.is_none() =>
        {
            Some(KeptElsewhere::InInbox { title })
        }
        Change::Task(TaskChange::Edit { .. })
        | Change::Step(StepChange::Create { .. })
        | Change::Step(StepChange::Edit { title: Some(_), .. })
            if brought_back_by(answer, at) =>
        {
            Some(KeptElsewhere::BroughtBack { title })
        }
        _ => None,
    }
}

/// Whether the task's deletion was undone by a change made `at`: it is not
/// deleted, and its deletion last changed at `at` or after, later than
/// its creation (the server clocks a bringing back so).
fn brought_back_by(task: &Task, at: DateTime<Utc>) -> bool {
    let deletion = task.changed.deletion;
    task.deleted_at.is_none() && deletion >= Stamp::of(at) && deletion > Stamp::of(task.created_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{ListId, TaskForm, TaskId};
    use chrono::{Duration, TimeZone};

    fn at(minute: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 6, 8, 0, 0).unwrap() + Duration::minutes(minute)
    }

    fn task(list: Option<ListId>) -> Task {
        let form = TaskForm {
            title: "Реферат".into(),
            list_id: list.map(|id| id.to_string()).unwrap_or_default(),
            ..TaskForm::default()
        };
        Task::new(TaskId::new(), form.parse().unwrap(), at(0))
    }

    fn created(task: &Task) -> Change {
        Change::Task(TaskChange::Create(task.clone()))
    }

    fn edit(task: &Task) -> Change {
        let patch = crate::domain::PatchForm {
            notes: Some("стр. 45".into()),
            ..Default::default()
        };
        Change::Task(TaskChange::Edit {
            id: task.id,
            patch: patch.parse().unwrap(),
        })
    }

    #[test]
    fn a_new_task_answered_in_the_inbox_was_kept_there() {
        let sent = task(Some(ListId::new()));
        let mut answer = sent.clone();
        answer.list_id = None;
        assert_eq!(
            kept_elsewhere(&created(&sent), at(0), &answer),
            Some(KeptElsewhere::InInbox {
                title: "Реферат".into()
            })
        );
        assert_eq!(kept_elsewhere(&created(&sent), at(0), &sent), None);
    }

    #[test]
    fn an_edit_that_brought_its_task_back_says_so_and_a_plain_one_does_not() {
        let mut stored = task(None);
        let change = edit(&stored);
        assert_eq!(
            kept_elsewhere(&change, at(2), &stored),
            None,
            "never deleted"
        );

        stored.set_deleted(true, at(3));
        stored.bring_back(at(2));
        assert_eq!(
            kept_elsewhere(&change, at(2), &stored),
            Some(KeptElsewhere::BroughtBack {
                title: "Реферат".into()
            })
        );

        let mut undone = task(None);
        undone.set_deleted(true, at(1));
        undone.set_deleted(false, at(2));
        assert_eq!(
            kept_elsewhere(&change, at(5), &undone),
            None,
            "restored before"
        );
    }

    #[test]
    fn a_bringing_back_wins_over_the_deletion_in_every_copy() {
        let mut deleted = task(None);
        deleted.set_deleted(true, at(3));
        let mut back = deleted.clone();
        assert!(
            back.bring_back(at(2)),
            "made before the deletion, still wins"
        );
        assert_eq!(back.deleted_at, None);
        let mut merged = deleted.clone();
        merged.merge(&back);
        assert_eq!(merged.deleted_at, None);
        back.merge(&deleted);
        assert_eq!(back.deleted_at, None);
        assert!(!back.bring_back(at(4)), "nothing to bring back");
    }
}
