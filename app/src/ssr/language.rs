//! The language context on the server, made with its effects paused.
//!
//! leptos_i18n's context starts an isomorphic effect that writes the
//! language cookie. On the server that effect runs in a task of its own.
//! When a render is dropped before the task first runs (the browser went
//! away, or the render deadline gave up on the page), the task reads a
//! signal the request has already disposed, and panics.
//!
//! The server never needs that effect: it reads the cookie, and the browser
//! writes it (components/language_switch.rs). So the server makes the
//! context under an owner whose effects are paused, and the
//! `I18nContextProvider` finds this context and uses it as it is.

use crate::i18n::Locale;
use leptos::prelude::*;
use leptos_i18n::context::init_i18n_context;
use leptos_i18n::I18nContext;

/// Provides the person's language (cookie, else Accept-Language, else
/// Russian) for this render, with no effect left to run after it.
pub fn provide_language() {
    let context: I18nContext<Locale> = quietly(init_i18n_context);
    provide_context(context);
}

/// Makes something under an owner whose effects never run, kept as long as
/// the render that reads it.
fn quietly<T>(make: impl FnOnce() -> T) -> T {
    let quiet = Owner::new();
    let made = quiet.with(make);
    // Pausing reaches the owners made in it so far, the effects' own among
    // them: their tasks then find nothing to do, even after the request is
    // gone. (An owner made in a paused one is not paused itself.) A task
    // that ran before this did so while the render was alive.
    quiet.pause();
    on_cleanup(move || drop(quiet));
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use any_spawner::Executor;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    /// Runs `render` in a request and lets every task it spawned run (a
    /// current-thread runtime runs them only when the test yields).
    async fn in_a_request<T>(render: impl FnOnce() -> T) -> T {
        let _ = Executor::init_tokio();
        let request = Owner::new();
        let rendered = request.with(render);
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        rendered
    }

    fn counting_effect(runs: &Arc<AtomicU32>) {
        let runs = Arc::clone(runs);
        Effect::new_isomorphic(move |_| {
            runs.fetch_add(1, Ordering::SeqCst);
        });
    }

    #[tokio::test(flavor = "current_thread")]
    async fn an_effect_made_quietly_never_runs_on_the_server() {
        let loud = Arc::new(AtomicU32::new(0));
        let quiet = Arc::new(AtomicU32::new(0));
        in_a_request(|| {
            counting_effect(&loud);
            quietly(|| counting_effect(&quiet));
        })
        .await;
        assert_eq!(loud.load(Ordering::SeqCst), 1, "an effect runs once");
        assert_eq!(quiet.load(Ordering::SeqCst), 0);
    }

    #[tokio::test(flavor = "current_thread")]
    async fn the_quiet_language_context_still_tells_and_changes_the_language() {
        let language = in_a_request(|| {
            provide_language();
            let i18n = use_context::<I18nContext<Locale>>().expect("provided");
            let first = i18n.get_locale_untracked();
            i18n.set_locale(Locale::en);
            (first, i18n.get_locale_untracked())
        })
        .await;
        assert_eq!(language, (Locale::ru, Locale::en));
    }
}
