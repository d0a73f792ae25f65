//! The rules of draw.rs's header as claims: each change of a batch claims
//! what its outcome hangs on, and a change is admitted only if no claim of
//! it clashes with one already made in the batch.

use super::change::{Field, What};
use super::model::Model;
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// What a change to a checklist does to its shape (which steps are not
/// deleted, and their places).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Create,
    Reorder,
    Deletion,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    Completion,
    Deletion,
}

enum Claim {
    /// Changes a task of this series (other than by completing it).
    Touch(Uuid),
    /// Completes a task of this series.
    CompleteSeries(Uuid),
    Completes(Uuid),
    EditsRepetition(Uuid),
    /// Sets a part (a completion, a deletion) of a task or step to a
    /// value.
    Sets(Part, Uuid, bool),
    /// Deletes or restores this task or step.
    Deletes(Uuid),
    /// Its outcome hangs on whether this task or step is deleted.
    Settled(Uuid),
    Shapes(Uuid, Shape),
}

#[derive(Default)]
pub struct Crossing {
    touched_series: HashSet<Uuid>,
    completing_series: HashSet<Uuid>,
    completing: HashSet<Uuid>,
    repetition_edited: HashSet<Uuid>,
    values: HashSet<(Part, Uuid, bool)>,
    deleting: HashSet<Uuid>,
    settled: HashSet<Uuid>,
    shapes: HashMap<Uuid, Shape>,
    /// How many changes it holds.
    pub changes: usize,
}

impl Crossing {
    /// Whether `what` may cross every change noted so far.
    fn admits(&self, model: &Model, what: &What) -> bool {
        claims(model, what).iter().all(|claim| match claim {
            Claim::Touch(series) => !self.completing_series.contains(series),
            Claim::CompleteSeries(series) => {
                !self.completing_series.contains(series) && !self.touched_series.contains(series)
            }
            Claim::Completes(task) => !self.repetition_edited.contains(task),
            Claim::EditsRepetition(task) => !self.completing.contains(task),
            Claim::Sets(part, id, value) => !self.values.contains(&(*part, *id, *value)),
            Claim::Deletes(id) => !self.settled.contains(id),
            Claim::Settled(id) => !self.deleting.contains(id),
            Claim::Shapes(task, shape) => match self.shapes.get(task) {
                None => true,
                Some(noted) => noted == shape && *shape != Shape::Create,
            },
        })
    }

    /// Notes `what` as one of the batch's changes.
    pub fn note(&mut self, model: &Model, what: &What) {
        self.changes += 1;
        for claim in claims(model, what) {
            match claim {
                Claim::Touch(series) => self.touched_series.insert(series),
                Claim::CompleteSeries(series) => self.completing_series.insert(series),
                Claim::Completes(task) => self.completing.insert(task),
                Claim::EditsRepetition(task) => self.repetition_edited.insert(task),
                Claim::Sets(part, id, value) => self.values.insert((part, id, value)),
                Claim::Deletes(id) => self.deleting.insert(id),
                Claim::Settled(id) => self.settled.insert(id),
                Claim::Shapes(task, shape) => self.shapes.insert(task, shape).is_none(),
            };
        }
    }

    /// Notes `what` if it may cross what is noted; says whether it did.
    pub fn admit(&mut self, model: &Model, what: &What) -> bool {
        let admitted = self.admits(model, what);
        if admitted {
            self.note(model, what);
        }
        admitted
    }
}

fn claims(model: &Model, what: &What) -> Vec<Claim> {
    let series = |task: &Uuid| model.tasks.get(task).and_then(|t| t.series);
    let touch = |task: &Uuid| series(task).map(Claim::Touch);
    let mut claims: Vec<Claim> = match what {
        What::Create(..) | What::QuickAdd { .. } => Vec::new(),
        What::CreateList(..) | What::RenameList(..) | What::DeleteList(..) => Vec::new(),
        What::Edit(task, set) => {
            let rule = set.iter().any(|f| matches!(f, Field::EveryDays(_)));
            let mut claims = vec![Claim::Settled(*task)];
            claims.extend(rule.then_some(Claim::EditsRepetition(*task)));
            claims.extend(touch(task));
            claims
        }
        What::Complete(task, done) => {
            let mut claims = vec![
                Claim::Completes(*task),
                Claim::Sets(Part::Completion, *task, *done),
                Claim::Settled(*task),
            ];
            claims.extend(series(task).map(Claim::CompleteSeries));
            claims
        }
        What::Delete(task, deleted) => {
            let mut claims = vec![
                Claim::Sets(Part::Deletion, *task, *deleted),
                Claim::Deletes(*task),
            ];
            claims.extend(touch(task));
            claims
        }
        What::Reorder(ids) => ids.iter().filter_map(touch).collect(),
        What::CreateStep { task, .. } => vec![Claim::Shapes(*task, Shape::Create)],
        What::EditStep { id, .. } => vec![Claim::Settled(*id)],
        What::ReorderSteps { task, .. } => vec![Claim::Shapes(*task, Shape::Reorder)],
        What::DeleteStep { id, task, deleted } => vec![
            Claim::Shapes(*task, Shape::Deletion),
            Claim::Sets(Part::Deletion, *id, *deleted),
            Claim::Deletes(*id),
        ],
    };
    // Every change to a checklist is a change to its task: it hangs on
    // whether the task is deleted, and a completion of its series copies
    // the checklist.
    if let What::CreateStep { task, .. }
    | What::EditStep { task, .. }
    | What::ReorderSteps { task, .. }
    | What::DeleteStep { task, .. } = what
    {
        claims.push(Claim::Settled(*task));
        claims.extend(touch(task));
    }
    claims
}
