//! Dates as the person says them: «завтра», «пт, 12 мая», «Fri, May 12».

use super::{nth_word, Locale};
use crate::domain::{wire_time, Due};
use crate::i18n::td_string;
use chrono::{Datelike, NaiveDate};

/// When a task is due: «завтра · 18:00», «пт, 12 мая», «вчера».
pub fn due_words(locale: Locale, due: Due, today: NaiveDate) -> String {
    let day = date_words(locale, due.date, today);
    match due.time {
        Some(time) => {
            td_string!(locale, at_time, day, time = wire_time::hours_minutes(time)).to_string()
        }
        None => day,
    }
}

/// A date near today by its name, further away by weekday and date (with
/// the year when it is not this one).
pub fn date_words(locale: Locale, date: NaiveDate, today: NaiveDate) -> String {
    match (date - today).num_days() {
        -1 => td_string!(locale, yesterday_word).to_string(),
        0 => td_string!(locale, today_word).to_string(),
        1 => td_string!(locale, tomorrow_word).to_string(),
        2 => td_string!(locale, day_after_word).to_string(),
        _ => calendar_words(locale, date, today),
    }
}

/// A day's heading in Upcoming: «Завтра · пт, 4 декабря».
pub fn day_heading(locale: Locale, date: NaiveDate, today: NaiveDate) -> String {
    let date_words = capitalised(&calendar_words(locale, date, today));
    match (date - today).num_days() {
        1 => td_string!(locale, tomorrow_heading, date = date_words).to_string(),
        2 => td_string!(locale, day_after_heading, date = date_words).to_string(),
        _ => date_words,
    }
}

/// «пт, 12 мая», with the year when it is not today's.
fn calendar_words(locale: Locale, date: NaiveDate, today: NaiveDate) -> String {
    let weekday = nth_word(
        td_string!(locale, weekdays_short),
        ' ',
        date.weekday().num_days_from_monday() as usize,
    );
    let month = nth_word(td_string!(locale, months_of), ' ', date.month0() as usize);
    let day = date.day();
    if date.year() == today.year() {
        td_string!(locale, calendar_date, weekday, day, month).to_string()
    } else {
        let year = date.year();
        td_string!(locale, calendar_date_year, weekday, day, month, year).to_string()
    }
}

pub(super) fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn dates_near_today_have_names_and_the_rest_a_weekday() {
        let today = day(2026, 12, 30);
        let ru = |date| date_words(Locale::ru, date, today);
        assert_eq!(ru(day(2026, 12, 29)), "вчера");
        assert_eq!(ru(day(2026, 12, 31)), "завтра");
        assert_eq!(ru(day(2027, 1, 1)), "послезавтра");
        assert_eq!(ru(day(2027, 1, 4)), "пн, 4 января 2027");
        assert_eq!(ru(day(2026, 12, 1)), "вт, 1 декабря");
    }

    #[test]
    fn english_dates_put_the_month_first() {
        let today = day(2026, 12, 30);
        let en = |date| date_words(Locale::en, date, today);
        assert_eq!(en(day(2026, 12, 31)), "tomorrow");
        assert_eq!(en(day(2027, 1, 4)), "Mon, January 4, 2027");
        assert_eq!(en(day(2026, 12, 1)), "Tue, December 1");
    }

    #[test]
    fn a_time_follows_the_day() {
        let today = day(2026, 12, 30);
        let due = Due::parse("2026-12-31", "18:00").unwrap().unwrap();
        assert_eq!(due_words(Locale::ru, due, today), "завтра · 18:00");
        assert_eq!(due_words(Locale::en, due, today), "tomorrow · 18:00");
    }

    #[test]
    fn upcoming_headings_name_tomorrow_and_capitalise_the_rest() {
        let today = day(2026, 12, 3);
        assert_eq!(
            day_heading(Locale::ru, day(2026, 12, 4), today),
            "Завтра · Пт, 4 декабря"
        );
        assert_eq!(
            day_heading(Locale::ru, day(2026, 12, 7), today),
            "Пн, 7 декабря"
        );
        assert_eq!(
            day_heading(Locale::en, day(2026, 12, 5), today),
            "Day after tomorrow · Sat, December 5"
        );
    }
}
