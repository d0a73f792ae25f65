//! Tetrad: a planner for school students whose changes are never lost and
//! never doubled. This crate is the whole application as both the server
//! (feature `ssr`) and the browser (feature `hydrate`) compile it.

// The task list's view type nests deeply (each row holds its details form);
// the release WASM build computes its layout past the default limit of 128.
#![recursion_limit = "256"]

pub mod api;
pub mod change;
pub mod domain;
pub mod error;
pub mod outbox;
pub mod protocol;
pub mod quick_add;
pub mod reminders;
pub mod school;
pub mod text;
pub mod views;

// The interface. Left out of one build only: the floor for Today's first
// load that scripts/floor.sh measures, the shared rules with no page
// (`--cfg tetrad_floor`; a page's lazy parts would be exports of it).
#[cfg(not(tetrad_floor))]
mod app;
#[cfg(not(tetrad_floor))]
mod components;
#[cfg(not(tetrad_floor))]
mod pages;

// The generated `i18n` module: the `Locale` enum, `use_i18n`, the
// `I18nContextProvider` and the `t!` family, from app/locales (build.rs).
// Generated code is not held to the workspace's lints.
#[allow(clippy::expect_used, clippy::unwrap_used)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/i18n/mod.rs"));
}
pub use generated::i18n;

#[cfg(feature = "ssr")]
pub mod ssr;

#[cfg(all(feature = "ssr", not(tetrad_floor)))]
pub use app::shell;
#[cfg(not(tetrad_floor))]
pub use app::App;
