//! Tests of `wire_time.rs`.

use super::*;
use chrono::TimeZone;

fn written(at: DateTime<Utc>) -> String {
    let mut text = String::new();
    write_moment(&mut text, at).unwrap();
    text
}

#[test]
fn moments_are_written_as_chrono_writes_them() {
    for at in [
        Utc.with_ymd_and_hms(2026, 12, 5, 8, 5, 0).unwrap(),
        Utc.timestamp_millis_opt(1_796_000_000_123).unwrap(),
        Utc.timestamp_opt(1_796_000_000, 123_456_000).unwrap(),
        Utc.timestamp_opt(1_796_000_000, 123_456_789).unwrap(),
        Utc.with_ymd_and_hms(1, 1, 1, 0, 0, 0).unwrap(),
    ] {
        let chrono_json = serde_json::to_string(&at).unwrap();
        assert_eq!(format!("\"{}\"", written(at)), chrono_json);
        assert_eq!(parse_moment(&written(at)), Some(at), "{chrono_json}");
    }
}

#[test]
fn moments_with_an_offset_or_a_space_are_read_in_utc() {
    let at = Utc.with_ymd_and_hms(2026, 12, 5, 8, 5, 0).unwrap();
    assert_eq!(parse_moment("2026-12-05T11:05:00+03:00"), Some(at));
    assert_eq!(parse_moment("2026-12-05 03:05:00-05:00"), Some(at));
    assert_eq!(parse_moment("2026-12-05t08:05:00z"), Some(at));
    assert_eq!(
        parse_moment("2026-12-05T08:05:00.1Z"),
        Some(at + TimeDelta::milliseconds(100))
    );
}

#[test]
fn malformed_moments_are_refused() {
    for text in [
        "",
        "2026-12-05",
        "2026-12-05T08:05:00",
        "2026-12-05T08:05:00ZZ",
        "2026-13-05T08:05:00Z",
        "2026-12-05T24:00:00Z",
        "2026-12-05T08:05:00.Z",
        "2026-12-05T08:05:00+3:00",
        "999999999999-12-05T08:05:00Z",
    ] {
        assert_eq!(parse_moment(text), None, "{text}");
    }
}

#[test]
fn dates_as_forms_and_people_write_them() {
    let day = NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
    assert_eq!(parse_date("2026-09-01"), Some(day));
    assert_eq!(parse_date("2026-9-1"), Some(day));
    for text in [
        "2026-02-30",
        "01.09.2026",
        "26-09-01",
        "2026-09-01x",
        "2026-009-01",
        "",
    ] {
        assert_eq!(parse_date(text), None, "{text}");
    }
    // Occurrence ids are derived from this text: it must never change.
    for day in [
        day,
        NaiveDate::from_ymd_opt(1, 1, 1).unwrap(),
        NaiveDate::MAX,
    ] {
        assert_eq!(date_text(day), day.format("%Y-%m-%d").to_string());
        assert_eq!(
            format!("\"{}\"", date_text(day)),
            serde_json::to_string(&day).unwrap()
        );
    }
}

#[test]
fn times_as_forms_and_the_wire_write_them() {
    let evening = NaiveTime::from_hms_opt(18, 30, 0).unwrap();
    assert_eq!(parse_form_time("18:30"), Some(evening));
    assert_eq!(parse_form_time("9:05"), NaiveTime::from_hms_opt(9, 5, 0));
    assert_eq!(parse_form_time("18:30:00"), None);
    assert_eq!(parse_time("18:30:00"), Some(evening));
    for text in ["25:00", "18:60", "18", "18:3", "18:30:", "18.30", ""] {
        assert_eq!(parse_time(text), None, "{text}");
        assert_eq!(parse_form_time(text), None, "{text}");
    }
    assert_eq!(hours_minutes(evening), "18:30");
    for time in [
        evening,
        NaiveTime::from_hms_milli_opt(7, 0, 1, 500).unwrap(),
    ] {
        let mut text = String::new();
        write_time(&mut text, time).unwrap();
        assert_eq!(format!("\"{text}\""), serde_json::to_string(&time).unwrap());
        assert_eq!(parse_time(&text), Some(time));
    }
}

#[test]
fn fields_round_trip_through_json_and_read_null_as_none() {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Fields {
        #[serde(with = "moment")]
        at: DateTime<Utc>,
        #[serde(default, with = "moment_opt")]
        maybe: Option<DateTime<Utc>>,
        #[serde(with = "date")]
        day: NaiveDate,
        #[serde(default, with = "time_opt")]
        time: Option<NaiveTime>,
    }
    let fields = Fields {
        at: Utc.timestamp_millis_opt(1_796_000_000_123).unwrap(),
        maybe: None,
        day: NaiveDate::from_ymd_opt(2026, 12, 5).unwrap(),
        time: NaiveTime::from_hms_opt(18, 30, 0),
    };
    let json = serde_json::to_string(&fields).unwrap();
    assert_eq!(
        json,
        r#"{"at":"2026-11-30T00:53:20.123Z","maybe":null,"day":"2026-12-05","time":"18:30:00"}"#
    );
    assert_eq!(serde_json::from_str::<Fields>(&json).unwrap(), fields);
    let sparse: Fields =
        serde_json::from_str(r#"{"at":"2026-11-30T00:53:20.123Z","day":"2026-12-05"}"#).unwrap();
    assert_eq!((sparse.maybe, sparse.time), (None, None));
    let wrong = serde_json::from_str::<Fields>(r#"{"at":"yesterday","day":"2026-12-05"}"#);
    assert!(wrong
        .unwrap_err()
        .to_string()
        .contains("an RFC 3339 moment"));
}

#[test]
fn a_reminders_moment_reads_and_writes_as_chrono_would() {
    let format = "%Y-%m-%dT%H:%M";
    for text in ["2026-10-13T19:30", "2026-01-01T00:00", "2026-12-31T23:59"] {
        let chrono = NaiveDateTime::parse_from_str(text, format).unwrap();
        assert_eq!(parse_local_moment(text), Some(chrono));
        assert_eq!(local_moment(chrono, 'T'), chrono.format(format).to_string());
    }
    let at = parse_local_moment("2026-10-13 19:30").unwrap();
    assert_eq!(local_moment(at, ' '), "2026-10-13 19:30");
    for wrong in [
        "",
        "2026-10-13",
        "2026-10-13T",
        "2026-10-13T25:00",
        "2026-10-13T19:30:00",
        "19:30",
    ] {
        assert_eq!(parse_local_moment(wrong), None, "{wrong}");
    }
}
