//! A task's checklist as the person intended it, by the contract's rules
//! (design.md §2, app/src/api/steps.rs), written from scratch like the
//! rest of the model: each part of a step (title, done, position,
//! deletion) keeps its latest change; a step added or renamed brings a
//! step or task deleted meanwhile back, clocked just after the deletion;
//! a tick, a reorder, a deletion of a step carry nothing typed and are
//! refused on a deleted task (a tick on a deleted step too); deleting a
//! deleted step keeps its first time.

use super::change::What;
use super::model::{Intended, Refusal};
use std::collections::BTreeMap;
use uuid::Uuid;

/// A change to a checklist delivered to the server: what it does to the
/// steps and their task, or why it is refused.
pub fn apply(tasks: &mut BTreeMap<Uuid, Intended>, what: &What, at: i64) -> Result<(), Refusal> {
    match what {
        What::CreateStep { id, task, title } => {
            let task = tasks.get_mut(task).ok_or(Refusal::Task)?;
            // The same id again is the step already made.
            if !task.steps.contains_key(id) {
                let position = next_position(&task.steps);
                task.steps
                    .insert(*id, IntendedStep::new(title.clone(), position, at));
                task.changed(at);
                task.bring_back(at);
            }
        }
        What::EditStep {
            id,
            task,
            title,
            done,
        } => {
            let task = owner(tasks, task, id)?;
            let live = task.deleted.is_none();
            let step = task.steps.get_mut(id).ok_or(Refusal::Step)?;
            // Only a rename that wins brings back what was deleted: a
            // rename that a later one beat carries nothing typed that
            // stays, so its tick is a tick alone, refused on a deleted
            // task or step. (A losing rename changes nothing to undo.)
            let renamed = title.as_ref().is_some_and(|t| step.rename(t, at));
            if done.is_some() && !renamed && !live {
                return Err(Refusal::Task);
            }
            if done.is_some() && !renamed && !step.is_live() {
                return Err(Refusal::Step);
            }
            let ticked = done.is_some_and(|done| step.tick(done, at));
            if renamed || ticked {
                task.changed(at);
            }
            if renamed {
                task.bring_back(at);
            }
        }
        What::ReorderSteps { task, ids } => {
            let task = tasks
                .get_mut(task)
                .filter(|task| task.deleted.is_none())
                .ok_or(Refusal::Task)?;
            // Only steps not deleted move.
            let mut moved = false;
            for (position, id) in ids.iter().enumerate() {
                if let Some(step) = task.steps.get_mut(id).filter(|s| s.is_live()) {
                    moved |= step.move_to(position as i64, at);
                }
            }
            if moved {
                task.changed(at);
            }
        }
        What::DeleteStep { id, task, deleted } => {
            let task = owner(tasks, task, id)?;
            if task.deleted.is_some() {
                return Err(Refusal::Task);
            }
            let step = task.steps.get_mut(id).ok_or(Refusal::Step)?;
            if step.delete(*deleted, at) {
                task.changed(at);
            }
        }
        other => unreachable!("{other:?} is no change to a checklist"),
    }
    Ok(())
}

/// The task step `id` is in: its task is `task` unless the step is
/// gone (with its task).
fn owner<'t>(
    tasks: &'t mut BTreeMap<Uuid, Intended>,
    task: &Uuid,
    id: &Uuid,
) -> Result<&'t mut Intended, Refusal> {
    tasks
        .get_mut(task)
        .filter(|task| task.steps.contains_key(id))
        .ok_or(Refusal::Step)
}

/// When each part of a step last changed.
#[derive(Clone, Copy, Debug)]
pub struct StepClocks {
    pub title: i64,
    pub done: i64,
    pub position: i64,
    pub deletion: i64,
}

#[derive(Clone, Debug)]
pub struct IntendedStep {
    pub title: String,
    pub done: bool,
    pub position: i64,
    pub created: i64,
    pub updated: i64,
    pub deleted: Option<i64>,
    pub clocks: StepClocks,
}

/// A later change wins (the workload never gives two changes one time).
fn later(clock: &mut i64, at: i64) -> bool {
    let later = *clock < at;
    if later {
        *clock = at;
    }
    later
}

impl IntendedStep {
    pub fn new(title: String, position: i64, at: i64) -> Self {
        IntendedStep {
            title,
            done: false,
            position,
            created: at,
            updated: at,
            deleted: None,
            clocks: StepClocks {
                title: at,
                done: at,
                position: at,
                deletion: at,
            },
        }
    }

    pub fn is_live(&self) -> bool {
        self.deleted.is_none()
    }

    /// Whether the rename won; if so a deletion gives way to it.
    pub fn rename(&mut self, title: &str, at: i64) -> bool {
        if !later(&mut self.clocks.title, at) {
            return false;
        }
        self.title = title.to_owned();
        if self.deleted.take().is_some() {
            self.clocks.deletion = at.max(self.clocks.deletion + 1);
        }
        self.changed(at)
    }

    pub fn tick(&mut self, done: bool, at: i64) -> bool {
        later(&mut self.clocks.done, at) && {
            self.done = done;
            self.changed(at)
        }
    }

    pub fn move_to(&mut self, position: i64, at: i64) -> bool {
        later(&mut self.clocks.position, at) && {
            self.position = position;
            self.changed(at)
        }
    }

    pub fn delete(&mut self, deleted: bool, at: i64) -> bool {
        later(&mut self.clocks.deletion, at) && {
            self.deleted = deleted.then(|| self.deleted.unwrap_or(at));
            self.changed(at)
        }
    }

    fn changed(&mut self, at: i64) -> bool {
        self.updated = self.updated.max(at);
        true
    }
}

/// The place of a new step: after the last one not deleted.
fn next_position(steps: &BTreeMap<Uuid, IntendedStep>) -> i64 {
    steps
        .values()
        .filter(|step| step.is_live())
        .map(|step| step.position + 1)
        .max()
        .unwrap_or(0)
}

/// The next occurrence of a series starts with a copy of the steps not
/// deleted, under ids derived from the occurrence's and each step's (a
/// UUIDv5), none done, made when the completion was.
pub fn copied(
    steps: &BTreeMap<Uuid, IntendedStep>,
    into: Uuid,
    at: i64,
) -> BTreeMap<Uuid, IntendedStep> {
    steps
        .iter()
        .filter(|(_, step)| step.is_live())
        .map(|(id, step)| {
            (
                Uuid::new_v5(&into, id.as_bytes()),
                IntendedStep::new(step.title.clone(), step.position, at),
            )
        })
        .collect()
}
