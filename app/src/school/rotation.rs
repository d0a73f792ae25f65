//! A two-week rotation: some schools alternate week A and week B. The
//! student says which week the current one is; every week after
//! alternates from there.

use chrono::{Datelike, Days, NaiveDate};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Week {
    A,
    B,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rotation {
    /// Every week alike.
    #[default]
    None,
    /// Weeks alternate; the week holding this date is week A.
    TwoWeeks { week_a: NaiveDate },
}

impl Rotation {
    /// Week A is the week (Monday to Sunday) holding `date`.
    pub fn week_a_holds(date: NaiveDate) -> Self {
        Self::TwoWeeks { week_a: date }
    }

    /// Which week `date` is in; `None` without a rotation.
    pub fn week_of(self, date: NaiveDate) -> Option<Week> {
        let Self::TwoWeeks { week_a } = self else {
            return None;
        };
        let weeks = (monday(date) - monday(week_a)).num_weeks();
        Some(if weeks.rem_euclid(2) == 0 {
            Week::A
        } else {
            Week::B
        })
    }
}

fn monday(date: NaiveDate) -> NaiveDate {
    date - Days::new(u64::from(date.weekday().num_days_from_monday()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn weeks_alternate_from_the_one_said_to_be_week_a_both_ways() {
        // Wednesday 2026-09-02 is in week A (Monday 2026-08-31 to Sunday 09-06).
        let rotation = Rotation::week_a_holds(day("2026-09-02"));
        assert_eq!(rotation.week_of(day("2026-08-31")), Some(Week::A));
        assert_eq!(rotation.week_of(day("2026-09-06")), Some(Week::A));
        assert_eq!(rotation.week_of(day("2026-09-07")), Some(Week::B));
        assert_eq!(rotation.week_of(day("2026-09-14")), Some(Week::A));
        assert_eq!(rotation.week_of(day("2026-08-30")), Some(Week::B));
        // 38 weeks after, in May.
        assert_eq!(rotation.week_of(day("2027-05-24")), Some(Week::A));
        assert_eq!(rotation.week_of(day("2027-05-31")), Some(Week::B));
        assert_eq!(Rotation::None.week_of(day("2026-09-02")), None);
    }
}
