//! The browser's side of reminders on this device: whether it can take
//! them, its permission, and its push subscription (the Push API through
//! the app's service worker). Browser only; on the server, nothing is
//! supported and nothing is subscribed.

/// A push subscription as the server takes it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct Subscription {
    pub endpoint: String,
    pub keys: Keys,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct Keys {
    pub p256dh: String,
    pub auth: String,
}

/// Whether this browser can show reminders while the app is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
pub enum Support {
    Yes,
    /// An iPhone's browser tab: only the app added to the Home Screen can.
    HomeScreenFirst,
    No,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    Granted,
    Denied,
    /// Not asked yet (or the question was dismissed).
    Ask,
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::{Permission, Subscription, Support};
    use js_sys::{Reflect, JSON};
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{Notification, NotificationPermission, PushManager, PushSubscriptionOptionsInit};

    fn has(name: &str) -> bool {
        Reflect::has(&js_sys::global(), &JsValue::from_str(name)).unwrap_or(false)
    }

    pub fn support() -> Support {
        let worker = web_sys::window()
            .map(|w| Reflect::has(&w.navigator(), &JsValue::from_str("serviceWorker")))
            .and_then(Result::ok)
            .unwrap_or(false);
        if worker && has("PushManager") && has("Notification") {
            return Support::Yes;
        }
        let agent = web_sys::window()
            .and_then(|w| w.navigator().user_agent().ok())
            .unwrap_or_default();
        if agent.contains("iPhone") || agent.contains("iPad") {
            Support::HomeScreenFirst
        } else {
            Support::No
        }
    }

    pub fn permission() -> Permission {
        if !has("Notification") {
            return Permission::Denied;
        }
        match Notification::permission() {
            NotificationPermission::Granted => Permission::Granted,
            NotificationPermission::Denied => Permission::Denied,
            _ => Permission::Ask,
        }
    }

    /// Asks the person (only ever on their tap).
    pub async fn ask_permission() -> Permission {
        if let Ok(asked) = Notification::request_permission() {
            let _ = JsFuture::from(asked).await;
        }
        permission()
    }

    async fn push_manager() -> Result<PushManager, JsValue> {
        let window = web_sys::window().ok_or(JsValue::NULL)?;
        let ready = window.navigator().service_worker().ready()?;
        let registration: web_sys::ServiceWorkerRegistration =
            JsFuture::from(ready).await?.dyn_into()?;
        registration.push_manager()
    }

    async fn current_handle() -> Option<web_sys::PushSubscription> {
        let manager = push_manager().await.ok()?;
        let found = JsFuture::from(manager.get_subscription().ok()?)
            .await
            .ok()?;
        found.dyn_into().ok()
    }

    fn read(handle: &web_sys::PushSubscription) -> Option<Subscription> {
        let text = JSON::stringify(handle).ok()?.as_string()?;
        serde_json::from_str(&text).ok()
    }

    pub async fn current() -> Option<Subscription> {
        read(&current_handle().await?)
    }

    /// This browser's subscription for the server's `key`, made if there is
    /// none; the browser's reason when its push service cannot be reached.
    pub async fn subscribe(key: &str) -> Result<Subscription, String> {
        let manager = push_manager().await.map_err(|e| reason(&e))?;
        let options = PushSubscriptionOptionsInit::new();
        options.set_user_visible_only(true);
        options.set_application_server_key(&JsValue::from_str(key));
        let made = manager
            .subscribe_with_options(&options)
            .map_err(|e| reason(&e))?;
        let handle: web_sys::PushSubscription = JsFuture::from(made)
            .await
            .map_err(|e| reason(&e))?
            .dyn_into()
            .map_err(|e| reason(&e))?;
        read(&handle).ok_or_else(|| "unreadable subscription".to_owned())
    }

    pub async fn unsubscribe() {
        if let Some(handle) = current_handle().await {
            if let Ok(done) = handle.unsubscribe() {
                let _ = JsFuture::from(done).await;
            }
        }
    }

    fn reason(error: &JsValue) -> String {
        error
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| format!("{error:?}"))
    }
}

#[cfg(feature = "hydrate")]
pub use browser::{ask_permission, current, permission, subscribe, support, unsubscribe};

#[cfg(not(feature = "hydrate"))]
mod server {
    use super::{Permission, Subscription, Support};

    pub fn support() -> Support {
        Support::No
    }
    pub fn permission() -> Permission {
        Permission::Ask
    }
    pub async fn ask_permission() -> Permission {
        Permission::Ask
    }
    pub async fn current() -> Option<Subscription> {
        None
    }
    pub async fn subscribe(_key: &str) -> Result<Subscription, String> {
        Err("not in a browser".into())
    }
    pub async fn unsubscribe() {}
}

#[cfg(not(feature = "hydrate"))]
pub use server::{ask_permission, current, permission, subscribe, support, unsubscribe};
