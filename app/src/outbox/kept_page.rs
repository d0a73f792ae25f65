//! Whether this page was opened from the copy the worker keeps rather than
//! from the network (`public/sw.js` opens a kept planner page at once, and
//! marks it): such a page reads the server's truth as soon as it runs, so
//! what is fresh replaces what was kept without a reload.

/// True when the worker served this page from what it keeps.
pub fn opened_from_kept_copy() -> bool {
    #[cfg(feature = "hydrate")]
    return leptos::prelude::document()
        .document_element()
        .is_some_and(|html| html.has_attribute(crate::protocol::KEPT_MARK));
    #[cfg(not(feature = "hydrate"))]
    false
}
