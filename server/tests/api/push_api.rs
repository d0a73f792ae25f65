//! Reminders on this device, from the page: the browser's subscription
//! kept for the signed-in account, refused when it is not a known push
//! service's, and forgotten when reminders are turned off.

use crate::support::spawn::spawn_app_with;
use crate::support::{error_code, spawn_app, Backend, TestApp};
use app::api::Account;
use app::domain::UserId;
use app::ssr::push_subscription::EndpointPolicy;
use reqwest::StatusCode;

on_both_backends!(
    a_phones_subscription_is_kept_for_the_signed_in_account,
    an_address_that_is_not_a_push_service_is_refused_and_nothing_kept,
    the_tests_own_push_service_is_taken_only_when_the_setting_lets_it_in,
    turning_reminders_off_forgets_this_phone_and_no_other,
    signing_out_of_a_phone_forgets_its_reminders_and_no_other_devices,
    without_a_session_nothing_is_kept_or_forgotten,
);

/// A subscription as a phone's browser gives it: an FCM endpoint named
/// after `device`, a P-256 point and a 16-byte secret (unpadded base64url).
pub fn a_phones_subscription(device: &str) -> [(&'static str, String); 3] {
    [
        (
            "endpoint",
            format!("https://fcm.googleapis.com/fcm/send/{device}"),
        ),
        (
            "p256dh",
            "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A"
                .to_owned(),
        ),
        ("auth", "tBHItJI5svbpez7KI4CCXg".to_owned()),
    ]
}

pub fn form<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect()
}

async fn subscribe(
    app: &TestApp,
    client: &reqwest::Client,
    fields: &[(&'static str, String)],
) -> reqwest::Response {
    app.post(client, "/api/auth/push/subscribe", &form(fields))
        .await
}

pub async fn user(app: &TestApp, client: &reqwest::Client) -> UserId {
    let account: Option<Account> = app.get_json(client, "/api/auth/account").await;
    account.expect("signed in").id
}

async fn endpoints(app: &TestApp, user: UserId) -> Vec<String> {
    app.storage
        .push_subscriptions(user)
        .await
        .unwrap()
        .iter()
        .map(|s| s.endpoint().to_owned())
        .collect()
}

async fn a_phones_subscription_is_kept_for_the_signed_in_account(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let phone = a_phones_subscription("mashas-phone");
    assert_eq!(
        subscribe(&app, &masha, &phone).await.status(),
        StatusCode::OK
    );
    // Turning reminders on again on the same phone keeps one subscription.
    assert_eq!(
        subscribe(&app, &masha, &phone).await.status(),
        StatusCode::OK
    );
    let kept = app
        .storage
        .push_subscriptions(user(&app, &masha).await)
        .await
        .unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].endpoint(), phone[0].1);
    assert_eq!(kept[0].p256dh().len(), 65);
    assert_eq!(kept[0].auth().len(), 16);
}

async fn an_address_that_is_not_a_push_service_is_refused_and_nothing_kept(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let bad = |field: &'static str, value: &str| {
        let mut fields = a_phones_subscription("phone");
        for (name, old) in fields.iter_mut() {
            if *name == field {
                *old = value.to_owned();
            }
        }
        fields
    };
    for fields in [
        bad("endpoint", "https://attacker.example/collect"),
        bad("endpoint", "http://fcm.googleapis.com/fcm/send/x"),
        bad("endpoint", "http://127.0.0.1:9/push"),
        bad("endpoint", "not an address"),
        bad("p256dh", "short"),
        bad("auth", ""),
    ] {
        let response = subscribe(&app, &masha, &fields).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{fields:?}");
        assert_eq!(error_code(&response.text().await.unwrap()), "bad_request");
    }
    assert!(endpoints(&app, user(&app, &masha).await).await.is_empty());
}

async fn the_tests_own_push_service_is_taken_only_when_the_setting_lets_it_in(backend: Backend) {
    let local = |device: &str| {
        let mut fields = a_phones_subscription(device);
        fields[0].1 = format!("http://127.0.0.1:41234/push/{device}");
        fields
    };
    let app = spawn_app_with(backend, |config| {
        config.settings.push_endpoints = EndpointPolicy::AlsoLoopback;
    })
    .await;
    let masha = app.signed_up_browser("masha").await;
    assert_eq!(
        subscribe(&app, &masha, &local("test-phone")).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        endpoints(&app, user(&app, &masha).await).await,
        ["http://127.0.0.1:41234/push/test-phone"]
    );
}

async fn signing_out_of_a_phone_forgets_its_reminders_and_no_other_devices(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = app.signed_up_browser("masha").await;
    let laptop = app.browser();
    let signed_in = app.sign_in(&laptop, "masha", "correct horse battery").await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    subscribe(&app, &phone, &a_phones_subscription("phone")).await;
    subscribe(&app, &laptop, &a_phones_subscription("laptop")).await;
    let masha = user(&app, &laptop).await;
    assert_eq!(endpoints(&app, masha).await.len(), 2);

    let out = app.post(&phone, "/api/auth/signout", &[]).await;
    assert!(out.status().is_success() || out.status().is_redirection());
    assert_eq!(
        endpoints(&app, masha).await,
        [a_phones_subscription("laptop")[0].1.clone()]
    );
}

async fn turning_reminders_off_forgets_this_phone_and_no_other(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let petya = app.signed_up_browser("petya").await;
    let (mashas, petyas) = (
        a_phones_subscription("mashas-phone"),
        a_phones_subscription("petyas-phone"),
    );
    subscribe(&app, &masha, &mashas).await;
    subscribe(&app, &petya, &petyas).await;
    // Masha names Petya's phone: it stays his.
    let off = app
        .post(
            &masha,
            "/api/auth/push/unsubscribe",
            &[("endpoint", &petyas[0].1)],
        )
        .await;
    assert_eq!(off.status(), StatusCode::OK);
    let petya_id = user(&app, &petya).await;
    assert_eq!(endpoints(&app, petya_id).await, [petyas[0].1.clone()]);
    let off = app
        .post(
            &masha,
            "/api/auth/push/unsubscribe",
            &[("endpoint", &mashas[0].1)],
        )
        .await;
    assert_eq!(off.status(), StatusCode::OK);
    assert!(endpoints(&app, user(&app, &masha).await).await.is_empty());
}

async fn without_a_session_nothing_is_kept_or_forgotten(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.browser();
    let response = subscribe(&app, &stranger, &a_phones_subscription("phone")).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&response.text().await.unwrap()), "unauthorized");
    let off = app
        .post(
            &stranger,
            "/api/auth/push/unsubscribe",
            &[("endpoint", "https://fcm.googleapis.com/fcm/send/phone")],
        )
        .await;
    assert_eq!(off.status(), StatusCode::UNAUTHORIZED);
}
