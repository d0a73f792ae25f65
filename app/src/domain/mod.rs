//! Domain types shared by the browser and the server.
//!
//! Every value that crosses a trust boundary is parsed into one of these
//! newtypes once, at the edge; code behind the edge never re-checks it.

mod idempotency_key;
mod ids;
mod password;
mod task;
mod task_title;
mod username;

pub use idempotency_key::{IdempotencyKey, IdempotencyKeyError};
pub use ids::{TaskId, UserId};
pub use password::{Password, PasswordError};
pub use task::Task;
pub use task_title::{TaskTitle, TaskTitleError};
pub use username::{Username, UsernameError};
