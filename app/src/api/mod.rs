//! Server functions: the only way the browser changes anything.
//!
//! Every endpoint is explicit (`/api/...`) so its URL stays the same across
//! builds: a request queued on a phone before a deploy still lands after it.

mod auth;
mod keyed_client;
mod tasks;

#[cfg(feature = "ssr")]
mod edge;

pub use auth::{current_account, Account, CurrentAccount, SignIn, SignOut, SignUp};
pub use keyed_client::KeyedClient;
pub use tasks::{list_tasks, set_completed, AddTask, ListTasks, SetCompleted};

#[cfg(feature = "ssr")]
pub use edge::register_server_functions;
