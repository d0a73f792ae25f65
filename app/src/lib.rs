//! Tetrad: a planner for school students whose changes are never lost and
//! never doubled. This crate is the whole application as both the server
//! (feature `ssr`) and the browser (feature `hydrate`) compile it.

// The task list's view type nests deeply (each row holds its details form);
// the release WASM build computes its layout past the default limit of 128.
#![recursion_limit = "256"]

pub mod api;
mod app;
pub mod change;
mod components;
pub mod domain;
pub mod error;
pub mod outbox;
mod pages;
pub mod protocol;
pub mod quick_add;
pub mod text;
pub mod views;

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

#[cfg(feature = "ssr")]
pub use app::shell;
pub use app::App;
