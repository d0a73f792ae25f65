//! Server functions: the only way the browser changes anything.
//!
//! Every endpoint is explicit (`/api/...`) so its URL stays the same across
//! builds: a request queued on a phone before a deploy still lands after it.

mod account;
mod auth;
mod calendar;
mod json_text;
mod lists;
mod password;
mod push;
mod reminders;
mod search;
mod steps;
mod tasks;
mod timetable;
mod views;
pub mod wire;

#[cfg(feature = "ssr")]
mod edge;
#[cfg(feature = "ssr")]
mod quota;
#[cfg(feature = "ssr")]
mod step_work;
#[cfg(feature = "ssr")]
mod throttle;

pub use account::{
    delete_account, export_account, AccountExport, DeleteAccount, ExportAccount, EXPORT_FORMAT,
};
pub use auth::{current_account, Account, CurrentAccount, SignIn, SignOut, SignUp};
pub use calendar::{
    calendar_link_since, make_calendar_link, turn_off_calendar_link, CalendarLinkSince,
    MakeCalendarLink, NewCalendarLink, TurnOffCalendarLink,
};
pub use json_text::{JsonText, JsonTextEncoding};
pub use lists::{
    create_list, delete_list, list_lists, rename_list, CreateList, DeleteList, ListLists,
    RenameList,
};
pub use password::{change_password, ChangePassword};
pub use push::{
    push_state, subscribe_push, unsubscribe_push, PushDevice, PushState, SubscribePush,
    UnsubscribePush,
};
pub use reminders::{
    read_reminder_settings, set_reminder_settings, ReadReminderSettings, SetReminderSettings,
};
pub use search::{search_tasks, SearchTasks};
pub use steps::{
    create_step, edit_step, reorder_steps, set_step_deleted, CreateStep, EditStep, ReorderSteps,
    SetStepDeleted,
};
pub use tasks::{
    create_task, edit_task, list_tasks, reorder_tasks, set_completed, set_deleted, AddTask,
    CreateTask, EditTask, ListTasks, ReorderTasks, SetCompleted, SetDeleted,
};
pub use timetable::{read_timetable, set_timetable, ReadTimetable, SetTimetable};

pub use views::{server_clock, set_time_zone, view_tasks, ServerClock, SetTimeZone, ViewTasks};

#[cfg(feature = "ssr")]
pub use edge::register_server_functions;
