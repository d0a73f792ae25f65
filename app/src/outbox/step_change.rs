//! Changes to a task's checklist, as the outbox reads them back from their
//! requests and draws them on top of what the page knows, by the same rules
//! the server applies (`Step`'s clocks: the last action wins).

use super::Change;
use crate::domain::{steps_in_order, Step, StepId, StepTitle, Task, TaskId};
use chrono::{DateTime, Utc};
use std::collections::HashMap;

/// Reads a request to `/api/steps/…`; `None` for any other path.
pub fn from_request(path: &str, form: &HashMap<String, String>, body: &str) -> Option<Change> {
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or("");
    let step = || field("id").parse::<StepId>().ok();
    let task = || field("task_id").parse::<TaskId>().ok();
    let flag = |name: &str| field(name).parse::<bool>().ok();
    let change = match path {
        "/api/steps/create" => Change::StepCreate {
            task_id: task()?,
            id: step()?,
            title: StepTitle::parse(field("title")).ok()?,
        },
        "/api/steps/edit" => Change::StepEdit {
            id: step()?,
            title: form
                .get("title")
                .map(|title| StepTitle::parse(title))
                .transpose()
                .ok()?,
            done: form.get("done").and_then(|done| done.parse().ok()),
        },
        "/api/steps/reorder" => Change::StepReorder {
            task_id: task()?,
            ids: super::change::ordered_ids(body),
        },
        "/api/steps/delete" => Change::StepDelete {
            id: step()?,
            deleted: flag("deleted")?,
        },
        _ => return None,
    };
    Some(change)
}

/// Applies a checklist change made `at` to the task it is about; returns
/// that task's id (for its row's mark), if the page knows it.
pub fn apply(tasks: &mut [Task], change: Change, at: DateTime<Utc>) -> Option<TaskId> {
    let holding = |tasks: &[Task], id: StepId| {
        tasks
            .iter()
            .position(|task| task.steps.iter().any(|step| step.id == id))
    };
    let (i, applied) = match change {
        Change::StepCreate { task_id, id, title } => {
            let i = tasks.iter().position(|task| task.id == task_id)?;
            let steps = &mut tasks[i].steps;
            let fresh = !steps.iter().any(|step| step.id == id);
            if fresh {
                // At the end, as the server puts it.
                let position = steps.iter().map(|s| s.position + 1).max().unwrap_or(0);
                steps.push(Step::new(id, title, position, at));
            }
            (i, fresh)
        }
        Change::StepEdit { id, title, done } => {
            let i = holding(tasks, id)?;
            let step = tasks[i].steps.iter_mut().find(|step| step.id == id)?;
            let mut applied = false;
            if let Some(title) = title {
                applied |= step.rename(title, at);
            }
            if let Some(done) = done {
                applied |= step.set_done(done, at);
            }
            (i, applied)
        }
        Change::StepReorder { task_id, ids } => {
            let i = tasks.iter().position(|task| task.id == task_id)?;
            let mut applied = false;
            for (position, id) in ids.iter().enumerate() {
                if let Some(step) = tasks[i].steps.iter_mut().find(|step| step.id == *id) {
                    applied |= step.set_position(position as i64, at);
                }
            }
            (i, applied)
        }
        Change::StepDelete { id, deleted } => {
            let i = holding(tasks, id)?;
            let step = tasks[i].steps.iter_mut().find(|step| step.id == id)?;
            (i, step.set_deleted(deleted, at))
        }
        _ => return None,
    };
    if applied {
        tasks[i].step_changed(at);
    }
    steps_in_order(&mut tasks[i].steps);
    Some(tasks[i].id)
}

/// The step a change is about, when it needs that step to exist first.
pub fn needs_step(change: &Change) -> Option<StepId> {
    match change {
        Change::StepEdit { id, .. } | Change::StepDelete { id, .. } => Some(*id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TaskForm;

    fn at(minute: u32) -> DateTime<Utc> {
        format!("2026-12-05T08:{minute:02}:00Z").parse().unwrap()
    }

    fn task() -> Task {
        let fields = TaskForm {
            title: "Алгебра".into(),
            ..TaskForm::default()
        };
        Task::new(TaskId::new(), fields.parse().unwrap(), at(0))
    }

    fn change(path: &str, form: &[(&str, &str)]) -> Change {
        let body = form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        Change::from_request(path, &body, at(1))
    }

    fn titles(task: &Task) -> Vec<(String, bool)> {
        task.steps
            .iter()
            .filter(|s| s.deleted_at.is_none())
            .map(|s| (s.title.as_str().to_owned(), s.done))
            .collect()
    }

    #[test]
    fn steps_are_added_at_the_end_ticked_moved_and_deleted_as_the_server_does() {
        let mut tasks = vec![task()];
        let task_id = tasks[0].id.to_string();
        let (a, b, c) = (StepId::new(), StepId::new(), StepId::new());
        for (id, title) in [(a, "№245"), (b, "№246"), (c, "№247")] {
            let made = change(
                "/api/steps/create",
                &[
                    ("id", &id.to_string()),
                    ("task_id", &task_id),
                    ("title", title),
                ],
            );
            assert_eq!(apply(&mut tasks, made, at(1)), Some(tasks[0].id));
        }
        let tick = change(
            "/api/steps/edit",
            &[("id", &b.to_string()), ("done", "true")],
        );
        apply(&mut tasks, tick, at(2));
        let order = format!("task_id={task_id}&ids[0]={c}&ids[1]={a}&ids[2]={b}");
        let reorder = Change::from_request("/api/steps/reorder", &order, at(3));
        apply(&mut tasks, reorder, at(3));
        let gone = change(
            "/api/steps/delete",
            &[("id", &a.to_string()), ("deleted", "true")],
        );
        apply(&mut tasks, gone, at(4));
        assert_eq!(
            titles(&tasks[0]),
            [("№247".to_owned(), false), ("№246".to_owned(), true)]
        );
        assert!(
            tasks[0].completed_at.is_none(),
            "a step never completes its task"
        );
    }

    #[test]
    fn an_older_tick_drawn_after_a_newer_one_alters_nothing() {
        let mut tasks = vec![task()];
        let id = StepId::new();
        let title = StepTitle::parse("№245").unwrap();
        let made = Change::StepCreate {
            task_id: tasks[0].id,
            id,
            title,
        };
        apply(&mut tasks, made, at(1));
        let tick = |done| Change::StepEdit {
            id,
            title: None,
            done: Some(done),
        };
        apply(&mut tasks, tick(true), at(5));
        apply(&mut tasks, tick(false), at(3));
        assert!(tasks[0].steps[0].done);
    }

    #[test]
    fn a_step_request_that_does_not_parse_draws_nothing() {
        assert_eq!(change("/api/steps/create", &[("id", "x")]), Change::Other);
        assert_eq!(
            change(
                "/api/steps/edit",
                &[("id", &StepId::new().to_string()), ("title", "")]
            ),
            Change::Other
        );
    }
}
