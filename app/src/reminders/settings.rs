//! An account's reminders (issue 28, point 2): when the evening summary
//! comes (or none), the quiet hours, and how long before a task's time its
//! reminder comes unless the task says otherwise. The summary cannot be
//! set inside the quiet hours: it would never ring.

use super::{Lead, QuietHours, QuietHoursError};
use crate::domain::wire_time::{self, parse_form_time};
use chrono::NaiveTime;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct ReminderSettings {
    summary_at: Option<NaiveTime>,
    quiet: QuietHours,
    lead: Lead,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ReminderSettingsError {
    #[error("a time must look like 19:00")]
    BadTime,
    #[error("the evening summary cannot come inside the quiet hours")]
    SummaryInQuietHours,
    #[error("quiet hours must start and end at different times")]
    EmptyQuietHours,
    #[error("a reminder comes at the time, or 15m, 1h or 1d before")]
    BadLead,
}

impl From<QuietHoursError> for ReminderSettingsError {
    fn from(error: QuietHoursError) -> Self {
        match error {
            QuietHoursError::Empty => Self::EmptyQuietHours,
        }
    }
}

impl Default for ReminderSettings {
    fn default() -> Self {
        Self {
            summary_at: NaiveTime::from_hms_opt(19, 0, 0),
            quiet: QuietHours::default(),
            lead: Lead::AtTime,
        }
    }
}

impl ReminderSettings {
    pub fn new(
        summary_at: Option<NaiveTime>,
        quiet: QuietHours,
        lead: Lead,
    ) -> Result<Self, ReminderSettingsError> {
        if summary_at.is_some_and(|at| quiet.contains(at)) {
            return Err(ReminderSettingsError::SummaryInQuietHours);
        }
        Ok(Self {
            summary_at,
            quiet,
            lead,
        })
    }

    /// As the settings form sends them: whether the summary is on, its
    /// time, the quiet hours' start and end (`HH:MM`), and the lead.
    pub fn parse(
        summary_on: bool,
        summary_at: &str,
        quiet_from: &str,
        quiet_until: &str,
        lead: &str,
    ) -> Result<Self, ReminderSettingsError> {
        let time = |text: &str| parse_form_time(text.trim()).ok_or(ReminderSettingsError::BadTime);
        let summary_at = if summary_on {
            Some(time(summary_at)?)
        } else {
            None
        };
        let quiet = QuietHours::new(time(quiet_from)?, time(quiet_until)?)?;
        let lead = Lead::parse(lead).map_err(|_| ReminderSettingsError::BadLead)?;
        Self::new(summary_at, quiet, lead)
    }

    /// When the evening summary comes; `None`: it is off.
    pub fn summary_at(&self) -> Option<NaiveTime> {
        self.summary_at
    }

    pub fn quiet(&self) -> QuietHours {
        self.quiet
    }

    pub fn lead(&self) -> Lead {
        self.lead
    }
}

/// On the wire, read back through `new`: what the server answers is held
/// to the same rule as what the person types.
#[derive(Serialize, Deserialize)]
struct Wire {
    #[serde(with = "wire_time::time_opt")]
    summary_at: Option<NaiveTime>,
    #[serde(with = "wire_time::time")]
    quiet_from: NaiveTime,
    #[serde(with = "wire_time::time")]
    quiet_until: NaiveTime,
    lead: Lead,
}

impl From<ReminderSettings> for Wire {
    fn from(settings: ReminderSettings) -> Self {
        Self {
            summary_at: settings.summary_at,
            quiet_from: settings.quiet.from(),
            quiet_until: settings.quiet.until(),
            lead: settings.lead,
        }
    }
}

impl TryFrom<Wire> for ReminderSettings {
    type Error = ReminderSettingsError;

    fn try_from(wire: Wire) -> Result<Self, Self::Error> {
        let quiet = QuietHours::new(wire.quiet_from, wire.quiet_until)?;
        Self::new(wire.summary_at, quiet, wire.lead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32, minute: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(hour, minute, 0).unwrap()
    }

    #[test]
    fn by_default_the_summary_comes_at_seven_and_nights_are_quiet() {
        let settings = ReminderSettings::default();
        assert_eq!(settings.summary_at(), Some(at(19, 0)));
        assert_eq!(settings.quiet(), QuietHours::default());
        assert_eq!(settings.lead(), Lead::AtTime);
    }

    #[test]
    fn the_form_reads_into_settings() {
        let settings = ReminderSettings::parse(true, "20:30", "23:00", "06:30", "1h").unwrap();
        assert_eq!(settings.summary_at(), Some(at(20, 30)));
        assert_eq!(
            settings.quiet(),
            QuietHours::new(at(23, 0), at(6, 30)).unwrap()
        );
        assert_eq!(settings.lead(), Lead::Hour);
        let off = ReminderSettings::parse(false, "", "22:00", "07:00", "0").unwrap();
        assert_eq!(off.summary_at(), None);
    }

    #[test]
    fn the_summary_cannot_be_set_inside_the_quiet_hours() {
        for summary in ["22:00", "23:30", "06:00"] {
            assert_eq!(
                ReminderSettings::parse(true, summary, "22:00", "07:00", "0"),
                Err(ReminderSettingsError::SummaryInQuietHours),
                "{summary}"
            );
        }
        // Turned off, its time does not matter.
        assert!(ReminderSettings::parse(false, "23:30", "22:00", "07:00", "0").is_ok());
    }

    #[test]
    fn what_cannot_be_read_is_said() {
        use ReminderSettingsError as E;
        assert_eq!(
            ReminderSettings::parse(true, "7pm", "22:00", "07:00", "0"),
            Err(E::BadTime)
        );
        assert_eq!(
            ReminderSettings::parse(true, "19:00", "", "07:00", "0"),
            Err(E::BadTime)
        );
        assert_eq!(
            ReminderSettings::parse(true, "19:00", "22:00", "22:00", "0"),
            Err(E::EmptyQuietHours)
        );
        assert_eq!(
            ReminderSettings::parse(true, "19:00", "22:00", "07:00", "2h"),
            Err(E::BadLead)
        );
    }

    #[test]
    fn settings_round_trip_on_the_wire_and_a_broken_answer_is_refused() {
        let settings = ReminderSettings::parse(true, "18:45", "21:30", "07:15", "15m").unwrap();
        let text = serde_json::to_string(&settings).unwrap();
        assert_eq!(
            serde_json::from_str::<ReminderSettings>(&text).unwrap(),
            settings
        );
        let inside = text.replace("18:45", "23:00");
        assert!(serde_json::from_str::<ReminderSettings>(&inside).is_err());
    }
}
