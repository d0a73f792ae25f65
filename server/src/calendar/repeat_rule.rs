//! A repeating task as an `RRULE` (RFC 5545) whose dates are Tetrad's.
//!
//! Two of Tetrad's rules clamp where RFC 5545 skips: a task due monthly on
//! the 31st falls on each month's last day (the RFC's plain
//! `FREQ=MONTHLY` would skip the months without a 31st), and a yearly task
//! due on 29 February falls on the 28th in other years (`FREQ=YEARLY`
//! alone would come back only in leap years). For those the rule names the
//! candidate days and takes the last that exists (`BYSETPOS=-1`), or the
//! month's last day (`BYMONTHDAY=-1`) for the 31st, which every calendar
//! app reads.

use app::domain::Recurrence;
use chrono::{Datelike, NaiveDate, Weekday};

/// The `RRULE` value for a task repeating by `rule`, first due on `first`.
pub fn repeat_rule(rule: &Recurrence, first: NaiveDate) -> String {
    match rule {
        Recurrence::EveryDays(1) => "FREQ=DAILY".to_owned(),
        Recurrence::EveryDays(n) => format!("FREQ=DAILY;INTERVAL={n}"),
        Recurrence::Weekly(days) => {
            let days: Vec<&str> = days.iter().map(|day| day_code(*day)).collect();
            format!("FREQ=WEEKLY;BYDAY={}", days.join(","))
        }
        Recurrence::Monthly => match first.day() {
            ..=28 => "FREQ=MONTHLY".to_owned(),
            31 => "FREQ=MONTHLY;BYMONTHDAY=-1".to_owned(),
            day => format!("FREQ=MONTHLY;BYMONTHDAY={};BYSETPOS=-1", days_from_28(day)),
        },
        Recurrence::Yearly if (first.month(), first.day()) == (2, 29) => {
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1".to_owned()
        }
        Recurrence::Yearly => "FREQ=YEARLY".to_owned(),
    }
}

/// `28,29` for the 29th, `28,29,30` for the 30th: the last of them that a
/// month has is the day, or the month's last day when it is shorter.
fn days_from_28(day: u32) -> String {
    (28..=day)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn day_code(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "MO",
        Weekday::Tue => "TU",
        Weekday::Wed => "WE",
        Weekday::Thu => "TH",
        Weekday::Fri => "FR",
        Weekday::Sat => "SA",
        Weekday::Sun => "SU",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use icalendar::rrule::RRuleSet;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn rule(text: &str) -> Recurrence {
        Recurrence::parse(text).unwrap()
    }

    /// The first `n` dates a calendar app draws for the rule from `first`
    /// (expanded by the `rrule` crate, as a client would).
    fn drawn(rule: &Recurrence, first: NaiveDate, n: u16) -> Vec<NaiveDate> {
        let text = format!(
            "DTSTART:{}T090000Z\nRRULE:{}",
            first.format("%Y%m%d"),
            repeat_rule(rule, first)
        );
        let set: RRuleSet = text.parse().unwrap();
        set.all(n).dates.iter().map(|d| d.date_naive()).collect()
    }

    #[test]
    fn every_n_days_is_daily_with_an_interval() {
        assert_eq!(repeat_rule(&rule("daily"), date(2026, 9, 1)), "FREQ=DAILY");
        assert_eq!(
            repeat_rule(&rule("every 3 days"), date(2026, 9, 1)),
            "FREQ=DAILY;INTERVAL=3"
        );
    }

    #[test]
    fn weekly_names_its_days_monday_first() {
        assert_eq!(
            repeat_rule(&rule("weekly thu,mon"), date(2026, 9, 1)),
            "FREQ=WEEKLY;BYDAY=MO,TH"
        );
    }

    #[test]
    fn monthly_on_a_day_every_month_has_is_plain_monthly() {
        assert_eq!(
            repeat_rule(&Recurrence::Monthly, date(2026, 1, 28)),
            "FREQ=MONTHLY"
        );
    }

    #[test]
    fn monthly_on_the_31st_falls_on_every_months_last_day() {
        let first = date(2027, 1, 31);
        assert_eq!(
            repeat_rule(&Recurrence::Monthly, first),
            "FREQ=MONTHLY;BYMONTHDAY=-1"
        );
        assert_eq!(
            drawn(&Recurrence::Monthly, first, 4),
            [
                date(2027, 1, 31),
                date(2027, 2, 28),
                date(2027, 3, 31),
                date(2027, 4, 30)
            ]
        );
    }

    #[test]
    fn monthly_on_the_30th_keeps_the_30th_and_takes_februarys_last() {
        let first = date(2028, 1, 30);
        assert_eq!(
            repeat_rule(&Recurrence::Monthly, first),
            "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1"
        );
        assert_eq!(
            drawn(&Recurrence::Monthly, first, 4),
            [
                date(2028, 1, 30),
                date(2028, 2, 29),
                date(2028, 3, 30),
                date(2028, 4, 30)
            ]
        );
    }

    #[test]
    fn yearly_on_29_february_falls_on_the_28th_in_other_years() {
        let first = date(2028, 2, 29);
        assert_eq!(
            drawn(&Recurrence::Yearly, first, 5),
            [
                date(2028, 2, 29),
                date(2029, 2, 28),
                date(2030, 2, 28),
                date(2031, 2, 28),
                date(2032, 2, 29)
            ]
        );
        assert_eq!(
            repeat_rule(&Recurrence::Yearly, date(2026, 9, 1)),
            "FREQ=YEARLY"
        );
    }

    /// The promise that matters most: whatever the rule and the day, the
    /// calendar's next date is the one Tetrad gives the next occurrence.
    /// (The first date is the event's own `DTSTART`, which RFC 5545 counts
    /// as an occurrence even on a day the rule does not name, as a task
    /// due on a Tuesday and repeating on Mondays is.)
    #[test]
    fn for_every_rule_and_every_day_of_two_years_the_calendars_next_date_is_tetrads() {
        let rules = [
            "daily",
            "every 3 days",
            "every 366 days",
            "weekly mon",
            "weekly tue,sat,sun",
            "monthly",
            "yearly",
        ]
        .map(rule);
        let mut first = date(2027, 1, 1);
        while first < date(2029, 1, 1) {
            for rule in &rules {
                let next = drawn(rule, first, 3).into_iter().find(|d| *d > first);
                assert_eq!(next, Some(rule.next_after(first)), "{rule} from {first}");
            }
            first = first.succ_opt().unwrap();
        }
    }
}
