//! Server functions: the only way the browser changes anything.
//!
//! Every endpoint is explicit (`/api/...`) so its URL stays the same across
//! builds: a request queued on a phone before a deploy still lands after it.

mod auth;
mod tasks;

#[cfg(feature = "ssr")]
mod edge;

pub use auth::{current_account, Account, CurrentAccount, SignIn, SignOut, SignUp};
pub use tasks::{list_tasks, AddTask, ListTasks};

#[cfg(feature = "ssr")]
pub use edge::register_server_functions;
