//! The hours in which nothing rings (default 22:00–07:00): a reminder that
//! falls inside waits for their end, and the evening summary cannot be set
//! inside them. The window may cross midnight.

use chrono::{NaiveDateTime, NaiveTime};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietHours {
    from: NaiveTime,
    until: NaiveTime,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuietHoursError {
    #[error("quiet hours must start and end at different times")]
    Empty,
}

impl Default for QuietHours {
    fn default() -> Self {
        Self {
            from: at(22, 0),
            until: at(7, 0),
        }
    }
}

fn at(hour: u32, minute: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(hour, minute, 0).unwrap_or(NaiveTime::MIN)
}

impl QuietHours {
    pub fn new(from: NaiveTime, until: NaiveTime) -> Result<Self, QuietHoursError> {
        if from == until {
            return Err(QuietHoursError::Empty);
        }
        Ok(Self { from, until })
    }

    pub fn from(&self) -> NaiveTime {
        self.from
    }

    pub fn until(&self) -> NaiveTime {
        self.until
    }

    /// Whether `time` of day is inside (the start is, the end is not).
    pub fn contains(&self, time: NaiveTime) -> bool {
        if self.from < self.until {
            self.from <= time && time < self.until
        } else {
            time >= self.from || time < self.until
        }
    }

    /// When a reminder due at `moment` may ring: then, or at the end of the
    /// quiet hours it falls in.
    pub fn ring_at(&self, moment: NaiveDateTime) -> NaiveDateTime {
        let time = moment.time();
        if !self.contains(time) {
            return moment;
        }
        let end = moment.date().and_time(self.until);
        if time < self.until {
            end
        } else {
            // Inside a window that crosses midnight, before midnight: it
            // ends the next morning.
            end + chrono::Duration::days(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn by_default_the_night_is_quiet_from_ten_to_seven() {
        let quiet = QuietHours::default();
        assert!(quiet.contains(at(22, 0)));
        assert!(quiet.contains(at(3, 0)));
        assert!(quiet.contains(at(6, 59)));
        assert!(!quiet.contains(at(7, 0)));
        assert!(!quiet.contains(at(19, 0)));
        assert!(!quiet.contains(at(21, 59)));
    }

    #[test]
    fn a_reminder_in_the_quiet_hours_waits_for_the_morning() {
        let quiet = QuietHours::default();
        assert_eq!(
            quiet.ring_at(local("2026-09-01 23:30")),
            local("2026-09-02 07:00")
        );
        assert_eq!(
            quiet.ring_at(local("2026-09-02 05:45")),
            local("2026-09-02 07:00")
        );
        assert_eq!(
            quiet.ring_at(local("2026-09-02 07:00")),
            local("2026-09-02 07:00")
        );
        assert_eq!(
            quiet.ring_at(local("2026-09-01 18:15")),
            local("2026-09-01 18:15")
        );
    }

    #[test]
    fn quiet_hours_within_one_day_work_too() {
        let lessons = QuietHours::new(at(8, 30), at(14, 0)).unwrap();
        assert!(lessons.contains(at(10, 0)));
        assert!(!lessons.contains(at(15, 0)));
        assert_eq!(
            lessons.ring_at(local("2026-09-01 09:00")),
            local("2026-09-01 14:00")
        );
    }

    #[test]
    fn quiet_hours_cannot_be_empty() {
        assert_eq!(
            QuietHours::new(at(7, 0), at(7, 0)),
            Err(QuietHoursError::Empty)
        );
    }
}
