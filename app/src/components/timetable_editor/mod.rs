//! The timetable's editor (`/timetable`, a lazy chunk): the lessons of
//! each day, the rotation of weeks A and B, the bells and the holidays.
//! Every edit is one entry's change through the outbox (keyed, dated,
//! kept offline), drawn at once from the outbox's timetable.

mod bells_editor;
mod holidays_editor;
mod lesson_slot;
mod lessons_editor;
mod rotation_editor;
mod subjects_editor;

pub use bells_editor::BellsEditor;
pub use holidays_editor::HolidaysEditor;
pub use lessons_editor::LessonsEditor;
pub use subjects_editor::SubjectsEditor;

use crate::api::SetTimetable;
use crate::change::{KeptTimetable, TimetableChange};
use crate::outbox::{use_outbox, Outbox};
use crate::school::Timetable;
use leptos::prelude::*;

/// Sends one entry's change, stamped at the tap.
fn set(outbox: Outbox, change: TimetableChange) {
    outbox.send(|at| SetTimetable {
        entry: change.entry_text(),
        value: change.value_text(),
        at: Some(at),
    });
}

/// The timetable as the person expects it, entry by entry and as a week.
fn use_timetable() -> (Memo<KeptTimetable>, Memo<Timetable>) {
    let outbox = use_outbox();
    let kept = Memo::new(move |_| outbox.timetable());
    let week = Memo::new(move |_| kept.with(KeptTimetable::timetable));
    (kept, week)
}
