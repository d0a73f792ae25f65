//! The Tetrad server: configuration, start-up, the database backends and
//! the HTTP layers around the app's routes and server functions.

pub mod calendar;
pub mod config;
pub mod db;
pub mod faults;
pub mod http;
pub mod maintenance;
pub mod push;
pub mod shutdown;
pub mod startup;
pub mod telemetry;

/// The tests' own folders: the integration tests' helper, written once.
#[cfg(test)]
#[path = "../tests/support/temp_dir.rs"]
mod temp_dir;
