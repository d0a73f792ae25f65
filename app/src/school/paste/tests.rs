//! Tests of `paste.rs`: samples shaped like diary pages and chat messages
//! (written for the tests), each with the tasks it must give. Today is
//! Friday 9 October 2026.

use super::*;

fn today() -> NaiveDate {
    day("2026-10-09")
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn subjects(names: &[&str]) -> Vec<Subject> {
    names
        .iter()
        .map(|name| Subject {
            id: ListId::new(),
            name: (*name).to_owned(),
        })
        .collect()
}

fn school() -> Vec<Subject> {
    subjects(&[
        "Алгебра",
        "Русский язык",
        "Литература",
        "Физика",
        "Физкультура",
        "Английский язык",
    ])
}

/// Each task as (title, subject's name, due).
fn read(text: &str, subjects: &[Subject]) -> Vec<(String, Option<String>, PastedDue)> {
    read_pasted(text, subjects, today())
        .into_iter()
        .map(|task| {
            let name = task
                .subject
                .map(|id| subjects.iter().find(|s| s.id == id).unwrap().name.clone());
            (task.title, name, task.due)
        })
        .collect()
}

fn task(title: &str, subject: Option<&str>, due: PastedDue) -> (String, Option<String>, PastedDue) {
    (title.to_owned(), subject.map(str::to_owned), due)
}

#[test]
fn a_diary_week_copied_from_its_page_dates_each_day_s_homework() {
    let page = "Понедельник, 12 октября\n\
                Алгебра: №245, 247\n\
                Русский язык: упр. 112\n\
                Литература: читать «Капитанскую дочку», гл. 3–4\n\
                \n\
                Вторник, 13 октября\n\
                Физика — §12, вопросы 1–3\n\
                Английский язык: WB p. 34 ex. 2\n";
    let (monday, tuesday) = (
        PastedDue::On(day("2026-10-12")),
        PastedDue::On(day("2026-10-13")),
    );
    assert_eq!(
        read(page, &school()),
        vec![
            task("Алгебра: №245, 247", Some("Алгебра"), monday),
            task("Русский язык: упр. 112", Some("Русский язык"), monday),
            task(
                "Литература: читать «Капитанскую дочку», гл. 3–4",
                Some("Литература"),
                monday
            ),
            task("Физика — §12, вопросы 1–3", Some("Физика"), tuesday),
            task(
                "Английский язык: WB p. 34 ex. 2",
                Some("Английский язык"),
                tuesday
            ),
        ]
    );
}

#[test]
fn a_chat_message_on_one_line_is_split_and_undated_homework_is_for_the_next_lesson() {
    let message = "Алгебра: №245, 247 / Русский язык — упр. 112 / На завтра: выучить стих";
    assert_eq!(
        read(message, &school()),
        vec![
            task("Алгебра: №245, 247", Some("Алгебра"), PastedDue::NextLesson),
            task(
                "Русский язык — упр. 112",
                Some("Русский язык"),
                PastedDue::NextLesson
            ),
            task("выучить стих", None, PastedDue::On(day("2026-10-10"))),
        ]
    );
}

#[test]
fn a_chat_list_with_bullets_and_shortened_subjects_under_a_heading() {
    let message = "ДЗ на понедельник:\n\
                   - алг №300-305\n\
                   - рус. яз упр 115\n\
                   • лит-ра наизусть стих\n\
                   - физ-ра: —\n";
    let monday = PastedDue::On(day("2026-10-12"));
    assert_eq!(
        read(message, &school()),
        vec![
            task("алг №300-305", Some("Алгебра"), monday),
            task("рус. яз упр 115", Some("Русский язык"), monday),
            task("лит-ра наизусть стих", Some("Литература"), monday),
        ]
    );
}

#[test]
fn an_english_list_numbered_under_its_day() {
    let subjects = subjects(&["Algebra", "History"]);
    let message = "Homework for Monday\n1) Algebra: ex. 5\n2. History - read p. 40";
    let monday = PastedDue::On(day("2026-10-12"));
    assert_eq!(
        read(message, &subjects),
        vec![
            task("Algebra: ex. 5", Some("Algebra"), monday),
            task("History - read p. 40", Some("History"), monday),
        ]
    );
}

#[test]
fn a_line_not_understood_is_still_a_task_under_its_own_words() {
    let message = "\n\nПринести сменку\n16.10:\nХимия: §5\n";
    assert_eq!(
        read(message, &school()),
        vec![
            task("Принести сменку", None, PastedDue::Undated),
            task("Химия: §5", None, PastedDue::On(day("2026-10-16"))),
        ]
    );
}

#[test]
fn a_paste_makes_at_most_a_hundred_tasks() {
    let long = "Алгебра: №1\n".repeat(150);
    assert_eq!(read_pasted(&long, &school(), today()).len(), MAX_PASTED);
    assert!(read_pasted("", &school(), today()).is_empty());
}
