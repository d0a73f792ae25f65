//! The names the page, the server and the service worker share: headers,
//! form fields, paths. One source: the server writes them into the worker
//! when it serves `/sw.js` (`worker_names`), so renaming one here cannot
//! silently change how a queued change is read.

use serde_json::json;
use server_fn::ServerFn;

/// The idempotency key of a mutation (IETF httpapi `Idempotency-Key`).
pub const KEY_HEADER: &str = "idempotency-key";
/// The same key in a form posted without JavaScript.
pub const KEY_FIELD: &str = "idempotency_key";
/// Marks an answer replayed from the store.
pub const REPLAYED_HEADER: &str = "idempotency-replayed";
/// The account the page that made a request shows; the server refuses a
/// request naming another account than the session's (401), and names the
/// account on every signed-in page (so the worker knows whose it keeps).
pub const ACCOUNT_HEADER: &str = "x-tetrad-account";
/// The server's time, in milliseconds since the epoch, on every answer:
/// how the worker learns how far the phone's clock is off.
pub const CLOCK_HEADER: &str = "x-tetrad-now";
/// The outbox's mark on an answer it made up itself (`202`: kept for later).
pub const QUEUED_HEADER: &str = "x-tetrad-queued";
/// When the person made a change (a form field of every mutation).
pub const TIME_FIELD: &str = "at";
/// Every mutation and read lives under this path.
pub const API_PREFIX: &str = "/api/";
/// What needs the network and is never queued (its meaning expires):
/// sign-in, sign-up, sign-out, the password, the calendar link.
pub const AUTH_PREFIX: &str = "/api/auth/";
/// Deleting the account: the worker also forgets its waiting changes.
pub const DELETE_ACCOUNT_PATH: &str = "/api/auth/delete_account";
/// Of those, what changes who is signed in on this device: the worker
/// follows their answers (whose pages it keeps, whose changes it sends).
pub const ACCOUNT_PATHS: [&str; 4] = [
    "/api/auth/signup",
    "/api/auth/signin",
    "/api/auth/signout",
    DELETE_ACCOUNT_PATH,
];
/// The attribute the worker sets on `<html>` of a page it served from
/// what it keeps: the page reads the server's truth as soon as it runs.
pub const KEPT_MARK: &str = "data-kept";
/// A list's page is this prefix and the list's id.
pub const LIST_PAGE_PREFIX: &str = "/lists/";
/// Pages everyone sees alike (kept as they are for offline use).
pub const PUBLIC_PAGES: [&str; 2] = ["/signin", "/signup"];

/// What a page tells the worker: a JSON object whose `type` is one of
/// these (`outbox::ToWorker` writes them; the worker's `onPageMessage`
/// reads them by these names).
pub mod to_worker {
    /// Which account the page shows, and its pages to keep; the worker
    /// answers with its news and sends what waits.
    pub const HELLO: &str = "hello";
    /// The language changed: keep the account's pages again.
    pub const LANGUAGE: &str = "language";
    /// Send what waits (`force`: now, whatever the back-off).
    pub const REPLAY: &str = "replay";
    /// The person read a refusal (by key).
    pub const DISMISS: &str = "dismiss";
    /// Send a stuck change again (by key).
    pub const RETRY: &str = "retry";
    /// Drop a stuck change (by key).
    pub const DISCARD: &str = "discard";
}

/// The signed-in pages the worker keeps for opening offline, besides each
/// list's own.
pub fn offline_pages() -> Vec<String> {
    use crate::views::View;
    let mut pages: Vec<String> = [View::Today, View::Upcoming, View::Inbox, View::Completed]
        .iter()
        .map(View::path)
        .collect();
    pages.extend(["/lists", "/search", "/settings", "/timetable", "/paste"].map(str::to_owned));
    pages
}

/// The names above, for the service worker.
pub fn worker_names() -> serde_json::Value {
    json!({
        "keyHeader": KEY_HEADER,
        "keyField": KEY_FIELD,
        "accountHeader": ACCOUNT_HEADER,
        "queuedHeader": QUEUED_HEADER,
        "clockHeader": CLOCK_HEADER,
        "timeField": TIME_FIELD,
        "apiPrefix": API_PREFIX,
        "authPrefix": AUTH_PREFIX,
        "accountPaths": ACCOUNT_PATHS,
        "deleteAccountPath": DELETE_ACCOUNT_PATH,
        "listPagePrefix": LIST_PAGE_PREFIX,
        "keptMark": KEPT_MARK,
        "publicPages": PUBLIC_PAGES,
        "offlinePages": offline_pages(),
        "homePage": crate::views::View::Today.path(),
        "pushSubscribePath": <crate::api::SubscribePush as ServerFn>::PATH,
        "pushUnsubscribePath": <crate::api::UnsubscribePush as ServerFn>::PATH,
        "messages": {
            "hello": to_worker::HELLO,
            "language": to_worker::LANGUAGE,
            "replay": to_worker::REPLAY,
            "dismiss": to_worker::DISMISS,
            "retry": to_worker::RETRY,
            "discard": to_worker::DISCARD,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_keeps_every_view_the_bottom_bar_reaches() {
        let pages = offline_pages();
        for path in [
            "/",
            "/upcoming",
            "/inbox",
            "/completed",
            "/lists",
            "/search",
            "/settings",
            "/timetable",
            "/paste",
        ] {
            assert!(pages.iter().any(|p| p == path), "{path}");
        }
    }

    #[test]
    fn the_worker_gets_every_shared_name() {
        let names = worker_names();
        assert_eq!(names["keyField"], KEY_FIELD);
        assert_eq!(names["accountHeader"], ACCOUNT_HEADER);
        assert_eq!(names["clockHeader"], CLOCK_HEADER);
        assert_eq!(names["authPrefix"], AUTH_PREFIX);
        assert_eq!(names["homePage"], "/");
        assert_eq!(names["keptMark"], KEPT_MARK);
        assert_eq!(names["accountPaths"], json!(ACCOUNT_PATHS));
        assert_eq!(names["messages"]["hello"], to_worker::HELLO);
        assert_eq!(names["messages"]["discard"], to_worker::DISCARD);
        assert_eq!(names["pushSubscribePath"], "/api/auth/push/subscribe");
        assert_eq!(names["pushUnsubscribePath"], "/api/auth/push/unsubscribe");
    }

    #[test]
    fn the_paths_that_change_the_account_are_sign_up_sign_in_sign_out_and_deletion() {
        use crate::api::{DeleteAccount, SignIn, SignOut, SignUp};
        use server_fn::ServerFn;
        assert_eq!(
            ACCOUNT_PATHS,
            [
                SignUp::PATH,
                SignIn::PATH,
                SignOut::PATH,
                DeleteAccount::PATH
            ]
        );
    }
}
