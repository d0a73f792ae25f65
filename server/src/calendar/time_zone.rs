//! The person's time zone as a `VTIMEZONE` (RFC 5545 §3.6.5): a `TZID`
//! that names a zone must be defined in the same feed (§3.2.19), so that a
//! calendar app which does not know the name, or knows an older rule,
//! still puts "18:30 in Berlin" at the right instant in summer and winter.
//!
//! chrono-tz knows the zone's offset at any instant but lists no changes,
//! so they are found by looking day by day and narrowing to the second.
//! Changes that repeat every year alike (the last Sunday of March at
//! 02:00) become one observance with an `RRULE`; the last such rule has no
//! end, so dates past the window still fall right. The `icalendar` crate
//! has no component for it: it is written here, a few plain lines.

use chrono::{DateTime, Datelike, Days, Duration, NaiveDate, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, OffsetName, Tz};
use std::fmt::Write;

/// How the zone reads the clock from an instant on.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reading {
    /// Seconds east of UTC.
    offset: i32,
    name: String,
    daylight: bool,
}

/// The zone began reading the clock `to` at `at`, after `from`.
#[derive(Clone, Debug)]
struct Change {
    at: DateTime<Utc>,
    from: i32,
    to: Reading,
}

impl Change {
    /// The wall clock at the change, as it read just before (the onset's
    /// `DTSTART`, §3.6.5).
    fn local_start(&self) -> NaiveDateTime {
        self.at.naive_utc() + Duration::seconds(i64::from(self.from))
    }

    /// What must match for changes of two years to be one yearly rule:
    /// the same offsets and name, month, weekday, week of the month
    /// (`-1` for the last) and wall clock time.
    fn yearly_shape(&self) -> (Reading, i32, u32, String, chrono::NaiveTime) {
        let start = self.local_start();
        let date = start.date();
        (
            self.to.clone(),
            self.from,
            date.month(),
            week_day_code(date),
            start.time(),
        )
    }
}

/// `VTIMEZONE` text for `tz`, exact from `from` (the earliest date the
/// feed shows) on, and for ever after as far as the zone's current rule
/// holds.
pub fn vtimezone(tz: Tz, from: NaiveDate, now: DateTime<Utc>) -> String {
    let start = from
        .with_day(1)
        .and_then(|d| d.with_month(1))
        .unwrap_or(from)
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .max(DateTime::UNIX_EPOCH);
    // Two years past the later of now and the start: long enough to see the
    // current rule repeat, so it can be written without an end.
    let end = start.max(now) + Duration::days(2 * 366);
    let changes = changes(tz, start, end);
    let open_after = end - Duration::days(366);

    let mut out = String::new();
    let _ = write!(out, "BEGIN:VTIMEZONE\r\nTZID:{}\r\n", tz.name());
    // What holds at the start, before any change the window holds.
    let first = reading(tz, start);
    let local_start = start.naive_utc() + Duration::seconds(i64::from(first.offset));
    observance(&mut out, &first, first.offset, local_start, None);
    let mut groups: Vec<Vec<&Change>> = Vec::new();
    for change in &changes {
        let shape = change.yearly_shape();
        let joins = groups.iter_mut().find(|group| {
            group.last().is_some_and(|last| {
                last.yearly_shape() == shape && last.at.year() + 1 == change.at.year()
            })
        });
        match joins {
            Some(group) => group.push(change),
            None => groups.push(vec![change]),
        }
    }
    for group in groups {
        let (first, last) = (group[0], group[group.len() - 1]);
        let rule = (group.len() > 1).then(|| {
            let date = first.local_start().date();
            let mut rule = format!(
                "FREQ=YEARLY;BYMONTH={};BYDAY={}",
                date.month(),
                week_day_code(date)
            );
            if last.at < open_after {
                let _ = write!(rule, ";UNTIL={}", last.at.format("%Y%m%dT%H%M%SZ"));
            }
            rule
        });
        observance(&mut out, &first.to, first.from, first.local_start(), rule);
    }
    out.push_str("END:VTIMEZONE\r\n");
    out
}

fn observance(
    out: &mut String,
    to: &Reading,
    from: i32,
    start: NaiveDateTime,
    rule: Option<String>,
) {
    let kind = if to.daylight { "DAYLIGHT" } else { "STANDARD" };
    let _ = write!(
        out,
        "BEGIN:{kind}\r\nDTSTART:{}\r\nTZOFFSETFROM:{}\r\nTZOFFSETTO:{}\r\n",
        start.format("%Y%m%dT%H%M%S"),
        offset_text(from),
        offset_text(to.offset)
    );
    if let Some(rule) = rule {
        let _ = write!(out, "RRULE:{rule}\r\n");
    }
    if !to.name.is_empty() {
        let _ = write!(out, "TZNAME:{}\r\n", to.name);
    }
    let _ = write!(out, "END:{kind}\r\n");
}

/// Every change of the zone's reading between `start` and `end`.
fn changes(tz: Tz, start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<Change> {
    let mut found = Vec::new();
    let mut before = start;
    let mut was = reading(tz, before);
    while before < end {
        let after = before + Duration::days(1);
        let now = reading(tz, after);
        if now != was {
            // Narrow the day to the second the reading changed.
            let (mut low, mut high) = (before.timestamp(), after.timestamp());
            while high - low > 1 {
                let middle = low + (high - low) / 2;
                if reading(tz, instant(middle)) == was {
                    low = middle;
                } else {
                    high = middle;
                }
            }
            let high = instant(high);
            let to = reading(tz, high);
            found.push(Change {
                at: high,
                from: was.offset,
                to: to.clone(),
            });
            was = to;
        }
        if now != was {
            // Two changes in one day: look again from the first.
            before = found.last().map_or(after, |change| change.at);
            continue;
        }
        before = after;
    }
    found
}

fn instant(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

fn reading(tz: Tz, at: DateTime<Utc>) -> Reading {
    let offset = tz.offset_from_utc_datetime(&at.naive_utc());
    Reading {
        offset: offset.fix().local_minus_utc(),
        name: offset.abbreviation().unwrap_or_default().to_owned(),
        daylight: !offset.dst_offset().is_zero(),
    }
}

/// `+0100`, `-0430`, or `+053328` when seconds are needed.
fn offset_text(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let s = seconds.unsigned_abs();
    let (h, m, rest) = (s / 3600, s / 60 % 60, s % 60);
    if rest == 0 {
        format!("{sign}{h:02}{m:02}")
    } else {
        format!("{sign}{h:02}{m:02}{rest:02}")
    }
}

/// `-1SU` for a month's last Sunday, `2SU` for its second.
fn week_day_code(date: NaiveDate) -> String {
    let day = match date.weekday() {
        chrono::Weekday::Mon => "MO",
        chrono::Weekday::Tue => "TU",
        chrono::Weekday::Wed => "WE",
        chrono::Weekday::Thu => "TH",
        chrono::Weekday::Fri => "FR",
        chrono::Weekday::Sat => "SA",
        chrono::Weekday::Sun => "SU",
    };
    let is_last = date
        .checked_add_days(Days::new(7))
        .is_none_or(|week_later| week_later.month() != date.month());
    if is_last {
        format!("-1{day}")
    } else {
        format!("{}{day}", (date.day() - 1) / 7 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use icalendar::parser::{read_calendar, Component};
    use icalendar::rrule::RRuleSet;

    /// When each observance of a parsed `VTIMEZONE` begins, as instants,
    /// with the offset it sets: its `RRULE` expanded by the `rrule` crate.
    fn onsets(zone: &Component<'_>, until_year: i32) -> Vec<(DateTime<Utc>, i32)> {
        let mut onsets = Vec::new();
        for observance in &zone.components {
            let prop = |name: &str| {
                observance
                    .find_prop(name)
                    .map(|p| p.val.as_str().to_owned())
            };
            let start =
                NaiveDateTime::parse_from_str(&prop("DTSTART").unwrap(), "%Y%m%dT%H%M%S").unwrap();
            let from = seconds(&prop("TZOFFSETFROM").unwrap());
            let to = seconds(&prop("TZOFFSETTO").unwrap());
            // The wall clock before the onset, read as UTC for expanding,
            // then moved to the instant it is.
            let locals = match prop("RRULE") {
                None => vec![start],
                Some(rule) => {
                    let text = format!("DTSTART:{}Z\nRRULE:{rule}", start.format("%Y%m%dT%H%M%S"));
                    let set: RRuleSet = text.parse().unwrap();
                    let limit = NaiveDate::from_ymd_opt(until_year, 12, 31).unwrap();
                    set.all(200)
                        .dates
                        .iter()
                        .map(|d| d.naive_utc())
                        .filter(|d| d.date() <= limit)
                        .collect()
                }
            };
            for local in locals {
                onsets.push(((local - Duration::seconds(i64::from(from))).and_utc(), to));
            }
        }
        onsets.sort();
        onsets
    }

    fn seconds(offset: &str) -> i32 {
        let sign = if offset.starts_with('-') { -1 } else { 1 };
        let digits = &offset[1..];
        let part = |range: std::ops::Range<usize>| {
            digits.get(range).map_or(0, |d| d.parse::<i32>().unwrap())
        };
        sign * (part(0..2) * 3600 + part(2..4) * 60 + part(4..6))
    }

    /// The offset a calendar app reading `text` gives `at`.
    fn offset_read(onsets: &[(DateTime<Utc>, i32)], at: DateTime<Utc>) -> Option<i32> {
        onsets
            .iter()
            .rev()
            .find(|(onset, _)| *onset <= at)
            .map(|(_, to)| *to)
    }

    fn parsed_zone(text: &str) -> Vec<(DateTime<Utc>, i32)> {
        let calendar = format!("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{text}END:VCALENDAR\r\n");
        let calendar = read_calendar(&calendar).unwrap();
        let zone = &calendar.components[0];
        assert_eq!(zone.name.as_str(), "VTIMEZONE");
        onsets(zone, 2060)
    }

    fn instant(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().to_utc()
    }

    /// Every quarter of an hour from 2024 to 2030, and every six hours on
    /// to 2060 (past the window the zone's text was made for), the
    /// calendar app's offset is the zone's own.
    #[test]
    fn a_calendar_app_reads_every_zones_offsets_exactly_as_the_zone_has_them() {
        let now = instant("2026-12-06T08:00:00Z");
        let from = NaiveDate::from_ymd_opt(2024, 3, 15).unwrap();
        for tz in [
            chrono_tz::Europe::Berlin,
            chrono_tz::America::New_York,
            chrono_tz::Australia::Lord_Howe,
            chrono_tz::Pacific::Auckland,
            chrono_tz::Europe::Moscow,
            chrono_tz::Asia::Kolkata,
            chrono_tz::America::Sao_Paulo,
        ] {
            let onsets = parsed_zone(&vtimezone(tz, from, now));
            let mut at = instant("2024-01-01T00:00:00Z");
            while at < instant("2060-01-01T00:00:00Z") {
                let step = if at.year() < 2030 { 15 } else { 360 };
                let expected = tz
                    .offset_from_utc_datetime(&at.naive_utc())
                    .fix()
                    .local_minus_utc();
                assert_eq!(
                    offset_read(&onsets, at),
                    Some(expected),
                    "{} at {at}",
                    tz.name()
                );
                at += Duration::minutes(step);
            }
        }
    }

    #[test]
    fn berlin_is_two_observances_that_repeat_for_ever() {
        let now = instant("2026-12-06T08:00:00Z");
        let text = vtimezone(chrono_tz::Europe::Berlin, now.date_naive(), now);
        assert!(
            text.starts_with("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"),
            "{text}"
        );
        assert!(
            text.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nTZNAME:CEST"),
            "{text}"
        );
        assert!(
            text.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZNAME:CET"),
            "{text}"
        );
        assert!(!text.contains("UNTIL"), "{text}");
        assert!(
            text.contains("TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200"),
            "{text}"
        );
    }

    #[test]
    fn offsets_and_week_days_are_written_as_rfc_5545_says() {
        assert_eq!(offset_text(3600), "+0100");
        assert_eq!(offset_text(-16200), "-0430");
        assert_eq!(offset_text(19800), "+0530");
        assert_eq!(offset_text(9017), "+023017");
        let date = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
        assert_eq!(week_day_code(date(3, 29)), "-1SU");
        assert_eq!(week_day_code(date(3, 8)), "2SU");
        assert_eq!(week_day_code(date(11, 1)), "1SU");
    }
}
