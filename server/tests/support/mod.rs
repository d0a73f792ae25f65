//! Shared test helpers: a fresh database per test on either backend, and
//! `spawn_app()`, a whole server on a free port.

#![allow(dead_code, unused_imports)]

pub mod databases;
pub mod spawn;

pub use databases::{Backend, TestDatabase};
pub use spawn::{spawn_app, TestApp};
