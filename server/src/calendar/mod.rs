//! The calendar feed: a person's dated tasks as iCalendar (RFC 5545), for
//! the phone's calendar app to subscribe to by a private link
//! (`http/calendar_feed.rs`). Written with the `icalendar` crate, but for
//! the zone's definition, which it has no component for (`time_zone.rs`);
//! this module only decides what each task becomes.

mod event;
mod repeat_rule;
mod time_zone;

use app::domain::Task;
use app::ssr::clock;
use app::ssr::storage::FeedOwner;
use chrono::{DateTime, Duration, Utc};
use event::{event, Zone};
use icalendar::Calendar;

/// How long a task with a time of day lasts in the calendar: long enough
/// to be seen and tapped, short enough not to hide the rest of the day.
pub const EVENT_LENGTH: Duration = Duration::minutes(30);

/// Done tasks older than this stay out: the calendar is for what is coming
/// and what was just done, not the whole history.
pub const DONE_SHOWN: Duration = Duration::days(30);

/// At most this many events, the latest due first: a feed stays small
/// enough for any calendar app to take, however long the person plans.
pub const MOST_EVENTS: u32 = 1000;

/// When done tasks are old enough to leave the feed, read at `now`.
pub fn done_since(now: DateTime<Utc>) -> DateTime<Utc> {
    now - DONE_SHOWN
}

/// The feed of `owner`'s tasks (as `Storage::calendar_tasks` reads them),
/// read at `now`.
pub fn feed(owner: &FeedOwner, tasks: &[Task], now: DateTime<Utc>) -> String {
    let zone_name = owner.time_zone.as_str();
    let named = clock::resolve(&owner.time_zone).filter(|_| zone_name != "UTC");
    let zone = match named {
        Some(_) => Zone::Named(zone_name.to_owned()),
        // An unknown zone counts as UTC, as it does for "today".
        None => Zone::Utc,
    };
    let mut calendar = Calendar::new();
    calendar
        .name(&format!("Тетрадь · {}", owner.username))
        .timezone(zone_name)
        // How often a calendar app that reads it should fetch again.
        .ttl(&Duration::hours(1));
    calendar.extend(tasks.iter().filter_map(|task| event(task, &zone)));
    let text = calendar.done().to_string();
    match named {
        Some(tz) => {
            let earliest = tasks.iter().filter_map(|task| task.due).map(|due| due.date);
            let from = earliest
                .min()
                .unwrap_or(now.date_naive())
                .min(now.date_naive());
            with_component(text, &time_zone::vtimezone(tz, from, now))
        }
        None => text,
    }
}

/// `calendar` with `component` (whole lines) placed before its first
/// event, or before its end when it has none: a zone is defined before
/// the events that name it.
fn with_component(mut calendar: String, component: &str) -> String {
    let at = calendar
        .find("BEGIN:VEVENT")
        .or_else(|| calendar.rfind("END:VCALENDAR"))
        .unwrap_or(calendar.len());
    calendar.insert_str(at, component);
    calendar
}
