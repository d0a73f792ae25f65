//! The words the interface composes in Rust, in the person's language.
//!
//! Every phrase lives in `app/locales/{ru,en}.json` and reaches the code
//! through the generated `crate::i18n` module (leptos_i18n): components
//! show plain phrases with `t!`, and this module builds the ones made of
//! parts — dates, repetition rules, errors, counts with their plural form.
//! Each function takes the [`Locale`] to speak in, so it runs the same in
//! the browser, on the server and in tests.

mod dates;
mod errors;
mod phrases;
mod plural;
mod recurrence;
mod reminders;
mod school;
mod worker;

pub use crate::i18n::Locale;
pub use dates::{date_words, day_heading, due_words};
pub use errors::error;
pub use phrases::{
    added_to, added_to_when_online, chars_left, deleted, empty_view, failed_change,
    kept_brought_back, kept_in_inbox, pending_changes, priority_name, quick_add_preview,
    refused_with_status, signed_in_as, view_name, waited_too_long, PRIORITY_LEVELS,
};
pub use recurrence::{recurrence, REPEAT_CHOICES};
pub use reminders::{
    evening_summary, lead_words, reminder_mark, reminder_phrase, reminder_when, summary_title,
    task_reminder,
};
pub use school::{colour_name, paste_add, paste_cut, pasted_added};
pub use worker::worker_words;

/// The `index`th word of a phrase that lists words (weekday or month
/// names) separated by `separator`; empty when a translation has too few.
fn nth_word(list: &str, separator: char, index: usize) -> String {
    list.split(separator)
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .nth(index)
        .unwrap_or_default()
        .to_owned()
}

/// The language called `name` (`ru`, `en`), if Tetrad speaks it.
pub fn locale_named(name: &str) -> Option<Locale> {
    use crate::i18n::I18nLocaleTrait as _;
    [Locale::ru, Locale::en]
        .into_iter()
        .find(|locale| locale.as_str() == name.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_name_all_seven_days_and_twelve_months() {
        use crate::i18n::td_string;
        for locale in [Locale::ru, Locale::en] {
            assert_eq!(td_string!(locale, weekdays_short).split(' ').count(), 7);
            assert_eq!(td_string!(locale, months_of).split(' ').count(), 12);
            assert_eq!(td_string!(locale, every_weekday).split('|').count(), 7);
        }
    }

    #[test]
    fn a_language_is_found_by_its_name() {
        assert_eq!(locale_named("en"), Some(Locale::en));
        assert_eq!(locale_named(" ru "), Some(Locale::ru));
        assert_eq!(locale_named("de"), None);
    }

    #[test]
    fn a_word_list_is_read_by_position() {
        assert_eq!(nth_word("a b  c", ' ', 2), "c");
        assert_eq!(nth_word("a|b c", '|', 1), "b c");
        assert_eq!(nth_word("a", ' ', 5), "");
    }
}
