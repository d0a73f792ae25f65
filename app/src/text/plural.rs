//! Which form of a word a count takes, in Tetrad's two languages.
//!
//! The rules are CLDR's for whole numbers, written out: Russian says
//! "1 изменение, 3 изменения, 5 изменений" (and 21 like 1, 12 like 5);
//! English says "1 change, 2 changes". Two rules do not justify ICU's
//! plural engine and its data for every language in the browser's
//! download (issue 14); a third language brings its rule here.

use super::Locale;

/// The form a count takes. English uses `One` and `Many`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    One,
    Few,
    Many,
}

/// The form `n` takes in `locale`.
pub fn form(locale: Locale, n: u64) -> Form {
    match locale {
        Locale::ru => match (n % 10, n % 100) {
            (1, last_two) if last_two != 11 => Form::One,
            (2..=4, last_two) if !(12..=14).contains(&last_two) => Form::Few,
            _ => Form::Many,
        },
        Locale::en => match n {
            1 => Form::One,
            _ => Form::Many,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_counts_ending_in_one_take_the_first_form_except_eleven() {
        for n in [1, 21, 101, 1001] {
            assert_eq!(form(Locale::ru, n), Form::One, "{n}");
        }
        for n in [11, 111] {
            assert_eq!(form(Locale::ru, n), Form::Many, "{n}");
        }
    }

    #[test]
    fn russian_counts_ending_in_two_to_four_take_the_second_except_the_teens() {
        for n in [2, 3, 4, 22, 104] {
            assert_eq!(form(Locale::ru, n), Form::Few, "{n}");
        }
        for n in [12, 13, 14, 112] {
            assert_eq!(form(Locale::ru, n), Form::Many, "{n}");
        }
    }

    #[test]
    fn russian_zero_and_five_to_twenty_take_the_third() {
        for n in [0, 5, 9, 10, 15, 20, 100] {
            assert_eq!(form(Locale::ru, n), Form::Many, "{n}");
        }
    }

    #[test]
    fn english_has_one_and_the_rest() {
        assert_eq!(form(Locale::en, 1), Form::One);
        for n in [0, 2, 3, 11, 21] {
            assert_eq!(form(Locale::en, n), Form::Many, "{n}");
        }
    }
}
