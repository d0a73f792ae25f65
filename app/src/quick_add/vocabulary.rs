//! The words quick add understands, in Russian and English. Kept apart from
//! the grammar so a new word is one line.

use chrono::Weekday;

/// Weekday names in every form a sentence puts them in: «в пятницу»,
/// «до пятницы», «пт», "fri", "friday".
pub const WEEKDAYS: [(&str, Weekday); 38] = [
    ("понедельник", Weekday::Mon),
    ("понедельника", Weekday::Mon),
    ("пн", Weekday::Mon),
    ("вторник", Weekday::Tue),
    ("вторника", Weekday::Tue),
    ("вт", Weekday::Tue),
    ("среда", Weekday::Wed),
    ("среду", Weekday::Wed),
    ("среды", Weekday::Wed),
    ("ср", Weekday::Wed),
    ("четверг", Weekday::Thu),
    ("четверга", Weekday::Thu),
    ("чт", Weekday::Thu),
    ("пятница", Weekday::Fri),
    ("пятницу", Weekday::Fri),
    ("пятницы", Weekday::Fri),
    ("пт", Weekday::Fri),
    ("суббота", Weekday::Sat),
    ("субботу", Weekday::Sat),
    ("субботы", Weekday::Sat),
    ("сб", Weekday::Sat),
    ("воскресенье", Weekday::Sun),
    ("воскресенья", Weekday::Sun),
    ("вс", Weekday::Sun),
    ("mon", Weekday::Mon),
    ("monday", Weekday::Mon),
    ("tue", Weekday::Tue),
    ("tuesday", Weekday::Tue),
    ("wed", Weekday::Wed),
    ("wednesday", Weekday::Wed),
    ("thu", Weekday::Thu),
    ("thursday", Weekday::Thu),
    ("fri", Weekday::Fri),
    ("friday", Weekday::Fri),
    ("sat", Weekday::Sat),
    ("saturday", Weekday::Sat),
    ("sun", Weekday::Sun),
    ("sunday", Weekday::Sun),
];

pub fn weekday(word: &str) -> Option<Weekday> {
    WEEKDAYS
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, day)| *day)
}

/// Month names: Russian in the genitive («12 мая»), English in full or short.
const MONTHS: [(&str, u32); 36] = [
    ("января", 1),
    ("февраля", 2),
    ("марта", 3),
    ("апреля", 4),
    ("мая", 5),
    ("июня", 6),
    ("июля", 7),
    ("августа", 8),
    ("сентября", 9),
    ("октября", 10),
    ("ноября", 11),
    ("декабря", 12),
    ("january", 1),
    ("february", 2),
    ("march", 3),
    ("april", 4),
    ("may", 5),
    ("june", 6),
    ("july", 7),
    ("august", 8),
    ("september", 9),
    ("october", 10),
    ("november", 11),
    ("december", 12),
    ("jan", 1),
    ("feb", 2),
    ("mar", 3),
    ("apr", 4),
    ("jun", 6),
    ("jul", 7),
    ("aug", 8),
    ("sep", 9),
    ("sept", 9),
    ("oct", 10),
    ("nov", 11),
    ("dec", 12),
];

pub fn month(word: &str) -> Option<u32> {
    MONTHS
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, m)| *m)
}

/// A span of days: «день», «недели», "weeks"… (how many days one is).
pub fn unit_days(word: &str) -> Option<u32> {
    match word {
        "день" | "дня" | "дней" | "day" | "days" => Some(1),
        "неделю" | "недели" | "недель" | "неделя" | "week" | "weeks" => {
            Some(7)
        }
        _ => None,
    }
}

/// Parts of the day, as the hour they stand for.
pub fn part_of_day(word: &str) -> Option<u32> {
    match word {
        "утром" | "morning" => Some(9),
        "днём" | "днем" | "afternoon" => Some(14),
        "вечером" | "evening" | "tonight" => Some(19),
        _ => None,
    }
}

/// Little words that only introduce a date or a time («в пятницу»,
/// «до завтра», "on friday", "at 6pm"): dropped with what follows them.
pub fn is_preposition(word: &str) -> bool {
    matches!(
        word,
        "в" | "во" | "на" | "до" | "к" | "at" | "on" | "by" | "due"
    )
}
