//! The timetable: which subject each lesson of the week is. A subject is
//! one of the student's lists (a list can be a subject), so its homework
//! lands there.

use super::{Bells, Holidays, Rotation, Week};
use crate::domain::ListId;
use chrono::Weekday;

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

/// One lesson of the week: a subject on a day, at a number, every week or
/// only in week A or B of a rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub day: Weekday,
    pub number: LessonNumber,
    pub week: Option<Week>,
    pub subject: ListId,
}

impl Lesson {
    /// Whether it is held in `week` (`None`: the school does not rotate,
    /// and every lesson is held every week).
    pub fn held_in(&self, week: Option<Week>) -> bool {
        match (self.week, week) {
            (Some(only), Some(this)) => only == this,
            _ => true,
        }
    }
}

/// The student's week, and what moves it: the bells, the rotation and
/// the holidays. A lesson whose number has no bell (the student shortened
/// the day) is kept, and has no time until a bell is given back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timetable {
    pub lessons: Vec<Lesson>,
    pub bells: Bells,
    pub rotation: Rotation,
    pub holidays: Holidays,
}

impl Timetable {
    /// The lessons of `subject`.
    pub fn lessons_of(&self, subject: ListId) -> impl Iterator<Item = &Lesson> {
        self.lessons
            .iter()
            .filter(move |lesson| lesson.subject == subject)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_number_is_one_to_ten() {
        assert_eq!(LessonNumber::new(0), Err(LessonNumberError));
        assert_eq!(LessonNumber::new(1).map(LessonNumber::get), Ok(1));
        assert_eq!(LessonNumber::new(10).map(LessonNumber::get), Ok(10));
        assert_eq!(LessonNumber::new(11), Err(LessonNumberError));
    }

    #[test]
    fn a_lesson_of_week_a_is_held_in_week_a_and_in_a_school_that_does_not_rotate() {
        let lesson = Lesson {
            day: Weekday::Mon,
            number: LessonNumber::new(1).unwrap(),
            week: Some(Week::A),
            subject: ListId::new(),
        };
        assert!(lesson.held_in(Some(Week::A)));
        assert!(!lesson.held_in(Some(Week::B)));
        assert!(lesson.held_in(None));
        let every_week = Lesson {
            week: None,
            ..lesson
        };
        assert!(every_week.held_in(Some(Week::B)));
    }
}
