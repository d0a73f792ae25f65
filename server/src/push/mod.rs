//! Reminders on a closed phone (issue 28): Web Push to each device the
//! account subscribed, from a scheduler that runs on every instance. What
//! is due, and what a reminder says, are the app's rules
//! (`app::reminders`); here they are sent.

mod scheduler;
mod sender;
mod vapid;

pub use scheduler::{Scheduler, Tick, Ticking};
pub use sender::{Answer, Push, Sender, SenderError};
pub use vapid::{VapidKey, VapidKeyError};
