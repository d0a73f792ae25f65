//! The person's "today": the date where they are, from the time zone their
//! browser reported (stored on the account).

use crate::domain::TimeZoneName;
use crate::views::Day;
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// The zone, if the server knows it (the browser's name parsed, but the
/// tz database has the final word).
pub fn resolve(zone: &TimeZoneName) -> Option<Tz> {
    zone.as_str().parse().ok()
}

/// The date in `zone` at the instant `now`; a zone the server does not know
/// counts as UTC.
pub fn today_in(zone: &TimeZoneName, now: DateTime<Utc>) -> NaiveDate {
    match resolve(zone) {
        Some(tz) => now.with_timezone(&tz).date_naive(),
        None => now.date_naive(),
    }
}

/// The wall-clock time in `zone` at the instant `now` (UTC's for a zone
/// the server does not know).
pub fn local_in(zone: &TimeZoneName, now: DateTime<Utc>) -> NaiveDateTime {
    match resolve(zone) {
        Some(tz) => now.with_timezone(&tz).naive_local(),
        None => now.naive_utc(),
    }
}

/// Today in `zone` at `now`, with the instant it began: the first moment
/// of the date there (midnight, or later where a clock change skips it).
pub fn day_in(zone: &TimeZoneName, now: DateTime<Utc>) -> Day {
    let Some(tz) = resolve(zone) else {
        return Day::utc(now);
    };
    let date = now.with_timezone(&tz).date_naive();
    let began = (0..3)
        .filter_map(|hour| NaiveTime::from_hms_opt(hour, 0, 0))
        .find_map(|time| tz.from_local_datetime(&date.and_time(time)).earliest())
        .map_or_else(|| Day::utc(now).began, |start| start.with_timezone(&Utc));
    Day { date, began }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn today(zone: &str, now: &str) -> String {
        today_in(&TimeZoneName::parse(zone).unwrap(), at(now)).to_string()
    }

    #[test]
    fn half_an_hour_before_midnight_in_utc_it_is_already_tomorrow_in_moscow() {
        assert_eq!(today("UTC", "2026-12-02T23:30:00Z"), "2026-12-02");
        assert_eq!(today("Europe/Moscow", "2026-12-02T23:30:00Z"), "2026-12-03");
        assert_eq!(today("Europe/Moscow", "2026-12-02T20:59:59Z"), "2026-12-02");
        assert_eq!(today("Europe/Moscow", "2026-12-02T21:00:00Z"), "2026-12-03");
    }

    #[test]
    fn far_east_and_far_west_are_a_day_apart_at_the_same_instant() {
        assert_eq!(
            today("Pacific/Kiritimati", "2026-12-03T10:30:00Z"),
            "2026-12-04"
        );
        assert_eq!(
            today("Pacific/Pago_Pago", "2026-12-03T10:30:00Z"),
            "2026-12-02"
        );
    }

    #[test]
    fn daylight_saving_moves_midnight() {
        // New York: UTC−4 in summer, UTC−5 in winter.
        assert_eq!(
            today("America/New_York", "2026-07-01T03:30:00Z"),
            "2026-06-30"
        );
        assert_eq!(
            today("America/New_York", "2026-07-01T04:30:00Z"),
            "2026-07-01"
        );
        assert_eq!(
            today("America/New_York", "2026-12-01T04:30:00Z"),
            "2026-11-30"
        );
    }

    #[test]
    fn the_day_began_at_midnight_where_the_person_is() {
        let day = day_in(
            &TimeZoneName::parse("Europe/Moscow").unwrap(),
            at("2026-12-02T23:30:00Z"),
        );
        assert_eq!(day.date.to_string(), "2026-12-03");
        assert_eq!(day.began, at("2026-12-02T21:00:00Z"));
        let day = day_in(
            &TimeZoneName::parse("UTC").unwrap(),
            at("2026-12-02T23:30:00Z"),
        );
        assert_eq!(day.began, at("2026-12-02T00:00:00Z"));
    }

    #[test]
    fn a_midnight_skipped_by_a_clock_change_begins_the_day_at_one() {
        // Santiago moved its clocks from 00:00 to 01:00 on 2024-09-08.
        let day = day_in(
            &TimeZoneName::parse("America/Santiago").unwrap(),
            at("2024-09-08T12:00:00Z"),
        );
        assert_eq!(day.date.to_string(), "2024-09-08");
        assert_eq!(day.began, at("2024-09-08T04:00:00Z"));
    }

    #[test]
    fn an_unknown_zone_counts_as_utc() {
        assert_eq!(
            today("Mars/Olympus_Mons", "2026-12-02T23:30:00Z"),
            "2026-12-02"
        );
        assert!(resolve(&TimeZoneName::parse("Mars/Olympus_Mons").unwrap()).is_none());
    }
}
