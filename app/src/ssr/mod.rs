//! Server-only support for the server functions: the storage contract that
//! the database backends implement, sessions, passwords and request context.
//! Compiled only with the `ssr` feature; none of it reaches the browser.

mod argon2_memory;
pub mod client;
pub mod clock;
pub mod context;
pub mod device;
pub mod feed_token;
pub mod hashers;
pub mod idempotency;
pub mod keyed;
pub mod language;
pub mod page_policy;
pub mod passwords;
pub mod push_subscription;
pub mod quotas;
pub mod session;
pub mod storage;
pub mod trace;
pub mod windows;

pub use context::{AppState, Settings};
