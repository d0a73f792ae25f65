//! One mutation sent from the page: a `POST` of the request's form, named by
//! its key (`Idempotency-Key`) and by the account the page shows
//! (`X-Tetrad-Account`). The service worker stands between the page and
//! the network: when it keeps the request for later it answers `202` with
//! `X-Tetrad-Queued: 1`. The page never retries on its own; the worker
//! replays the stored request, key and all.

#[cfg(feature = "hydrate")]
use super::Entry;

/// What became of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Saved: the server's answer (JSON).
    Saved(String),
    /// Kept by the outbox until the network is back.
    Queued,
    /// The server refused it: its status and answer.
    Refused { status: u16, body: String },
    /// No answer at all, and no worker to keep it (a browser without one).
    NoAnswer,
}

#[cfg(feature = "hydrate")]
pub async fn post(entry: &Entry, account: Option<String>) -> Answer {
    use crate::protocol;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{Headers, RequestCredentials, RequestInit, Response};

    let Ok(headers) = Headers::new() else {
        return Answer::NoAnswer;
    };
    let _ = headers.set("Content-Type", "application/x-www-form-urlencoded");
    let _ = headers.set("Accept", "application/json");
    let _ = headers.set(protocol::KEY_HEADER, &entry.key);
    if let Some(account) = account {
        let _ = headers.set(protocol::ACCOUNT_HEADER, &account);
    }
    let init = RequestInit::new();
    init.set_method("POST");
    init.set_headers(&headers);
    init.set_body(&wasm_bindgen::JsValue::from_str(&entry.body));
    init.set_credentials(RequestCredentials::SameOrigin);
    let Some(window) = web_sys::window() else {
        return Answer::NoAnswer;
    };
    let response = match JsFuture::from(window.fetch_with_str_and_init(&entry.url, &init)).await {
        Ok(response) => match response.dyn_into::<Response>() {
            Ok(response) => response,
            Err(_) => return Answer::NoAnswer,
        },
        Err(_) => return Answer::NoAnswer,
    };
    let status = response.status();
    if status == 202
        && response
            .headers()
            .has(protocol::QUEUED_HEADER)
            .unwrap_or(false)
    {
        return Answer::Queued;
    }
    let body = match response.text() {
        Ok(text) => JsFuture::from(text).await.ok().and_then(|t| t.as_string()),
        Err(_) => None,
    };
    let Some(body) = body else {
        return Answer::NoAnswer;
    };
    if (200..300).contains(&status) {
        Answer::Saved(body)
    } else {
        Answer::Refused { status, body }
    }
}
