//! Changing one's password: the old one is required, the other sessions
//! of the account end and this one stays, and the same change sent again
//! (its answer lost) is still a success.

use crate::support::{error_code, session_pair, spawn_app, Backend, TestApp};
use reqwest::StatusCode;

on_both_backends!(
    a_new_password_needs_the_old_one_and_signs_out_the_other_devices,
    a_password_change_gives_this_device_a_new_session_and_ends_the_one_before,
    the_same_change_sent_again_after_its_answer_was_lost_succeeds,
    a_new_password_too_short_is_refused_and_nothing_changes,
    a_new_password_among_the_commonest_is_refused_and_nothing_changes,
    without_a_session_nothing_changes,
);

const OLD: &str = "correct horse battery";
const NEW: &str = "staple battery horse";

async fn change(
    app: &TestApp,
    client: &reqwest::Client,
    old: &str,
    new: &str,
) -> reqwest::Response {
    app.post(
        client,
        "/api/auth/password",
        &[("old_password", old), ("new_password", new)],
    )
    .await
}

async fn a_new_password_needs_the_old_one_and_signs_out_the_other_devices(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = app.signed_up_browser("masha").await;
    let laptop = app.browser();
    assert_eq!(
        app.sign_in(&laptop, "masha", OLD).await.status(),
        StatusCode::OK
    );

    let wrong = change(&app, &phone, "not the password", NEW).await;
    assert_eq!(wrong.status(), StatusCode::FORBIDDEN);
    assert_eq!(error_code(&wrong.text().await.unwrap()), "wrong_password");
    assert_eq!(
        app.list_tasks(&laptop).await.status(),
        StatusCode::OK,
        "nothing changed"
    );

    assert_eq!(
        change(&app, &phone, OLD, NEW).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.list_tasks(&phone).await.status(),
        StatusCode::OK,
        "this device stays"
    );
    assert_eq!(
        app.list_tasks(&laptop).await.status(),
        StatusCode::UNAUTHORIZED,
        "the other is out"
    );
    let again = app.browser();
    assert_eq!(
        app.sign_in(&again, "masha", OLD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.sign_in(&again, "masha", NEW).await.status(),
        StatusCode::OK
    );
}

/// The session cookie this device had before the change (which someone
/// may have seen, or planted) signs nobody in after it; the new one does.
async fn a_password_change_gives_this_device_a_new_session_and_ends_the_one_before(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let signed_up = app.sign_up(&app.browser(), "masha", OLD).await;
    let before = session_pair(&signed_up).expect("a session cookie at sign-up");
    let phone = app.browser();
    assert_eq!(
        app.sign_in(&phone, "masha", OLD).await.status(),
        StatusCode::OK
    );
    let changed = app
        .post(
            &with_cookie(&app, &before),
            "/api/auth/password",
            &[("old_password", OLD), ("new_password", NEW)],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let after = session_pair(&changed).expect("a new session cookie with the answer");
    assert_ne!(after, before);
    assert_eq!(
        app.list_tasks(&with_cookie(&app, &before)).await.status(),
        StatusCode::UNAUTHORIZED,
        "the session from before the change has ended"
    );
    assert_eq!(
        app.list_tasks(&with_cookie(&app, &after)).await.status(),
        StatusCode::OK,
        "the device stays signed in under its new session"
    );
    assert_eq!(
        app.list_tasks(&phone).await.status(),
        StatusCode::UNAUTHORIZED,
        "another device is signed out"
    );
}

/// A browser that sends this cookie and no other.
fn with_cookie(app: &TestApp, cookie: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("cookie", cookie.parse().unwrap());
    headers.insert("origin", app.url("").parse().unwrap());
    reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .unwrap()
}

async fn the_same_change_sent_again_after_its_answer_was_lost_succeeds(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = app.signed_up_browser("masha").await;
    assert_eq!(
        change(&app, &phone, OLD, NEW).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        change(&app, &phone, OLD, NEW).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.sign_in(&app.browser(), "masha", NEW).await.status(),
        StatusCode::OK
    );
}

async fn a_new_password_too_short_is_refused_and_nothing_changes(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = app.signed_up_browser("masha").await;
    let short = change(&app, &phone, OLD, "short").await;
    assert_eq!(short.status(), StatusCode::BAD_REQUEST);
    assert_eq!(error_code(&short.text().await.unwrap()), "invalid_password");
    assert_eq!(
        app.sign_in(&app.browser(), "masha", OLD).await.status(),
        StatusCode::OK
    );
}

async fn a_new_password_among_the_commonest_is_refused_and_nothing_changes(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = app.signed_up_browser("masha").await;
    let common = change(&app, &phone, OLD, "Qwerty123").await;
    assert_eq!(common.status(), StatusCode::BAD_REQUEST);
    let body: serde_json::Value = serde_json::from_str(&common.text().await.unwrap()).unwrap();
    assert_eq!(body["error"], "invalid_password");
    assert_eq!(body["detail"], "Common");
    assert_eq!(
        app.sign_in(&app.browser(), "masha", OLD).await.status(),
        StatusCode::OK
    );
}

async fn without_a_session_nothing_changes(backend: Backend) {
    let app = spawn_app(backend).await;
    app.signed_up_browser("masha").await;
    let stranger = app.browser();
    assert_eq!(
        change(&app, &stranger, OLD, NEW).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.sign_in(&app.browser(), "masha", OLD).await.status(),
        StatusCode::OK
    );
}
