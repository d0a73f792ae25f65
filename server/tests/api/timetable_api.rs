//! The timetable through its server functions, on both backends: each
//! entry keeps the last action whatever order changes arrive in, a change
//! that does not read is refused with why and changes nothing, holidays
//! have a quota, each account has its own, and every view's read carries
//! it (Today's lessons and quick add's next lesson are drawn from it).

use crate::support::spawn::{read_ok, spawn_app_with};
use crate::support::{error_code, Backend, Student};
use app::change::{KeptEntry, KeptTimetable, TimetableChange};
use app::domain::Stamp;
use app::ssr::quotas::Quotas;
use reqwest::StatusCode;
use uuid::Uuid;

on_both_backends!(
    two_phones_setting_one_lesson_keep_the_later_whatever_arrives_last,
    a_change_sent_twice_is_kept_once_and_answered_alike,
    a_change_that_does_not_read_is_refused_with_why_and_nothing_changes,
    holidays_past_the_quota_are_refused_and_taking_one_out_makes_room,
    each_account_has_a_timetable_of_its_own,
    every_view_read_carries_the_timetable,
    a_line_sent_without_javascript_is_due_at_the_subjects_next_lesson,
);

const SET: &str = "/api/timetable/set";

fn made(minutes: i64) -> String {
    let base: chrono::DateTime<chrono::Utc> = "2026-09-07T05:00:00Z".parse().unwrap();
    (base + chrono::Duration::minutes(minutes)).to_rfc3339()
}

impl Student {
    async fn set_entry(&self, entry: &str, value: &str, at: &str) -> reqwest::Response {
        self.send(SET, &[("entry", entry), ("value", value), ("at", at)])
            .await
    }

    async fn timetable(&self) -> KeptTimetable {
        self.app.get_json(&self.browser, "/api/timetable").await
    }
}

fn values(timetable: &KeptTimetable) -> Vec<(String, String)> {
    timetable
        .entries()
        .iter()
        .map(|kept| (kept.change.entry_text(), kept.change.value_text()))
        .collect()
}

async fn two_phones_setting_one_lesson_keep_the_later_whatever_arrives_last(backend: Backend) {
    let masha = Student::new(backend).await;
    let (algebra, physics) = (Uuid::now_v7().to_string(), Uuid::now_v7().to_string());
    // The laptop set physics at 08:10; the phone, offline, set algebra at
    // 08:05 and is heard only now.
    let later: KeptEntry = read_ok(
        "later",
        masha.set_entry("lesson:mon:2", &physics, &made(10)).await,
    )
    .await;
    let earlier: KeptEntry = read_ok(
        "earlier",
        masha.set_entry("lesson:mon:2", &algebra, &made(5)).await,
    )
    .await;
    assert_eq!(earlier, later, "the answer is what is kept");
    assert_eq!(later.changed, Stamp::of(made(10).parse().unwrap()));
    // Another slot the phone set meanwhile stays beside it.
    masha
        .set_entry("lesson:mon:3", &algebra, &made(5))
        .await
        .error_for_status()
        .unwrap();
    assert_eq!(
        values(&masha.timetable().await),
        [
            ("lesson:mon:2".to_owned(), physics),
            ("lesson:mon:3".to_owned(), algebra),
        ]
    );
}

async fn a_change_sent_twice_is_kept_once_and_answered_alike(backend: Backend) {
    let masha = Student::new(backend).await;
    let key = Uuid::new_v4().to_string();
    let form = [
        ("entry", "rotation"),
        ("value", "2026-09-07"),
        ("at", &made(1)),
    ];
    let first = masha.send_keyed(&key, SET, &form).await;
    assert_eq!(first.status(), StatusCode::OK);
    let first = first.text().await.unwrap();
    // A later change, then the first one's replay.
    masha
        .set_entry("rotation", "", &made(2))
        .await
        .error_for_status()
        .unwrap();
    let again = masha.send_keyed(&key, SET, &form).await;
    assert_eq!(again.text().await.unwrap(), first);
    assert_eq!(
        values(&masha.timetable().await),
        [("rotation".to_owned(), String::new())]
    );
}

async fn a_change_that_does_not_read_is_refused_with_why_and_nothing_changes(backend: Backend) {
    let masha = Student::new(backend).await;
    let bells = "08:30-09:15 09:25-10:10";
    masha
        .set_entry("bells", bells, &made(1))
        .await
        .error_for_status()
        .unwrap();
    for (entry, value, detail) in [
        ("bells", "08:30-09:15 09:00-09:45", r#""bells_overlap""#),
        ("lesson:mon:11", "", r#""lesson_number""#),
        ("lesson:mon:1", "алгебра", r#""subject""#),
        ("timetable", "", r#""entry""#),
    ] {
        let refused = masha.set_entry(entry, value, &made(2)).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{entry}");
        let body = refused.text().await.unwrap();
        assert_eq!(error_code(&body), "invalid_timetable");
        assert!(body.contains(detail), "{body}");
    }
    assert_eq!(
        values(&masha.timetable().await),
        [("bells".to_owned(), bells.to_owned())]
    );
}

async fn holidays_past_the_quota_are_refused_and_taking_one_out_makes_room(backend: Backend) {
    let app = spawn_app_with(backend, |config| {
        config.settings.quotas = Quotas {
            holidays: 2,
            ..Quotas::default()
        }
    })
    .await;
    let browser = app.signed_up_browser("masha").await;
    let masha = Student { app, browser };
    let holiday = || format!("holiday:{}", Uuid::now_v7());
    let (autumn, winter, spring) = (holiday(), holiday(), holiday());
    for (entry, dates) in [
        (&autumn, "2026-10-26/2026-11-03"),
        (&winter, "2026-12-29/2027-01-11"),
    ] {
        let kept = masha.set_entry(entry, dates, &made(1)).await;
        assert_eq!(kept.status(), StatusCode::OK);
    }
    // Moving one is no new holiday.
    let moved = masha
        .set_entry(&autumn, "2026-10-27/2026-11-04", &made(2))
        .await;
    assert_eq!(moved.status(), StatusCode::OK);
    let third = masha
        .set_entry(&spring, "2027-03-22/2027-03-29", &made(2))
        .await;
    assert_eq!(third.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_code(&third.text().await.unwrap()), "quota_reached");
    let out = masha.set_entry(&autumn, "", &made(3)).await;
    assert_eq!(out.status(), StatusCode::OK);
    let third = masha
        .set_entry(&spring, "2027-03-22/2027-03-29", &made(4))
        .await;
    assert_eq!(third.status(), StatusCode::OK);
    assert_eq!(masha.timetable().await.holidays(), 2);
}

async fn each_account_has_a_timetable_of_its_own(backend: Backend) {
    let masha = Student::new(backend).await;
    let list = Uuid::now_v7().to_string();
    masha
        .set_entry("lesson:tue:1", &list, &made(1))
        .await
        .error_for_status()
        .unwrap();
    let petya = masha.app.signed_up_browser("petya").await;
    let petyas: KeptTimetable = masha.app.get_json(&petya, "/api/timetable").await;
    assert!(petyas.entries().is_empty());
    // The same slot is Petya's own to set.
    let his = masha
        .app
        .post_keyed(
            &petya,
            &Uuid::new_v4().to_string(),
            SET,
            &[("entry", "lesson:tue:1"), ("value", ""), ("at", &made(2))],
        )
        .await;
    assert_eq!(his.status(), StatusCode::OK);
    assert_eq!(
        values(&masha.timetable().await),
        [("lesson:tue:1".to_owned(), list)]
    );
    let signed_out = masha.app.browser();
    let read = signed_out
        .get(masha.app.url("/api/timetable"))
        .send()
        .await
        .unwrap();
    assert_eq!(read.status(), StatusCode::UNAUTHORIZED);
}

async fn every_view_read_carries_the_timetable(backend: Backend) {
    let masha = Student::new(backend).await;
    assert!(masha.view("today").await.timetable.entries().is_empty());
    masha
        .set_entry("rotation", "2026-09-07", &made(1))
        .await
        .error_for_status()
        .unwrap();
    for view in ["today", "upcoming", "inbox"] {
        let timetable = masha.view(view).await.timetable;
        assert_eq!(
            timetable.entries()[0].change,
            TimetableChange::parse("rotation", "2026-09-07").unwrap()
        );
    }
}

async fn a_line_sent_without_javascript_is_due_at_the_subjects_next_lesson(backend: Backend) {
    use chrono::{Datelike, Days, Utc};
    let masha = Student::new(backend).await;
    let algebra = Uuid::now_v7().to_string();
    masha
        .done(
            "/api/lists/create",
            &[("id", &algebra), ("name", "Алгебра")],
        )
        .await;
    // The 3rd lesson (10:30 by the default bells), two days from now: no
    // lesson of today's can come first, whatever the time.
    let day = Utc::now().date_naive() + Days::new(2);
    let weekday = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        [day.weekday().num_days_from_monday() as usize];
    masha
        .set_entry(
            &format!("lesson:{weekday}:3"),
            &algebra,
            &Utc::now().to_rfc3339(),
        )
        .await
        .error_for_status()
        .unwrap();
    let id = Uuid::now_v7().to_string();
    let form = [
        ("id", id.as_str()),
        ("quick_add", "№245 к следующей алгебре"),
    ];
    let task: app::domain::Task = masha.ok("/api/tasks/add", &form).await;
    assert_eq!(task.title.as_str(), "№245");
    let due = task.due.unwrap();
    assert_eq!(
        (due.date, due.time.unwrap().to_string()),
        (day, "10:30:00".into())
    );
    assert_eq!(task.list_id.unwrap().to_string(), algebra);
}
