//! How a task repeats, and when its next occurrence is due.

use chrono::{Datelike, Days, Months, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A repetition rule. Written as text in forms and in the database:
/// `daily`, `every 3 days`, `weekly mon,thu`, `monthly`, `yearly`, and,
/// for an occurrence that fell early in a short month, `monthly on day 31`
/// or `yearly on day 29`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Recurrence {
    /// Every `n` days (1 = daily).
    EveryDays(u16),
    /// Every week on these days (at least one), Monday first.
    Weekly(Vec<Weekday>),
    /// Every month on the series' day, or the month's last day when the
    /// month is shorter. `day` remembers the series' day while an
    /// occurrence falls earlier (the 28th of February for a series of the
    /// 31st), so the next one goes back to it; `None`: the due date's day.
    Monthly { day: Option<u8> },
    /// Every year on the same date; a series of 29 February falls on the
    /// 28th in other years and keeps `day: Some(29)` to come back to it.
    Yearly { day: Option<u8> },
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
    /// Every month, on the due date's day.
    pub const MONTHLY: Self = Self::Monthly { day: None };
    /// Every year, on the due date.
    pub const YEARLY: Self = Self::Yearly { day: None };

    pub fn parse(raw: &str) -> Result<Self, RecurrenceError> {
        let text = raw.trim().to_ascii_lowercase();
        match text.as_str() {
            "daily" => return Ok(Self::EveryDays(1)),
            "monthly" => return Ok(Self::MONTHLY),
            "yearly" => return Ok(Self::YEARLY),
            _ => {}
        }
        if let Some(day) = text.strip_prefix("monthly on day ") {
            return match day.trim().parse() {
                Ok(day @ 29..=31) => Ok(Self::Monthly { day: Some(day) }),
                _ => Err(RecurrenceError),
            };
        }
        if text == "yearly on day 29" {
            return Ok(Self::Yearly { day: Some(29) });
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
    /// Months and years count from the series' day, never from a day a
    /// short month forced: monthly from 31 January gives 28 February, then
    /// 31 March.
    pub fn next_after(&self, date: NaiveDate) -> NaiveDate {
        match self {
            Self::EveryDays(n) => date + Days::new(u64::from(*n)),
            Self::Weekly(days) => (1..=7)
                .map(|ahead| date + Days::new(ahead))
                .find(|d| days.contains(&d.weekday()))
                .unwrap_or(date + Days::new(7)),
            Self::Monthly { .. } => on_day_or_last(date, 1, self.series_day(date)),
            Self::Yearly { .. } => on_day_or_last(date, 12, self.series_day(date)),
        }
    }

    /// The rule as the occurrence due on `next` (after one due on
    /// `previous`) carries it: remembering the series' day while `next`
    /// falls earlier than it, forgetting it once `next` is back on it.
    pub fn for_next(&self, previous: NaiveDate, next: NaiveDate) -> Self {
        let series_day = self.series_day(previous);
        let day = (next.day() < series_day).then_some(series_day as u8);
        match self {
            Self::Monthly { .. } => Self::Monthly { day },
            Self::Yearly { .. } => Self::Yearly { day },
            other => other.clone(),
        }
    }

    /// The same rule, starting over from whatever the due date becomes: a
    /// person who moves an occurrence chooses its day anew.
    pub fn unanchored(&self) -> Self {
        match self {
            Self::Monthly { .. } => Self::MONTHLY,
            Self::Yearly { .. } => Self::YEARLY,
            other => other.clone(),
        }
    }

    /// The day of the month a monthly or yearly series is due on, for an
    /// occurrence due on `date`.
    pub fn series_day(&self, date: NaiveDate) -> u32 {
        match self {
            Self::Monthly { day: Some(day) } | Self::Yearly { day: Some(day) } => u32::from(*day),
            _ => date.day(),
        }
    }
}

/// `months` after `date`'s month, on `day`, or on that month's last day
/// when it is shorter.
fn on_day_or_last(date: NaiveDate, months: u32, day: u32) -> NaiveDate {
    let first = date.with_day(1).unwrap_or(date);
    let Some(month) = first.checked_add_months(Months::new(months)) else {
        return date + Days::new(u64::from(months) * 31);
    };
    (1..=day)
        .rev()
        .find_map(|d| month.with_day(d))
        .unwrap_or(month)
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
            Self::Monthly { day: None } => f.write_str("monthly"),
            Self::Monthly { day: Some(day) } => write!(f, "monthly on day {day}"),
            Self::Yearly { day: None } => f.write_str("yearly"),
            Self::Yearly { day: Some(day) } => write!(f, "yearly on day {day}"),
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
            Recurrence::MONTHLY.next_after(date(2026, 1, 15)),
            date(2026, 2, 15)
        );
        assert_eq!(
            Recurrence::MONTHLY.next_after(date(2026, 1, 31)),
            date(2026, 2, 28)
        );
        assert_eq!(
            Recurrence::MONTHLY.next_after(date(2028, 1, 31)),
            date(2028, 2, 29)
        );
        assert_eq!(
            Recurrence::MONTHLY.next_after(date(2026, 12, 31)),
            date(2027, 1, 31)
        );
    }

    #[test]
    fn yearly_moves_a_leap_day_to_the_28th() {
        assert_eq!(
            Recurrence::YEARLY.next_after(date(2028, 2, 29)),
            date(2029, 2, 28)
        );
        assert_eq!(
            Recurrence::YEARLY.next_after(date(2026, 9, 1)),
            date(2027, 9, 1)
        );
    }

    /// Twelve occurrences, each made from the one before as completing it
    /// does: the rule the next one carries and the date it is due.
    fn chain(rule: Recurrence, first: NaiveDate) -> Vec<NaiveDate> {
        let (mut rule, mut date) = (rule, first);
        let mut dates = vec![date];
        for _ in 1..12 {
            let next = rule.next_after(date);
            rule = rule.for_next(date, next);
            date = next;
            dates.push(date);
        }
        dates
    }

    #[test]
    fn monthly_from_the_31st_goes_back_to_the_31st_after_a_short_month() {
        let dates = chain(Recurrence::MONTHLY, date(2027, 1, 31));
        let days: Vec<u32> = dates.iter().map(|d| d.day()).collect();
        assert_eq!(days, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    }

    #[test]
    fn monthly_from_the_30th_keeps_the_30th_through_february() {
        let days: Vec<u32> = chain(Recurrence::MONTHLY, date(2027, 12, 30))
            .iter()
            .map(|d| d.day())
            .collect();
        assert_eq!(
            days,
            [30, 30, 29, 30, 30, 30, 30, 30, 30, 30, 30, 30],
            "2028 is a leap year"
        );
    }

    #[test]
    fn yearly_from_29_february_comes_back_to_it_in_leap_years() {
        let dates = chain(Recurrence::YEARLY, date(2028, 2, 29));
        assert_eq!(dates[1], date(2029, 2, 28));
        assert_eq!(dates[4], date(2032, 2, 29));
        assert_eq!(dates[8], date(2036, 2, 29));
        assert_eq!(dates[11], date(2039, 2, 28));
    }

    #[test]
    fn an_occurrence_that_fell_early_remembers_the_series_day_in_its_text() {
        let rule = Recurrence::MONTHLY.for_next(date(2027, 1, 31), date(2027, 2, 28));
        assert_eq!(rule.to_string(), "monthly on day 31");
        assert_eq!(Recurrence::parse("monthly on day 31"), Ok(rule.clone()));
        assert_eq!(
            rule.for_next(date(2027, 2, 28), date(2027, 3, 31)),
            Recurrence::MONTHLY
        );
        assert_eq!(rule.unanchored(), Recurrence::MONTHLY);
        let leap = Recurrence::YEARLY.for_next(date(2028, 2, 29), date(2029, 2, 28));
        assert_eq!(leap.to_string(), "yearly on day 29");
        for bad in ["monthly on day 28", "monthly on day 32", "yearly on day 30"] {
            assert_eq!(Recurrence::parse(bad), Err(RecurrenceError), "{bad:?}");
        }
    }
}
