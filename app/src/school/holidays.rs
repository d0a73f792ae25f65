//! Holidays (каникулы): date ranges with no lessons, as the student enters
//! them.

use chrono::NaiveDate;

/// From one date to another, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Holiday {
    from: NaiveDate,
    to: NaiveDate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HolidayError {
    #[error("holidays must end on or after the day they start")]
    EndsBeforeStart,
    #[error("holidays last at most a hundred days")]
    TooLong,
}

impl Holiday {
    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<Self, HolidayError> {
        if to < from {
            return Err(HolidayError::EndsBeforeStart);
        }
        // Summer is the longest (about 92 days); more is a typo.
        if (to - from).num_days() >= 100 {
            return Err(HolidayError::TooLong);
        }
        Ok(Self { from, to })
    }

    pub fn contains(&self, date: NaiveDate) -> bool {
        (self.from..=self.to).contains(&date)
    }

    pub fn first_day(&self) -> NaiveDate {
        self.from
    }

    pub fn last_day(&self) -> NaiveDate {
        self.to
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holidays(Vec<Holiday>);

impl Holidays {
    pub fn new(holidays: Vec<Holiday>) -> Self {
        Self(holidays)
    }

    pub fn contains(&self, date: NaiveDate) -> bool {
        self.0.iter().any(|holiday| holiday.contains(date))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_holiday_holds_its_first_and_last_day() {
        let autumn = Holiday::new(day("2026-10-26"), day("2026-11-03")).unwrap();
        assert!(autumn.contains(day("2026-10-26")));
        assert!(autumn.contains(day("2026-11-03")));
        assert!(!autumn.contains(day("2026-11-04")));
        assert!(!autumn.contains(day("2026-10-25")));
        let one_day = Holiday::new(day("2026-11-04"), day("2026-11-04")).unwrap();
        let holidays = Holidays::new(vec![autumn, one_day]);
        assert!(holidays.contains(day("2026-11-04")));
        assert!(!Holidays::default().contains(day("2026-11-04")));
    }

    #[test]
    fn holidays_backwards_or_too_long_are_refused() {
        assert_eq!(
            Holiday::new(day("2026-11-03"), day("2026-10-26")),
            Err(HolidayError::EndsBeforeStart)
        );
        assert_eq!(
            Holiday::new(day("2026-06-01"), day("2026-09-09")),
            Err(HolidayError::TooLong)
        );
        assert!(Holiday::new(day("2026-06-01"), day("2026-08-31")).is_ok());
    }
}
