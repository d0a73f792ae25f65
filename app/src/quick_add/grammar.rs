//! How the words of a line are recognised. Each reader looks at the words
//! from one position and, if it understands them, says how many it took.

use super::next_lesson::{self, NextLesson};
use super::vocabulary::{is_preposition, month, part_of_day, unit_days, weekday};
use super::QuickAdd;
use crate::domain::{wire_time, Due, Priority, Recurrence, TaskReminder};
use crate::reminders::Lead;
use chrono::{Datelike, Days, Months, NaiveDate, NaiveTime, Weekday};

/// What a group of words meant.
enum Meaning {
    Date(NaiveDate),
    Time(NaiveTime),
    DateAndTime(NaiveDate, NaiveTime),
    Repeat(Repeat),
    Priority(Priority),
    List(String),
    Reminder(TaskReminder),
    /// «к следующему уроку» (and the subject it names, if it does).
    NextLesson(NextLesson),
}

/// A repetition whose weekday may depend on the date (`every week`).
enum Repeat {
    Rule(Recurrence),
    WeeklyOn(Weekday),
    WeeklyOnDueDay,
}

/// What the line has said so far: only the first mention of each kind
/// counts; a second stays in the title.
#[derive(Default)]
struct Found {
    date: Option<NaiveDate>,
    time: Option<NaiveTime>,
    repeat: Option<Repeat>,
    priority: Option<Priority>,
    list: Option<String>,
    reminder: Option<TaskReminder>,
    next_lesson: Option<NextLesson>,
}

impl Found {
    fn is_new(&self, meaning: &Meaning) -> bool {
        // The next lesson is a date: one or the other.
        let undated = self.date.is_none() && self.next_lesson.is_none();
        match meaning {
            Meaning::Date(_) => undated,
            Meaning::Time(_) => self.time.is_none() && self.next_lesson.is_none(),
            Meaning::DateAndTime(..) => undated && self.time.is_none(),
            Meaning::Repeat(_) => self.repeat.is_none(),
            Meaning::Priority(_) => self.priority.is_none(),
            Meaning::List(_) => self.list.is_none(),
            Meaning::Reminder(_) => self.reminder.is_none(),
            Meaning::NextLesson(_) => undated && self.time.is_none(),
        }
    }

    fn take(&mut self, meaning: Meaning) {
        match meaning {
            Meaning::Date(d) => self.date = Some(d),
            Meaning::Time(t) => self.time = Some(t),
            Meaning::DateAndTime(d, t) => (self.date, self.time) = (Some(d), Some(t)),
            Meaning::Repeat(r) => self.repeat = Some(r),
            Meaning::Priority(p) => self.priority = Some(p),
            Meaning::List(name) => self.list = Some(name),
            Meaning::Reminder(r) => self.reminder = Some(r),
            Meaning::NextLesson(n) => self.next_lesson = Some(n),
        }
    }
}

pub fn read(line: &str, today: NaiveDate) -> QuickAdd {
    let words: Vec<&str> = line.split_whitespace().collect();
    let lower: Vec<String> = words
        .iter()
        .map(|w| w.trim_end_matches([',', ';']).to_lowercase())
        .collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();

    let mut found = Found::default();
    let mut title = Vec::new();
    let mut i = 0;
    while i < words.len() {
        // A preposition counts only together with what it introduces.
        let skip = usize::from(is_preposition(lower[i]) && i + 1 < words.len());
        let lesson = next_lesson::phrase(&lower[i..]).map(|(taken, subject)| {
            let words = words[i..i + taken].join(" ");
            (0, taken, Meaning::NextLesson(NextLesson { subject, words }))
        });
        let found_here = lesson
            .or_else(|| {
                understand(&lower[i + skip..], words[i + skip], today)
                    .map(|(taken, meaning)| (skip, taken, meaning))
            })
            .filter(|(_, _, meaning)| found.is_new(meaning));
        match found_here {
            Some((skip, taken, meaning)) => {
                found.take(meaning);
                i += skip + taken;
            }
            None => {
                title.push(words[i]);
                i += 1;
            }
        }
    }

    let Found {
        date,
        time,
        repeat,
        priority,
        list,
        reminder,
        next_lesson,
    } = found;
    let recurrence = repeat.map(|repeat| match repeat {
        Repeat::Rule(rule) => rule,
        Repeat::WeeklyOn(day) => Recurrence::Weekly(vec![day]),
        Repeat::WeeklyOnDueDay => Recurrence::Weekly(vec![date.unwrap_or(today).weekday()]),
    });
    // A repetition starts on its first day; a time alone is for today.
    let date = date.or_else(|| match &recurrence {
        Some(Recurrence::Weekly(days)) => days.first().map(|day| on_or_after(today, *day)),
        Some(_) => Some(today),
        None => time.map(|_| today),
    });
    let title = if title.is_empty() {
        line.trim().to_owned()
    } else {
        title.join(" ")
    };
    QuickAdd {
        title,
        due: date.map(|date| Due { date, time }),
        priority: priority.unwrap_or(Priority::NORMAL),
        list,
        recurrence,
        reminder: reminder.unwrap_or_default(),
        view_list: None,
        next_lesson,
        view_due: None,
    }
}

fn understand(words: &[&str], original: &str, today: NaiveDate) -> Option<(usize, Meaning)> {
    priority(words)
        .or_else(|| reminder(words))
        .or_else(|| list(words, original))
        .or_else(|| repetition(words))
        .or_else(|| relative_day(words, today))
        .or_else(|| in_some_time(words, today))
        .or_else(|| weekday_ahead(words, today))
        .or_else(|| numeric_date(words, today))
        .or_else(|| day_and_month(words, today))
        .or_else(|| time_of_day(words))
}

/// `!`, `!!`, `!!!` (more marks, more urgent), and as people bring it from
/// other planners: `p1` (most urgent) to `p4` (none), `!1` to `!3`.
fn priority(words: &[&str]) -> Option<(usize, Meaning)> {
    let level = match *words.first()? {
        "!" => 3,
        "!!" => 2,
        "!!!" | "!!!!" => 1,
        "p1" | "!1" => 1,
        "p2" | "!2" => 2,
        "p3" | "!3" => 3,
        "p4" => 4,
        _ => return None,
    };
    Priority::new(level).ok().map(|p| (1, Meaning::Priority(p)))
}

/// «напомни за час», «напомнить за 15 минут», «напомни в срок», «без
/// напоминания»; "remind me 1h before", "remind on time", "no reminder".
/// Only the leads a reminder can have: «за 2 часа» stays in the title.
fn reminder(words: &[&str]) -> Option<(usize, Meaning)> {
    let meaning = |taken, reminder| Some((taken, Meaning::Reminder(reminder)));
    if let ["без", "напоминания" | "напоминаний", ..] | ["no", "reminder" | "reminders", ..] = words
    {
        return meaning(2, TaskReminder::Off);
    }
    if !matches!(*words.first()?, "напомни" | "напомнить" | "remind") {
        return None;
    }
    let to_me = usize::from(matches!(words.get(1), Some(&"мне" | &"me")));
    let rest = &words[1 + to_me..];
    let (taken, lead) = match rest {
        ["вовремя", ..] | ["on-time", ..] => (1, Lead::AtTime),
        ["в", "срок", ..] | ["on", "time", ..] => (2, Lead::AtTime),
        ["at", "the", "time", ..] => (3, Lead::AtTime),
        ["за", amount @ ..] => lead_amount(amount).map(|(n, lead)| (n + 1, lead))?,
        amount => {
            let (n, lead) = lead_amount(amount)?;
            (n + usize::from(amount.get(n) == Some(&"before")), lead)
        }
    };
    meaning(1 + to_me + taken, TaskReminder::Before(lead))
}

/// «час», «15 минут», «1 день», "1h", "an hour", "15 min", "a day".
fn lead_amount(words: &[&str]) -> Option<(usize, Lead)> {
    let unit = |word: &str| match word {
        "час" | "часа" | "ч" | "hour" | "h" => Some(Lead::Hour),
        "день" | "сутки" | "д" | "day" | "d" => Some(Lead::Day),
        "минут" | "мин" | "м" | "minutes" | "min" | "mins" | "m" => Some(Lead::Minutes15),
        _ => None,
    };
    let count_fits = |count: &str, lead: Lead| match lead {
        Lead::Minutes15 => count == "15",
        _ => matches!(count, "1" | "один" | "одну" | "a" | "an" | "one"),
    };
    let first = *words.first()?;
    // «час», «день»: the unit alone means one.
    if let Some(lead @ (Lead::Hour | Lead::Day)) = unit(first).filter(|_| first.len() > 1) {
        return Some((1, lead));
    }
    // «1ч», «15мин», "1h", "15m": the count and the unit in one word.
    let digits = first.len() - first.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && digits < first.len() {
        let (count, rest) = first.split_at(digits);
        let lead = unit(rest)?;
        return count_fits(count, lead).then_some((1, lead));
    }
    let lead = unit(words.get(1)?)?;
    count_fits(first, lead).then_some((2, lead))
}

fn list(words: &[&str], original: &str) -> Option<(usize, Meaning)> {
    words
        .first()?
        .strip_prefix('#')
        .filter(|name| !name.is_empty())?;
    let name = original.trim_end_matches([',', ';']).strip_prefix('#')?;
    Some((1, Meaning::List(name.to_owned())))
}

fn repetition(words: &[&str]) -> Option<(usize, Meaning)> {
    let rule = |r| Some(Meaning::Repeat(Repeat::Rule(r)));
    let single = match *words.first()? {
        "ежедневно" | "daily" => rule(Recurrence::EveryDays(1)),
        "еженедельно" | "weekly" => Some(Meaning::Repeat(Repeat::WeeklyOnDueDay)),
        "ежемесячно" | "monthly" => rule(Recurrence::MONTHLY),
        "ежегодно" | "yearly" => rule(Recurrence::YEARLY),
        _ => None,
    };
    if let Some(meaning) = single {
        return Some((1, meaning));
    }
    if !matches!(
        *words.first()?,
        "каждый" | "каждую" | "каждое" | "каждые" | "every"
    ) {
        return None;
    }
    let next = *words.get(1)?;
    let meaning = match next {
        "месяц" | "month" => rule(Recurrence::MONTHLY),
        "год" | "year" => rule(Recurrence::YEARLY),
        word if unit_days(word) == Some(1) => rule(Recurrence::EveryDays(1)),
        word if unit_days(word) == Some(7) => Some(Meaning::Repeat(Repeat::WeeklyOnDueDay)),
        word => weekday(word).map(|day| Meaning::Repeat(Repeat::WeeklyOn(day))),
    };
    if let Some(meaning) = meaning {
        return Some((2, meaning));
    }
    // «каждые 3 дня», "every 2 weeks"
    let n: u32 = next.parse().ok().filter(|n| *n > 0)?;
    let days = u16::try_from(n.checked_mul(unit_days(words.get(2)?)?)?).ok()?;
    let rule = Recurrence::EveryDays(days);
    (days <= Recurrence::MAX_DAYS).then_some((3, Meaning::Repeat(Repeat::Rule(rule))))
}

fn relative_day(words: &[&str], today: NaiveDate) -> Option<(usize, Meaning)> {
    let ahead = |n: u64| today.checked_add_days(Days::new(n));
    if words.starts_with(&["day", "after", "tomorrow"]) {
        return Some((3, Meaning::Date(ahead(2)?)));
    }
    let evening = NaiveTime::from_hms_opt(19, 0, 0)?;
    match *words.first()? {
        "сегодня" | "today" => Some((1, Meaning::Date(today))),
        "tonight" => Some((1, Meaning::DateAndTime(today, evening))),
        "завтра" | "tomorrow" => Some((1, Meaning::Date(ahead(1)?))),
        "послезавтра" => Some((1, Meaning::Date(ahead(2)?))),
        _ => None,
    }
}

/// «через 3 дня», «через неделю», «через месяц», "in 2 weeks", "in a week".
fn in_some_time(words: &[&str], today: NaiveDate) -> Option<(usize, Meaning)> {
    if !matches!(*words.first()?, "через" | "in") {
        return None;
    }
    let (count, taken) = match words.get(1)?.parse::<u32>() {
        Ok(n) => (n, 3),
        Err(_) if matches!(*words.get(1)?, "a" | "one") => (1, 3),
        Err(_) => (1, 2),
    };
    let unit = *words.get(taken - 1)?;
    if matches!(unit, "месяц" | "месяца" | "месяцев" | "month" | "months") {
        let date = today.checked_add_months(Months::new(count))?;
        return Some((taken, Meaning::Date(date)));
    }
    let days = count.checked_mul(unit_days(unit)?)?;
    Some((
        taken,
        Meaning::Date(today.checked_add_days(Days::new(days.into()))?),
    ))
}

/// «в пятницу», «пт», "next fri", «в следующий вторник»: the next such
/// day after today.
fn weekday_ahead(words: &[&str], today: NaiveDate) -> Option<(usize, Meaning)> {
    let next_word = matches!(
        *words.first()?,
        "next" | "следующий" | "следующую" | "следующее" | "следующей"
    );
    let taken = 1 + usize::from(next_word);
    let day = weekday(words.get(taken - 1)?)?;
    let date = on_or_after(today.succ_opt()?, day);
    Some((taken, Meaning::Date(date)))
}

/// `12.05`, `12.05.2027`, `12.05.27`, `2027-05-12`.
fn numeric_date(words: &[&str], today: NaiveDate) -> Option<(usize, Meaning)> {
    let word = *words.first()?;
    if let Some(date) = wire_time::parse_date(word) {
        return Some((1, Meaning::Date(date)));
    }
    let parts: Vec<&str> = word.split('.').collect();
    let number = |i: usize| parts.get(i).and_then(|p| p.parse::<u32>().ok());
    let (day, month) = (number(0)?, number(1)?);
    let date = match parts.len() {
        2 => next_date(today, month, day)?,
        3 => {
            let year = number(2)?;
            let year = if year < 100 { 2000 + year } else { year };
            NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)?
        }
        _ => return None,
    };
    Some((1, Meaning::Date(date)))
}

/// «12 мая», «12 мая 2027», "12 May", "May 12", "May 12th, 2027".
fn day_and_month(words: &[&str], today: NaiveDate) -> Option<(usize, Meaning)> {
    let day_number = |word: &str| {
        let digits = word.trim_end_matches(|c: char| c.is_alphabetic());
        digits.parse::<u32>().ok().filter(|_| !digits.is_empty())
    };
    let (day, month_number) = match (day_number(words.first()?), words.get(1)) {
        (Some(day), Some(name)) => (day, month(name)?),
        (None, Some(second)) => (day_number(second)?, month(words.first()?)?),
        _ => return None,
    };
    let year = words
        .get(2)
        .and_then(|w| w.trim_end_matches(['г', '.']).parse::<i32>().ok())
        .filter(|y| (2000..=2100).contains(y));
    match year {
        Some(year) => {
            let date = NaiveDate::from_ymd_opt(year, month_number, day)?;
            Some((3, Meaning::Date(date)))
        }
        None => Some((2, Meaning::Date(next_date(today, month_number, day)?))),
    }
}

/// `18:00`, `6pm`, `6:30pm`, `6 pm`, «9 утра», «7 вечера», «утром».
fn time_of_day(words: &[&str]) -> Option<(usize, Meaning)> {
    let word = *words.first()?;
    let time = |h: u32, m: u32| NaiveTime::from_hms_opt(h, m, 0);
    if let Some(hour) = part_of_day(word) {
        return Some((1, Meaning::Time(time(hour, 0)?)));
    }
    let clock = |text: &str| -> Option<(u32, u32)> {
        match text.split_once(':') {
            Some((h, m)) if m.len() == 2 => Some((h.parse().ok()?, m.parse().ok()?)),
            Some(_) => None,
            None => Some((text.parse().ok()?, 0)),
        }
    };
    let twelve_hour = |h: u32, m: u32, pm: bool| {
        (1..=12)
            .contains(&h)
            .then(|| time(h % 12 + if pm { 12 } else { 0 }, m))?
    };
    for (suffix, pm) in [("am", false), ("pm", true)] {
        if let Some((h, m)) = word.strip_suffix(suffix).and_then(clock) {
            return Some((1, Meaning::Time(twelve_hour(h, m, pm)?)));
        }
    }
    let (h, m) = clock(word)?;
    match words.get(1).copied() {
        Some("am" | "утра") => Some((2, Meaning::Time(twelve_hour(h, m, false)?))),
        Some("pm" | "вечера" | "дня") => {
            Some((2, Meaning::Time(twelve_hour(h, m, true)?)))
        }
        Some("ночи") => Some((2, Meaning::Time(twelve_hour(h, m, false)?))),
        // A bare number is not a time («купить 2 тетради»); «18:00» is.
        _ if word.contains(':') => Some((1, Meaning::Time(time(h, m)?))),
        _ => None,
    }
}

/// The first `day` on or after `from`.
fn on_or_after(from: NaiveDate, day: Weekday) -> NaiveDate {
    let ahead = (7 + day.num_days_from_monday() - from.weekday().num_days_from_monday()) % 7;
    from + Days::new(ahead.into())
}

/// The next `day.month` from today on (this year's, or else next year's).
fn next_date(today: NaiveDate, month: u32, day: u32) -> Option<NaiveDate> {
    let this_year = NaiveDate::from_ymd_opt(today.year(), month, day);
    match this_year {
        Some(date) if date >= today => Some(date),
        // 29 February comes back in the next leap year.
        _ => (1..=8).find_map(|ahead| NaiveDate::from_ymd_opt(today.year() + ahead, month, day)),
    }
}
