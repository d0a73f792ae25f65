//! The Content-Security-Policy of a page (issue 26, point 5): only the
//! app's own scripts run, plus the inline ones Leptos writes into this
//! very page (hydration, streamed data), each carrying this response's
//! nonce; WASM may be compiled (`'wasm-unsafe-eval'`); nothing is loaded
//! from another origin; no site may frame the page. Sent as a header with
//! the page, so the service worker keeps the page and its policy together
//! (a kept page is served with the nonce its scripts carry).
//!
//! The render only tells the nonce it used (`record`) into a slot the
//! server's header layer put in the request (`PageNonce`); that layer
//! writes the header. Inserted through Leptos's `ResponseOptions`, the
//! header was missing from about one page in a few hundred under load
//! (other headers of the same answer arrived): such a page cannot run its
//! scripts, and a copy the worker kept of it never hydrates offline.

use leptos::nonce::use_nonce;
use leptos::prelude::use_context;
use std::sync::{Arc, Mutex, PoisonError};

/// The policy for a page whose inline scripts carry `nonce`.
pub fn policy(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; \
         style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
         manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// Where a request's render leaves the nonce its page uses.
#[derive(Clone, Default)]
pub struct PageNonce(Arc<Mutex<Option<String>>>);

impl PageNonce {
    /// The nonce the render used, if it rendered a page.
    pub fn get(&self) -> Option<String> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set(&self, nonce: String) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(nonce);
    }
}

/// Tells the request's header layer the nonce of the page being rendered.
pub fn record() {
    let (Some(nonce), Some(parts)) = (use_nonce(), use_context::<http::request::Parts>()) else {
        tracing::error!("a page rendered without a nonce or its request");
        return;
    };
    if let Some(slot) = parts.extensions.get::<PageNonce>() {
        slot.set(nonce.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_run_only_from_the_site_or_with_the_pages_nonce_and_no_site_frames_it() {
        let policy = policy("abc123");
        assert!(policy.contains("script-src 'self' 'nonce-abc123' 'wasm-unsafe-eval';"));
        assert!(!policy.contains("unsafe-inline"));
        assert!(policy.contains("frame-ancestors 'none'"));
        assert!(policy.contains("object-src 'none'"));
    }

    #[test]
    fn the_nonce_a_render_records_is_read_from_its_slot() {
        let slot = PageNonce::default();
        assert_eq!(slot.get(), None);
        slot.clone().set("abc".into());
        assert_eq!(slot.get().as_deref(), Some("abc"));
    }
}
