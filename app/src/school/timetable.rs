//! The timetable: which subject each lesson of the week is. A subject is
//! one of the student's lists (a list can be a subject), so its homework
//! lands there.

use super::{Bells, Holidays, Look, Room, Rotation, Week};
use crate::domain::ListId;
use chrono::{Datelike, NaiveDate, Weekday};

/// A lesson's place in its day, from 1 (the first bell) to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LessonNumber(u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a lesson is numbered from 1 to 10")]
pub struct LessonNumberError;

impl LessonNumber {
    pub fn new(number: u8) -> Result<Self, LessonNumberError> {
        (1..=super::bells::MAX_LESSONS as u8)
            .contains(&number)
            .then_some(Self(number))
            .ok_or(LessonNumberError)
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// Where a lesson sits in the week: a day, a number, and every week or
/// only week A or B of a rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LessonSlot {
    pub day: Weekday,
    pub number: LessonNumber,
    pub week: Option<Week>,
}

/// One slot of the week and what is taught in it. A slot of week A or B
/// stands in for the every-week slot in that week, so «no lesson» there
/// (`subject: None`) frees a slot the every-week timetable fills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub slot: LessonSlot,
    pub subject: Option<ListId>,
    pub room: Option<Room>,
}

/// The student's week, and what moves it: the bells, the rotation and
/// the holidays. A lesson whose number has no bell (the student shortened
/// the day) is kept, and has no time until a bell is given back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timetable {
    /// Each slot at most once.
    pub lessons: Vec<Lesson>,
    pub bells: Bells,
    pub rotation: Rotation,
    pub holidays: Holidays,
    /// Whether homework «for the next lesson» is due at the lesson's start
    /// (else on its day, with no time).
    pub due_at_start: bool,
    /// Each subject's look, by its list.
    pub looks: Vec<(ListId, Look)>,
}

impl Default for Timetable {
    fn default() -> Self {
        Self {
            lessons: Vec::new(),
            bells: Bells::default(),
            rotation: Rotation::default(),
            holidays: Holidays::default(),
            due_at_start: true,
            looks: Vec::new(),
        }
    }
}

impl Timetable {
    /// The lessons held on `date`, by number: none in the holidays; in a
    /// rotating school, the slots of that date's week in place of the
    /// every-week ones (without a rotation, only the every-week slots).
    pub fn lessons_on(&self, date: NaiveDate) -> Vec<&Lesson> {
        if self.holidays.contains(date) {
            return Vec::new();
        }
        let week = self.rotation.week_of(date);
        let on_day = |lesson: &&Lesson| lesson.slot.day == date.weekday();
        let this_week = |number| {
            self.lessons.iter().filter(on_day).any(|other| {
                week.is_some() && other.slot.week == week && other.slot.number == number
            })
        };
        let mut held: Vec<&Lesson> = self
            .lessons
            .iter()
            .filter(on_day)
            .filter(|lesson| match lesson.slot.week {
                None => !this_week(lesson.slot.number),
                only => only == week,
            })
            .filter(|lesson| lesson.subject.is_some())
            .collect();
        held.sort_by_key(|lesson| lesson.slot.number);
        held
    }

    /// When homework for a lesson starting `at` is due: then, or (as the
    /// student chose) on its day.
    pub fn due_for(&self, at: chrono::NaiveDateTime) -> crate::domain::Due {
        crate::domain::Due {
            date: at.date(),
            time: self.due_at_start.then(|| at.time()),
        }
    }

    /// How `subject` looks, if the student gave it a look.
    pub fn look_of(&self, subject: ListId) -> Option<&Look> {
        self.looks
            .iter()
            .find(|(list, _)| *list == subject)
            .map(|(_, look)| look)
    }

    /// Whether `subject` has a lesson anywhere in the week.
    pub fn teaches(&self, subject: ListId) -> bool {
        self.lessons
            .iter()
            .any(|lesson| lesson.subject == Some(subject))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::school::Holiday;

    fn lesson(day: Weekday, number: u8, week: Option<Week>, subject: Option<ListId>) -> Lesson {
        Lesson {
            slot: LessonSlot {
                day,
                number: LessonNumber::new(number).unwrap(),
                week,
            },
            subject,
            room: None,
        }
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn subjects_on(timetable: &Timetable, date: &str) -> Vec<(u8, Option<ListId>)> {
        timetable
            .lessons_on(day(date))
            .iter()
            .map(|lesson| (lesson.slot.number.get(), lesson.subject))
            .collect()
    }

    #[test]
    fn a_lesson_number_is_one_to_ten() {
        assert_eq!(LessonNumber::new(0), Err(LessonNumberError));
        assert_eq!(LessonNumber::new(1).map(LessonNumber::get), Ok(1));
        assert_eq!(LessonNumber::new(10).map(LessonNumber::get), Ok(10));
        assert_eq!(LessonNumber::new(11), Err(LessonNumberError));
    }

    #[test]
    fn a_week_of_the_rotation_takes_the_place_of_the_every_week_timetable() {
        let (algebra, pe, music) = (ListId::new(), ListId::new(), ListId::new());
        let mut timetable = Timetable {
            lessons: vec![
                lesson(Weekday::Mon, 2, None, Some(algebra)),
                lesson(Weekday::Mon, 1, None, Some(music)),
                lesson(Weekday::Mon, 2, Some(Week::B), Some(pe)),
                lesson(Weekday::Mon, 1, Some(Week::A), None),
            ],
            // Monday 2026-09-07 is in week A, 09-14 in week B.
            rotation: Rotation::week_a_holds(day("2026-09-07")),
            ..Timetable::default()
        };
        assert_eq!(subjects_on(&timetable, "2026-09-07"), [(2, Some(algebra))]);
        assert_eq!(
            subjects_on(&timetable, "2026-09-14"),
            [(1, Some(music)), (2, Some(pe))]
        );
        assert_eq!(subjects_on(&timetable, "2026-09-08"), []);
        timetable.rotation = Rotation::None;
        assert_eq!(
            subjects_on(&timetable, "2026-09-14"),
            [(1, Some(music)), (2, Some(algebra))]
        );
        timetable.holidays =
            Holidays::new(vec![
                Holiday::new(day("2026-09-14"), day("2026-09-14")).unwrap()
            ]);
        assert_eq!(subjects_on(&timetable, "2026-09-14"), []);
        assert!(timetable.teaches(pe));
        assert!(!timetable.teaches(ListId::new()));
    }
}
