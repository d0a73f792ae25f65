//! The list as the person expects to see it: the server's tasks with every
//! change not yet confirmed applied on top, each task such a change touches
//! marked. Changes apply by the rule of the last action (`Task`'s clocks), so
//! the result does not depend on the order they arrive in, and applying one
//! the server already has changes nothing. This is how the optimistic state
//! survives a reload: it is derived from the outbox, not remembered.

use super::Entry;
use crate::change::{untouched, Change, FollowUp};
use crate::domain::{Task, TaskId};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A request from this page is on its way, unanswered.
    Sending,
    /// Kept in the outbox; saved when the network is back.
    Queued,
    /// The server refused a change to it, or keeps failing it (the reason
    /// is in the outbox bar).
    Failed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub task: Task,
    pub mark: Option<Mark>,
}

/// The changes to draw on top of the server's tasks.
#[derive(Clone, Copy, Default)]
pub struct Layers<'a> {
    /// Taken by the server since its list was read: drawn, unmarked, so
    /// nothing flickers back while the list is read again.
    pub settled: &'a [Entry],
    /// Kept in the outbox (a stuck one is marked as failed).
    pub pending: &'a [Entry],
    /// On their way from this page.
    pub sending: &'a [Entry],
    /// The tasks of changes the server refused (not drawn): marked.
    pub failed: &'a [TaskId],
}

pub fn overlay(server: &[Task], layers: Layers<'_>) -> Vec<Shown> {
    let mut tasks: Vec<Task> = server.to_vec();
    let mut marks: HashMap<TaskId, Mark> = HashMap::new();
    let layered = [
        (layers.settled, None),
        (layers.pending, Some(Mark::Queued)),
        (layers.sending, Some(Mark::Sending)),
    ];
    for (entries, mark) in layered {
        for entry in entries {
            let mark = match mark {
                Some(Mark::Queued) if entry.stuck => Some(Mark::Failed),
                other => other,
            };
            let Some(change) = entry.change() else {
                continue;
            };
            for id in apply(&mut tasks, change.clone(), entry.made_at()) {
                if let Some(mark) = mark {
                    let strongest = marks.get(&id).map_or(mark, |&old| stronger(old, mark));
                    marks.insert(id, strongest);
                }
            }
        }
    }
    for &id in layers.failed {
        let strongest = marks
            .get(&id)
            .map_or(Mark::Failed, |&old| stronger(old, Mark::Failed));
        marks.insert(id, strongest);
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

/// What a row says when several changes touch it: a request in flight
/// first, then a failure (the person must act), then waiting.
fn stronger(a: Mark, b: Mark) -> Mark {
    let rank = |mark| match mark {
        Mark::Sending => 2,
        Mark::Failed => 1,
        Mark::Queued => 0,
    };
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

/// Applies one change made `at` by its own rule (`crate::change`, the
/// one the server applies); returns the tasks it touches. A change its
/// rule refuses draws nothing, and still marks its task.
fn apply(tasks: &mut Vec<Task>, change: Change, at: DateTime<Utc>) -> Vec<TaskId> {
    let find = |tasks: &[Task], id: TaskId| tasks.iter().position(|task| task.id == id);
    match change {
        Change::Task(change) => {
            let id = change.task_id();
            let found = find(tasks, id);
            let Ok(applied) = change.apply(found.map(|i| tasks[i].clone()), at) else {
                return vec![id];
            };
            match found {
                Some(i) => tasks[i] = applied.task,
                None => tasks.push(applied.task),
            }
            match applied.follow_up {
                Some(FollowUp::Insert(next)) => {
                    let next_id = next.id;
                    if find(tasks, next_id).is_none() {
                        tasks.push(next);
                    }
                    vec![id, next_id]
                }
                Some(FollowUp::TakeBack(next_id)) => {
                    if let Some(n) = find(tasks, next_id).filter(|&n| untouched(&tasks[n])) {
                        tasks.remove(n);
                    }
                    vec![id, next_id]
                }
                None => vec![id],
            }
        }
        Change::TaskOrder(ids) => {
            for (position, id) in (0_i64..).zip(&ids) {
                if let Some(i) = find(tasks, *id) {
                    tasks[i].set_position(position, at);
                }
            }
            // The bar counts it; no row is marked for a new order.
            Vec::new()
        }
        Change::Step(change) => {
            let holder = match (change.task_id(), change.needs_step()) {
                (Some(task), _) => find(tasks, task),
                (None, Some(step)) => tasks
                    .iter()
                    .position(|task| task.steps.iter().any(|s| s.id == step)),
                (None, None) => None,
            };
            let Some(i) = holder else {
                return Vec::new();
            };
            let mut task = tasks[i].clone();
            if change.apply(&mut task, at).is_ok() {
                tasks[i] = task;
            }
            vec![tasks[i].id]
        }
        // Not drawn on the tasks: counted in the bar.
        Change::List(_) | Change::TimeZone(_) | Change::Timetable(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    /// The server's tasks were read at this moment; changes come after.
    fn read_at() -> DateTime<Utc> {
        "2026-12-03T08:00:00Z".parse().unwrap()
    }

    fn task(title: &str) -> Task {
        let fields = crate::domain::TaskForm {
            title: title.into(),
            ..Default::default()
        };
        Task::new(TaskId::new(), fields.parse().unwrap(), read_at())
    }

    /// A request made `minutes` after the read.
    fn made(minutes: i64, url: &str, body: String) -> Entry {
        let at = read_at() + Duration::minutes(minutes);
        let entry = Entry::new(url, body, at);
        entry.read_request();
        entry
    }

    fn queued(url: &str, body: String) -> Entry {
        made(1, url, body)
    }

    fn pending(entries: &[Entry]) -> Layers<'_> {
        Layers {
            pending: entries,
            ..Layers::default()
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
            titles(&overlay(&server, Layers::default())),
            vec![("Физика", false, None)]
        );
    }

    #[test]
    fn a_queued_completion_fills_the_circle_and_marks_the_task() {
        let server = vec![task("Физика"), task("Химия")];
        let waiting = [queued(
            "/api/tasks/complete",
            format!("id={}&completed=true", server[1].id),
        )];
        assert_eq!(
            titles(&overlay(&server, pending(&waiting))),
            vec![("Физика", false, None), ("Химия", true, Some(Mark::Queued))]
        );
    }

    #[test]
    fn create_then_complete_then_rename_offline_shows_one_finished_renamed_task() {
        let id = TaskId::new();
        let waiting = [
            made(1, "/api/tasks/add", format!("id={id}&quick_add=Draft")),
            made(2, "/api/tasks/complete", format!("id={id}&completed=true")),
            made(3, "/api/tasks/edit", format!("id={id}&title=Final")),
        ];
        assert_eq!(
            titles(&overlay(&[], pending(&waiting))),
            vec![("Final", true, Some(Mark::Queued))]
        );
    }

    #[test]
    fn the_last_tap_wins_whatever_order_the_taps_are_drawn_in() {
        let server = vec![task("Физика")];
        let id = server[0].id;
        let done = made(1, "/api/tasks/complete", format!("id={id}&completed=true"));
        let undone = made(2, "/api/tasks/complete", format!("id={id}&completed=false"));
        // The second tap was saved at once; the first waits in the outbox.
        let shown = overlay(
            &server,
            Layers {
                settled: std::slice::from_ref(&undone),
                pending: std::slice::from_ref(&done),
                ..Layers::default()
            },
        );
        assert_eq!(titles(&shown), vec![("Физика", false, Some(Mark::Queued))]);
    }

    #[test]
    fn a_request_on_its_way_marks_its_task_as_sending() {
        let server = vec![task("Физика")];
        let tap = made(
            1,
            "/api/tasks/complete",
            format!("id={}&completed=true", server[0].id),
        );
        let shown = overlay(
            &server,
            Layers {
                sending: std::slice::from_ref(&tap),
                ..Layers::default()
            },
        );
        assert_eq!(titles(&shown), vec![("Физика", true, Some(Mark::Sending))]);
    }

    #[test]
    fn the_same_create_queued_twice_shows_one_task() {
        let id = TaskId::new();
        let body = format!("id={id}&quick_add=Once");
        let waiting = [
            queued("/api/tasks/add", body.clone()),
            queued("/api/tasks/add", body),
        ];
        assert_eq!(overlay(&[], pending(&waiting)).len(), 1);
    }

    #[test]
    fn a_queued_deletion_hides_the_task() {
        let server = vec![task("Старое")];
        let waiting = [queued(
            "/api/tasks/delete",
            format!("id={}&deleted=true", server[0].id),
        )];
        assert!(overlay(&server, pending(&waiting)).is_empty());
    }

    #[test]
    fn a_queued_reorder_gives_the_tasks_their_new_positions() {
        let server = vec![task("Алгебра"), task("Физика"), task("Химия")];
        let ids: Vec<TaskId> = [2, 0, 1].iter().map(|&i| server[i].id).collect();
        let body = format!(
            "ids%5B0%5D={}&ids%5B1%5D={}&ids%5B2%5D={}",
            ids[0], ids[1], ids[2]
        );
        let mut shown: Vec<Task> = overlay(&server, pending(&[queued("/api/tasks/reorder", body)]))
            .into_iter()
            .map(|s| s.task)
            .collect();
        crate::views::View::Inbox.sort(&mut shown, &[]);
        let order: Vec<&str> = shown.iter().map(|t| t.title.as_str()).collect();
        assert_eq!(order, ["Химия", "Алгебра", "Физика"]);
    }

    fn repeating() -> Task {
        let fields = crate::domain::TaskForm {
            title: "Зарядка".into(),
            due_date: "2027-03-01".into(),
            recurrence: "daily".into(),
            ..Default::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, read_at())
    }

    #[test]
    fn completing_a_repeating_task_shows_its_next_occurrence_once() {
        let server = vec![repeating()];
        let done = format!("id={}&completed=true", server[0].id);
        let waiting = [
            made(1, "/api/tasks/complete", done.clone()),
            made(2, "/api/tasks/complete", done),
        ];
        let shown = overlay(&server, pending(&waiting));
        assert_eq!(shown.len(), 2);
        assert_eq!(
            shown[1].task.due.map(|due| due.date.to_string()),
            Some("2027-03-02".into())
        );
    }

    #[test]
    fn taking_a_completion_back_takes_the_next_occurrence_back() {
        let server = vec![repeating()];
        let id = server[0].id;
        let waiting = [
            made(1, "/api/tasks/complete", format!("id={id}&completed=true")),
            made(2, "/api/tasks/complete", format!("id={id}&completed=false")),
        ];
        assert_eq!(
            titles(&overlay(&server, pending(&waiting))),
            vec![("Зарядка", false, Some(Mark::Queued))]
        );
    }

    #[test]
    fn a_change_just_saved_still_shows_unmarked_until_the_list_is_read_again() {
        let server = vec![task("Физика")];
        let saved = [queued(
            "/api/tasks/complete",
            format!("id={}&completed=true", server[0].id),
        )];
        let layers = Layers {
            settled: &saved,
            ..Layers::default()
        };
        assert_eq!(
            titles(&overlay(&server, layers)),
            vec![("Физика", true, None)]
        );
    }

    #[test]
    fn a_refused_change_marks_its_task_as_failed_even_while_another_waits() {
        let server = vec![task("Физика"), task("Химия")];
        let waiting = queued(
            "/api/tasks/complete",
            format!("id={}&completed=true", server[1].id),
        );
        let layers = Layers {
            pending: std::slice::from_ref(&waiting),
            failed: &[server[1].id],
            ..Layers::default()
        };
        let shown = overlay(&server, layers);
        assert_eq!((shown[0].mark, shown[1].mark), (None, Some(Mark::Failed)));
    }
}
