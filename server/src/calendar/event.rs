//! One task as one calendar event.

use super::repeat_rule::repeat_rule;
use super::EVENT_LENGTH;
use app::domain::Task;
use chrono::{NaiveDateTime, SecondsFormat};
use icalendar::{CalendarDateTime, Component, Event, EventLike};

/// Where the person's times of day are: a zone the calendar app resolves
/// by name, or UTC.
#[derive(Clone, Debug)]
pub enum Zone {
    Named(String),
    Utc,
}

impl Zone {
    fn at(&self, local: NaiveDateTime) -> CalendarDateTime {
        match self {
            Self::Named(tzid) => CalendarDateTime::WithTimezone {
                date_time: local,
                tzid: tzid.clone(),
            },
            Self::Utc => CalendarDateTime::Utc(local.and_utc()),
        }
    }
}

/// A dated task as an event: all day when it has no time, else from its
/// time for `EVENT_LENGTH`; repeating from its date while open; a done
/// task marked "✓ " (see `docs/decisions.md`). `None` for a task without a
/// due date, which has no place in a calendar.
pub fn event(task: &Task, zone: &Zone) -> Option<Event> {
    let due = task.due?;
    let mut event = Event::new();
    event
        .uid(&format!("{}@tetrad", task.id))
        .timestamp(task.updated_at)
        .last_modified(task.updated_at)
        // A homework deadline does not make the student busy.
        .add_property("TRANSP", "TRANSPARENT");
    match task.completed_at {
        None => event.summary(task.title.as_str()),
        Some(done) => event.summary(&format!("✓ {}", task.title)).add_property(
            "X-TETRAD-COMPLETED",
            done.to_rfc3339_opts(SecondsFormat::Secs, true),
        ),
    };
    if !task.notes.as_str().is_empty() {
        event.description(task.notes.as_str());
    }
    match due.time {
        None => event
            .starts(due.date)
            .ends(due.date.succ_opt().unwrap_or(due.date)),
        Some(time) => {
            let start = due.date.and_time(time);
            event
                .starts(zone.at(start))
                .ends(zone.at(start + EVENT_LENGTH))
        }
    };
    // Only the open occurrence repeats: a done one is the past, and its
    // series goes on as the next occurrence, a task (and event) of its own.
    if let (None, Some(rule)) = (task.completed_at, &task.recurrence) {
        event.add_property("RRULE", repeat_rule(rule, due.date));
    }
    Some(event.done())
}
