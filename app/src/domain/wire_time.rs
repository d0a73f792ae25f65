//! Dates, times of day and moments as text: in forms ("2026-12-05",
//! "18:30") and on the wire, in the shapes chrono's own serde writes
//! ("2026-12-05", "18:30:00", "2026-12-05T08:05:00.123Z").
//!
//! Read and written here by hand so that chrono's general format and parse
//! engine (strftime items, a parser for every format, month and weekday
//! names) stays out of the WASM: Today's first load is smaller by several
//! kilobytes (end2end/bench/levers.md). Fields use it through serde:
//! `#[serde(with = "wire_time::moment")]`, and `moment_opt`, `date`,
//! `time_opt` likewise.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike, Utc};
use serde::de::{self, Unexpected, Visitor};
use serde::{Deserializer, Serializer};
use std::fmt::{self, Write};

/// A date as a form and the wire write it: `2026-12-05` (also `2026-9-1`,
/// as people type it).
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let mut read = Reader(text.as_bytes());
    let date = read.date()?;
    read.end().then_some(date)
}

/// A time of day as a form gives it: `18:30`.
pub fn parse_form_time(text: &str) -> Option<NaiveTime> {
    let mut read = Reader(text.as_bytes());
    let time = read.time(false)?;
    read.end().then_some(time)
}

/// A time of day as the wire writes it, with seconds and a fraction if it
/// has them: `18:30:00`, `18:30:00.5` (and `18:30`).
fn parse_time(text: &str) -> Option<NaiveTime> {
    let mut read = Reader(text.as_bytes());
    let time = read.time(true)?;
    read.end().then_some(time)
}

/// A moment as RFC 3339 writes it, in UTC or with an offset:
/// `2026-12-05T08:05:00.123Z`, `2026-12-05T11:05:00+03:00`.
pub fn parse_moment(text: &str) -> Option<DateTime<Utc>> {
    let mut read = Reader(text.as_bytes());
    let date = read.date()?;
    if !read.one_of(b"Tt ") {
        return None;
    }
    let time = read.time(true)?;
    let offset = read.offset()?;
    read.end().then_some(())?;
    let at = date.and_time(time).and_utc();
    at.checked_sub_signed(TimeDelta::seconds(offset))
}

/// A moment on the clock face, with no zone, as a task's reminder writes
/// it: `2026-10-13T19:30` (a space for the `T` is read too).
pub fn parse_local_moment(text: &str) -> Option<NaiveDateTime> {
    let mut read = Reader(text.as_bytes());
    let date = read.date()?;
    if !read.one_of(b"Tt ") {
        return None;
    }
    let time = read.time(false)?;
    read.end().then_some(date.and_time(time))
}

/// `2026-10-13T19:30`, or with `between` for the `T` (`2026-10-13 19:30`,
/// as the details show it).
pub fn local_moment(at: NaiveDateTime, between: char) -> String {
    format!(
        "{}{between}{}",
        date_text(at.date()),
        hours_minutes(at.time())
    )
}

/// `18:30`, as a time field shows it.
pub fn hours_minutes(time: NaiveTime) -> String {
    format!("{:02}:{:02}", time.hour(), time.minute())
}

/// `2026-12-05`, as a date field and the wire write it.
pub fn date_text(date: NaiveDate) -> String {
    let mut text = String::with_capacity(10);
    // Writing into a String cannot fail.
    let _ = write_date(&mut text, date);
    text
}

/// `2026-12-05`.
fn write_date(out: &mut String, date: NaiveDate) -> fmt::Result {
    let year = date.year();
    if (0..=9999).contains(&year) {
        write!(out, "{year:04}")?;
    } else {
        write!(out, "{year:+05}")?;
    }
    write!(out, "-{:02}-{:02}", date.month(), date.day())
}

/// `08:05:00`, with as many digits of fraction as it needs in threes.
fn write_time(out: &mut String, time: NaiveTime) -> fmt::Result {
    // A leap second is kept as nanoseconds past a whole second.
    let (second, nanos) = match time.nanosecond() {
        n if n >= 1_000_000_000 => (time.second() + 1, n - 1_000_000_000),
        n => (time.second(), n),
    };
    write!(out, "{:02}:{:02}:{second:02}", time.hour(), time.minute())?;
    match nanos {
        0 => Ok(()),
        n if n % 1_000_000 == 0 => write!(out, ".{:03}", n / 1_000_000),
        n if n % 1_000 == 0 => write!(out, ".{:06}", n / 1_000),
        n => write!(out, ".{n:09}"),
    }
}

fn write_moment(out: &mut String, at: DateTime<Utc>) -> fmt::Result {
    let naive = at.naive_utc();
    write_date(out, naive.date())?;
    out.write_char('T')?;
    write_time(out, naive.time())?;
    out.write_char('Z')
}

/// Reads the parts of a date or a moment, front to back.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn end(&self) -> bool {
        self.0.is_empty()
    }

    fn one_of(&mut self, allowed: &[u8]) -> bool {
        match self.0.split_first() {
            Some((first, rest)) if allowed.contains(first) => {
                self.0 = rest;
                true
            }
            _ => false,
        }
    }

    /// Between `min` and `max` digits, as a number.
    fn number(&mut self, min: usize, max: usize) -> Option<u32> {
        let digits = self
            .0
            .iter()
            .take(max)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits < min {
            return None;
        }
        let (number, rest) = self.0.split_at(digits);
        self.0 = rest;
        number.iter().try_fold(0u32, |sum, digit| {
            sum.checked_mul(10)?.checked_add(u32::from(digit - b'0'))
        })
    }

    fn date(&mut self) -> Option<NaiveDate> {
        let sign = if self.one_of(b"-") {
            -1
        } else {
            self.one_of(b"+");
            1
        };
        let year = sign * i32::try_from(self.number(4, 6)?).ok()?;
        self.one_of(b"-").then_some(())?;
        let month = self.number(1, 2)?;
        self.one_of(b"-").then_some(())?;
        let day = self.number(1, 2)?;
        NaiveDate::from_ymd_opt(year, month, day)
    }

    fn time(&mut self, seconds: bool) -> Option<NaiveTime> {
        let hour = self.number(1, 2)?;
        self.one_of(b":").then_some(())?;
        let minute = self.number(2, 2)?;
        let (second, nanos) = if seconds && self.one_of(b":") {
            (self.number(2, 2)?, self.fraction()?)
        } else {
            (0, 0)
        };
        NaiveTime::from_hms_nano_opt(hour, minute, second, nanos)
    }

    /// `.123` as nanoseconds (digits past the ninth are dropped); none is 0.
    fn fraction(&mut self) -> Option<u32> {
        if !self.one_of(b".,") {
            return Some(0);
        }
        let digits = self.0.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let (fraction, rest) = self.0.split_at(digits);
        self.0 = rest;
        Some(
            (0..9)
                .map(|at| fraction.get(at).map_or(0, |digit| u32::from(digit - b'0')))
                .fold(0, |sum, digit| sum * 10 + digit),
        )
    }

    /// `Z`, or `+03:00` as seconds east of UTC.
    fn offset(&mut self) -> Option<i64> {
        if self.one_of(b"Zz") {
            return Some(0);
        }
        let sign = match self.0.first()? {
            b'+' => 1,
            b'-' => -1,
            _ => return None,
        };
        self.0 = &self.0[1..];
        let hours = self.number(2, 2)?;
        self.one_of(b":");
        let minutes = self.number(2, 2)?;
        (hours < 24 && minutes < 60).then(|| sign * i64::from(hours * 3600 + minutes * 60))
    }
}

/// Reads a string with `parse`, refusing it in serde's words otherwise.
struct Text<T>(fn(&str) -> Option<T>, &'static str);

impl<T> Visitor<'_> for Text<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.0)(text).ok_or_else(|| E::invalid_value(Unexpected::Str(text), &self))
    }
}

/// The same, where the value may be absent (`null`).
struct MaybeText<T>(Text<T>);

impl<'de, T> Visitor<'de> for MaybeText<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self.0).map(Some)
    }
}

/// Writes with `write` into a string, then hands it to serde.
fn serialize_with<S: Serializer, T: Copy>(
    serializer: S,
    value: T,
    write: fn(&mut String, T) -> fmt::Result,
) -> Result<S::Ok, S::Error> {
    let mut text = String::with_capacity(24);
    write(&mut text, value).map_err(serde::ser::Error::custom)?;
    serializer.serialize_str(&text)
}

/// `DateTime<Utc>` fields.
pub mod moment {
    use super::*;

    pub fn serialize<S: Serializer>(at: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_with(serializer, *at, write_moment)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        d.deserialize_str(Text(parse_moment, "an RFC 3339 moment"))
    }
}

/// `Option<DateTime<Utc>>` fields (`null` when absent).
pub mod moment_opt {
    use super::*;

    pub fn serialize<S: Serializer>(
        at: &Option<DateTime<Utc>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match at {
            Some(at) => moment::serialize(at, serializer),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
        d.deserialize_option(MaybeText(Text(parse_moment, "an RFC 3339 moment")))
    }
}

/// `NaiveDate` fields.
pub mod date {
    use super::*;

    pub fn serialize<S: Serializer>(date: &NaiveDate, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_with(serializer, *date, write_date)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDate, D::Error> {
        d.deserialize_str(Text(parse_date, "a date such as 2026-09-01"))
    }
}

/// `NaiveTime` fields: `18:30:00`.
pub mod time {
    use super::*;

    pub fn serialize<S: Serializer>(time: &NaiveTime, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_with(serializer, *time, write_time)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveTime, D::Error> {
        d.deserialize_str(Text(parse_time, "a time such as 18:30"))
    }
}

/// `Option<NaiveTime>` fields (`null` when absent).
pub mod time_opt {
    use super::*;

    pub fn serialize<S: Serializer>(
        time: &Option<NaiveTime>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match time {
            Some(time) => serialize_with(serializer, *time, write_time),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<NaiveTime>, D::Error> {
        d.deserialize_option(MaybeText(Text(parse_time, "a time such as 18:30")))
    }
}

#[cfg(test)]
mod tests;
