//! The calendar feed: a person's dated tasks as iCalendar (RFC 5545), for
//! the phone's calendar app to subscribe to by a private link
//! (`http/calendar_feed.rs`). Written with the `icalendar` crate, never by
//! hand; this module only decides what each task becomes.

mod event;
mod repeat_rule;

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

/// The feed of `owner`'s tasks (as `Storage::calendar_tasks` reads them).
pub fn feed(owner: &FeedOwner, tasks: &[Task]) -> String {
    let zone_name = owner.time_zone.as_str();
    let zone = match clock::resolve(&owner.time_zone) {
        Some(_) if zone_name != "UTC" => Zone::Named(zone_name.to_owned()),
        // An unknown zone counts as UTC, as it does for "today".
        _ => Zone::Utc,
    };
    let mut calendar = Calendar::new();
    calendar
        .name(&format!("Тетрадь · {}", owner.username))
        .timezone(zone_name)
        // How often a calendar app that reads it should fetch again.
        .ttl(&Duration::hours(1));
    calendar.extend(tasks.iter().filter_map(|task| event(task, &zone)));
    calendar.done().to_string()
}
