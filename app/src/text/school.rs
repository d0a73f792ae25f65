//! The school week's composed words: the paste view's counted phrases
//! and the subjects' colours.

use super::plural::{self, Form};
use super::Locale;
use crate::i18n::td_string;

/// The button: «Добавить 5 заданий».
pub fn paste_add(locale: Locale, n: usize) -> String {
    let count = n;
    match plural::form(locale, n as u64) {
        Form::One => td_string!(locale, paste_add_one, count).to_string(),
        Form::Few => td_string!(locale, paste_add_few, count).to_string(),
        Form::Many => td_string!(locale, paste_add_many, count).to_string(),
    }
}

/// After adding: «Добавлено 5 заданий.»
pub fn pasted_added(locale: Locale, n: usize) -> String {
    let count = n;
    match plural::form(locale, n as u64) {
        Form::One => td_string!(locale, pasted_added_one, count).to_string(),
        Form::Few => td_string!(locale, pasted_added_few, count).to_string(),
        Form::Many => td_string!(locale, pasted_added_many, count).to_string(),
    }
}

/// A subject colour's name, in the person's language.
pub fn colour_name(locale: Locale, colour: crate::school::Colour) -> String {
    let names = td_string!(locale, colour_names);
    let index = crate::school::Colour::ALL
        .iter()
        .position(|c| *c == colour)
        .unwrap_or_default();
    super::nth_word(names, ' ', index)
}

/// A paste longer than one reading takes.
pub fn paste_cut(locale: Locale, max: usize) -> String {
    td_string!(locale, paste_cut, max).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_take_the_russian_forms() {
        assert_eq!(paste_add(Locale::ru, 1), "Добавить 1 задание");
        assert_eq!(paste_add(Locale::ru, 3), "Добавить 3 задания");
        assert_eq!(paste_add(Locale::ru, 5), "Добавить 5 заданий");
        assert_eq!(pasted_added(Locale::en, 1), "1 task added.");
        assert_eq!(pasted_added(Locale::en, 5), "5 tasks added.");
    }

    #[test]
    fn every_colour_has_a_name_in_both_languages() {
        for locale in [Locale::ru, Locale::en] {
            for colour in crate::school::Colour::ALL {
                assert!(!colour_name(locale, colour).is_empty(), "{colour:?}");
            }
        }
        assert_eq!(
            colour_name(Locale::ru, crate::school::Colour::Grey),
            "серый"
        );
    }
}
