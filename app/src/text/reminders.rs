//! What a reminder says.

use super::Locale;
use crate::i18n::td_string;

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
