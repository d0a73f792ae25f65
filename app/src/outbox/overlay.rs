//! The list as the person expects to see it: the server's tasks with every
//! change still in the outbox applied on top, in order, and each task such
//! a change touches marked. This is how the optimistic state survives a
//! reload: it is derived from the outbox, not remembered by the page.

use super::{Change, Entry};
use crate::domain::{Task, TaskId};
use chrono::Utc;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Kept in the outbox; saved when the network is back.
    Queued,
    /// The server refused a change to it (the reason is in the failure list).
    Failed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub task: Task,
    pub mark: Option<Mark>,
}

/// `settled` are changes the server has taken since `server` was read:
/// applied unmarked, so nothing flickers back while the list is re-read.
pub fn overlay(
    server: &[Task],
    settled: &[Entry],
    pending: &[Entry],
    failures: &[Entry],
) -> Vec<Shown> {
    let mut tasks: Vec<Task> = server.to_vec();
    let mut marks: HashMap<TaskId, Mark> = HashMap::new();
    for entry in failures {
        if let Some(id) = entry.change().task_id() {
            marks.insert(id, Mark::Failed);
        }
    }
    let waiting = pending.iter().map(|entry| (entry, true));
    for (entry, marked) in settled.iter().map(|entry| (entry, false)).chain(waiting) {
        let change = entry.change();
        let at = entry.made_at();
        if let Some(id) = change.task_id().filter(|_| marked) {
            // A change the server keeps failing waits for the person.
            marks.insert(
                id,
                if entry.stuck {
                    Mark::Failed
                } else {
                    Mark::Queued
                },
            );
        }
        let find = |tasks: &mut Vec<Task>, id: TaskId| tasks.iter().position(|task| task.id == id);
        match change {
            Change::Create(task) => {
                if find(&mut tasks, task.id).is_none() {
                    tasks.push(task);
                }
            }
            Change::Edit { id, fields } => {
                if let Some(i) = find(&mut tasks, id) {
                    tasks[i].edit(fields, at);
                }
            }
            Change::Complete { id, completed } => {
                if let Some(i) = find(&mut tasks, id) {
                    tasks[i].set_completed(completed, at);
                    // A repeating task shows its next occurrence at once,
                    // as the server will create it (same derived id).
                    let next = completed
                        .then(|| tasks[i].next_occurrence(at.date_naive(), Utc::now()))
                        .flatten();
                    if let Some(next) = next.filter(|next| find(&mut tasks, next.id).is_none()) {
                        if marked {
                            marks.insert(next.id, Mark::Queued);
                        }
                        tasks.push(next);
                    }
                }
            }
            Change::Delete { id, deleted } => {
                if let Some(i) = find(&mut tasks, id) {
                    tasks[i].set_deleted(deleted, at);
                }
            }
            Change::Reorder(ids) => reorder(&mut tasks, &ids),
            Change::Other => {}
        }
    }
    tasks
        .into_iter()
        .filter(|task| task.deleted_at.is_none())
        .map(|task| Shown {
            mark: marks.get(&task.id).copied(),
            task,
        })
        .collect()
}

/// The tasks named in `ids` take the places they held among `tasks`, in
/// the order of `ids`; every other task stays where it is.
fn reorder(tasks: &mut [Task], ids: &[TaskId]) {
    let slots: Vec<usize> = (0..tasks.len())
        .filter(|&i| ids.contains(&tasks[i].id))
        .collect();
    let moved: Vec<Task> = ids
        .iter()
        .filter_map(|id| tasks.iter().find(|task| task.id == *id).cloned())
        .collect();
    for (slot, task) in slots.into_iter().zip(moved) {
        tasks[slot] = task;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(title: &str) -> Task {
        let fields = crate::domain::TaskForm {
            title: title.into(),
            ..Default::default()
        };
        Task::new(TaskId::new(), fields.parse().unwrap(), Utc::now())
    }

    fn queued(url: &str, body: String) -> Entry {
        Entry {
            key: uuid::Uuid::new_v4().to_string(),
            url: url.into(),
            body,
            time: Utc::now().timestamp_millis(),
            stuck: false,
            status: None,
            reason: None,
        }
    }

    fn titles(shown: &[Shown]) -> Vec<(&str, bool, Option<Mark>)> {
        shown
            .iter()
            .map(|s| (s.task.title.as_str(), s.task.completed_at.is_some(), s.mark))
            .collect()
    }

    #[test]
    fn with_an_empty_outbox_the_list_is_the_servers() {
        let server = vec![task("Физика")];
        assert_eq!(
            titles(&overlay(&server, &[], &[], &[])),
            vec![("Физика", false, None)]
        );
    }

    #[test]
    fn a_queued_completion_fills_the_circle_and_marks_the_task() {
        let server = vec![task("Физика"), task("Химия")];
        let pending = [queued(
            "/api/tasks/complete",
            format!("id={}&completed=true", server[1].id),
        )];
        assert_eq!(
            titles(&overlay(&server, &[], &pending, &[])),
            vec![("Физика", false, None), ("Химия", true, Some(Mark::Queued))]
        );
    }

    #[test]
    fn create_then_complete_then_rename_offline_shows_one_finished_renamed_task() {
        let id = TaskId::new();
        let pending = [
            queued("/api/tasks/add", format!("id={id}&quick_add=Draft")),
            queued("/api/tasks/complete", format!("id={id}&completed=true")),
            queued("/api/tasks/edit", format!("id={id}&title=Final")),
        ];
        assert_eq!(
            titles(&overlay(&[], &[], &pending, &[])),
            vec![("Final", true, Some(Mark::Queued))]
        );
    }

    #[test]
    fn the_same_create_queued_twice_shows_one_task() {
        let id = TaskId::new();
        let body = format!("id={id}&quick_add=Once");
        let pending = [
            queued("/api/tasks/add", body.clone()),
            queued("/api/tasks/add", body),
        ];
        assert_eq!(overlay(&[], &[], &pending, &[]).len(), 1);
    }

    #[test]
    fn a_queued_deletion_hides_the_task() {
        let server = vec![task("Старое")];
        let pending = [queued(
            "/api/tasks/delete",
            format!("id={}&deleted=true", server[0].id),
        )];
        assert!(overlay(&server, &[], &pending, &[]).is_empty());
    }

    #[test]
    fn a_queued_reorder_shows_the_new_order_and_leaves_other_tasks_in_place() {
        let server = vec![task("Алгебра"), task("Физика"), task("Химия"), task("Музыка")];
        let (algebra, chemistry) = (server[0].id, server[2].id);
        let pending = [queued(
            "/api/tasks/reorder",
            format!("ids%5B0%5D={chemistry}&ids%5B1%5D={algebra}"),
        )];
        let shown = overlay(&server, &[], &pending, &[]);
        let order: Vec<&str> = shown.iter().map(|s| s.task.title.as_str()).collect();
        assert_eq!(order, ["Химия", "Физика", "Алгебра", "Музыка"]);
    }

    #[test]
    fn completing_a_repeating_task_shows_its_next_occurrence_once() {
        let fields = crate::domain::TaskForm {
            title: "Зарядка".into(),
            due_date: "2027-03-01".into(),
            recurrence: "daily".into(),
            ..Default::default()
        }
        .parse()
        .unwrap();
        let server = vec![Task::new(TaskId::new(), fields, Utc::now())];
        let done = format!("id={}&completed=true", server[0].id);
        let pending = [
            queued("/api/tasks/complete", done.clone()),
            queued("/api/tasks/complete", done),
        ];
        let shown = overlay(&server, &[], &pending, &[]);
        assert_eq!(shown.len(), 2);
        assert_eq!(
            shown[1].task.due.map(|due| due.date.to_string()),
            Some("2027-03-02".into())
        );
    }

    #[test]
    fn a_change_just_saved_still_shows_unmarked_until_the_list_is_read_again() {
        let server = vec![task("Физика")];
        let saved = [queued(
            "/api/tasks/complete",
            format!("id={}&completed=true", server[0].id),
        )];
        assert_eq!(
            titles(&overlay(&server, &saved, &[], &[])),
            vec![("Физика", true, None)]
        );
    }

    #[test]
    fn a_refused_change_marks_its_task_as_failed() {
        let server = vec![task("Физика")];
        let failure = queued(
            "/api/tasks/complete",
            format!("id={}&completed=true", server[0].id),
        );
        assert_eq!(
            overlay(&server, &[], &[], &[failure])[0].mark,
            Some(Mark::Failed)
        );
    }
}
