//! How long before a task's time its reminder comes: at the time, 15
//! minutes, an hour or a day before. A task with a date and no time has no
//! reminder of its own; the evening summary covers it (`Summary`).

use crate::domain::Due;
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lead {
    #[default]
    AtTime,
    Minutes15,
    Hour,
    Day,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("a reminder comes at the time, or 15m, 1h or 1d before")]
pub struct LeadError;

impl Lead {
    pub const ALL: [Lead; 4] = [Lead::AtTime, Lead::Minutes15, Lead::Hour, Lead::Day];

    /// As forms and the wire write it: `0`, `15m`, `1h`, `1d`.
    pub fn parse(text: &str) -> Result<Self, LeadError> {
        Self::ALL
            .into_iter()
            .find(|lead| lead.as_str() == text.trim())
            .ok_or(LeadError)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Lead::AtTime => "0",
            Lead::Minutes15 => "15m",
            Lead::Hour => "1h",
            Lead::Day => "1d",
        }
    }

    fn before(self) -> Duration {
        match self {
            Lead::AtTime => Duration::zero(),
            Lead::Minutes15 => Duration::minutes(15),
            Lead::Hour => Duration::hours(1),
            Lead::Day => Duration::days(1),
        }
    }

    /// The local moment of the reminder for a task due at `due`; none for
    /// a due date without a time.
    pub fn moment(self, due: Due) -> Option<NaiveDateTime> {
        let time = due.time?;
        Some(due.date.and_time(time) - self.before())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, NaiveTime};

    fn due(date: (i32, u32, u32), time: Option<(u32, u32)>) -> Due {
        Due {
            date: NaiveDate::from_ymd_opt(date.0, date.1, date.2).unwrap(),
            time: time.map(|(h, m)| NaiveTime::from_hms_opt(h, m, 0).unwrap()),
        }
    }

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn each_lead_reads_back_from_what_it_writes() {
        for lead in Lead::ALL {
            assert_eq!(Lead::parse(lead.as_str()), Ok(lead));
        }
        assert_eq!(Lead::parse(" 1h "), Ok(Lead::Hour));
        assert_eq!(Lead::parse("2h"), Err(LeadError));
        assert_eq!(Lead::parse(""), Err(LeadError));
    }

    #[test]
    fn the_reminder_comes_its_lead_before_the_tasks_time() {
        let at = due((2026, 9, 2), Some((8, 30)));
        assert_eq!(Lead::AtTime.moment(at), Some(local("2026-09-02 08:30")));
        assert_eq!(Lead::Minutes15.moment(at), Some(local("2026-09-02 08:15")));
        assert_eq!(Lead::Hour.moment(at), Some(local("2026-09-02 07:30")));
        assert_eq!(Lead::Day.moment(at), Some(local("2026-09-01 08:30")));
    }

    #[test]
    fn a_lead_that_crosses_midnight_lands_on_the_day_before() {
        let at = due((2026, 9, 1), Some((0, 10)));
        assert_eq!(Lead::Minutes15.moment(at), Some(local("2026-08-31 23:55")));
    }

    #[test]
    fn a_date_without_a_time_has_no_reminder_of_its_own() {
        assert_eq!(Lead::AtTime.moment(due((2026, 9, 2), None)), None);
    }
}
