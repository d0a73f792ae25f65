//! When each lesson starts and ends. A school rings the same bells every
//! day; a student edits the default to their school's.

use chrono::NaiveTime;

/// The most lessons a day has.
pub const MAX_LESSONS: usize = 10;

/// One lesson's start and end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonTimes {
    pub start: NaiveTime,
    pub end: NaiveTime,
}

/// The bells of lessons 1, 2, … in order: each ends after it starts and
/// before the next starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bells(Vec<LessonTimes>);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BellsError {
    #[error("a day has one to ten lessons")]
    Count,
    #[error("lesson {0} must end after it starts")]
    EndsBeforeStart(usize),
    #[error("lesson {0} must start after the one before ends")]
    Overlaps(usize),
}

impl Bells {
    pub fn new(lessons: Vec<LessonTimes>) -> Result<Self, BellsError> {
        if lessons.is_empty() || lessons.len() > MAX_LESSONS {
            return Err(BellsError::Count);
        }
        for (index, lesson) in lessons.iter().enumerate() {
            if lesson.end <= lesson.start {
                return Err(BellsError::EndsBeforeStart(index + 1));
            }
            if index > 0 && lesson.start < lessons[index - 1].end {
                return Err(BellsError::Overlaps(index + 1));
            }
        }
        Ok(Self(lessons))
    }

    /// Lesson `number`'s times (numbered from 1), if the day has it.
    pub fn lesson(&self, number: u8) -> Option<LessonTimes> {
        self.0.get(usize::from(number).checked_sub(1)?).copied()
    }

    /// Each lesson's times, from the first.
    pub fn times(&self) -> &[LessonTimes] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Default for Bells {
    /// A common Russian school day: 45-minute lessons from 08:30, breaks of
    /// ten minutes and two of twenty after the second and third lessons.
    fn default() -> Self {
        const TIMES: [(u32, u32, u32, u32); MAX_LESSONS] = [
            (8, 30, 9, 15),
            (9, 25, 10, 10),
            (10, 30, 11, 15),
            (11, 35, 12, 20),
            (12, 30, 13, 15),
            (13, 25, 14, 10),
            (14, 20, 15, 5),
            (15, 15, 16, 0),
            (16, 10, 16, 55),
            (17, 5, 17, 50),
        ];
        let time = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap_or(NaiveTime::MIN);
        Self(
            TIMES
                .iter()
                .map(|&(sh, sm, eh, em)| LessonTimes {
                    start: time(sh, sm),
                    end: time(eh, em),
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveTime {
        NaiveTime::parse_from_str(text, "%H:%M").unwrap()
    }

    fn times(start: &str, end: &str) -> LessonTimes {
        LessonTimes {
            start: at(start),
            end: at(end),
        }
    }

    #[test]
    fn the_default_day_is_ten_lessons_in_order() {
        let bells = Bells::default();
        assert_eq!(bells.len(), MAX_LESSONS);
        assert_eq!(Bells::new(bells.0.clone()), Ok(bells.clone()));
        assert_eq!(bells.lesson(1), Some(times("08:30", "09:15")));
        assert_eq!(bells.lesson(10), Some(times("17:05", "17:50")));
        assert_eq!(bells.lesson(0), None);
        assert_eq!(bells.lesson(11), None);
    }

    #[test]
    fn bells_out_of_order_are_refused_and_say_which_lesson() {
        assert_eq!(Bells::new(vec![]), Err(BellsError::Count));
        assert_eq!(
            Bells::new(vec![times("08:30", "08:30")]),
            Err(BellsError::EndsBeforeStart(1))
        );
        assert_eq!(
            Bells::new(vec![times("08:30", "09:15"), times("09:10", "09:55")]),
            Err(BellsError::Overlaps(2))
        );
        assert_eq!(
            Bells::new(vec![times("08:00", "08:40"); 11]),
            Err(BellsError::Count)
        );
    }
}
