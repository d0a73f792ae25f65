//! «К следующему уроку»: homework is due at the subject's next lesson.

use super::Timetable;
use crate::domain::ListId;
use chrono::{Datelike, Days, NaiveDateTime};

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
    let lessons: Vec<_> = timetable.lessons_of(subject).collect();
    if lessons.is_empty() {
        return None;
    }
    (0..=HORIZON_DAYS)
        .filter_map(|ahead| now.date().checked_add_days(Days::new(ahead)))
        .filter(|date| !timetable.holidays.contains(*date))
        .find_map(|date| {
            let week = timetable.rotation.week_of(date);
            lessons
                .iter()
                .filter(|lesson| lesson.day == date.weekday() && lesson.held_in(week))
                .filter_map(|lesson| timetable.bells.lesson(lesson.number.get()))
                .map(|times| date.and_time(times.start))
                .filter(|start| *start > now)
                .min()
        })
}

#[cfg(test)]
mod tests;
