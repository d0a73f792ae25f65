//! Quick add: one line, as a student types it, read into a task — the
//! title, and whatever of a date, a time, a repetition, a priority, a
//! list and a reminder it mentions, in Russian or English. Pure (the caller gives today's
//! date in the person's time zone), so the browser runs it for the live
//! preview and the server runs the very same code for the save.
//!
//! Words that are understood are taken out of the title; everything else
//! stays as written. Decisions: a weekday means the next such day after
//! today (today has «сегодня»); a date without a year is the next one to
//! come; a time without a date is today; `!` is priority 3, `!!` 2, `!!!`
//! and `!!!!` 1 (4, none, is the default), and `p1`–`p4`, `!1`–`!3` say
//! the level itself, as other planners write it; a repetition without a
//! date starts today (a weekly one on its next weekday, today included).

mod grammar;
mod next_lesson;
mod vocabulary;

pub use next_lesson::NextLesson;

#[cfg(test)]
mod tests;

use crate::domain::{
    wire_time, Due, ListId, Notes, Priority, Recurrence, TaskFields, TaskList, TaskReminder,
    TaskTitle, TaskTitleError,
};
use chrono::{Days, NaiveDate};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickAdd {
    /// What is left of the line: the task's title (the whole line when
    /// nothing else is left, so a word like «Завтра» can still be a title).
    pub title: String,
    pub due: Option<Due>,
    pub priority: Priority,
    /// The list named with `#`, as written (without the `#`).
    pub list: Option<String>,
    pub recurrence: Option<Recurrence>,
    /// «напомни за час», «без напоминания»; as set when it says nothing.
    pub reminder: TaskReminder,
    /// The list the line was added in (see `in_view`), when `#` names none.
    pub view_list: Option<ListId>,
    /// «к следующему уроку», until the timetable dates it
    /// (`at_next_lesson`).
    pub next_lesson: Option<NextLesson>,
    /// The date the view gives a line that says none, kept aside while the
    /// next lesson may still date it.
    view_due: Option<Due>,
}

pub fn parse(line: &str, today: NaiveDate) -> QuickAdd {
    grammar::read(line, today)
}

/// Whether `word` (lower case) names a day of the week, in any of the
/// forms quick add reads («среда», «в среду», "wed").
pub fn is_weekday(word: &str) -> bool {
    vocabulary::weekday(word).is_some()
}

impl QuickAdd {
    /// What a line added in `view` means when it says nothing of its own:
    /// added in Today, it is due today; added in a list, it goes there.
    pub fn in_view(mut self, view: Option<crate::views::View>, today: NaiveDate) -> Self {
        if view == Some(crate::views::View::Today) && self.due.is_none() {
            let today = Some(Due {
                date: today,
                time: None,
            });
            match self.next_lesson {
                Some(_) => self.view_due = today,
                None => self.due = today,
            }
        }
        self.view_list = match view {
            Some(crate::views::View::List(id)) => Some(id),
            _ => None,
        };
        self
    }

    /// The task's fields. The list is one of `lists` (the person's) with the
    /// name the line gave, in any case; a name that is no list stays in the
    /// title, so nothing typed is lost.
    pub fn into_fields(mut self, lists: &[TaskList]) -> Result<TaskFields, TaskTitleError> {
        // A next lesson the timetable did not date: its words stay.
        if let Some(asked) = self.next_lesson.take() {
            self.title = format!("{} {}", self.title, asked.words);
            self.due = self.due.or(self.view_due);
        }
        let list = self
            .list
            .as_deref()
            .and_then(|name| list_named(lists, name));
        let title = match (&self.list, list) {
            (Some(name), None) if self.title != format!("#{name}") => {
                format!("{} #{name}", self.title)
            }
            _ => self.title,
        };
        Ok(TaskFields {
            title: TaskTitle::parse(&title)?,
            notes: Notes::default(),
            due: self.due,
            priority: self.priority,
            list_id: list.map(|list| list.id).or(self.view_list),
            recurrence: self.recurrence,
            reminder: self.reminder,
        })
    }
}

/// The list a line's `#name` names: one of `lists` by its name, in any case.
fn list_named<'a>(lists: &'a [TaskList], name: &str) -> Option<&'a TaskList> {
    let wanted = name.to_lowercase();
    lists
        .iter()
        .find(|list| list.name.as_str().to_lowercase() == wanted)
}

/// The person's today, as their browser sent it with the line (its own
/// time zone); else the server's. Bounded: no time zone is more than a day
/// ahead of UTC, and a change waits in an outbox for a week at most.
pub fn today_of(sent: &str, utc_today: NaiveDate) -> NaiveDate {
    let earliest = utc_today - Days::new(8);
    let latest = utc_today + Days::new(1);
    wire_time::parse_date(sent.trim()).map_or(utc_today, |day| day.clamp(earliest, latest))
}
