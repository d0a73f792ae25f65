//! «К следующему уроку»: homework due at its subject's next lesson. The
//! phrase is read with the rest of the line (`phrase`); when the page or
//! the server knows the timetable, the line's subject (named in the
//! phrase, «к следующей алгебре», or by `#`, or the list it was added in)
//! gives the date and time (`QuickAdd::at_next_lesson`). Without a lesson
//! to be due at, the phrase goes back into the title: nothing typed is lost.

use super::{list_named, QuickAdd};
use crate::domain::TaskList;
use crate::school::{next_lesson, subject_declined, Subject, Timetable};
use chrono::NaiveDateTime;

/// The phrase as the line gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextLesson {
    /// The subject it names, as written («алгебре»), if it names one.
    pub subject: Option<String>,
    /// Its words as typed, for the title if no lesson is found.
    pub words: String,
}

/// Words that follow «следующий» / "next" and are no subject.
fn is_time_word(word: &str) -> bool {
    const STEMS: [&str; 12] = [
        "недел",
        "месяц",
        "год",
        "выходн",
        "раз",
        "день",
        "week",
        "month",
        "year",
        "time",
        "day",
        "weekend",
    ];
    super::is_weekday(word) || STEMS.iter().any(|stem| word.starts_with(stem))
}

fn is_lesson(word: &str) -> bool {
    matches!(
        word.trim_end_matches(['.', '!']),
        "урок" | "уроку" | "lesson" | "class"
    )
}

fn is_next(word: &str) -> bool {
    word.starts_with("следующ") || matches!(word, "след" | "след." | "next")
}

/// Reads the phrase at the start of `words` (lower case): how many words
/// it takes, and the subject it names (`None`: the line's own subject).
/// «к следующему уроку», «на след. урок», «к уроку», «к следующей
/// алгебре»; "for the next lesson", "by next class", "next lesson", "for
/// next algebra". A lesson alone needs its preposition («выучить урок»
/// stays a title), and «к следующей неделе» is no subject.
pub fn phrase(words: &[&str]) -> Option<(usize, Option<String>)> {
    let preposition = usize::from(matches!(
        words.first(),
        Some(&("к" | "ко" | "на" | "for" | "by" | "until"))
    ));
    let the = usize::from(preposition == 1 && words.get(1) == Some(&"the"));
    let rest = &words[preposition + the..];
    match rest {
        [next, lesson, ..] if is_next(next) && is_lesson(lesson) => {
            Some((preposition + the + 2, None))
        }
        [lesson, ..] if is_lesson(lesson) && preposition == 1 && the == 0 => Some((1 + 1, None)),
        [next, subject, ..] if is_next(next) && preposition == 1 && !is_time_word(subject) => {
            // "for next algebra lesson": the lesson word goes with it.
            let lesson = usize::from(rest.get(2).is_some_and(|word| is_lesson(word)));
            let subject = subject.trim_end_matches(['.', ',', '!', '?']);
            Some((preposition + the + 2 + lesson, Some(subject.to_owned())))
        }
        _ => None,
    }
}

impl QuickAdd {
    /// Dates a line that asked for the next lesson: at its subject's next
    /// lesson after `now` (the person's local time) in `timetable`, at the
    /// lesson's start; the subject named in the phrase becomes the task's
    /// list. A line that did not ask, or whose subject has no lesson,
    /// stays as read. (Due on the lesson's day only, if the student chose so.)
    pub fn at_next_lesson(
        mut self,
        timetable: &Timetable,
        lists: &[TaskList],
        now: NaiveDateTime,
    ) -> Self {
        let Some(asked) = self.next_lesson.clone() else {
            return self;
        };
        let subjects = Subject::all_of(lists);
        let subject = match (&asked.subject, &self.list) {
            (Some(written), _) => subject_declined(written, &subjects).map(|s| s.id),
            (None, Some(name)) => list_named(lists, name).map(|list| list.id),
            (None, None) => self
                .view_list
                .filter(|id| lists.iter().any(|list| list.id == *id)),
        };
        let Some(start) = subject.and_then(|subject| next_lesson(timetable, subject, now)) else {
            return self;
        };
        self.due = Some(timetable.due_for(start));
        if self.list.is_none() && asked.subject.is_some() {
            self.list = lists
                .iter()
                .find(|list| Some(list.id) == subject)
                .map(|list| list.name.as_str().to_owned());
        }
        self.next_lesson = None;
        self
    }
}

#[cfg(test)]
mod tests;
