//! What the server sends for one view: its tasks, the person's today, and
//! the counts the navigation shows.

use crate::domain::{Task, TaskList, TimeZoneName};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewPage {
    /// The person's today where they are (their account's time zone).
    pub today: super::Day,
    /// The zone `today` was taken in; the page corrects it when the
    /// browser says otherwise.
    pub time_zone: TimeZoneName,
    pub tasks: Vec<Task>,
    pub nav: Nav,
    /// When the server read it (its clock, milliseconds): a page kept for
    /// offline use knows how old its list is.
    #[serde(default)]
    pub read_at: i64,
    /// The account's reminder settings: when a task whose reminder is as
    /// set reminds (each row shows it).
    #[serde(default)]
    pub reminders: crate::reminders::ReminderSettings,
    /// The account's timetable: Today shows its lessons, quick add finds a
    /// subject's next lesson in it.
    #[serde(default)]
    pub timetable: crate::change::KeptTimetable,
}

/// Open tasks per view, for the navigation, and every list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nav {
    pub today: u32,
    pub upcoming: u32,
    pub inbox: u32,
    pub lists: Vec<ListCount>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListCount {
    pub list: TaskList,
    pub open: u32,
}
