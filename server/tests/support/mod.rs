//! Shared test helpers: a fresh database per test on either backend, and
//! `spawn_app()`, a whole server on a free port.

#![allow(dead_code, unused_imports, unused_macros)]
// Helpers of tests: a failed unwrap here is the test failing, with its cause.
#![allow(clippy::unwrap_used, clippy::expect_used)]

/// Runs each named `async fn test(backend: Backend)` once on SQLite and once
/// on PostgreSQL, as `sqlite::test` and `postgres::test`.
macro_rules! on_both_backends {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test] async fn $test() { super::$test(super::Backend::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test] async fn $test() { super::$test(super::Backend::Postgres).await })*
        }
    };
}

pub mod cookies;
pub mod databases;
pub mod errors;
pub mod push_service;
pub mod reminding;
pub mod spawn;
pub mod student;
pub mod temp_dir;

pub use cookies::{session_cookie, session_pair};
pub use databases::{Backend, TestDatabase};
pub use errors::error_code;
pub use push_service::PushService;
pub use spawn::{spawn_app, TestApp};
pub use student::Student;
pub use temp_dir::TempDir;

/// A benchmark's setting from its environment (`TETRAD_BENCH_…`), or
/// `default`.
pub fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
