//! Tetrad: a planner for school students whose changes are never lost and
//! never doubled. This crate is the whole application as both the server
//! (feature `ssr`) and the browser (feature `hydrate`) compile it.

pub mod api;
mod app;
mod components;
pub mod domain;
pub mod error;
pub mod outbox;
mod pages;
pub mod quick_add;
pub mod text;
pub mod views;

#[cfg(feature = "ssr")]
pub mod ssr;

#[cfg(feature = "ssr")]
pub use app::shell;
pub use app::App;
