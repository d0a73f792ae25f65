//! A repeating task as an `RRULE` (RFC 5545) whose dates are Tetrad's.
//!
//! Two of Tetrad's rules clamp where RFC 5545 skips: a task due monthly on
//! the 31st falls on each month's last day (the RFC's plain
//! `FREQ=MONTHLY` would skip the months without a 31st), and a yearly task
//! due on 29 February falls on the 28th in other years (`FREQ=YEARLY`
//! alone would come back only in leap years). For those the rule names the
//! candidate days and takes the last that exists (`BYSETPOS=-1`), or the
//! month's last day (`BYMONTHDAY=-1`) for the 31st, which every calendar
//! app reads. The day is the series' (`Recurrence::series_day`): an
//! occurrence on 28 February of a series of the 31st is drawn going back
//! to the 31st in March, as the app will make it.

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
        Recurrence::Monthly { .. } => match rule.series_day(first) {
            ..=28 => "FREQ=MONTHLY".to_owned(),
            31 => "FREQ=MONTHLY;BYMONTHDAY=-1".to_owned(),
            day => format!("FREQ=MONTHLY;BYMONTHDAY={};BYSETPOS=-1", days_from_28(day)),
        },
        Recurrence::Yearly { .. } if (first.month(), rule.series_day(first)) == (2, 29) => {
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1".to_owned()
        }
        Recurrence::Yearly { .. } => "FREQ=YEARLY".to_owned(),
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
    use app::domain::{Task, TaskForm, TaskId};
    use chrono::Utc;
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
            repeat_rule(&Recurrence::MONTHLY, date(2026, 1, 28)),
            "FREQ=MONTHLY"
        );
    }

    #[test]
    fn monthly_on_the_31st_falls_on_every_months_last_day() {
        let first = date(2027, 1, 31);
        assert_eq!(
            repeat_rule(&Recurrence::MONTHLY, first),
            "FREQ=MONTHLY;BYMONTHDAY=-1"
        );
        assert_eq!(
            drawn(&Recurrence::MONTHLY, first, 4),
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
            repeat_rule(&Recurrence::MONTHLY, first),
            "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1"
        );
        assert_eq!(
            drawn(&Recurrence::MONTHLY, first, 4),
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
            drawn(&Recurrence::YEARLY, first, 5),
            [
                date(2028, 2, 29),
                date(2029, 2, 28),
                date(2030, 2, 28),
                date(2031, 2, 28),
                date(2032, 2, 29)
            ]
        );
        assert_eq!(
            repeat_rule(&Recurrence::YEARLY, date(2026, 9, 1)),
            "FREQ=YEARLY"
        );
    }

    /// Twelve occurrences of a task first due on `first`, each made from
    /// the one before as completing it does.
    fn occurrences(rule: &str, first: NaiveDate) -> Vec<Task> {
        let form = TaskForm {
            title: "Реферат".into(),
            due_date: first.to_string(),
            recurrence: rule.into(),
            ..TaskForm::default()
        };
        let at = Utc::now();
        let mut chain = vec![Task::new(TaskId::new(), form.parse().unwrap(), at)];
        while chain.len() < 12 {
            let next = chain.last().unwrap().next_occurrence(NaiveDate::MIN, at);
            chain.push(next.unwrap());
        }
        chain
    }

    /// The promise that matters most: whatever the rule and the day, the
    /// dates a calendar app draws after an open occurrence's own are the
    /// ones Tetrad gives the occurrences after it, one by one. (The event's
    /// own date is its `DTSTART`, which calendar apps show even on a day
    /// the rule does not name, as a task due on a Friday and repeating on
    /// Mondays is; the `rrule` crate leaves such a date out.)
    #[test]
    fn for_every_rule_and_day_of_two_years_the_calendar_draws_tetrads_next_ten_dates() {
        let rules = [
            "daily",
            "every 3 days",
            "every 366 days",
            "weekly mon",
            "weekly tue,sat,sun",
            "monthly",
            "yearly",
        ];
        let mut first = date(2027, 1, 1);
        while first < date(2029, 1, 1) {
            for rule in rules {
                let chain = occurrences(rule, first);
                let dates: Vec<NaiveDate> = chain.iter().map(|t| t.due.unwrap().date).collect();
                // From the first occurrence, and from one that may have
                // fallen early in a short month (the second).
                for from in [0, 1] {
                    let open = &chain[from];
                    let recurrence = open.recurrence.as_ref().unwrap();
                    let expected = &dates[from + 1..];
                    let drawn: Vec<NaiveDate> = drawn(recurrence, dates[from], 12)
                        .into_iter()
                        .filter(|d| *d > dates[from])
                        .take(expected.len())
                        .collect();
                    assert_eq!(drawn, expected, "{rule} from {first}, occurrence {from}");
                }
            }
            first = first.succ_opt().unwrap();
        }
    }
}
