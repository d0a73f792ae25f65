//! Device cookies (issue 26, point 1): at school the whole class comes
//! from one address (here, every client comes from 127.0.0.1). A
//! classmate's wrong guesses for a name lock that address out, but never
//! the owner's phone, which signed in as that name before; a browser new
//! to the name is throttled as before.

use crate::support::{error_code, spawn_app, Backend, TestApp};
use reqwest::StatusCode;

on_both_backends!(
    a_classmates_guesses_from_the_schools_address_never_lock_out_the_owners_phone,
    a_trusted_phone_is_slowed_by_its_own_wrong_passwords,
    a_device_cookie_of_another_name_does_not_help,
    the_owners_phone_changes_the_password_while_the_schools_address_is_locked,
    the_owners_phone_is_trusted_by_every_instance_of_the_server,
);

const PASSWORD: &str = "correct horse battery";

/// Ten wrong passwords for masha from the school's address.
async fn a_classmate_guesses(app: &TestApp) {
    let classmate = app.browser();
    for _ in 0..10 {
        let guess = app.sign_in(&classmate, "masha", "guess guess").await;
        assert_eq!(guess.status(), StatusCode::UNAUTHORIZED);
    }
    let right = app.sign_in(&classmate, "masha", PASSWORD).await;
    assert_eq!(
        right.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "the classmate is locked"
    );
}

/// Masha's phone: signed up on it, then signed out (its device cookie stays).
async fn owners_phone(app: &TestApp) -> reqwest::Client {
    let phone = app.browser();
    assert_eq!(
        app.sign_up(&phone, "masha", PASSWORD).await.status(),
        StatusCode::OK
    );
    let out = app.post(&phone, "/api/auth/signout", &[]).await;
    assert_eq!(out.status(), StatusCode::OK);
    phone
}

async fn a_classmates_guesses_from_the_schools_address_never_lock_out_the_owners_phone(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let phone = owners_phone(&app).await;
    a_classmate_guesses(&app).await;

    let new_browser = app.sign_in(&app.browser(), "masha", PASSWORD).await;
    assert_eq!(
        new_browser.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "a browser new to the name, from the school's address, is throttled"
    );
    assert_eq!(
        error_code(&new_browser.text().await.unwrap()),
        "too_many_attempts"
    );
    let signed_in = app.sign_in(&phone, "masha", PASSWORD).await;
    assert_eq!(
        signed_in.status(),
        StatusCode::OK,
        "the owner's phone gets in at once"
    );
    assert_eq!(app.list_tasks(&phone).await.status(), StatusCode::OK);
}

async fn a_trusted_phone_is_slowed_by_its_own_wrong_passwords(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = owners_phone(&app).await;
    for _ in 0..10 {
        let typo = app.sign_in(&phone, "masha", "typo typo typo").await;
        assert_eq!(typo.status(), StatusCode::UNAUTHORIZED);
    }
    let right = app.sign_in(&phone, "masha", PASSWORD).await;
    assert_eq!(right.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn a_device_cookie_of_another_name_does_not_help(backend: Backend) {
    let app = spawn_app(backend).await;
    owners_phone(&app).await;
    let petyas_phone = app.browser();
    assert_eq!(
        app.sign_up(&petyas_phone, "petya", PASSWORD).await.status(),
        StatusCode::OK
    );
    a_classmate_guesses(&app).await;
    let borrowed = app.sign_in(&petyas_phone, "masha", PASSWORD).await;
    assert_eq!(
        borrowed.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "petya's phone is a device of petya's, not masha's"
    );
}

async fn the_owners_phone_changes_the_password_while_the_schools_address_is_locked(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let phone = app.browser();
    assert_eq!(
        app.sign_up(&phone, "masha", PASSWORD).await.status(),
        StatusCode::OK
    );
    a_classmate_guesses(&app).await;
    let changed = app
        .post(
            &phone,
            "/api/auth/password",
            &[
                ("old_password", PASSWORD),
                ("new_password", "staple battery horse"),
            ],
        )
        .await;
    assert_eq!(
        changed.status(),
        StatusCode::OK,
        "the owner is not locked out of her settings"
    );
}

/// The key that signs device cookies is kept in the database, made once:
/// a second instance (behind the same balancer, or after a restart) knows
/// the phone too.
async fn the_owners_phone_is_trusted_by_every_instance_of_the_server(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = owners_phone(&app).await;
    a_classmate_guesses(&app).await;
    let second = app.another_instance().await;
    // The phone's page is the site's, wherever the balancer sends it (its
    // `Origin` is the first instance's address here, so it says so the
    // other way browsers do).
    let signed_in = phone
        .post(second.url("/api/auth/signin"))
        .header("sec-fetch-site", "same-origin")
        .form(&[("username", "masha"), ("password", PASSWORD)])
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), StatusCode::OK);
    let stranger = second.sign_in(&second.browser(), "masha", PASSWORD).await;
    assert_eq!(stranger.status(), StatusCode::TOO_MANY_REQUESTS);
}
