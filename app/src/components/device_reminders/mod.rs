//! «Напоминания на этом телефоне» (issue 28, point 2): turning reminders
//! on and off for this device, and its state said truthfully: on (the
//! server keeps this browser's subscription for the signed-in account),
//! off, refused by the browser (and how to allow it again), impossible in
//! this browser, or, on an iPhone's browser tab, possible once the app is
//! on the Home Screen. The browser's permission is asked only on the tap.

mod push;

use crate::api::{push_state, subscribe_push, unsubscribe_push};
use crate::error::AppError;
use crate::i18n::{t, t_string, use_i18n, I18nLocaleTrait};
use leptos::prelude::*;
use leptos::task::spawn_local;
use push::{Permission, Support};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Checking,
    Unsupported,
    HomeScreenFirst,
    Denied,
    Off,
    Working,
    On,
    /// The browser's push service could not be reached.
    Failed,
    Offline,
}

impl State {
    /// The state's name on the page (`data-state`), for tests.
    fn name(self) -> &'static str {
        match self {
            Self::Checking => "checking",
            Self::Unsupported => "unsupported",
            Self::HomeScreenFirst => "home-screen",
            Self::Denied => "denied",
            Self::Off => "off",
            Self::Working => "working",
            Self::On => "on",
            Self::Failed => "failed",
            Self::Offline => "offline",
        }
    }

    fn can_turn_on(self) -> bool {
        matches!(
            self,
            Self::Off | Self::Denied | Self::Failed | Self::Offline
        )
    }
}

#[component]
pub fn DeviceReminders() -> impl IntoView {
    let i18n = use_i18n();
    let state = RwSignal::new(State::Checking);
    Effect::new(move || spawn_local(async move { state.set(check().await) }));
    let language = move || i18n.get_locale_untracked().as_str();
    let turn_on = move |_| {
        state.set(State::Working);
        spawn_local(async move { state.set(turn_on(language()).await) });
    };
    let turn_off = move |_| {
        state.set(State::Working);
        spawn_local(async move { state.set(turn_off().await) });
    };
    let words = move || match state.get() {
        State::Checking | State::Working => t_string!(i18n, device_checking),
        State::Unsupported => t_string!(i18n, device_unsupported),
        State::HomeScreenFirst => t_string!(i18n, device_home_screen),
        State::Denied => t_string!(i18n, device_denied),
        State::Off => t_string!(i18n, device_off),
        State::On => t_string!(i18n, device_on),
        State::Failed => t_string!(i18n, device_failed),
        State::Offline => t_string!(i18n, device_offline),
    };
    view! {
        <div class="device-reminders" data-state=move || state.get().name()>
            <p class="device-state" role="status">{words}</p>
            <Show when=move || state.get().can_turn_on()>
                <button type="button" class="primary" on:click=turn_on>{t!(i18n, device_turn_on)}</button>
            </Show>
            <Show when=move || state.get() == State::On>
                <button type="button" on:click=turn_off>{t!(i18n, device_turn_off)}</button>
            </Show>
        </div>
    }
}

/// What this device's reminders are now.
async fn check() -> State {
    match push::support() {
        Support::No => return State::Unsupported,
        Support::HomeScreenFirst => return State::HomeScreenFirst,
        Support::Yes => {}
    }
    if push::permission() == Permission::Denied {
        return State::Denied;
    }
    let endpoint = push::current()
        .await
        .map(|s| s.endpoint)
        .unwrap_or_default();
    match push_state(endpoint).await {
        Ok(device) if device.on && push::permission() == Permission::Granted => State::On,
        Ok(_) => State::Off,
        Err(error) => after(error),
    }
}

/// Asks the browser (on this tap only), subscribes it for the server's
/// key, and hands the subscription to the server.
async fn turn_on(language: &'static str) -> State {
    let key = match push_state(String::new()).await {
        Ok(device) => device.key,
        Err(error) => return after(error),
    };
    let permission = match push::permission() {
        Permission::Ask => push::ask_permission().await,
        known => known,
    };
    match permission {
        Permission::Denied => return State::Denied,
        Permission::Ask => return State::Off,
        Permission::Granted => {}
    }
    // A subscription made for another key (a server whose key changed)
    // cannot be reused: it goes, and a new one is made.
    let made = match push::subscribe(&key).await {
        Ok(made) => Ok(made),
        Err(_) => {
            push::unsubscribe().await;
            push::subscribe(&key).await
        }
    };
    let Ok(made) = made else {
        return State::Failed;
    };
    let kept = subscribe_push(
        made.endpoint,
        made.keys.p256dh,
        made.keys.auth,
        language.to_owned(),
    )
    .await;
    match kept {
        Ok(()) => State::On,
        Err(error) => after(error),
    }
}

/// Tells the server to forget this device, then the browser.
async fn turn_off() -> State {
    if let Some(made) = push::current().await {
        if let Err(error) = unsubscribe_push(made.endpoint).await {
            return after(error);
        }
        push::unsubscribe().await;
    }
    State::Off
}

/// After a refusal: offline says so and changes nothing.
fn after(error: AppError) -> State {
    match error {
        AppError::Transport(_) => State::Offline,
        _ => State::Failed,
    }
}
