//! A timetable change as two short texts, its entry and its value: the one
//! form the page sends, the database keeps, the server answers with and
//! the export holds.
//!
//! | entry | value |
//! |---|---|
//! | `lesson:mon:2` (every week), `lesson:mon:2:a` (week A) | `` (no lesson), `<list id>`, `<list id> <room>` |
//! | `bells` | `08:30-09:15 09:25-10:10 …` |
//! | `rotation` | `` (none), a date in week A: `2026-09-07` |
//! | `holiday:<id>` | `` (taken out), `2026-10-26/2026-11-03` |
//! | `due_at` | `start` (homework for a lesson is due at its start), `day` (on its day) |
//! | `look:<list id>` | `` (plain), `blue`, `blue 📐` |

use super::{Entry, KeptEntry, TimetableChange};
use crate::domain::wire_time::{date_text, hours_minutes, parse_date, parse_form_time};
use crate::domain::{HolidayId, ListId, Stamp};
use crate::school::{
    Bells, BellsError, Colour, Emoji, Holiday, HolidayError, Lesson, LessonNumber, LessonSlot,
    LessonTimes, Look, Room, RoomError, Rotation, Week,
};
use chrono::Weekday;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest entry or value read (ten lessons' bells are 119 characters).
pub const MAX_TEXT: usize = 200;

/// Why a timetable change does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum TimetableError {
    #[error("not a part of the timetable")]
    Entry,
    #[error("a lesson is numbered from 1 to 10")]
    LessonNumber,
    #[error("a lesson's subject is one of the lists")]
    Subject,
    #[error("a room is at most {max} characters")]
    RoomTooLong { max: usize },
    #[error("a room is one line of text")]
    RoomNotOneLine,
    #[error("a time must look like 08:30")]
    Time,
    #[error("a day has one to ten lessons")]
    BellsCount,
    #[error("lesson {lesson} must end after it starts")]
    BellEndsBeforeStart { lesson: usize },
    #[error("lesson {lesson} must start after the one before ends")]
    BellsOverlap { lesson: usize },
    #[error("a date must look like 2026-09-01")]
    Date,
    #[error("holidays must end on or after the day they start")]
    HolidayEndsBeforeStart,
    #[error("holidays last at most a hundred days")]
    HolidayTooLong,
    #[error("a subject's look is one of the colours and, if any, one emoji")]
    Look,
}

const DAYS: [(Weekday, &str); 7] = [
    (Weekday::Mon, "mon"),
    (Weekday::Tue, "tue"),
    (Weekday::Wed, "wed"),
    (Weekday::Thu, "thu"),
    (Weekday::Fri, "fri"),
    (Weekday::Sat, "sat"),
    (Weekday::Sun, "sun"),
];

impl TimetableChange {
    /// Reads a change from its entry and value.
    pub fn parse(entry: &str, value: &str) -> Result<Self, TimetableError> {
        if entry.len() > MAX_TEXT || value.len() > MAX_TEXT {
            return Err(TimetableError::Entry);
        }
        let value = value.trim();
        Ok(match read_entry(entry)? {
            Entry::Lesson(slot) => Self::Lesson(read_lesson(slot, value)?),
            Entry::Bells => Self::Bells(read_bells(value)?),
            Entry::Rotation => Self::Rotation(match value {
                "" => Rotation::None,
                date => Rotation::week_a_holds(parse_date(date).ok_or(TimetableError::Date)?),
            }),
            Entry::Holiday(id) => Self::Holiday {
                id,
                holiday: (!value.is_empty())
                    .then(|| read_holiday(value))
                    .transpose()?,
            },
            Entry::Look(subject) => Self::Look {
                subject,
                look: (!value.is_empty()).then(|| read_look(value)).transpose()?,
            },
            Entry::DueAtStart => Self::DueAtStart(match value {
                "start" => true,
                "day" => false,
                _ => return Err(TimetableError::Entry),
            }),
        })
    }

    /// The entry's text (`lesson:mon:2`, `bells`, …).
    pub fn entry_text(&self) -> String {
        self.entry().to_string()
    }

    /// The value's text.
    pub fn value_text(&self) -> String {
        match self {
            Self::Lesson(lesson) => match (&lesson.subject, &lesson.room) {
                (None, _) => String::new(),
                (Some(subject), None) => subject.to_string(),
                (Some(subject), Some(room)) => format!("{subject} {room}"),
            },
            Self::Bells(bells) => bells
                .times()
                .iter()
                .map(|times| {
                    format!(
                        "{}-{}",
                        hours_minutes(times.start),
                        hours_minutes(times.end)
                    )
                })
                .collect::<Vec<_>>()
                .join(" "),
            Self::Rotation(Rotation::None) => String::new(),
            Self::Rotation(Rotation::TwoWeeks { week_a }) => date_text(*week_a),
            Self::Holiday { holiday: None, .. } => String::new(),
            Self::Look { look: None, .. } => String::new(),
            Self::Look {
                look: Some(look), ..
            } => match &look.emoji {
                Some(emoji) => format!("{} {emoji}", look.colour.name()),
                None => look.colour.name().to_owned(),
            },
            Self::DueAtStart(true) => "start".into(),
            Self::DueAtStart(false) => "day".into(),
            Self::Holiday {
                holiday: Some(holiday),
                ..
            } => format!(
                "{}/{}",
                date_text(holiday.first_day()),
                date_text(holiday.last_day())
            ),
        }
    }
}

/// A weekday as an entry names it (`mon` … `sun`).
pub fn day_key(day: Weekday) -> &'static str {
    DAYS.iter()
        .find(|(named, _)| *named == day)
        .map_or("mon", |(_, key)| key)
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Lesson(slot) => {
                let week = match slot.week {
                    None => "",
                    Some(Week::A) => ":a",
                    Some(Week::B) => ":b",
                };
                let day = day_key(slot.day);
                write!(f, "lesson:{day}:{}{week}", slot.number.get())
            }
            Entry::Bells => f.write_str("bells"),
            Entry::Rotation => f.write_str("rotation"),
            Entry::Holiday(id) => write!(f, "holiday:{id}"),
            Entry::DueAtStart => f.write_str("due_at"),
            Entry::Look(subject) => write!(f, "look:{subject}"),
        }
    }
}

fn read_entry(entry: &str) -> Result<Entry, TimetableError> {
    let parts: Vec<&str> = entry.split(':').collect();
    match parts.as_slice() {
        ["bells"] => Ok(Entry::Bells),
        ["rotation"] => Ok(Entry::Rotation),
        ["due_at"] => Ok(Entry::DueAtStart),
        ["look", id] => id
            .parse::<ListId>()
            .map(Entry::Look)
            .map_err(|_| TimetableError::Entry),
        ["holiday", id] => id
            .parse::<HolidayId>()
            .map(Entry::Holiday)
            .map_err(|_| TimetableError::Entry),
        ["lesson", day, number, week @ ..] => {
            let day = DAYS
                .iter()
                .find(|(_, name)| name == day)
                .map(|(day, _)| *day)
                .ok_or(TimetableError::Entry)?;
            let number = number
                .parse::<u8>()
                .ok()
                .and_then(|number| LessonNumber::new(number).ok())
                .ok_or(TimetableError::LessonNumber)?;
            let week = match week {
                [] => None,
                ["a"] => Some(Week::A),
                ["b"] => Some(Week::B),
                _ => return Err(TimetableError::Entry),
            };
            Ok(Entry::Lesson(LessonSlot { day, number, week }))
        }
        _ => Err(TimetableError::Entry),
    }
}

fn read_lesson(slot: LessonSlot, value: &str) -> Result<Lesson, TimetableError> {
    if value.is_empty() {
        return Ok(Lesson {
            slot,
            subject: None,
            room: None,
        });
    }
    let (subject, room) = value.split_once(' ').unwrap_or((value, ""));
    let subject = subject
        .parse::<ListId>()
        .map_err(|_| TimetableError::Subject)?;
    let room = Room::parse(room)?;
    Ok(Lesson {
        slot,
        subject: Some(subject),
        room,
    })
}

fn read_bells(value: &str) -> Result<Bells, TimetableError> {
    let times = value
        .split_whitespace()
        .map(|lesson| {
            let (start, end) = lesson.split_once('-').ok_or(TimetableError::Time)?;
            let time = |text| parse_form_time(text).ok_or(TimetableError::Time);
            Ok(LessonTimes {
                start: time(start)?,
                end: time(end)?,
            })
        })
        .collect::<Result<Vec<_>, TimetableError>>()?;
    Bells::new(times).map_err(|error| match error {
        BellsError::Count => TimetableError::BellsCount,
        BellsError::EndsBeforeStart(lesson) => TimetableError::BellEndsBeforeStart { lesson },
        BellsError::Overlaps(lesson) => TimetableError::BellsOverlap { lesson },
    })
}

fn read_look(value: &str) -> Result<Look, TimetableError> {
    let (colour, emoji) = value.split_once(' ').unwrap_or((value, ""));
    Ok(Look {
        colour: Colour::parse(colour).ok_or(TimetableError::Look)?,
        emoji: match emoji.trim() {
            "" => None,
            emoji => Some(Emoji::parse(emoji).ok_or(TimetableError::Look)?),
        },
    })
}

fn read_holiday(value: &str) -> Result<Holiday, TimetableError> {
    let (first, last) = value.split_once('/').ok_or(TimetableError::Date)?;
    let date = |text| parse_date(text).ok_or(TimetableError::Date);
    Ok(Holiday::new(date(first)?, date(last)?)?)
}

impl From<RoomError> for TimetableError {
    fn from(error: RoomError) -> Self {
        match error {
            RoomError::TooLong { max } => Self::RoomTooLong { max },
            RoomError::NotOneLine => Self::RoomNotOneLine,
        }
    }
}

impl From<HolidayError> for TimetableError {
    fn from(error: HolidayError) -> Self {
        match error {
            HolidayError::EndsBeforeStart => Self::HolidayEndsBeforeStart,
            HolidayError::TooLong => Self::HolidayTooLong,
        }
    }
}

/// A kept entry on the wire and in the export: its texts and stamp.
#[derive(Serialize, Deserialize)]
pub struct EntryText {
    entry: String,
    value: String,
    changed: Stamp,
}

impl TryFrom<EntryText> for KeptEntry {
    type Error = TimetableError;

    fn try_from(text: EntryText) -> Result<Self, Self::Error> {
        Ok(Self {
            change: TimetableChange::parse(&text.entry, &text.value)?,
            changed: text.changed,
        })
    }
}

impl From<KeptEntry> for EntryText {
    fn from(kept: KeptEntry) -> Self {
        Self {
            entry: kept.change.entry_text(),
            value: kept.change.value_text(),
            changed: kept.changed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(entry: &str, value: &str) -> (String, String) {
        let change = TimetableChange::parse(entry, value).unwrap();
        (change.entry_text(), change.value_text())
    }

    #[test]
    fn every_kind_of_entry_reads_back_as_written() {
        let list = ListId::new();
        let holiday = HolidayId::new();
        for (entry, value) in [
            ("lesson:mon:2".to_owned(), format!("{list}")),
            ("lesson:sat:10:b".to_owned(), format!("{list} каб. 214")),
            ("lesson:sun:1:a".to_owned(), String::new()),
            ("bells".to_owned(), "08:30-09:15 09:25-10:10".to_owned()),
            ("rotation".to_owned(), "2026-09-07".to_owned()),
            ("rotation".to_owned(), String::new()),
            (
                format!("holiday:{holiday}"),
                "2026-10-26/2026-11-03".to_owned(),
            ),
            (format!("holiday:{holiday}"), String::new()),
            ("due_at".to_owned(), "day".to_owned()),
            (format!("look:{list}"), "blue 📐".to_owned()),
            (format!("look:{list}"), "grey".to_owned()),
            (format!("look:{list}"), String::new()),
            ("due_at".to_owned(), "start".to_owned()),
        ] {
            assert_eq!(round_trip(&entry, &value), (entry.clone(), value.clone()));
        }
    }

    #[test]
    fn what_does_not_read_says_why() {
        let list = ListId::new();
        let refused = |entry: &str, value: &str| TimetableChange::parse(entry, value).unwrap_err();
        assert_eq!(refused("lessons:mon:1", ""), TimetableError::Entry);
        assert_eq!(refused("lesson:someday:1", ""), TimetableError::Entry);
        assert_eq!(refused("lesson:mon:11", ""), TimetableError::LessonNumber);
        assert_eq!(refused("lesson:mon:1:c", ""), TimetableError::Entry);
        assert_eq!(refused("lesson:mon:1", "алгебра"), TimetableError::Subject);
        assert_eq!(
            refused("lesson:mon:1", &format!("{list} {}", "9".repeat(21))),
            TimetableError::RoomTooLong { max: 20 }
        );
        assert_eq!(refused("bells", ""), TimetableError::BellsCount);
        assert_eq!(refused("bells", "8.30-9.15"), TimetableError::Time);
        assert_eq!(
            refused("bells", "08:30-09:15 09:00-09:45"),
            TimetableError::BellsOverlap { lesson: 2 }
        );
        assert_eq!(refused("rotation", "next week"), TimetableError::Date);
        assert_eq!(
            refused("holiday:1", "2026-10-26/2026-11-03"),
            TimetableError::Entry
        );
        let holiday = format!("holiday:{}", HolidayId::new());
        assert_eq!(
            refused(&holiday, "2026-11-03/2026-10-26"),
            TimetableError::HolidayEndsBeforeStart
        );
        assert_eq!(refused(&"x".repeat(201), ""), TimetableError::Entry);
        let look = format!("look:{list}");
        assert_eq!(refused(&look, "#ff0000"), TimetableError::Look);
        assert_eq!(refused(&look, "blue url(x)"), TimetableError::Look);
    }

    #[test]
    fn a_kept_entry_travels_as_its_texts_and_stamp() {
        let kept = KeptEntry {
            change: TimetableChange::parse("rotation", "2026-09-07").unwrap(),
            changed: Stamp::from_millis(5),
        };
        let json = serde_json::to_string(&kept).unwrap();
        assert_eq!(
            json,
            r#"{"entry":"rotation","value":"2026-09-07","changed":5}"#
        );
        assert_eq!(serde_json::from_str::<KeptEntry>(&json).unwrap(), kept);
        assert!(
            serde_json::from_str::<KeptEntry>(r#"{"entry":"bells","value":"","changed":5}"#)
                .is_err()
        );
    }
}
