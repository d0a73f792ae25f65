//! Phrases with values in them: counts, titles, view names.

use super::plural::{self, Form};
use super::{due_words, recurrence, Locale};
use crate::domain::TaskList;
use crate::i18n::td_string;
use crate::views::View;

/// Priority levels, 1 (most urgent) to 4, in the order the picker shows.
pub const PRIORITY_LEVELS: [u8; 4] = [1, 2, 3, 4];

/// A priority as the picker names it: «1 — срочно».
pub fn priority_name(locale: Locale, level: u8) -> String {
    match level {
        1 => td_string!(locale, priority_1),
        2 => td_string!(locale, priority_2),
        3 => td_string!(locale, priority_3),
        _ => td_string!(locale, priority_4),
    }
    .into()
}

/// A view's name, as the navigation and headings say it.
pub fn view_name(locale: Locale, view: &View, lists: &[TaskList]) -> String {
    match view {
        View::Today => td_string!(locale, today).into(),
        View::Upcoming => td_string!(locale, upcoming).into(),
        View::Inbox => td_string!(locale, inbox).into(),
        View::Completed => td_string!(locale, completed).into(),
        View::List(id) => lists.iter().find(|list| list.id == *id).map_or_else(
            || td_string!(locale, field_list).into(),
            |list| list.name.as_str().to_owned(),
        ),
    }
}

/// What an empty view says: something friendly, and what to do next.
pub fn empty_view(locale: Locale, view: &View) -> &'static str {
    match view {
        View::Today => td_string!(locale, empty_today),
        View::Upcoming => td_string!(locale, empty_upcoming),
        View::Inbox => td_string!(locale, empty_inbox),
        View::List(_) => td_string!(locale, empty_list),
        View::Completed => td_string!(locale, empty_completed),
    }
}

/// Where a task just added went, when it is not in the view shown; the
/// view's name follows as a link.
pub fn added_to(locale: Locale, title: &str) -> String {
    td_string!(locale, added_to, title).to_string()
}

/// The same, for a task kept in the outbox until the network is back.
pub fn added_to_when_online(locale: Locale, title: &str) -> String {
    td_string!(locale, added_to_when_online, title).to_string()
}

/// Why a change the outbox holds is not sent on its own any more.
pub fn waited_too_long(locale: Locale) -> String {
    td_string!(locale, waited_too_long).to_string()
}

/// The line of the undo bar: which task went away.
pub fn deleted(locale: Locale, title: &str) -> String {
    td_string!(locale, deleted, title).to_string()
}

/// The outbox bar: how many changes wait for the network, in the plural
/// form the language wants for that number.
pub fn pending_changes(locale: Locale, n: usize) -> String {
    let count = n;
    match plural::form(locale, n as u64) {
        Form::One => td_string!(locale, pending_changes_one, count).to_string(),
        Form::Few => td_string!(locale, pending_changes_few, count).to_string(),
        Form::Many => td_string!(locale, pending_changes_many, count).to_string(),
    }
}

/// A new task kept in the Inbox: its list was deleted on another device.
pub fn kept_in_inbox(locale: Locale, title: &str) -> String {
    td_string!(locale, kept_in_inbox, title).to_string()
}

/// A task deleted on another device, brought back by the person's change.
pub fn kept_brought_back(locale: Locale, title: &str) -> String {
    td_string!(locale, kept_brought_back, title).to_string()
}

/// What a failure in the outbox list says: which task, then why.
pub fn failed_change(locale: Locale, title: Option<&str>, reason: &str) -> String {
    match title {
        Some(title) => td_string!(locale, failed_change_of, title, reason).to_string(),
        None => td_string!(locale, failed_change, reason).to_string(),
    }
}

/// A refused change whose answer Tetrad could not read.
pub fn refused_with_status(locale: Locale, status: u16) -> String {
    td_string!(locale, refused_with_status, status).to_string()
}

/// The characters left for a title, as shown under the quick-add field.
pub fn chars_left(locale: Locale, left: i64) -> String {
    if left >= 0 {
        td_string!(locale, chars_left, left).to_string()
    } else {
        td_string!(locale, too_long_by, over = -left).to_string()
    }
}

pub fn signed_in_as(locale: Locale, name: &str) -> String {
    td_string!(locale, signed_in_as, name).to_string()
}

/// What quick add understood, shown under the line before it is sent;
/// `None` when it found nothing but a title.
pub fn quick_add_preview(
    locale: Locale,
    read: &crate::quick_add::QuickAdd,
    today: chrono::NaiveDate,
) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(due) = read.due {
        parts.push(due_words(locale, due, today));
    }
    if let Some(rule) = &read.recurrence {
        parts.push(recurrence(locale, rule));
    }
    if read.priority.level() < 4 {
        let level = read.priority.level();
        parts.push(td_string!(locale, priority_level, level).to_string());
    }
    if let Some(list) = &read.list {
        parts.push(format!("#{list}"));
    }
    parts.extend(super::reminder_phrase(locale, read.reminder));
    if read.next_lesson.is_some() {
        parts.push(td_string!(locale, no_next_lesson).to_owned());
    }
    let parts = parts.join(" · ");
    (!parts.is_empty()).then(|| td_string!(locale, understood, parts).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_uses_the_right_russian_form_for_every_count() {
        let ru = |n| pending_changes(Locale::ru, n);
        assert_eq!(ru(1), "1 изменение ждёт сети");
        assert_eq!(ru(3), "3 изменения ждут сети");
        assert_eq!(ru(5), "5 изменений ждут сети");
        assert_eq!(ru(11), "11 изменений ждут сети");
        assert_eq!(ru(12), "12 изменений ждут сети");
        assert_eq!(ru(21), "21 изменение ждёт сети");
        assert_eq!(ru(22), "22 изменения ждут сети");
        assert_eq!(ru(111), "111 изменений ждут сети");
        assert_eq!(ru(104), "104 изменения ждут сети");
    }

    #[test]
    fn the_bar_in_english_says_change_or_changes() {
        let en = |n| pending_changes(Locale::en, n);
        assert_eq!(en(1), "1 change waiting for the network");
        assert_eq!(en(2), "2 changes waiting for the network");
        assert_eq!(en(21), "21 changes waiting for the network");
    }

    #[test]
    fn the_preview_says_what_quick_add_understood() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 9, 2).unwrap();
        let read = |locale, line: &str| {
            quick_add_preview(locale, &crate::quick_add::parse(line, today), today)
        };
        assert_eq!(read(Locale::ru, "Алгебра"), None);
        assert_eq!(
            read(Locale::ru, "Алгебра завтра в 18:00 !!").as_deref(),
            Some("Понято: завтра · 18:00 · приоритет 2")
        );
        assert_eq!(
            read(Locale::ru, "Зачёт 12 мая #Школа").as_deref(),
            Some("Понято: ср, 12 мая 2027 · #Школа")
        );
        assert_eq!(
            read(Locale::ru, "Музыка каждый понедельник").as_deref(),
            Some("Понято: пн, 7 сентября · каждый понедельник")
        );
        assert_eq!(
            read(Locale::en, "Essay next fri at 6pm").as_deref(),
            Some("Understood: the day after tomorrow · 18:00")
        );
    }

    #[test]
    fn the_title_count_turns_into_how_much_is_over() {
        assert_eq!(chars_left(Locale::ru, 3), "Осталось символов: 3");
        assert_eq!(chars_left(Locale::en, -2), "Too long by 2");
    }
}
