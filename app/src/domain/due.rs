//! When a task is due: a date, and optionally a time of day.

use super::wire_time::{self, parse_date, parse_form_time};
use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Due {
    #[serde(with = "wire_time::date")]
    pub date: NaiveDate,
    #[serde(default, with = "wire_time::time_opt")]
    pub time: Option<NaiveTime>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum DueError {
    #[error("the date must look like 2026-09-01")]
    BadDate,
    #[error("the time must look like 18:30")]
    BadTime,
    #[error("a time needs a date")]
    TimeWithoutDate,
}

impl Due {
    /// Form text: `date` as `YYYY-MM-DD`, `time` as `HH:MM`; both may be empty.
    pub fn parse(date: &str, time: &str) -> Result<Option<Self>, DueError> {
        let (date, time) = (date.trim(), time.trim());
        let time = match time {
            "" => None,
            text => Some(parse_form_time(text).ok_or(DueError::BadTime)?),
        };
        if date.is_empty() {
            return if time.is_some() {
                Err(DueError::TimeWithoutDate)
            } else {
                Ok(None)
            };
        }
        let date = parse_date(date).ok_or(DueError::BadDate)?;
        Ok(Some(Self { date, time }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_with_or_without_a_time() {
        let due = Due::parse("2026-09-01", "18:30").unwrap().unwrap();
        assert_eq!(due.date, NaiveDate::from_ymd_opt(2026, 9, 1).unwrap());
        assert_eq!(due.time, NaiveTime::from_hms_opt(18, 30, 0));
        assert_eq!(Due::parse("2026-09-01", "").unwrap().unwrap().time, None);
        assert_eq!(Due::parse("", "").unwrap(), None);
    }

    #[test]
    fn impossible_dates_and_times_are_rejected() {
        assert_eq!(Due::parse("2026-02-30", ""), Err(DueError::BadDate));
        assert_eq!(Due::parse("01.09.2026", ""), Err(DueError::BadDate));
        assert_eq!(Due::parse("2026-09-01", "25:00"), Err(DueError::BadTime));
        assert_eq!(Due::parse("", "10:00"), Err(DueError::TimeWithoutDate));
    }
}
