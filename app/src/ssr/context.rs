//! What every server function can reach: the storage, the settings, and
//! the sign-ups counted per address.

use super::storage::Storage;
use std::sync::Arc;
use std::time::Duration;

/// Settings the server functions need; built by the server crate from its config.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Adds `Secure` to the session cookie (the site is served over HTTPS).
    pub secure_cookies: bool,
    pub session_ttl: Duration,
    /// Failed sign-ins allowed per account name from one address within
    /// `sign_in_window`.
    pub sign_in_attempts: u64,
    /// Failed sign-ins allowed per account name from all addresses
    /// together: looser, so guesses from elsewhere never lock the owner's
    /// own phone out, yet bound a guesser with many addresses.
    pub sign_in_attempts_per_name: u64,
    pub sign_in_window: Duration,
    /// Sign-ups allowed from one address within `sign_up_window`.
    pub sign_ups_per_address: u64,
    pub sign_up_window: Duration,
    /// What one account may hold and send.
    pub quotas: super::quotas::Quotas,
    /// Which push endpoints the server takes (and so posts to).
    pub push_endpoints: super::push_subscription::EndpointPolicy,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            secure_cookies: false,
            session_ttl: Duration::from_secs(30 * 24 * 3600),
            sign_in_attempts: 10,
            sign_in_attempts_per_name: 100,
            sign_in_window: Duration::from_secs(15 * 60),
            // A school behind one address: ten classes of thirty in an hour.
            sign_ups_per_address: 300,
            sign_up_window: Duration::from_secs(3600),
            quotas: super::quotas::Quotas::default(),
            push_endpoints: super::push_subscription::EndpointPolicy::KnownServices,
        }
    }
}

#[derive(Clone)]
pub struct AppState {
    pub storage: Arc<dyn Storage>,
    pub settings: Settings,
    /// Sign-ups counted per address, for this server instance.
    pub sign_ups: super::windows::Windows,
    /// Signs and recognises device cookies (`device.rs`).
    pub devices: super::device::DeviceKey,
    /// The public half of the server's reminder key (VAPID), which a
    /// browser's push subscription is made for.
    pub push_key: Arc<str>,
}

impl AppState {
    /// The state provided to this request by the server crate.
    pub fn current() -> Option<Self> {
        leptos::prelude::use_context::<AppState>()
    }
}
