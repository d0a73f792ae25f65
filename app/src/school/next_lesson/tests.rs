//! Tests of `next_lesson.rs`, over the school year 2026–27.

use super::*;
use crate::school::{
    Bells, Holiday, Holidays, Lesson, LessonNumber, LessonSlot, LessonTimes, Rotation, Week,
};
use chrono::{Datelike, NaiveDate, NaiveTime, Weekday};

fn at(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn lesson(day: Weekday, number: u8, week: Option<Week>, subject: ListId) -> Lesson {
    Lesson {
        slot: LessonSlot {
            day,
            number: LessonNumber::new(number).unwrap(),
            week,
        },
        subject: Some(subject),
        room: None,
    }
}

struct School {
    timetable: Timetable,
    algebra: ListId,
    history: ListId,
    pe: ListId,
}

/// Algebra on Mondays (2nd lesson, 09:25) and Wednesdays (3rd, 10:30);
/// history on Saturdays (1st, 08:30); PE in week A on Tuesdays (5th,
/// 12:30) and in week B on Thursdays (6th, 13:25), week A holding
/// 1 September; autumn, winter and spring holidays.
fn school() -> School {
    let (algebra, history, pe) = (ListId::new(), ListId::new(), ListId::new());
    let holiday = |from: &str, to: &str| Holiday::new(day(from), day(to)).unwrap();
    let timetable = Timetable {
        lessons: vec![
            lesson(Weekday::Mon, 2, None, algebra),
            lesson(Weekday::Wed, 3, None, algebra),
            lesson(Weekday::Sat, 1, None, history),
            lesson(Weekday::Tue, 5, Some(Week::A), pe),
            lesson(Weekday::Thu, 6, Some(Week::B), pe),
        ],
        rotation: Rotation::week_a_holds(day("2026-09-01")),
        holidays: Holidays::new(vec![
            holiday("2026-10-26", "2026-11-03"),
            holiday("2026-12-29", "2027-01-11"),
            holiday("2027-03-22", "2027-03-29"),
        ]),
        ..Timetable::default()
    };
    School {
        timetable,
        algebra,
        history,
        pe,
    }
}

fn next(school: &School, subject: ListId, now: &str) -> Option<NaiveDateTime> {
    next_lesson(&school.timetable, subject, at(now))
}

#[test]
fn on_a_monday_morning_algebra_is_due_at_mondays_lesson() {
    let s = school();
    assert_eq!(
        next(&s, s.algebra, "2026-09-07 07:40"),
        Some(at("2026-09-07 09:25"))
    );
}

#[test]
fn a_lesson_already_started_counts_as_past() {
    let s = school();
    let wednesday = Some(at("2026-09-09 10:30"));
    assert_eq!(next(&s, s.algebra, "2026-09-07 09:25"), wednesday);
    assert_eq!(next(&s, s.algebra, "2026-09-07 09:40"), wednesday);
    assert_eq!(
        next(&s, s.algebra, "2026-09-07 09:24"),
        Some(at("2026-09-07 09:25"))
    );
    assert_eq!(
        next(&s, s.algebra, "2026-09-09 11:00"),
        Some(at("2026-09-14 09:25"))
    );
}

#[test]
fn holidays_over_the_next_lesson_move_it_to_the_first_after_them() {
    let s = school();
    // Autumn holidays from Monday 26 October to Tuesday 3 November.
    assert_eq!(
        next(&s, s.algebra, "2026-10-23 15:00"),
        Some(at("2026-11-04 10:30"))
    );
    // Winter: from the last lesson before to the first after.
    assert_eq!(
        next(&s, s.algebra, "2026-12-28 12:00"),
        Some(at("2027-01-13 10:30"))
    );
}

#[test]
fn a_rotating_subject_follows_its_weeks() {
    let s = school();
    // Monday 7 September is in week B: PE on Thursday.
    assert_eq!(
        next(&s, s.pe, "2026-09-07 08:00"),
        Some(at("2026-09-10 13:25"))
    );
    // After it, week A's Tuesday.
    assert_eq!(
        next(&s, s.pe, "2026-09-11 08:00"),
        Some(at("2026-09-15 12:30"))
    );
    // Week A itself.
    assert_eq!(
        next(&s, s.pe, "2026-09-01 08:00"),
        Some(at("2026-09-01 12:30"))
    );
}

#[test]
fn saturday_lessons_count() {
    let s = school();
    assert_eq!(
        next(&s, s.history, "2026-09-11 20:00"),
        Some(at("2026-09-12 08:30"))
    );
    assert_eq!(
        next(&s, s.history, "2026-09-12 08:45"),
        Some(at("2026-09-19 08:30"))
    );
}

#[test]
fn a_subject_without_a_lesson_or_a_bell_has_no_next_lesson() {
    let mut s = school();
    assert_eq!(next(&s, ListId::new(), "2026-09-07 08:00"), None);
    let short_day = Bells::new(vec![LessonTimes {
        start: NaiveTime::from_hms_opt(8, 30, 0).unwrap(),
        end: NaiveTime::from_hms_opt(9, 15, 0).unwrap(),
    }])
    .unwrap();
    s.timetable.bells = short_day;
    assert_eq!(next(&s, s.algebra, "2026-09-07 08:00"), None);
    assert_eq!(
        next(&s, s.history, "2026-09-07 08:00"),
        Some(at("2026-09-12 08:30"))
    );
}

/// Every hour of the school year, against the year's algebra lessons
/// listed one by one: the first that starts after now.
#[test]
fn over_the_whole_school_year_the_next_lesson_is_the_first_to_start_after_now() {
    let s = school();
    let first_day = day("2026-09-01");
    let last_day = day("2027-05-31");
    let starts: Vec<NaiveDateTime> = first_day
        .iter_days()
        .take_while(|date| *date <= last_day + Days::new(14))
        .filter(|date| !s.timetable.holidays.contains(*date))
        .filter_map(|date| match date.weekday() {
            Weekday::Mon => Some(date.and_hms_opt(9, 25, 0).unwrap()),
            Weekday::Wed => Some(date.and_hms_opt(10, 30, 0).unwrap()),
            _ => None,
        })
        .collect();
    for date in first_day.iter_days().take_while(|date| *date <= last_day) {
        for hour in 0..24 {
            for minute in [0, 25, 30] {
                let now = date.and_hms_opt(hour, minute, 0).unwrap();
                let expected = starts.iter().copied().find(|start| *start > now);
                assert_eq!(next_lesson(&s.timetable, s.algebra, now), expected, "{now}");
            }
        }
    }
}
