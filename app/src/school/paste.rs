//! «Вставить задания»: homework as it is copied from an electronic diary's
//! page or a class chat, read into tasks for the student to check before
//! adding. Each line (or each part of a chat line between ` / `) is a
//! task; a subject at its start («Алгебра: №245», «рус. яз — упр. 112»)
//! is matched to one of the student's subjects; a line that is only a
//! date («Среда, 15 октября», «На завтра:», «к понедельнику») dates the
//! tasks under it, and one that starts with a date («На завтра: выучить
//! стих») dates itself and those after it. A task with no date is due at
//! its subject's next lesson, if it has a subject. Nothing typed is lost:
//! a line that is not understood is a task under its own words.

use super::subjects::{subject_named, Subject};
use crate::domain::ListId;
use crate::quick_add;
use chrono::NaiveDate;

/// A task read from the pasted text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastedTask {
    /// The line as written, without the date it began with.
    pub title: String,
    pub subject: Option<ListId>,
    pub due: PastedDue,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PastedDue {
    On(NaiveDate),
    /// At the subject's next lesson (the timetable says when).
    NextLesson,
    /// Neither a date nor a subject: the student picks one.
    Undated,
}

/// The most tasks one paste makes (a week of a diary is some forty).
pub const MAX_PASTED: usize = 100;

/// What a paste says nothing about: a subject's line left empty.
const NOTHING: [&str; 6] = ["", "-", "—", "нет", "не задано", "ничего"];

pub fn read_pasted(text: &str, subjects: &[Subject], today: NaiveDate) -> Vec<PastedTask> {
    let mut tasks = Vec::new();
    let mut dated: Option<NaiveDate> = None;
    for item in text.lines().flat_map(|line| line.split(" / ")) {
        let item = without_bullet(item.trim());
        if let Some(date) = date_of(item, today) {
            dated = Some(date);
            continue;
        }
        let mut rest = item;
        if let Some((head, tail)) = item.split_once(':') {
            if let Some(date) = date_of(head, today) {
                dated = Some(date);
                rest = tail.trim();
            }
        }
        let subject = subject_at_start(rest, subjects);
        let said = subject.map_or(rest, |(_, words)| words);
        if NOTHING.contains(&said.trim().to_lowercase().as_str()) {
            continue;
        }
        let subject = subject.map(|(subject, _)| subject.id);
        tasks.push(PastedTask {
            title: rest.to_owned(),
            subject,
            due: match (dated, subject) {
                (Some(date), _) => PastedDue::On(date),
                (None, Some(_)) => PastedDue::NextLesson,
                (None, None) => PastedDue::Undated,
            },
        });
        if tasks.len() == MAX_PASTED {
            break;
        }
    }
    tasks
}

/// `- `, `• `, `* `, `1) `, `1. ` at a line's start.
fn without_bullet(item: &str) -> &str {
    let item = item
        .trim_start_matches(['-', '•', '*', '–', '—'])
        .trim_start();
    let digits = item.chars().take_while(char::is_ascii_digit).count();
    match item[digits..].chars().next() {
        Some(')' | '.') if digits > 0 && digits <= 2 && item[digits + 1..].starts_with(' ') => {
            item[digits + 1..].trim_start()
        }
        _ => item,
    }
}

/// The date `text` names and nothing else: «На завтра», «Среда, 15
/// октября», «к понедельнику», «16.10», "Homework for Monday".
fn date_of(text: &str, today: NaiveDate) -> Option<NaiveDate> {
    let text = text.trim().trim_end_matches([':', '.']).replace(',', " ");
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let words = match words.as_slice() {
        ["homework", "for", rest @ ..] => rest,
        ["дз" | "домашка" | "homework", rest @ ..] => rest,
        ["домашнее", "задание", rest @ ..] => rest,
        ["задание" | "задания", rest @ ..] => rest,
        _ => &words[..],
    };
    let only_date = |words: &[&str]| {
        let line = words.join(" ");
        let read = quick_add::parse(&line, today);
        let due = read.due.filter(|due| due.time.is_none())?;
        let nothing_else = read.title == line.trim()
            && read.list.is_none()
            && read.recurrence.is_none()
            && read.priority == crate::domain::Priority::NORMAL;
        nothing_else.then_some(due.date)
    };
    only_date(words).or_else(|| {
        // «Среда 15 октября»: the weekday before a date only names it.
        let (first, rest) = words.split_first()?;
        quick_add::is_weekday(first)
            .then(|| only_date(rest))
            .flatten()
    })
}

/// The subject a task's words start with, and the words after it:
/// «Алгебра: №245», «рус. яз — упр. 112», «Литература читать гл. 3».
fn subject_at_start<'a, 't>(
    text: &'t str,
    subjects: &'a [Subject],
) -> Option<(&'a Subject, &'t str)> {
    for separator in [":", " — ", " – ", " - "] {
        if let Some((head, tail)) = text.split_once(separator) {
            if let Some(subject) = subject_named(head, subjects) {
                return Some((subject, tail.trim()));
            }
        }
    }
    // No separator: the first one to three words.
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|(at, c)| c.is_whitespace() && *at > 0)
        .map(|(at, _)| at)
        .take(3)
        .collect();
    starts.iter().rev().find_map(|&end| {
        subject_named(&text[..end], subjects).map(|subject| (subject, text[end..].trim()))
    })
}

#[cfg(test)]
mod tests;
