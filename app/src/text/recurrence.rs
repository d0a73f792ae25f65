//! A repetition rule in words: «каждый день», «каждую среду»,
//! «по пн, чт», «каждые 3 дня».

use super::plural::{self, Form};
use super::{nth_word, Locale};
use crate::domain::Recurrence;
use crate::i18n::td_string;

/// The rules the details form offers, in the rule's own text.
pub const REPEAT_CHOICES: [&str; 10] = [
    "daily",
    "weekly mon",
    "weekly tue",
    "weekly wed",
    "weekly thu",
    "weekly fri",
    "weekly sat",
    "weekly sun",
    "monthly",
    "yearly",
];

pub fn recurrence(locale: Locale, rule: &Recurrence) -> String {
    match rule {
        Recurrence::EveryDays(1) => td_string!(locale, every_day).to_string(),
        Recurrence::EveryDays(n) => {
            let count = *n;
            match plural::form(locale, u64::from(count)) {
                Form::One => td_string!(locale, every_n_days_one, count).to_string(),
                Form::Few => td_string!(locale, every_n_days_few, count).to_string(),
                Form::Many => td_string!(locale, every_n_days_many, count).to_string(),
            }
        }
        Recurrence::Weekly(days) => match days.as_slice() {
            [day] => nth_word(
                td_string!(locale, every_weekday),
                '|',
                day.num_days_from_monday() as usize,
            ),
            days => {
                let short = td_string!(locale, weekdays_short);
                let names: Vec<String> = days
                    .iter()
                    .map(|d| nth_word(short, ' ', d.num_days_from_monday() as usize))
                    .collect();
                td_string!(locale, on_weekdays, days = names.join(", ")).to_string()
            }
        },
        Recurrence::Monthly { .. } => td_string!(locale, every_month).to_string(),
        Recurrence::Yearly { .. } => td_string!(locale, every_year).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ru(text: &str) -> String {
        recurrence(Locale::ru, &Recurrence::parse(text).unwrap())
    }

    fn en(text: &str) -> String {
        recurrence(Locale::en, &Recurrence::parse(text).unwrap())
    }

    #[test]
    fn repetition_is_said_the_way_people_say_it() {
        assert_eq!(ru("daily"), "каждый день");
        assert_eq!(ru("weekly mon"), "каждый понедельник");
        assert_eq!(ru("weekly wed"), "каждую среду");
        assert_eq!(ru("weekly sun"), "каждое воскресенье");
        assert_eq!(ru("weekly mon,thu"), "по пн, чт");
        assert_eq!(ru("monthly"), "каждый месяц");
    }

    #[test]
    fn every_n_days_takes_the_russian_plural_form_of_n() {
        assert_eq!(ru("every 3 days"), "каждые 3 дня");
        assert_eq!(ru("every 5 days"), "каждые 5 дней");
        assert_eq!(ru("every 11 days"), "каждые 11 дней");
        assert_eq!(ru("every 21 days"), "каждый 21 день");
        assert_eq!(ru("every 22 days"), "каждые 22 дня");
    }

    #[test]
    fn english_says_the_same_rules() {
        assert_eq!(en("daily"), "every day");
        assert_eq!(en("weekly fri"), "every Friday");
        assert_eq!(en("weekly mon,thu"), "on Mon, Thu");
        assert_eq!(en("every 3 days"), "every 3 days");
        assert_eq!(en("yearly"), "every year");
    }
}
