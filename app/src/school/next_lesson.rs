//! «К следующему уроку»: homework is due at the subject's next lesson.

use super::Timetable;
use crate::domain::ListId;
use chrono::{Days, NaiveDateTime};

/// How far ahead a next lesson is looked for: past the longest holidays.
const HORIZON_DAYS: u64 = 366;

/// When `subject`'s next lesson starts, after `now` (the student's local
/// time). A lesson that has already started counts as past: homework set
/// in it is for the next one. Holidays are skipped and the rotation
/// honoured. `None` when the subject has no lesson with a bell.
pub fn next_lesson(
    timetable: &Timetable,
    subject: ListId,
    now: NaiveDateTime,
) -> Option<NaiveDateTime> {
    if !timetable.teaches(subject) {
        return None;
    }
    (0..=HORIZON_DAYS)
        .filter_map(|ahead| now.date().checked_add_days(Days::new(ahead)))
        .find_map(|date| {
            timetable
                .lessons_on(date)
                .into_iter()
                .filter(|lesson| lesson.subject == Some(subject))
                .filter_map(|lesson| timetable.bells.lesson(lesson.slot.number.get()))
                .map(|times| date.and_time(times.start))
                .find(|start| *start > now)
        })
}

#[cfg(test)]
mod tests;
