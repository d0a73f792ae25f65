//! The table of what quick add understands. Today is Wednesday 2 September
//! 2026 unless a case says otherwise.

use super::parse;
use crate::domain::{Priority, Recurrence};
use chrono::{NaiveDate, NaiveTime};

struct Case {
    line: &'static str,
    title: &'static str,
    date: Option<&'static str>,
    time: Option<&'static str>,
    priority: u8,
    list: Option<&'static str>,
    repeat: Option<&'static str>,
}

const fn plain(line: &'static str, title: &'static str) -> Case {
    Case {
        line,
        title,
        date: None,
        time: None,
        priority: 4,
        list: None,
        repeat: None,
    }
}

const fn on(line: &'static str, title: &'static str, date: &'static str) -> Case {
    Case {
        date: Some(date),
        ..plain(line, title)
    }
}

const fn at(
    line: &'static str,
    title: &'static str,
    date: &'static str,
    time: &'static str,
) -> Case {
    Case {
        time: Some(time),
        ..on(line, title, date)
    }
}

const fn every(
    line: &'static str,
    title: &'static str,
    date: &'static str,
    repeat: &'static str,
) -> Case {
    Case {
        repeat: Some(repeat),
        ..on(line, title, date)
    }
}

const TODAY: &str = "2026-09-02";

const RUSSIAN: &[Case] = &[
    plain("Алгебра №245", "Алгебра №245"),
    on("Алгебра сегодня", "Алгебра", "2026-09-02"),
    on("Физика завтра", "Физика", "2026-09-03"),
    on("Химия послезавтра", "Химия", "2026-09-04"),
    on("Сочинение в пятницу", "Сочинение", "2026-09-04"),
    on("Реферат пт", "Реферат", "2026-09-04"),
    on("Зачёт в понедельник", "Зачёт", "2026-09-07"),
    on("Контрольная в среду", "Контрольная", "2026-09-09"),
    on("Доклад во вторник", "Доклад", "2026-09-08"),
    on("Кружок в следующий вторник", "Кружок", "2026-09-08"),
    on("Сдать до пятницы", "Сдать", "2026-09-04"),
    on("Проект через 3 дня", "Проект", "2026-09-05"),
    on("Проект через неделю", "Проект", "2026-09-09"),
    on("Экзамен через 2 недели", "Экзамен", "2026-09-16"),
    on("Каникулы через месяц", "Каникулы", "2026-10-02"),
    on("Олимпиада 12 мая", "Олимпиада", "2027-05-12"),
    on("Олимпиада 12 сентября", "Олимпиада", "2026-09-12"),
    on("Олимпиада 12 мая 2028", "Олимпиада", "2028-05-12"),
    on("Экскурсия 12.05", "Экскурсия", "2027-05-12"),
    on("Экскурсия 12.05.2027", "Экскурсия", "2027-05-12"),
    on("Экскурсия 03.09.26", "Экскурсия", "2026-09-03"),
    on("Прочитать 31 декабря", "Прочитать", "2026-12-31"),
    on("Поздравить 29 февраля", "Поздравить", "2028-02-29"),
    at("Тренировка в 18:00", "Тренировка", "2026-09-02", "18:00"),
    at(
        "Тренировка завтра в 18:00",
        "Тренировка",
        "2026-09-03",
        "18:00",
    ),
    at("Зарядка утром", "Зарядка", "2026-09-02", "09:00"),
    at(
        "Прочитать главу вечером",
        "Прочитать главу",
        "2026-09-02",
        "19:00",
    ),
    at(
        "Позвонить бабушке в 7 вечера",
        "Позвонить бабушке",
        "2026-09-02",
        "19:00",
    ),
    at("Встать в 7 утра", "Встать", "2026-09-02", "07:00"),
    every("Зарядка каждый день", "Зарядка", "2026-09-02", "daily"),
    every(
        "Музыкалка каждый понедельник",
        "Музыкалка",
        "2026-09-07",
        "weekly mon",
    ),
    every("Кружок каждую неделю", "Кружок", "2026-09-02", "weekly wed"),
    every("Уборка каждый месяц", "Уборка", "2026-09-02", "monthly"),
    every(
        "День рождения мамы каждый год 12 мая",
        "День рождения мамы",
        "2027-05-12",
        "yearly",
    ),
    every(
        "Полить цветы каждые 3 дня",
        "Полить цветы",
        "2026-09-02",
        "every 3 days",
    ),
    every("Витамины ежедневно", "Витамины", "2026-09-02", "daily"),
    Case {
        priority: 3,
        ..plain("Сдать проект !", "Сдать проект")
    },
    Case {
        priority: 2,
        ..plain("Сдать проект !!", "Сдать проект")
    },
    Case {
        priority: 1,
        ..plain("Сдать проект !!!", "Сдать проект")
    },
    Case {
        priority: 1,
        ..plain("Сдать проект !!!!", "Сдать проект")
    },
    Case {
        priority: 1,
        ..plain("Сдать проект p1", "Сдать проект")
    },
    Case {
        priority: 3,
        ..plain("Сдать проект P3", "Сдать проект")
    },
    plain("Сдать проект p4", "Сдать проект"),
    plain("Сдать проект p5", "Сдать проект p5"),
    Case {
        priority: 1,
        ..plain("Сдать проект !1", "Сдать проект")
    },
    Case {
        priority: 2,
        ..plain("!2 Сдать проект", "Сдать проект")
    },
    plain("Сдать проект !4", "Сдать проект !4"),
    plain("Сдать p10 и p", "Сдать p10 и p"),
    Case {
        list: Some("Школа"),
        ..plain("Купить тетради #Школа", "Купить тетради")
    },
    Case {
        list: Some("школа"),
        priority: 2,
        ..on(
            "Купить тетради #школа завтра !!",
            "Купить тетради",
            "2026-09-03",
        )
    },
    plain("Купить 2 тетради", "Купить 2 тетради"),
    plain("Подготовиться к контрольной", "Подготовиться к контрольной"),
    plain("Повторить 31.04", "Повторить 31.04"),
    plain("Тест в 25:00", "Тест в 25:00"),
    plain("Встреча в 9", "Встреча в 9"),
    plain(
        "Полить каждые 4294967295 недель",
        "Полить каждые 4294967295 недель",
    ),
    on("Завтра", "Завтра", "2026-09-03"),
    on("ЗАВТРА контрольная", "контрольная", "2026-09-03"),
    on(
        "Алгебра завтра и послезавтра",
        "Алгебра и послезавтра",
        "2026-09-03",
    ),
];

const ENGLISH: &[Case] = &[
    on("Math homework today", "Math homework", "2026-09-02"),
    on("Essay tomorrow", "Essay", "2026-09-03"),
    on("Lab report day after tomorrow", "Lab report", "2026-09-04"),
    on("Quiz on friday", "Quiz", "2026-09-04"),
    on("Quiz fri", "Quiz", "2026-09-04"),
    on("Club next fri", "Club", "2026-09-04"),
    on("Test on wednesday", "Test", "2026-09-09"),
    on("Finish by friday", "Finish", "2026-09-04"),
    on("Project in 3 days", "Project", "2026-09-05"),
    on("Project in a week", "Project", "2026-09-09"),
    on("Exam in 2 weeks", "Exam", "2026-09-16"),
    on("Trip May 12", "Trip", "2027-05-12"),
    on("Trip 12 May 2027", "Trip", "2027-05-12"),
    on("Trip september 12th", "Trip", "2026-09-12"),
    on("Study 2027-01-15", "Study", "2027-01-15"),
    at("Practice at 6pm", "Practice", "2026-09-02", "18:00"),
    at(
        "Practice tomorrow at 6:30pm",
        "Practice",
        "2026-09-03",
        "18:30",
    ),
    at("Practice at 18:00", "Practice", "2026-09-02", "18:00"),
    at(
        "Call grandma at 7 pm",
        "Call grandma",
        "2026-09-02",
        "19:00",
    ),
    at("Wake up 7am", "Wake up", "2026-09-02", "07:00"),
    at(
        "Midnight snack 12am",
        "Midnight snack",
        "2026-09-02",
        "00:00",
    ),
    at("Read tonight", "Read", "2026-09-02", "19:00"),
    at("Run in the morning", "Run in the", "2026-09-02", "09:00"),
    every("Workout every day", "Workout", "2026-09-02", "daily"),
    every("Piano every monday", "Piano", "2026-09-07", "weekly mon"),
    every("Chores every week", "Chores", "2026-09-02", "weekly wed"),
    every("Rent every month", "Rent", "2026-09-02", "monthly"),
    every("Birthday every year", "Birthday", "2026-09-02", "yearly"),
    every(
        "Water plants every 2 days",
        "Water plants",
        "2026-09-02",
        "every 2 days",
    ),
    every("Vitamins daily", "Vitamins", "2026-09-02", "daily"),
    every(
        "Review notes weekly friday",
        "Review notes",
        "2026-09-04",
        "weekly fri",
    ),
    Case {
        list: Some("School"),
        priority: 1,
        ..plain("Buy pens #School !!!", "Buy pens")
    },
    plain("Read in book", "Read in book"),
    plain("Buy 3 pens", "Buy 3 pens"),
];

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn check(cases: &[Case], today: &str) {
    for case in cases {
        let read = parse(case.line, date(today));
        let what = format!("{:?} read as {read:?}", case.line);
        assert_eq!(read.title, case.title, "title of {what}");
        assert_eq!(
            read.due.map(|d| d.date),
            case.date.map(date),
            "date of {what}"
        );
        let time = case
            .time
            .map(|t| NaiveTime::parse_from_str(t, "%H:%M").unwrap());
        assert_eq!(read.due.and_then(|d| d.time), time, "time of {what}");
        assert_eq!(
            read.priority,
            Priority::new(case.priority).unwrap(),
            "priority of {what}"
        );
        assert_eq!(read.list.as_deref(), case.list, "list of {what}");
        let repeat = case.repeat.map(|r| Recurrence::parse(r).unwrap());
        assert_eq!(read.recurrence, repeat, "repetition of {what}");
    }
}

#[test]
fn russian_lines_are_understood() {
    check(RUSSIAN, TODAY);
}

#[test]
fn english_lines_are_understood() {
    check(ENGLISH, TODAY);
}

#[test]
fn the_table_is_large_enough() {
    assert!(RUSSIAN.len() + ENGLISH.len() >= 60);
}

#[test]
fn weekdays_already_past_this_week_roll_into_the_next_one() {
    // Sunday 27 February 2028, a leap year.
    check(
        &[
            on("Зачёт пн", "Зачёт", "2028-02-28"),
            on("Зачёт в субботу", "Зачёт", "2028-03-04"),
            on("Зачёт в воскресенье", "Зачёт", "2028-03-05"),
            on("Поздравить 29 февраля", "Поздравить", "2028-02-29"),
            on("Поздравить 29.02", "Поздравить", "2028-02-29"),
            on("Через 2 дня", "Через 2 дня", "2028-02-29"),
        ],
        "2028-02-27",
    );
}

#[test]
fn dates_cross_month_and_year_ends() {
    check(
        &[
            on("Ёлка завтра", "Ёлка", "2026-12-31"),
            on("Каток послезавтра", "Каток", "2027-01-01"),
            on("Школа через неделю", "Школа", "2027-01-06"),
            on("Итоги через месяц", "Итоги", "2027-01-30"),
            on("Повторить 15 января", "Повторить", "2027-01-15"),
            on("Повторить 29 февраля", "Повторить", "2028-02-29"),
        ],
        "2026-12-30",
    );
}

#[test]
fn a_month_later_on_the_31st_is_the_months_last_day() {
    check(
        &[on("Отчёт через месяц", "Отчёт", "2027-02-28")],
        "2027-01-31",
    );
}

#[test]
fn the_browsers_today_is_used_within_a_day_ahead_and_a_week_back() {
    let utc = date("2026-09-02");
    assert_eq!(super::today_of("2026-09-03", utc), date("2026-09-03"));
    assert_eq!(super::today_of("2026-08-28", utc), date("2026-08-28"));
    assert_eq!(super::today_of("2026-09-10", utc), date("2026-09-03"));
    assert_eq!(super::today_of("2020-01-01", utc), date("2026-08-25"));
    assert_eq!(super::today_of("", utc), utc);
    assert_eq!(super::today_of("вчера", utc), utc);
}

#[test]
fn a_named_list_files_the_task_and_an_unknown_name_stays_in_the_title() {
    use crate::domain::{ListId, ListName, TaskList};
    let school = TaskList::new(
        ListId::new(),
        ListName::parse("Школа").unwrap(),
        chrono::Utc::now(),
    );
    let lists = [school.clone()];
    let filed = parse("Тетради #школа", date(TODAY))
        .into_fields(&lists)
        .unwrap();
    assert_eq!(
        (filed.title.as_str(), filed.list_id),
        ("Тетради", Some(school.id))
    );
    let kept = parse("Тетради #кружок", date(TODAY))
        .into_fields(&lists)
        .unwrap();
    assert_eq!(
        (kept.title.as_str(), kept.list_id),
        ("Тетради #кружок", None)
    );
    let alone = parse("#кружок", date(TODAY)).into_fields(&lists).unwrap();
    assert_eq!(alone.title.as_str(), "#кружок");
}

#[test]
fn a_line_added_in_today_without_a_date_is_due_today() {
    let today = NaiveDate::from_ymd_opt(2026, 12, 3).unwrap();
    let read = parse("Алгебра", today).in_view(Some(crate::views::View::Today), today);
    assert_eq!(read.due.map(|d| d.date), Some(today));
    let read = parse("Алгебра в пятницу", today).in_view(Some(crate::views::View::Today), today);
    assert_eq!(
        read.due.map(|d| d.date.to_string()).as_deref(),
        Some("2026-12-04")
    );
    let read = parse("Алгебра", today).in_view(Some(crate::views::View::Inbox), today);
    assert_eq!(read.due, None);
}

#[test]
fn a_line_added_in_a_list_goes_there_unless_it_names_another() {
    let today = NaiveDate::from_ymd_opt(2026, 12, 3).unwrap();
    let here = crate::domain::ListId::new();
    let view = Some(crate::views::View::List(here));
    let fields = parse("Реферат", today)
        .in_view(view, today)
        .into_fields(&[])
        .unwrap();
    assert_eq!(fields.list_id, Some(here));
}

#[test]
fn a_reminder_is_asked_for_in_words_and_taken_out_of_the_title() {
    use crate::domain::TaskReminder::{self, AsSet, Before, Off};
    use crate::reminders::Lead::{AtTime, Day, Hour, Minutes15};
    let cases: [(&str, &str, TaskReminder); 16] = [
        (
            "Контрольная завтра в 9:00 напомни за час",
            "Контрольная",
            Before(Hour),
        ),
        (
            "Контрольная напомнить мне за 1 час",
            "Контрольная",
            Before(Hour),
        ),
        (
            "Секция в 18:00 напомни за 15 минут",
            "Секция",
            Before(Minutes15),
        ),
        ("Секция напомни за 15 мин", "Секция", Before(Minutes15)),
        ("Секция напомни за 1ч", "Секция", Before(Hour)),
        ("Проект в пятницу напомни за день", "Проект", Before(Day)),
        ("Врач в 16:00 напомни в срок", "Врач", Before(AtTime)),
        ("Стих без напоминания", "Стих", Off),
        ("Test at 9:00 remind me 1h before", "Test", Before(Hour)),
        ("Test remind an hour before", "Test", Before(Hour)),
        ("Club remind 15 min before", "Club", Before(Minutes15)),
        ("Club remind me 15m", "Club", Before(Minutes15)),
        ("Project remind 1d before", "Project", Before(Day)),
        ("Dentist remind on time", "Dentist", Before(AtTime)),
        ("Poem no reminder", "Poem", Off),
        // What a reminder cannot be stays in the title: nothing typed is lost.
        (
            "Реферат напомни за 2 часа",
            "Реферат напомни за 2 часа",
            AsSet,
        ),
    ];
    for (line, title, reminder) in cases {
        let read = parse(line, date(TODAY));
        assert_eq!(
            (read.title.as_str(), read.reminder),
            (title, reminder),
            "{line}"
        );
    }
    let fields = parse("Контрольная завтра в 9:00 напомни за час", date(TODAY))
        .into_fields(&[])
        .unwrap();
    assert_eq!(fields.reminder, Before(Hour));
    assert_eq!(parse("Контрольная", date(TODAY)).reminder, AsSet);
}
