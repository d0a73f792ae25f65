//! What a student types into a change: titles, notes, dates, a quick-add
//! line, drawn from the seed. Every title and note is numbered, so a
//! difference names the change it came from.

use super::change::{Fields, What};
use super::model::{Intended, Model};
use super::rng::Rng;
use chrono::{Days, NaiveDate, NaiveTime};
use uuid::Uuid;

/// Hands out the numbers of titles and notes.
#[derive(Default)]
pub struct Serial(u64);

impl Serial {
    pub fn next(&mut self) -> u64 {
        self.0 += 1;
        self.0
    }
}

/// A new task's fields, on the person's `today`.
pub fn new_fields(model: &Model, rng: &mut Rng, serial: &mut Serial, today: NaiveDate) -> Fields {
    Fields {
        title: format!("Задача {}", serial.next()),
        notes: if rng.chance(30) {
            format!("заметка {}", serial.next())
        } else {
            String::new()
        },
        due: due(rng, today),
        priority: 1 + rng.below(4) as u8,
        list: some_list(model, rng),
        every_days: if rng.chance(30) { rule(rng) } else { None },
    }
}

/// A line as a student types it, and what it means in the view it is
/// typed in on `today`.
pub fn quick_add(
    model: &Model,
    rng: &mut Rng,
    serial: &mut Serial,
    today: NaiveDate,
    id: Uuid,
) -> What {
    let title = format!("Конспект №{}", serial.next());
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
        id,
        line,
        view,
        today,
        meant,
    }
}

pub fn due(rng: &mut Rng, today: NaiveDate) -> Option<(NaiveDate, Option<NaiveTime>)> {
    if rng.chance(40) {
        return None;
    }
    let date = today + Days::new(rng.below(20)) - Days::new(5);
    let time = rng
        .chance(30)
        .then(|| NaiveTime::from_hms_opt(7 + rng.below(12) as u32, 30, 0).expect("a time"));
    Some((date, time))
}

pub fn rule(rng: &mut Rng) -> Option<u32> {
    match rng.below(3) {
        0 => None,
        1 => Some(1),
        _ => Some(3),
    }
}

pub fn some_list(model: &Model, rng: &mut Rng) -> Option<Uuid> {
    let lists: Vec<Uuid> = model.lists.keys().copied().collect();
    if rng.chance(50) {
        rng.pick(&lists).copied()
    } else {
        None
    }
}

/// A task's title without its edits' marks.
pub fn base_title(task: &Intended) -> String {
    task.fields
        .title
        .split(" ✎")
        .next()
        .unwrap_or_default()
        .to_owned()
}
