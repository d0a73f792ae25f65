//! Tests of `next_lesson.rs`: the phrases as students type them, in
//! Russian and English, dated by a week of lessons.

use crate::domain::{ListId, ListName, TaskList};
use crate::quick_add::parse;
use crate::school::{Lesson, LessonNumber, LessonSlot, Timetable};
use crate::views::View;
use chrono::{NaiveDate, NaiveDateTime, Weekday};

fn list(name: &str) -> TaskList {
    TaskList::new(
        ListId::new(),
        ListName::parse(name).unwrap(),
        "2026-09-01T00:00:00Z".parse().unwrap(),
    )
}

struct Week {
    lists: Vec<TaskList>,
    timetable: Timetable,
}

/// Algebra on Mondays (2nd lesson, 09:25) and Wednesdays (3rd, 10:30),
/// Russian on Tuesdays (1st, 08:30); history is a list with no lesson.
fn week() -> Week {
    let lists = vec![list("Алгебра"), list("Русский язык"), list("История")];
    let lesson = |day, number, subject: &TaskList| Lesson {
        slot: LessonSlot {
            day,
            number: LessonNumber::new(number).unwrap(),
            week: None,
        },
        subject: Some(subject.id),
        room: None,
    };
    let timetable = Timetable {
        lessons: vec![
            lesson(Weekday::Mon, 2, &lists[0]),
            lesson(Weekday::Wed, 3, &lists[0]),
            lesson(Weekday::Tue, 1, &lists[1]),
        ],
        ..Timetable::default()
    };
    Week { lists, timetable }
}

/// Monday 7 September 2026, before school.
fn monday_morning() -> NaiveDateTime {
    "2026-09-07T07:40:00".parse().unwrap()
}

fn today() -> NaiveDate {
    monday_morning().date()
}

/// The line read in `view`, dated by the week: its title, due moment and list.
fn read_in(line: &str, view: Option<View>) -> (String, Option<String>, Option<String>) {
    let week = week();
    let fields = parse(line, today())
        .in_view(view, today())
        .at_next_lesson(&week.timetable, &week.lists, monday_morning())
        .into_fields(&week.lists)
        .unwrap();
    let due = fields.due.map(|due| match due.time {
        Some(time) => format!("{} {}", due.date, time.format("%H:%M")),
        None => due.date.to_string(),
    });
    let list = fields.list_id.and_then(|id| {
        week.lists
            .iter()
            .find(|l| l.id == id)
            .map(|l| l.name.as_str().to_owned())
    });
    (fields.title.as_str().to_owned(), due, list)
}

fn read(line: &str) -> (String, Option<String>, Option<String>) {
    read_in(line, None)
}

fn algebra(title: &str, due: &str) -> (String, Option<String>, Option<String>) {
    (
        title.to_owned(),
        Some(due.to_owned()),
        Some("Алгебра".to_owned()),
    )
}

#[test]
fn on_a_monday_morning_the_next_algebra_is_mondays_and_after_it_wednesdays() {
    assert_eq!(
        read("№245 #Алгебра к следующему уроку"),
        algebra("№245", "2026-09-07 09:25")
    );
    let week = week();
    let after_the_lesson = "2026-09-07T09:30:00".parse().unwrap();
    let fields = parse("№245 #Алгебра к следующему уроку", today())
        .at_next_lesson(&week.timetable, &week.lists, after_the_lesson)
        .into_fields(&week.lists)
        .unwrap();
    let due = fields.due.unwrap();
    assert_eq!(due.date.to_string(), "2026-09-09");
    assert_eq!(due.time.unwrap().format("%H:%M").to_string(), "10:30");
}

#[test]
fn the_spellings_students_type_all_mean_the_next_lesson() {
    for line in [
        "№245 #алгебра к следующему уроку",
        "№245 #алгебра К СЛЕДУЮЩЕМУ УРОКУ",
        "№245 #алгебра на след. урок",
        "№245 #алгебра на след урок",
        "№245 #алгебра к след. уроку",
        "№245 #алгебра на следующий урок",
        "№245 #алгебра к уроку",
        "№245 к следующей алгебре",
        "№245 на следующую алгебру",
        "№245 к след. алгебре",
        "№245 #алгебра for the next lesson",
        "№245 #алгебра by next class",
        "№245 #алгебра next lesson",
    ] {
        assert_eq!(read(line), algebra("№245", "2026-09-07 09:25"), "{line}");
    }
}

#[test]
fn in_english_the_subject_is_named_between_next_and_lesson() {
    let algebra = list("Algebra");
    let mut week = week();
    week.timetable.lessons[0].subject = Some(algebra.id);
    let lists = vec![algebra];
    let fields = parse("ex. 5 for next algebra lesson", today())
        .at_next_lesson(&week.timetable, &lists, monday_morning())
        .into_fields(&lists)
        .unwrap();
    assert_eq!(fields.title.as_str(), "ex. 5");
    assert_eq!(fields.due.unwrap().date.to_string(), "2026-09-07");
    assert_eq!(fields.list_id, Some(lists[0].id));
}

#[test]
fn a_subject_in_another_case_is_found_by_its_stem() {
    assert_eq!(
        read("упр. 112 к следующему русскому"),
        (
            "упр. 112".to_owned(),
            Some("2026-09-08 08:30".to_owned()),
            Some("Русский язык".to_owned())
        )
    );
}

#[test]
fn in_a_subjects_list_the_next_lesson_is_that_subjects() {
    let week = week();
    let fields = parse("№245 к следующему уроку", today())
        .in_view(Some(View::List(week.lists[1].id)), today())
        .at_next_lesson(&week.timetable, &week.lists, monday_morning())
        .into_fields(&week.lists)
        .unwrap();
    assert_eq!(fields.due.unwrap().date.to_string(), "2026-09-08");
    assert_eq!(fields.list_id, Some(week.lists[1].id));
}

#[test]
fn without_a_lesson_to_be_due_at_the_words_stay_in_the_title() {
    assert_eq!(
        read("реферат #история к следующему уроку"),
        (
            "реферат к следующему уроку".to_owned(),
            None,
            Some("История".to_owned())
        )
    );
    // Added in Today, it is due today as any line there.
    assert_eq!(
        read_in("реферат к уроку", Some(View::Today)),
        (
            "реферат к уроку".to_owned(),
            Some("2026-09-07".to_owned()),
            None
        )
    );
}

#[test]
fn a_lesson_without_its_preposition_or_a_next_week_is_no_next_lesson() {
    assert_eq!(
        read("Выучить урок"),
        ("Выучить урок".to_owned(), None, None)
    );
    let (title, due, _) = read("Проект к следующей неделе");
    assert_eq!(title, "Проект к следующей неделе");
    assert_eq!(due, None);
    let (title, _, _) = read("повторить next week");
    assert_eq!(title, "повторить next week");
}

#[test]
fn a_date_given_first_is_kept_and_the_phrase_stays_in_the_title() {
    let (title, due, _) = read("№245 #алгебра завтра к следующему уроку");
    assert_eq!(due, Some("2026-09-08".to_owned()));
    assert_eq!(title, "№245 к следующему уроку");
}

#[test]
fn a_student_who_wants_dates_only_gets_the_lessons_day_without_its_time() {
    let mut week = week();
    week.timetable.due_at_start = false;
    let fields = parse("№245 #Алгебра к следующему уроку", today())
        .at_next_lesson(&week.timetable, &week.lists, monday_morning())
        .into_fields(&week.lists)
        .unwrap();
    let due = fields.due.unwrap();
    assert_eq!(
        (due.date.to_string(), due.time),
        ("2026-09-07".to_owned(), None)
    );
}
