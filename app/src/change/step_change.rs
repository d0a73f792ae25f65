//! Changes to a task's checklist, and their rule. A checklist is part of
//! its task: each change applies to the task holding the step (with that
//! step, deleted or not), by the step's clocks, and a change that alters a
//! step is a change to the task (`Task::step_changed`).

use super::Refusal;
use crate::domain::{steps_in_order, Step, StepId, StepTitle, Task, TaskId};
use chrono::{DateTime, Utc};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepChange {
    /// A step added at the end of a task's checklist.
    Create {
        task_id: TaskId,
        id: StepId,
        title: StepTitle,
    },
    /// A step renamed, ticked or both (at least one).
    Edit {
        id: StepId,
        title: Option<StepTitle>,
        done: Option<bool>,
    },
    /// A new order for a task's steps.
    Reorder { task_id: TaskId, ids: Vec<StepId> },
    /// Deleted or restored.
    Delete { id: StepId, deleted: bool },
}

impl StepChange {
    /// The task it names, when it names one.
    pub fn task_id(&self) -> Option<TaskId> {
        match self {
            Self::Create { task_id, .. } | Self::Reorder { task_id, .. } => Some(*task_id),
            Self::Edit { .. } | Self::Delete { .. } => None,
        }
    }

    /// The step it needs to exist first, when it names one.
    pub fn needs_step(&self) -> Option<StepId> {
        match self {
            Self::Edit { id, .. } | Self::Delete { id, .. } => Some(*id),
            Self::Create { .. } | Self::Reorder { .. } => None,
        }
    }

    /// Applies the change, made `at`, to `task`: the task it is about, with
    /// its steps (the one it names among them, deleted or not). Returns
    /// whether anything changed. On a refusal the caller drops `task`: it
    /// may be half changed.
    pub fn apply(&self, task: &mut Task, at: DateTime<Utc>) -> Result<bool, Refusal> {
        let changed = match self {
            Self::Create { id, title, .. } => {
                // The same id again (a repeat, a replay) is the step already
                // made: nothing changes, even if it was renamed since.
                if task.steps.iter().any(|step| step.id == *id) {
                    return Ok(false);
                }
                if live_steps(task) >= Step::MAX_PER_TASK {
                    return Err(Refusal::TooManySteps {
                        max: Step::MAX_PER_TASK,
                    });
                }
                let last = task
                    .steps
                    .iter()
                    .filter(|step| step.deleted_at.is_none())
                    .map(|step| step.position)
                    .max();
                let step = Step::new(*id, title.clone(), last.map_or(0, |p| p + 1), at);
                task.steps.push(step);
                // What the person typed brings back a task deleted on
                // another device meanwhile.
                task.bring_back(at);
                true
            }
            Self::Edit { id, title, done } => {
                let deleted_task = task.deleted_at.is_some();
                let step = step_of(task, *id)?;
                // A rename carries what the person typed: the step, and its
                // task, deleted on another device meanwhile come back with
                // it. A tick carries nothing typed: on a deleted step (that
                // no winning rename brought back) it is refused.
                let renamed = title
                    .as_ref()
                    .is_some_and(|title| step.rename(title.clone(), at));
                if renamed {
                    step.bring_back(at);
                }
                let ticked = match done {
                    Some(done) => {
                        if deleted_task && !renamed {
                            return Err(Refusal::TaskNotFound);
                        }
                        if step.deleted_at.is_some() {
                            return Err(Refusal::StepNotFound);
                        }
                        step.set_done(*done, at)
                    }
                    None => false,
                };
                if renamed {
                    task.bring_back(at);
                }
                renamed || ticked
            }
            Self::Reorder { ids, .. } => {
                live(task)?;
                // Each named step of this task gets its index in the order;
                // an id that is not one of its steps moves nothing.
                let mut moved = false;
                for (position, id) in (0_i64..).zip(ids) {
                    if let Some(step) = task.steps.iter_mut().find(|step| step.id == *id) {
                        moved |= step.set_position(position, at);
                    }
                }
                moved
            }
            Self::Delete { id, deleted } => {
                live(task)?;
                let step = step_of(task, *id)?;
                let was_deleted = step.deleted_at.is_some();
                if !step.set_deleted(*deleted, at) {
                    // A later delete or restore stands.
                    return Ok(false);
                }
                // A restore that wins counts against the checklist's bound.
                if was_deleted && live_steps(task) > Step::MAX_PER_TASK {
                    return Err(Refusal::TooManySteps {
                        max: Step::MAX_PER_TASK,
                    });
                }
                true
            }
        };
        if changed {
            task.step_changed(at);
        }
        steps_in_order(&mut task.steps);
        Ok(changed)
    }
}

/// A change to a deleted task's checklist (other than one carrying words)
/// is refused, as any change to a deleted task is.
fn live(task: &Task) -> Result<(), Refusal> {
    match task.deleted_at {
        Some(_) => Err(Refusal::TaskNotFound),
        None => Ok(()),
    }
}

fn step_of(task: &mut Task, id: StepId) -> Result<&mut Step, Refusal> {
    task.steps
        .iter_mut()
        .find(|step| step.id == id)
        .ok_or(Refusal::StepNotFound)
}

fn live_steps(task: &Task) -> usize {
    task.steps
        .iter()
        .filter(|step| step.deleted_at.is_none())
        .count()
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

    fn title(text: &str) -> StepTitle {
        StepTitle::parse(text).unwrap()
    }

    fn titles(task: &Task) -> Vec<(&str, bool)> {
        task.steps
            .iter()
            .filter(|s| s.deleted_at.is_none())
            .map(|s| (s.title.as_str(), s.done))
            .collect()
    }

    fn with_step(task: &mut Task, id: StepId) {
        let create = StepChange::Create {
            task_id: task.id,
            id,
            title: title("№245"),
        };
        assert_eq!(create.apply(task, at(1)), Ok(true));
    }

    #[test]
    fn steps_are_added_at_the_end_ticked_moved_and_deleted() {
        let mut task = task();
        let (a, b, c) = (StepId::new(), StepId::new(), StepId::new());
        for (id, text) in [(a, "№245"), (b, "№246"), (c, "№247")] {
            let create = StepChange::Create {
                task_id: task.id,
                id,
                title: title(text),
            };
            create.apply(&mut task, at(1)).unwrap();
        }
        let tick = StepChange::Edit {
            id: b,
            title: None,
            done: Some(true),
        };
        tick.apply(&mut task, at(2)).unwrap();
        let order = StepChange::Reorder {
            task_id: task.id,
            ids: vec![c, a, b],
        };
        order.apply(&mut task, at(3)).unwrap();
        let gone = StepChange::Delete {
            id: a,
            deleted: true,
        };
        gone.apply(&mut task, at(4)).unwrap();
        assert_eq!(titles(&task), [("№247", false), ("№246", true)]);
        assert!(
            task.completed_at.is_none(),
            "a step never completes its task"
        );
    }

    #[test]
    fn an_older_tick_applied_after_a_newer_one_alters_nothing() {
        let mut task = task();
        let id = StepId::new();
        with_step(&mut task, id);
        let tick = |done| StepChange::Edit {
            id,
            title: None,
            done: Some(done),
        };
        tick(true).apply(&mut task, at(5)).unwrap();
        assert_eq!(tick(false).apply(&mut task, at(3)), Ok(false));
        assert!(task.steps[0].done);
    }

    #[test]
    fn a_rename_brings_back_a_step_and_task_deleted_elsewhere_a_tick_alone_is_refused() {
        let mut task = task();
        let id = StepId::new();
        with_step(&mut task, id);
        StepChange::Delete { id, deleted: true }
            .apply(&mut task, at(2))
            .unwrap();
        task.set_deleted(true, at(2));
        let tick = StepChange::Edit {
            id,
            title: None,
            done: Some(true),
        };
        assert_eq!(
            tick.apply(&mut task.clone(), at(3)),
            Err(Refusal::TaskNotFound)
        );
        let rename = StepChange::Edit {
            id,
            title: Some(title("№245 и №246")),
            done: Some(true),
        };
        assert_eq!(rename.apply(&mut task, at(3)), Ok(true));
        assert_eq!(titles(&task), [("№245 и №246", true)]);
        assert_eq!(task.deleted_at, None);
    }

    /// A task with one step, renamed at 5 on another device, and the
    /// phone's older rename and tick of it (made at 4), arriving after.
    fn renamed_later_and_an_older_rename_and_tick() -> (Task, StepId, StepChange) {
        let mut task = task();
        let id = StepId::new();
        with_step(&mut task, id);
        let later = StepChange::Edit {
            id,
            title: Some(title("Новее")),
            done: None,
        };
        later.apply(&mut task, at(5)).unwrap();
        let older = StepChange::Edit {
            id,
            title: Some(title("Старее")),
            done: Some(true),
        };
        (task, id, older)
    }

    #[test]
    fn a_rename_that_loses_to_a_later_one_does_not_tick_a_deleted_step() {
        let (mut task, id, older) = renamed_later_and_an_older_rename_and_tick();
        StepChange::Delete { id, deleted: true }
            .apply(&mut task, at(6))
            .unwrap();
        assert_eq!(older.apply(&mut task, at(4)), Err(Refusal::StepNotFound));
    }

    #[test]
    fn a_rename_that_loses_to_a_later_one_does_not_tick_a_step_of_a_deleted_task() {
        let (mut task, _, older) = renamed_later_and_an_older_rename_and_tick();
        task.set_deleted(true, at(6));
        assert_eq!(older.apply(&mut task, at(4)), Err(Refusal::TaskNotFound));
    }

    #[test]
    fn a_checklist_holds_at_most_its_bound_and_a_restore_past_it_is_refused() {
        let mut task = task();
        let first = StepId::new();
        with_step(&mut task, first);
        StepChange::Delete {
            id: first,
            deleted: true,
        }
        .apply(&mut task, at(2))
        .unwrap();
        for _ in 0..Step::MAX_PER_TASK {
            with_step(&mut task, StepId::new());
        }
        let one_more = StepChange::Create {
            task_id: task.id,
            id: StepId::new(),
            title: title("лишний"),
        };
        let bound = Err(Refusal::TooManySteps {
            max: Step::MAX_PER_TASK,
        });
        assert_eq!(one_more.apply(&mut task.clone(), at(3)), bound);
        let restore = StepChange::Delete {
            id: first,
            deleted: false,
        };
        assert_eq!(restore.apply(&mut task, at(3)), bound);
    }
}
