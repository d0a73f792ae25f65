//! Drawing what a student does next: a batch of changes made one after
//! another on the student's devices and sent at once, so they cross on the
//! wire and arrive in any order. A change made offline waits on its
//! device and arrives hours late, in the batch its device comes back in;
//! a stuck change is sent again in a batch of retries, with the other
//! stuck changes of its batch only. So a change crosses the changes of the
//! batch it is made in and of the batch it is finally sent in; everything
//! between arrives before it, in the server as in the model.
//!
//! Changes may cross on the same task, except where the contract makes the
//! outcome depend on the order of arrival (crossing.rs holds each change
//! to these against the others of its batch):
//!
//! - a repeating task's completion crosses nothing else of its series (its
//!   next occurrence copies the task and its checklist as they are when
//!   the completion lands);
//! - a task's completion crosses no edit of its repetition (the same);
//! - two completions (or deletions, of a task or of a step) to the same
//!   value do not cross: the first to arrive keeps its time, by design (a
//!   completion time must not move: a series without a due date counts
//!   from it);
//! - a deletion or restore of a task or step crosses no change whose
//!   outcome hangs on it: one that carries what the person typed (an edit,
//!   a step added or renamed: arriving after the deletion it brings the
//!   task or step back, before it, it does not), nor one refused when its
//!   task or step is deleted (a completion, a tick, a reorder, a deletion
//!   or restore of a step). Which changes are refused then never hangs on
//!   arrival: the model says which, and a seed replays the same run;
//! - a step's creation crosses no other change to the shape of its
//!   checklist (a creation, a reorder, a deletion or restore of a step):
//!   it goes after the last step not deleted when it lands; a reorder of
//!   steps crosses no deletion or restore of one (only steps not deleted
//!   move);
//! - a list's creation and deletion go alone; renames of one list cross.
//!   List changes are made only on a device that is online, in a batch of
//!   their own;
//! - a change is drawn only for what the person sees: a task whose
//!   creation was answered, a task not deleted (a deleted one to restore),
//!   a step not deleted (a deleted one to restore).
//!
//! A change held offline meets a world that moved on: its task may have
//! been deleted (an edit brings it back, a completion is refused), its list
//! deleted (it lands in the Inbox), a later change may have set the same
//! part (it alters nothing). The model applies it when it arrives, as the
//! server does.

use super::change::{Field, What};
use super::crossing::Crossing;
use super::draw_steps;
use super::model::{Intended, Model};
use super::rng::Rng;
use super::timeline::date_of;
use super::typed::{base_title, due, new_fields, quick_add, rule, some_list, Serial};

/// A change drawn, and which of the student's devices it is made on.
pub struct Drawn {
    pub what: What,
    pub device: usize,
}

/// Draws the next batch's changes, made from `now` on, each on one of the
/// devices (`online` says which are), around the changes `crossing`
/// already holds (a device's outbox coming back): a list made or deleted,
/// or renames of one list, in a batch of their own on a device online;
/// else one to five task changes. A change made offline is not sent with
/// the batch, so it crosses none of it (it crosses the batch its device
/// comes back in). `contested`: tasks that changes made offline wait to
/// change.
pub fn batch(
    model: &Model,
    rng: &mut Rng,
    serial: &mut Serial,
    now: i64,
    (crossing, online): (&mut Crossing, &[bool]),
    contested: &[&Intended],
) -> Vec<Drawn> {
    if crossing.changes == 0 && rng.chance(15) {
        let devices: Vec<usize> = (0..online.len()).filter(|d| online[*d]).collect();
        let device = *rng.pick(&devices).expect("a device online");
        return list_changes(model, rng, serial, now)
            .into_iter()
            .map(|what| Drawn { what, device })
            .collect();
    }
    let size = 1 + rng.below(5) as usize;
    // Most changes of a batch go to one or two tasks, so changes to the
    // same task cross often; often to a task a change made offline waits
    // for, so what was done offline meets a world that moved on (the task
    // deleted, its steps renamed, its list gone).
    let live: Vec<&Intended> = model.live().collect();
    let focus: Vec<&Intended> = (0..1 + rng.below(2))
        .filter_map(|_| match rng.chance(75) {
            true => rng.pick(contested),
            false => rng.pick(&live),
        })
        .copied()
        .collect();
    let mut drawn = Vec::new();
    for _ in 0..size * 4 {
        if drawn.len() == size {
            break;
        }
        let pool = if !focus.is_empty() && rng.chance(85) {
            &focus
        } else {
            &live
        };
        let device = rng.below(online.len() as u64) as usize;
        if let Some(what) = one(model, pool, contested, rng, serial, now) {
            if !online[device] || crossing.admit(model, &what) {
                drawn.push(Drawn { what, device });
            }
        }
    }
    drawn
}

/// One change, to one of `live` where it changes a task; a deletion often
/// of a task a change made offline waits for (the laptop deletes what the
/// phone changes in the metro: design.md §2).
fn one(
    model: &Model,
    live: &[&Intended],
    contested: &[&Intended],
    rng: &mut Rng,
    serial: &mut Serial,
    now: i64,
) -> Option<What> {
    let today = date_of(now);
    match rng.below(100) {
        0..=10 => Some(What::Create(
            rng.uuid_v7(now),
            new_fields(model, rng, serial, today),
        )),
        11..=15 => {
            let id = rng.uuid_v7(now);
            Some(quick_add(model, rng, serial, today, id))
        }
        16..=29 => rng
            .pick(live)
            .map(|task| edit(model, task, rng, serial, now)),
        30..=44 => rng
            .pick(live)
            .map(|task| What::Complete(task.id, task.completed.is_none())),
        45..=50 => {
            let done: Vec<&Intended> = live
                .iter()
                .copied()
                .filter(|task| task.completed.is_some())
                .collect();
            rng.pick(&done).map(|task| What::Complete(task.id, false))
        }
        51..=59 => {
            let pool = if rng.chance(80) { contested } else { live };
            rng.pick(pool).map(|task| What::Delete(task.id, true))
        }
        60..=64 => {
            let deleted: Vec<&Intended> = model
                .tasks
                .values()
                .filter(|task| task.deleted.is_some())
                .collect();
            rng.pick(&deleted).map(|task| What::Delete(task.id, false))
        }
        65..=70 => reorder(live, rng),
        _ => {
            let all: Vec<&Intended> = model.live().collect();
            draw_steps::change(live, &all, rng, serial, now)
        }
    }
}

/// One to three fields of `task`, each set once.
fn edit(model: &Model, task: &Intended, rng: &mut Rng, serial: &mut Serial, now: i64) -> What {
    let mut set: Vec<Field> = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let field = match rng.below(6) {
            0 => Field::Title(format!("{} ✎{}", base_title(task), serial.next())),
            1 => Field::Notes(format!("правка {}", serial.next())),
            2 => Field::Due(due(rng, date_of(now))),
            3 => Field::Priority(1 + rng.below(4) as u8),
            4 => Field::List(some_list(model, rng)),
            _ => Field::EveryDays(rule(rng)),
        };
        let named = std::mem::discriminant(&field);
        if !set.iter().any(|f| std::mem::discriminant(f) == named) {
            set.push(field);
        }
    }
    What::Edit(task.id, set)
}

fn reorder(live: &[&Intended], rng: &mut Rng) -> Option<What> {
    let mut ids = Vec::new();
    for _ in 0..2 + rng.below(4) {
        if let Some(task) = rng.pick(live) {
            if !ids.contains(&task.id) {
                ids.push(task.id);
            }
        }
    }
    (ids.len() >= 2).then_some(What::Reorder(ids))
}

/// A list made or deleted, alone; or two to four renames of one list.
fn list_changes(model: &Model, rng: &mut Rng, serial: &mut Serial, now: i64) -> Vec<What> {
    let lists: Vec<_> = model.lists.keys().copied().collect();
    match rng.pick(&lists) {
        Some(id) if rng.chance(35) => vec![What::DeleteList(*id)],
        Some(id) if lists.len() >= 3 || rng.chance(50) => (0..2 + rng.below(3))
            .map(|_| What::RenameList(*id, format!("Список {}", serial.next())))
            .collect(),
        _ => vec![What::CreateList(
            rng.uuid_v7(now),
            format!("Список {}", serial.next()),
        )],
    }
}
