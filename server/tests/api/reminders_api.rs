//! The account's reminder settings, from Settings: the school defaults
//! until changed, changed all at once, a summary inside the quiet hours
//! refused with what to do, and each account's its own.

use crate::support::{error_code, spawn_app, Backend, TestApp};
use app::reminders::{Lead, QuietHours, ReminderSettings};
use chrono::NaiveTime;
use reqwest::StatusCode;

on_both_backends!(
    a_new_account_is_reminded_at_seven_and_quiet_at_night,
    settings_changed_are_kept_and_read_back,
    a_summary_inside_the_quiet_hours_is_refused_and_nothing_changes,
    each_account_has_settings_of_its_own,
    without_a_session_settings_are_neither_read_nor_changed,
);

fn at(hour: u32, minute: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(hour, minute, 0).unwrap()
}

async fn settings(app: &TestApp, client: &reqwest::Client) -> ReminderSettings {
    app.get_json(client, "/api/auth/reminders").await
}

async fn set(app: &TestApp, client: &reqwest::Client, form: &[(&str, &str)]) -> reqwest::Response {
    app.post(client, "/api/auth/reminders/set", form).await
}

const EVENING: [(&str, &str); 5] = [
    ("summary_on", "true"),
    ("summary_at", "20:30"),
    ("quiet_from", "23:00"),
    ("quiet_until", "06:30"),
    ("lead", "1h"),
];

async fn a_new_account_is_reminded_at_seven_and_quiet_at_night(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    assert_eq!(settings(&app, &masha).await, ReminderSettings::default());
    let defaults = ReminderSettings::default();
    assert_eq!(defaults.summary_at(), Some(at(19, 0)));
    assert_eq!(
        defaults.quiet(),
        QuietHours::new(at(22, 0), at(7, 0)).unwrap()
    );
}

async fn settings_changed_are_kept_and_read_back(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let answer = set(&app, &masha, &EVENING).await;
    assert_eq!(answer.status(), StatusCode::OK);
    let kept = settings(&app, &masha).await;
    assert_eq!(kept.summary_at(), Some(at(20, 30)));
    assert_eq!(kept.quiet(), QuietHours::new(at(23, 0), at(6, 30)).unwrap());
    assert_eq!(kept.lead(), Lead::Hour);
    // The summary turned off: no time kept for it.
    let mut off = EVENING;
    off[0] = ("summary_on", "false");
    assert_eq!(set(&app, &masha, &off).await.status(), StatusCode::OK);
    assert_eq!(settings(&app, &masha).await.summary_at(), None);
}

async fn a_summary_inside_the_quiet_hours_is_refused_and_nothing_changes(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let mut late = EVENING;
    late[1] = ("summary_at", "23:30");
    let answer = set(&app, &masha, &late).await;
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        error_code(&answer.text().await.unwrap()),
        "invalid_reminders"
    );
    let mut garbled = EVENING;
    garbled[4] = ("lead", "soon");
    assert_eq!(
        set(&app, &masha, &garbled).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(settings(&app, &masha).await, ReminderSettings::default());
}

async fn each_account_has_settings_of_its_own(backend: Backend) {
    let app = spawn_app(backend).await;
    let masha = app.signed_up_browser("masha").await;
    let petya = app.signed_up_browser("petya").await;
    assert_eq!(set(&app, &masha, &EVENING).await.status(), StatusCode::OK);
    assert_eq!(settings(&app, &petya).await, ReminderSettings::default());
}

async fn without_a_session_settings_are_neither_read_nor_changed(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.browser();
    let read = stranger
        .get(app.url("/api/auth/reminders"))
        .send()
        .await
        .unwrap();
    assert_eq!(read.status(), StatusCode::UNAUTHORIZED);
    let change = set(&app, &stranger, &EVENING).await;
    assert_eq!(change.status(), StatusCode::UNAUTHORIZED);
}
