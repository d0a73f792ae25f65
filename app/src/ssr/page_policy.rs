//! The Content-Security-Policy of a page (issue 26, point 5): only the
//! app's own scripts run, plus the inline ones Leptos writes into this
//! very page (hydration, streamed data), each carrying this response's
//! nonce; WASM may be compiled (`'wasm-unsafe-eval'`); nothing is loaded
//! from another origin; no site may frame the page. Sent as a header with
//! the page, so the service worker keeps the page and its policy together
//! (a kept page is served with the nonce its scripts carry).

use leptos::nonce::use_nonce;
use leptos::prelude::use_context;
use leptos_axum::ResponseOptions;

/// The policy for a page whose inline scripts carry `nonce`.
pub fn policy(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; \
         style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
         manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// Sends the policy with the page being rendered.
pub fn send() {
    let (Some(nonce), Some(response)) = (use_nonce(), use_context::<ResponseOptions>()) else {
        return;
    };
    let Ok(value) = http::HeaderValue::from_str(&policy(&nonce)) else {
        return;
    };
    response.insert_header(http::header::CONTENT_SECURITY_POLICY, value);
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
}
