//! The request's span names the account it acts for (the span is made by
//! the server crate, `http/request_span.rs`, with an empty `account`
//! field), so a person's requests are one search in the log.

use tracing::Span;

/// Names the account the current request acts for, in its span.
pub fn record_account(account: impl std::fmt::Display) {
    Span::current().record("account", tracing::field::display(account));
}
