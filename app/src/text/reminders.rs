//! What a reminder says.

use super::dates::{capitalised, due_words};
use super::Locale;
use crate::domain::Due;
use crate::i18n::td_string;
use chrono::NaiveDate;

/// The evening summary's heading.
pub fn summary_title(locale: Locale) -> String {
    td_string!(locale, summary_title).to_string()
}

/// Under a task's title in its reminder: when it is due, «Сегодня · 18:30».
pub fn reminder_when(locale: Locale, due: Due, today: NaiveDate) -> String {
    capitalised(&due_words(locale, due, today))
}

/// The evening summary's line: tomorrow's first titles, how many more, and
/// how many are overdue; each part only when there is something to say.
pub fn evening_summary(locale: Locale, titles: &[String], more: usize, overdue: usize) -> String {
    let mut parts = Vec::new();
    if !titles.is_empty() {
        let titles = titles.join(", ");
        let named = if more == 0 {
            titles
        } else {
            let count = more;
            td_string!(locale, summary_and_more, titles, count).to_string()
        };
        parts.push(td_string!(locale, summary_tomorrow, named).to_string());
    }
    if overdue > 0 {
        let count = overdue;
        parts.push(td_string!(locale, summary_overdue, count).to_string());
    }
    parts.join(". ")
}
