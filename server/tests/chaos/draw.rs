//! Drawing what a student does next: a batch of changes made one after
//! another and sent at once, so they cross on the wire and arrive in any
//! order (several tabs, a phone and a laptop). Changes may cross on the
//! same task, except where the contract makes the outcome depend on the
//! order of arrival:
//!
//! - a repeating task's completion crosses nothing else of its series (its
//!   next occurrence copies the task as it is when the completion lands);
//! - a task's completion crosses no edit of its repetition (the same);
//! - two completions (or deletions) of one task to the same value do not
//!   cross: the first to arrive keeps its time, by design (a completion
//!   time must not move: a series without a due date counts from it);
//! - a list's creation and deletion go alone; renames of one list cross;
//! - an edit crosses no deletion of its task: arriving after it, it brings
//!   the task back (what the person typed is kept), before it, it does not;
//! - a change is drawn only for a task whose creation was answered.
//!
//! A completion that crosses a deletion of its task may be refused (the
//! task was deleted when it arrived); that is allowed.

use super::change::{Field, Fields, What};
use super::model::{Intended, Model};
use super::rng::Rng;
use chrono::{Days, NaiveDate, NaiveTime, Utc};
use std::collections::HashSet;
use uuid::Uuid;

/// A change to send, and whether a refusal (404) is a right answer.
pub struct Drawn {
    pub what: What,
    pub may_be_refused: bool,
}

/// Draws the next batch: a list made or deleted alone, or renames of one
/// list, or one to five task changes.
pub fn batch(model: &Model, rng: &mut Rng, serial: &mut u64) -> Vec<Drawn> {
    if rng.chance(15) {
        return list_changes(model, rng, serial);
    }
    let mut batch = Batch::default();
    let size = 1 + rng.below(5) as usize;
    // Most changes of a batch go to one or two tasks, so changes to the
    // same task cross often.
    let live: Vec<&Intended> = model.live().collect();
    let focus: Vec<&Intended> = (0..1 + rng.below(2))
        .filter_map(|_| rng.pick(&live).copied())
        .collect();
    for _ in 0..size * 4 {
        if batch.drawn.len() == size {
            break;
        }
        let live = if !focus.is_empty() && rng.chance(85) {
            &focus
        } else {
            &live
        };
        batch.try_one(model, live, rng, serial);
    }
    for drawn in &mut batch.drawn {
        drawn.may_be_refused = match &drawn.what {
            What::Complete(id, _) => batch.deleting.contains(id),
            _ => false,
        };
    }
    batch.drawn
}

#[derive(Default)]
struct Batch {
    drawn: Vec<Drawn>,
    /// Series whose completion is in this batch: nothing else may touch them.
    completing_series: HashSet<Uuid>,
    /// Series something in this batch touches.
    touched_series: HashSet<Uuid>,
    completing: HashSet<(Uuid, bool)>,
    completed_tasks: HashSet<Uuid>,
    rule_edited: HashSet<Uuid>,
    edited: HashSet<Uuid>,
    deleting: HashSet<Uuid>,
    deletions: HashSet<(Uuid, bool)>,
}

impl Batch {
    /// Draws one change, to one of `live` where it changes a task.
    fn try_one(&mut self, model: &Model, live: &[&Intended], rng: &mut Rng, serial: &mut u64) {
        let deleted: Vec<&Intended> = model
            .tasks
            .values()
            .filter(|t| t.deleted.is_some())
            .collect();
        let what = match rng.below(100) {
            0..=14 => Some(What::Create(Uuid::now_v7(), new_fields(model, rng, serial))),
            15..=21 => Some(quick_add(model, rng, serial)),
            22..=46 => rng
                .pick(live)
                .and_then(|t| self.edit(model, t, rng, serial)),
            47..=66 => rng
                .pick(live)
                .and_then(|t| self.complete(t, t.completed.is_none())),
            67..=74 => {
                let done: Vec<&Intended> = live
                    .iter()
                    .copied()
                    .filter(|t| t.completed.is_some())
                    .collect();
                rng.pick(&done).and_then(|t| self.complete(t, false))
            }
            75..=83 => rng.pick(live).and_then(|t| self.delete(t, true)),
            84..=89 => rng.pick(&deleted).and_then(|t| self.delete(t, false)),
            _ => self.reorder(live, rng),
        };
        if let Some(what) = what {
            self.drawn.push(Drawn {
                what,
                may_be_refused: false,
            });
        }
    }

    /// Whether a change other than a completion may touch `task` now.
    fn may_touch(&mut self, task: &Intended) -> bool {
        match task.series {
            Some(series) if self.completing_series.contains(&series) => false,
            Some(series) => {
                self.touched_series.insert(series);
                true
            }
            None => true,
        }
    }

    fn edit(
        &mut self,
        model: &Model,
        task: &Intended,
        rng: &mut Rng,
        serial: &mut u64,
    ) -> Option<What> {
        if self.deleting.contains(&task.id) || !self.may_touch(task) {
            return None;
        }
        let mut set = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let field = match rng.below(6) {
                0 => Field::Title(format!("{} ✎{}", base_title(task), next(serial))),
                1 => Field::Notes(format!("правка {}", next(serial))),
                2 => Field::Due(due(rng)),
                3 => Field::Priority(1 + rng.below(4) as u8),
                4 => Field::List(some_list(model, rng)),
                _ if self.completed_tasks.contains(&task.id) => continue,
                _ => {
                    self.rule_edited.insert(task.id);
                    Field::EveryDays(rule(rng))
                }
            };
            if !set
                .iter()
                .any(|f| std::mem::discriminant(f) == std::mem::discriminant(&field))
            {
                set.push(field);
            }
        }
        if set.is_empty() {
            return None;
        }
        self.edited.insert(task.id);
        Some(What::Edit(task.id, set))
    }

    fn complete(&mut self, task: &Intended, done: bool) -> Option<What> {
        if self.rule_edited.contains(&task.id) || !self.completing.insert((task.id, done)) {
            return None;
        }
        if let Some(series) = task.series {
            let others =
                self.touched_series.contains(&series) || self.completing_series.contains(&series);
            if others {
                self.completing.remove(&(task.id, done));
                return None;
            }
            self.completing_series.insert(series);
        }
        self.completed_tasks.insert(task.id);
        Some(What::Complete(task.id, done))
    }

    fn delete(&mut self, task: &Intended, deleted: bool) -> Option<What> {
        if (deleted && self.edited.contains(&task.id))
            || !self.deletions.insert((task.id, deleted))
            || !self.may_touch(task)
        {
            return None;
        }
        if deleted {
            self.deleting.insert(task.id);
        }
        Some(What::Delete(task.id, deleted))
    }

    fn reorder(&mut self, live: &[&Intended], rng: &mut Rng) -> Option<What> {
        let mut ids = Vec::new();
        for _ in 0..2 + rng.below(4) {
            if let Some(task) = rng.pick(live) {
                if !ids.contains(&task.id) && self.may_touch(task) {
                    ids.push(task.id);
                }
            }
        }
        (ids.len() >= 2).then_some(What::Reorder(ids))
    }
}

/// A list made or deleted, alone; or two to four renames of one list.
fn list_changes(model: &Model, rng: &mut Rng, serial: &mut u64) -> Vec<Drawn> {
    let lists: Vec<Uuid> = model.lists.keys().copied().collect();
    let whats = match rng.pick(&lists) {
        Some(id) if rng.chance(35) => vec![What::DeleteList(*id)],
        Some(id) if lists.len() >= 3 || rng.chance(50) => (0..2 + rng.below(3))
            .map(|_| What::RenameList(*id, format!("Список {}", next(serial))))
            .collect(),
        _ => vec![What::CreateList(
            Uuid::now_v7(),
            format!("Список {}", next(serial)),
        )],
    };
    whats
        .into_iter()
        .map(|what| Drawn {
            what,
            may_be_refused: false,
        })
        .collect()
}

fn new_fields(model: &Model, rng: &mut Rng, serial: &mut u64) -> Fields {
    Fields {
        title: format!("Задача {}", next(serial)),
        notes: if rng.chance(30) {
            format!("заметка {}", next(serial))
        } else {
            String::new()
        },
        due: due(rng),
        priority: 1 + rng.below(4) as u8,
        list: some_list(model, rng),
        every_days: if rng.chance(30) { rule(rng) } else { None },
    }
}

/// A line as a student types it, and what it means in the view it is
/// typed in.
fn quick_add(model: &Model, rng: &mut Rng, serial: &mut u64) -> What {
    let today = Utc::now().date_naive();
    let title = format!("Конспект №{}", next(serial));
    let mut meant = Fields {
        title: title.clone(),
        notes: String::new(),
        due: None,
        priority: 4,
        list: None,
        every_days: None,
    };
    let lists: Vec<Uuid> = model.lists.keys().copied().collect();
    let (line, view) = match rng.below(4) {
        0 => {
            meant.due = Some((today, None));
            (title, "today".to_owned())
        }
        1 => {
            meant.due = Some((today + Days::new(1), None));
            (format!("{title} завтра"), "inbox".to_owned())
        }
        2 if !lists.is_empty() => {
            let list = *rng.pick(&lists).expect("a list");
            meant.list = Some(list);
            (title, format!("list:{list}"))
        }
        _ => (title, "inbox".to_owned()),
    };
    What::QuickAdd {
        id: Uuid::now_v7(),
        line,
        view,
        today,
        meant,
    }
}

fn due(rng: &mut Rng) -> Option<(NaiveDate, Option<NaiveTime>)> {
    if rng.chance(40) {
        return None;
    }
    let date = Utc::now().date_naive() + Days::new(rng.below(20)) - Days::new(5);
    let time = rng
        .chance(30)
        .then(|| NaiveTime::from_hms_opt(7 + rng.below(12) as u32, 30, 0).expect("a time"));
    Some((date, time))
}

fn rule(rng: &mut Rng) -> Option<u32> {
    match rng.below(3) {
        0 => None,
        1 => Some(1),
        _ => Some(3),
    }
}

fn some_list(model: &Model, rng: &mut Rng) -> Option<Uuid> {
    let lists: Vec<Uuid> = model.lists.keys().copied().collect();
    if rng.chance(50) {
        rng.pick(&lists).copied()
    } else {
        None
    }
}

fn base_title(task: &Intended) -> String {
    task.fields
        .title
        .split(" ✎")
        .next()
        .unwrap_or_default()
        .to_owned()
}

fn next(serial: &mut u64) -> u64 {
    *serial += 1;
    *serial
}
