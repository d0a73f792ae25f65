//! Reminders (issue 28): when a task is worth a notification, by rules the
//! server's scheduler and the page (today's due reminders in Today) share.
//! Plain Rust over the domain, in the account's local time: the server
//! turns a local moment into an instant with the account's time zone.

mod due;
mod lead;
mod message;
mod occurrence;
mod quiet_hours;
mod settings;
mod summary;

pub use due::{due_at, reminder_moment, still_due, DueReminder};
pub use lead::{Lead, LeadError};
pub use message::PushMessage;
pub use occurrence::Occurrence;
pub use quiet_hours::{QuietHours, QuietHoursError};
pub use settings::{ReminderSettings, ReminderSettingsError};
pub use summary::Summary;
