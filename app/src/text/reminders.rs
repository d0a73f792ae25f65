//! What a reminder says.

use super::dates::{capitalised, due_words};
use super::Locale;
use crate::domain::{Due, TaskReminder};
use crate::i18n::td_string;
use crate::reminders::Lead;
use chrono::NaiveDate;

/// How long before its time a reminder comes: «за час».
pub fn lead_words(locale: Locale, lead: Lead) -> String {
    match lead {
        Lead::AtTime => td_string!(locale, lead_at_time),
        Lead::Minutes15 => td_string!(locale, lead_15m),
        Lead::Hour => td_string!(locale, lead_1h),
        Lead::Day => td_string!(locale, lead_1d),
    }
    .to_string()
}

/// A task's own reminder, as its details offer it.
pub fn task_reminder(locale: Locale, reminder: TaskReminder) -> String {
    match reminder {
        TaskReminder::AsSet => td_string!(locale, reminder_as_set).to_string(),
        TaskReminder::Before(lead) => lead_words(locale, lead),
        TaskReminder::At(moment) => moment_words(moment),
        TaskReminder::Off => td_string!(locale, reminder_off).to_string(),
    }
}

/// A moment as the details show it: `2026-10-13 19:30`.
fn moment_words(moment: chrono::NaiveDateTime) -> String {
    crate::domain::wire_time::local_moment(moment, ' ')
}

/// What quick add understood of a reminder: «напомнить за час».
pub fn reminder_phrase(locale: Locale, reminder: TaskReminder) -> Option<String> {
    match reminder {
        TaskReminder::AsSet => None,
        TaskReminder::Before(lead) => {
            let lead = lead_words(locale, lead);
            Some(td_string!(locale, remind_lead, lead).to_string())
        }
        TaskReminder::At(moment) => {
            let lead = moment_words(moment);
            Some(td_string!(locale, remind_lead, lead).to_string())
        }
        TaskReminder::Off => Some(td_string!(locale, reminder_off).to_string()),
    }
}

/// A row's mark of a reminder that comes before its time or at a moment of
/// its own: «🔔 17:30» today, «🔔 завтра · 17:30» on another day. None for
/// one at the task's own time: the time the row shows says it.
pub fn reminder_mark(
    locale: Locale,
    moment: chrono::NaiveDateTime,
    due: Option<Due>,
    today: NaiveDate,
) -> Option<String> {
    let at_its_time = due.and_then(|due| Some(due.date.and_time(due.time?))) == Some(moment);
    if at_its_time {
        return None;
    }
    let when = Due {
        date: moment.date(),
        time: Some(moment.time()),
    };
    let time = crate::domain::wire_time::hours_minutes(moment.time());
    Some(if moment.date() == today {
        format!("🔔 {time}")
    } else {
        format!("🔔 {}", due_words(locale, when, today))
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDateTime;

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn a_row_marks_its_reminder_by_when_it_comes() {
        let today = NaiveDate::from_ymd_opt(2026, 10, 13).unwrap();
        let due = Due::parse("2026-10-13", "18:30").unwrap();
        let mark = |moment: &str| reminder_mark(Locale::ru, local(moment), due, today);
        assert_eq!(mark("2026-10-13 18:30"), None);
        assert_eq!(mark("2026-10-13 17:30").as_deref(), Some("🔔 17:30"));
        assert_eq!(
            mark("2026-10-14 07:00").as_deref(),
            Some("🔔 завтра · 07:00")
        );
    }
}
