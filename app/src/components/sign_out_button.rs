//! Sign out: a real form, so it works before the page is hydrated too.
//! Changes still waiting for the network are never hidden by it: the person
//! sees how many, and chooses to sign out once they are sent, or now (they
//! stay on this phone, kept for this account, and are sent when it signs in
//! again; never as anyone else). Signing out needs the server (the session
//! ends there); offline, it says so and the person stays signed in.

use super::ErrorLine;
use crate::api::SignOut;
use crate::error::AppError;
use crate::i18n::{tu_string, use_i18n};
use crate::outbox::use_outbox;
use crate::text;
use leptos::either::Either;
use leptos::prelude::*;

#[component]
pub fn SignOutButton() -> impl IntoView {
    let i18n = use_i18n();
    let outbox = use_outbox();
    let action = ServerAction::<SignOut>::new();
    let waiting = move || outbox.unsaved_count();
    // What will go on its own: a change waiting for the person (retry or
    // discard) is theirs to settle, not something to wait for.
    let draining = move || outbox.draining_count();
    let asking = RwSignal::new(false);
    let once_sent = RwSignal::new(false);
    let leave = move || {
        asking.set(false);
        once_sent.set(false);
        action.dispatch(SignOut {});
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if waiting() > 0 {
            asking.set(true);
        } else {
            leave();
        }
    };
    // "Sign out once they are sent": as soon as nothing waits.
    Effect::new(move |_| {
        if once_sent.get() && draining() == 0 {
            leave();
        }
    });
    Effect::new(move |_| {
        if let Some(Ok(())) = action.value().get() {
            outbox.forget_account();
            crate::pages::forget_known_account();
        }
    });
    let error = Signal::derive(move || match action.value().get() {
        Some(Err(AppError::Transport(_))) => None,
        Some(Err(error)) => Some(error),
        _ => None,
    });
    // The dialog stays drawn while either holds (not redrawn between).
    let open = Memo::new(move |_| asking.get() || once_sent.get());
    let offline = move || matches!(action.value().get(), Some(Err(AppError::Transport(_))));

    view! {
        <form method="post" action="/api/auth/signout" class="sign-out" on:submit=submit>
            <button type="submit" class="link">{tu_string!(i18n, sign_out)}</button>
        </form>
        {move || open.get().then(|| view! {
            <div class="sign-out-waiting" role="alertdialog" aria-live="assertive">
                <p>
                    <strong>{move || text::pending_changes(i18n.get_locale(), waiting())}</strong>
                    " "
                    {tu_string!(i18n, sign_out_waiting)}
                </p>
                {move || if once_sent.get() {
                    Either::Left(view! { <p class="hint">{tu_string!(i18n, waiting_to_sign_out)}</p> })
                } else {
                    Either::Right(view! {
                        <button type="button" class="primary" on:click=move |_| { asking.set(false); once_sent.set(true); }>
                            {tu_string!(i18n, sign_out_when_sent)}
                        </button>
                        <button type="button" class="danger" on:click=move |_| leave()>{tu_string!(i18n, sign_out_now)}</button>
                    })
                }}
                <button type="button" class="link" on:click=move |_| { asking.set(false); once_sent.set(false); }>
                    {tu_string!(i18n, cancel)}
                </button>
            </div>
        })}
        {move || offline().then(|| view! {
            <p class="error" role="alert">{tu_string!(i18n, sign_out_needs_network)}</p>
        })}
        <ErrorLine error/>
    }
}
