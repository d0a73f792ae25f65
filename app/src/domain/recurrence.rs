//! How a task repeats, and when its next occurrence is due.

use chrono::{Datelike, Days, Months, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A repetition rule. Written as text in forms and in the database:
/// `daily`, `every 3 days`, `weekly mon,thu`, `monthly`, `yearly`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Recurrence {
    /// Every `n` days (1 = daily).
    EveryDays(u16),
    /// Every week on these days (at least one), Monday first.
    Weekly(Vec<Weekday>),
    /// Every month on the same day, or the month's last day if it is shorter.
    Monthly,
    /// Every year on the same date; 29 February falls on 28 February in other years.
    Yearly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error(
    "unknown repetition rule (expected daily, every N days, weekly mon,tue…, monthly or yearly)"
)]
pub struct RecurrenceError;

const WEEKDAYS: [(&str, Weekday); 7] = [
    ("mon", Weekday::Mon),
    ("tue", Weekday::Tue),
    ("wed", Weekday::Wed),
    ("thu", Weekday::Thu),
    ("fri", Weekday::Fri),
    ("sat", Weekday::Sat),
    ("sun", Weekday::Sun),
];

impl Recurrence {
    /// The most days between occurrences a rule may ask for.
    pub const MAX_DAYS: u16 = 366;

    pub fn parse(raw: &str) -> Result<Self, RecurrenceError> {
        let text = raw.trim().to_ascii_lowercase();
        match text.as_str() {
            "daily" => return Ok(Self::EveryDays(1)),
            "monthly" => return Ok(Self::Monthly),
            "yearly" => return Ok(Self::Yearly),
            _ => {}
        }
        if let Some(n) = text
            .strip_prefix("every ")
            .and_then(|rest| rest.strip_suffix(" days"))
        {
            let n: u16 = n.trim().parse().map_err(|_| RecurrenceError)?;
            return if (1..=Self::MAX_DAYS).contains(&n) {
                Ok(Self::EveryDays(n))
            } else {
                Err(RecurrenceError)
            };
        }
        if let Some(days) = text.strip_prefix("weekly ") {
            let mut weekdays = Vec::new();
            for name in days.split(',') {
                let (_, day) = WEEKDAYS
                    .iter()
                    .find(|(n, _)| *n == name.trim())
                    .ok_or(RecurrenceError)?;
                if !weekdays.contains(day) {
                    weekdays.push(*day);
                }
            }
            weekdays.sort_by_key(Weekday::num_days_from_monday);
            return Ok(Self::Weekly(weekdays));
        }
        Err(RecurrenceError)
    }

    /// The first date strictly after `date` on which the task is due again.
    pub fn next_after(&self, date: NaiveDate) -> NaiveDate {
        match self {
            Self::EveryDays(n) => date + Days::new(u64::from(*n)),
            Self::Weekly(days) => (1..=7)
                .map(|ahead| date + Days::new(ahead))
                .find(|d| days.contains(&d.weekday()))
                .unwrap_or(date + Days::new(7)),
            Self::Monthly => {
                // Anchor on the day of month; chrono clamps to the month's end.
                date.checked_add_months(Months::new(1))
                    .unwrap_or(date + Days::new(31))
            }
            Self::Yearly => date
                .checked_add_months(Months::new(12))
                .unwrap_or(date + Days::new(365)),
        }
    }
}

impl fmt::Display for Recurrence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EveryDays(1) => f.write_str("daily"),
            Self::EveryDays(n) => write!(f, "every {n} days"),
            Self::Weekly(days) => {
                let names: Vec<&str> = days
                    .iter()
                    .filter_map(|d| WEEKDAYS.iter().find(|(_, w)| w == d).map(|(n, _)| *n))
                    .collect();
                write!(f, "weekly {}", names.join(","))
            }
            Self::Monthly => f.write_str("monthly"),
            Self::Yearly => f.write_str("yearly"),
        }
    }
}

impl TryFrom<String> for Recurrence {
    type Error = RecurrenceError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<Recurrence> for String {
    fn from(rule: Recurrence) -> Self {
        rule.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn rules_read_and_write_the_same_text() {
        for text in [
            "daily",
            "every 3 days",
            "weekly mon,thu",
            "monthly",
            "yearly",
        ] {
            assert_eq!(Recurrence::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn weekdays_are_sorted_and_deduplicated() {
        assert_eq!(
            Recurrence::parse("weekly fri, mon,fri")
                .unwrap()
                .to_string(),
            "weekly mon,fri"
        );
    }

    #[test]
    fn nonsense_and_out_of_range_rules_are_rejected() {
        for bad in [
            "",
            "sometimes",
            "every 0 days",
            "every 400 days",
            "weekly",
            "weekly xyz",
            "every x days",
        ] {
            assert_eq!(Recurrence::parse(bad), Err(RecurrenceError), "{bad:?}");
        }
    }

    #[test]
    fn daily_and_every_n_days_count_days() {
        assert_eq!(
            Recurrence::EveryDays(1).next_after(date(2026, 12, 31)),
            date(2027, 1, 1)
        );
        assert_eq!(
            Recurrence::EveryDays(3).next_after(date(2026, 2, 27)),
            date(2026, 3, 2)
        );
    }

    #[test]
    fn weekly_finds_the_next_chosen_weekday() {
        let rule = Recurrence::parse("weekly mon,thu").unwrap();
        // 2026-09-01 is a Tuesday.
        assert_eq!(rule.next_after(date(2026, 9, 1)), date(2026, 9, 3));
        assert_eq!(rule.next_after(date(2026, 9, 3)), date(2026, 9, 7));
        let mondays = Recurrence::parse("weekly mon").unwrap();
        assert_eq!(mondays.next_after(date(2026, 9, 7)), date(2026, 9, 14));
    }

    #[test]
    fn monthly_keeps_the_day_or_takes_the_months_last() {
        assert_eq!(
            Recurrence::Monthly.next_after(date(2026, 1, 15)),
            date(2026, 2, 15)
        );
        assert_eq!(
            Recurrence::Monthly.next_after(date(2026, 1, 31)),
            date(2026, 2, 28)
        );
        assert_eq!(
            Recurrence::Monthly.next_after(date(2028, 1, 31)),
            date(2028, 2, 29)
        );
        assert_eq!(
            Recurrence::Monthly.next_after(date(2026, 12, 31)),
            date(2027, 1, 31)
        );
    }

    #[test]
    fn yearly_moves_a_leap_day_to_the_28th() {
        assert_eq!(
            Recurrence::Yearly.next_after(date(2028, 2, 29)),
            date(2029, 2, 28)
        );
        assert_eq!(
            Recurrence::Yearly.next_after(date(2026, 9, 1)),
            date(2027, 9, 1)
        );
    }
}
