//! The school week (issue 29): the student's timetable (days × lessons,
//! each lesson a subject, optionally a two-week rotation), the bells that
//! say when each lesson starts and ends, and the holidays; and from them
//! the one rule that makes a planner a school planner: when a subject's
//! next lesson is. Plain Rust over dates and times in the student's local
//! time, so the browser (quick add's preview) and the server run the same.

mod bells;
mod holidays;
mod look;
mod next_lesson;
mod paste;
mod room;
mod rotation;
mod subjects;
mod timetable;

pub use bells::{Bells, BellsError, LessonTimes, MAX_LESSONS};
pub use holidays::{Holiday, HolidayError, Holidays};
pub use look::{Colour, Emoji, Look};
pub use next_lesson::next_lesson;
pub use paste::{read_pasted, PastedDue, PastedTask, MAX_PASTED};
pub use room::{Room, RoomError};
pub use rotation::{Rotation, Week};
pub use subjects::{subject_declined, subject_named, Subject, COMMON_SUBJECTS};
pub use timetable::{Lesson, LessonNumber, LessonNumberError, LessonSlot, Timetable};
