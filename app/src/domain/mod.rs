//! Domain types shared by the browser and the server.
//!
//! Every value that crosses a trust boundary is parsed into one of these
//! newtypes once, at the edge; code behind the edge never re-checks it.

mod clocks;
mod due;
mod idempotency_key;
mod ids;
mod list_name;
mod new_password;
mod notes;
mod password;
mod priority;
mod recurrence;
mod search_query;
mod stamp;
mod step;
mod step_title;
mod task;
mod task_fields;
mod task_list;
mod task_patch;
mod task_reminder;
mod task_title;
mod time_zone;
mod username;
pub mod wire_time;

pub use clocks::{Clocks, StepClocks};
pub use due::{Due, DueError};
pub use idempotency_key::{IdempotencyKey, IdempotencyKeyError};
pub use ids::{HolidayId, ListId, StepId, TaskId, UserId};
pub use list_name::{ListName, ListNameError};
pub use new_password::NewPassword;
pub use notes::{Notes, NotesError};
pub use password::{Password, PasswordError};
pub use priority::{Priority, PriorityError};
pub use recurrence::{Recurrence, RecurrenceError};
pub use search_query::{search_text, SearchQuery, SearchQueryError};
pub use stamp::{to_millis, Stamp};
pub use step::{in_order as steps_in_order, Step};
pub use step_title::{StepTitle, StepTitleError};
pub use task::Task;
pub use task_fields::{TaskFieldError, TaskFields, TaskForm};
pub use task_list::TaskList;
pub use task_patch::{PatchForm, TaskPatch, FIELD_NAMES};
pub use task_reminder::{TaskReminder, TaskReminderError};
pub use task_title::{TaskTitle, TaskTitleError};
pub use time_zone::{TimeZoneError, TimeZoneName};
pub use username::{Username, UsernameError};
