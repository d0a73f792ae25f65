//! Drawing a change to a task's checklist: a step added, renamed, ticked
//! (or both), the steps put in another order, a step deleted or restored.

use super::change::What;
use super::model::Intended;
use super::rng::Rng;
use super::typed::Serial;
use uuid::Uuid;

/// Checklists stay short: far from the server's bound of 50, so a step
/// added or restored is never refused for it.
const MOST_STEPS: usize = 6;

/// What a drawn change needs of a checklist.
#[derive(Clone, Copy)]
enum Needs {
    Room,
    /// Room, and a step already.
    RoomBesides,
    Steps(usize),
    Deleted,
}

/// A change made at `now` to the checklist of one of `tasks` (else of
/// one of `all`) that has what the drawn change needs.
pub fn change<'m>(
    tasks: &[&'m Intended],
    all: &[&'m Intended],
    rng: &mut Rng,
    serial: &mut Serial,
    now: i64,
) -> Option<What> {
    let kind = rng.below(100);
    let needs = match kind {
        // Half the steps go to a checklist already begun, so checklists
        // grow long enough to reorder.
        0..=34 if rng.chance(50) => Needs::RoomBesides,
        0..=34 => Needs::Room,
        60..=79 => Needs::Steps(2),
        92.. => Needs::Deleted,
        _ => Needs::Steps(1),
    };
    let fitting = |tasks: &[&'m Intended]| -> Vec<&'m Intended> {
        tasks.iter().copied().filter(|t| fits(t, needs)).collect()
    };
    let mut candidates = fitting(tasks);
    if candidates.is_empty() {
        candidates = fitting(all);
    }
    let task = *rng.pick(&candidates)?;
    let live: Vec<Uuid> = task.live_steps().map(|(id, _)| *id).collect();
    let deleted: Vec<Uuid> = task
        .steps
        .keys()
        .filter(|id| !live.contains(id))
        .copied()
        .collect();
    let task_id = task.id;
    Some(match kind {
        0..=34 => What::CreateStep {
            id: rng.uuid_v7(now),
            task: task_id,
            title: format!("Шаг {}", serial.next()),
        },
        35..=59 => {
            let id = *rng.pick(&live)?;
            let done = !task.steps[&id].done;
            let mut rename = || Some(format!("Шаг {} ✎", serial.next()));
            let (title, done) = match rng.below(5) {
                0 | 1 => (rename(), None),
                2 | 3 => (None, Some(done)),
                _ => (rename(), Some(done)),
            };
            What::EditStep {
                id,
                task: task_id,
                title,
                done,
            }
        }
        60..=79 => {
            let mut ids = Vec::new();
            for _ in 0..live.len() {
                let id = *rng.pick(&live)?;
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            if ids.len() < 2 {
                return None;
            }
            What::ReorderSteps { task: task_id, ids }
        }
        80..=91 => What::DeleteStep {
            id: *rng.pick(&live)?,
            task: task_id,
            deleted: true,
        },
        _ => What::DeleteStep {
            id: *rng.pick(&deleted)?,
            task: task_id,
            deleted: false,
        },
    })
}

fn fits(task: &Intended, needs: Needs) -> bool {
    let live = task.live_steps().count();
    match needs {
        Needs::Room => live < MOST_STEPS,
        Needs::RoomBesides => (1..MOST_STEPS).contains(&live),
        Needs::Steps(n) => live >= n,
        Needs::Deleted => task.steps.len() > live,
    }
}
