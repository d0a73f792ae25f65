//! Reminders reaching phones through a push service (the tests' own, on
//! 127.0.0.1), with the scheduler ticking on the test's clock: one summary
//! per device per evening, a task's reminder at its time and never for a
//! task done, deleted or moved meanwhile, quiet hours, a repeating task's
//! next occurrence, a device the push service no longer knows, a busy
//! push service, and a change of time zone.

use super::push_api::{form, user};
use crate::support::spawn::spawn_app_with;
use crate::support::{Backend, PushService, TestApp};
use app::domain::{TaskId, UserId};
use app::ssr::push_subscription::EndpointPolicy;
use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use server::push::Tick;
use uuid::Uuid;

on_both_backends!(
    each_device_gets_one_summary_an_evening_in_its_language,
    no_summary_comes_when_nothing_is_due_tomorrow_or_overdue,
    a_task_reminds_at_its_time_once,
    a_reminder_whose_sender_died_mid_send_comes_again_under_the_same_topic,
    an_instance_that_stops_records_what_it_was_sending,
    the_accounts_lead_brings_the_reminder_forward,
    a_tasks_own_reminder_says_when_and_whether,
    a_reminder_put_off_comes_again_at_its_new_moment,
    nothing_comes_for_a_task_done_deleted_or_moved_meanwhile,
    a_reminder_in_the_quiet_hours_comes_when_they_end,
    a_repeating_tasks_next_occurrence_is_reminded,
    a_device_its_push_service_no_longer_knows_is_forgotten,
    a_busy_push_service_is_tried_again_after_the_wait_it_asked_for,
    a_change_of_time_zone_moves_the_moments,
);

struct Masha {
    app: TestApp,
    browser: reqwest::Client,
    push: PushService,
    id: UserId,
}

impl Masha {
    /// Masha signed up, her summary off unless a test turns it on (so each
    /// test hears only what it is about), in UTC.
    async fn new(backend: Backend) -> Self {
        let push = PushService::start().await;
        let app = spawn_app_with(backend, |config| {
            config.settings.push_endpoints = EndpointPolicy::AlsoLoopback;
        })
        .await;
        let browser = app.signed_up_browser("masha").await;
        let id = user(&app, &browser).await;
        let masha = Self {
            app,
            browser,
            push,
            id,
        };
        masha.settings(&[("lead", "0")]).await;
        masha
    }

    async fn subscribe(&self, device: &str, language: &str) {
        let mut fields = self.push.mint(device);
        fields.push(("language", language.to_owned()));
        let answer = self
            .app
            .post(&self.browser, "/api/auth/push/subscribe", &form(&fields))
            .await;
        assert_eq!(answer.status(), StatusCode::OK);
    }

    /// Her settings: the form's usual ones with `changed` over them. The
    /// summary stays off unless asked for: a test that moves the quiet
    /// hours near the real clock would otherwise put the summary's 19:00
    /// inside them (refused) when run between noon and one, UTC.
    async fn settings(&self, changed: &[(&str, &str)]) {
        let mut fields = vec![
            ("summary_on", "false"),
            ("summary_at", "19:00"),
            ("quiet_from", "22:00"),
            ("quiet_until", "07:00"),
            ("lead", "0"),
        ];
        for (name, value) in changed {
            fields.retain(|(kept, _)| kept != name);
            fields.push((name, value));
        }
        let answer = self
            .app
            .post(&self.browser, "/api/auth/reminders/set", &fields)
            .await;
        assert_eq!(answer.status(), StatusCode::OK);
    }

    /// A change, as the page sends it: keyed, and it must succeed.
    async fn change(&self, path: &str, fields: &[(&str, &str)]) {
        let key = Uuid::new_v4().to_string();
        let answer = self.app.post_keyed(&self.browser, &key, path, fields).await;
        assert_eq!(
            answer.status(),
            StatusCode::OK,
            "{path}: {}",
            answer.text().await.unwrap()
        );
    }

    /// A task due on `date`, at `time` if not empty; its id.
    async fn task(&self, title: &str, date: &str, time: &str) -> String {
        let id = TaskId::new().to_string();
        self.change(
            "/api/tasks/create",
            &[
                ("id", &id),
                ("title", title),
                ("due_date", date),
                ("due_time", time),
            ],
        )
        .await;
        id
    }

    async fn tick(&self, at: &str) -> Tick {
        let now: DateTime<Utc> = at.parse().expect("an instant");
        self.app.reminders.tick(now).await
    }

    fn bodies(&self) -> Vec<String> {
        self.push
            .received()
            .iter()
            .map(|got| got.message["body"].as_str().unwrap_or("").to_owned())
            .collect()
    }
}

async fn each_device_gets_one_summary_an_evening_in_its_language(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha
        .settings(&[("summary_on", "true"), ("summary_at", "19:00")])
        .await;
    masha.subscribe("phone", "ru").await;
    masha.subscribe("tablet", "en").await;
    masha.task("реферат", "2026-10-14", "").await;
    masha.task("алгебра №245", "2026-10-14", "08:30").await;
    masha.task("контурная карта", "2026-10-10", "").await;

    assert_eq!(masha.tick("2026-10-13T18:59:00Z").await.planned, 0);
    let evening = masha.tick("2026-10-13T19:05:00Z").await;
    assert_eq!((evening.planned, evening.sent), (2, 2));
    // Later ticks, and another instance on the same database, send nothing more.
    masha.tick("2026-10-13T19:06:00Z").await;
    let other = masha.app.another_instance().await;
    other
        .reminders
        .tick("2026-10-13T20:00:00Z".parse().unwrap())
        .await;

    let got = masha.push.received();
    assert_eq!(got.len(), 2, "{got:?}");
    let by = |device: &str| {
        got.iter()
            .find(|g| g.device == device)
            .expect("each device")
    };
    let (phone, tablet) = (by("phone"), by("tablet"));
    assert_eq!(
        phone.message["body"],
        "Завтра: алгебра №245, реферат. Просрочено: 1"
    );
    assert_eq!(
        tablet.message["body"],
        "Tomorrow: алгебра №245, реферат. Overdue: 1"
    );
    for message in [phone, tablet] {
        assert_eq!(message.message["account"], masha.id.to_string());
        assert_eq!(message.message["tag"], "summary:2026-10-13");
        assert!(message.bytes < 3 * 1024);
        assert!(
            message.ttl > 0 && message.ttl <= 3 * 3600,
            "{}",
            message.ttl
        );
        assert_eq!(message.urgency.as_deref(), Some("normal"));
    }
    assert_eq!(phone.topic, tablet.topic);
}

async fn no_summary_comes_when_nothing_is_due_tomorrow_or_overdue(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.settings(&[("summary_on", "true")]).await;
    masha.subscribe("phone", "ru").await;
    masha.task("проект", "2026-10-20", "").await;
    let evening = masha.tick("2026-10-13T19:00:00Z").await;
    assert_eq!((evening.planned, evening.dropped, evening.sent), (1, 1, 0));
    assert!(masha.push.received().is_empty());
    assert_eq!(masha.push.requests(), 0);
}

async fn a_task_reminds_at_its_time_once(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    let id = masha.task("алгебра №245", "2026-10-13", "18:30").await;
    assert_eq!(masha.tick("2026-10-13T18:29:00Z").await, Tick::default());
    assert_eq!(masha.tick("2026-10-13T18:30:10Z").await.sent, 1);
    masha.tick("2026-10-13T18:31:00Z").await;
    let got = masha.push.received();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].message["title"], "алгебра №245");
    assert_eq!(got[0].message["body"], "Сегодня · 18:30");
    assert_eq!(got[0].message["tag"], format!("task:{id}:2026-10-13T18:30"));
    assert_eq!(got[0].message["url"], format!("/#task-{id}"));
    assert_eq!(got[0].urgency.as_deref(), Some("high"));
}

/// A sender that died after the push service took the message and before
/// it recorded so (a crash, a deploy's SIGKILL) leaves the reminder
/// claimed. Once the claim's lease has run out another tick sends it
/// again, under the same topic and tag: the phone replaces the first copy
/// rather than showing two.
async fn a_reminder_whose_sender_died_mid_send_comes_again_under_the_same_topic(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    let id = masha.task("алгебра №245", "2026-10-13", "18:30").await;
    masha
        .push
        .hold_answers(Some(std::time::Duration::from_secs(5)));
    let scheduler = masha.app.reminders.clone();
    let dying = tokio::spawn(async move {
        scheduler
            .tick("2026-10-13T18:30:10Z".parse().unwrap())
            .await
    });
    let started = std::time::Instant::now();
    while masha.push.received().is_empty() {
        assert!(
            started.elapsed().as_secs() < 10,
            "the first copy never came"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    dying.abort();
    masha.push.hold_answers(None);

    // Within the dead sender's lease (two minutes), nobody sends it.
    assert_eq!(masha.tick("2026-10-13T18:31:00Z").await, Tick::default());
    assert_eq!(masha.tick("2026-10-13T18:33:00Z").await.sent, 1);
    let got = masha.push.received();
    assert_eq!(got.len(), 2, "{got:?}");
    let tag = format!("task:{id}:2026-10-13T18:30");
    assert!(got.iter().all(|copy| copy.message["tag"] == tag.as_str()));
    assert!(got[0].topic.is_some());
    assert_eq!(got[0].topic, got[1].topic);
}

/// A deploy stops an instance while it sends: it claims nothing more, and
/// what it was sending is sent and recorded, so no other instance sends
/// it again (nor waits out its lease to).
async fn an_instance_that_stops_records_what_it_was_sending(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    // Due a minute ago, by the real clock the running scheduler reads,
    // and the quiet hours far from it.
    let due = Utc::now() - chrono::Duration::minutes(1);
    let hhmm = |t: DateTime<Utc>| t.format("%H:%M").to_string();
    let (quiet_from, quiet_until) = (
        hhmm(due + chrono::Duration::hours(6)),
        hhmm(due + chrono::Duration::hours(7)),
    );
    masha
        .settings(&[("quiet_from", &quiet_from), ("quiet_until", &quiet_until)])
        .await;
    masha
        .task(
            "алгебра №245",
            &due.date_naive().to_string(),
            &due.format("%H:%M").to_string(),
        )
        .await;
    masha
        .push
        .hold_answers(Some(std::time::Duration::from_millis(500)));
    let ticking = masha
        .app
        .reminders
        .clone()
        .spawn(std::time::Duration::from_secs(3600));
    let started = std::time::Instant::now();
    while masha.push.received().is_empty() {
        assert!(started.elapsed().as_secs() < 10, "the reminder never came");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    ticking.stop(std::time::Duration::from_secs(15)).await;
    masha.push.hold_answers(None);

    let after_the_lease = Utc::now() + chrono::Duration::minutes(3);
    let other = masha.app.another_instance().await;
    assert_eq!(other.reminders.tick(after_the_lease).await, Tick::default());
    assert_eq!(masha.push.received().len(), 1);
}

async fn the_accounts_lead_brings_the_reminder_forward(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.settings(&[("lead", "1h")]).await;
    masha.subscribe("phone", "ru").await;
    masha.task("контрольная", "2026-10-13", "18:30").await;
    assert_eq!(masha.tick("2026-10-13T17:29:00Z").await.sent, 0);
    assert_eq!(masha.tick("2026-10-13T17:30:00Z").await.sent, 1);
}

async fn a_tasks_own_reminder_says_when_and_whether(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    // Typed as a student types it: the reminder's words leave the title.
    let id = TaskId::new().to_string();
    let line = "Контрольная 2026-10-13 18:30 напомни за час";
    masha
        .change("/api/tasks/add", &[("id", &id), ("quick_add", line)])
        .await;
    let quiet = masha.task("Секция", "2026-10-13", "18:30").await;
    masha
        .change(
            "/api/tasks/edit",
            &[("id", &quiet), ("reminder", "off"), ("set", "reminder")],
        )
        .await;
    assert_eq!(masha.tick("2026-10-13T17:30:00Z").await.sent, 1);
    assert_eq!(masha.tick("2026-10-13T18:30:00Z").await.sent, 0);
    let got = masha.push.received();
    assert_eq!(got[0].message["title"], "Контрольная");
    assert_eq!(got[0].message["tag"], format!("task:{id}:2026-10-13T17:30"));
}

async fn a_reminder_put_off_comes_again_at_its_new_moment(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    let id = masha.task("алгебра", "2026-10-13", "18:30").await;
    let homework = masha.task("стих", "2026-10-14", "").await;
    assert_eq!(masha.tick("2026-10-13T18:30:00Z").await.sent, 1);
    // «Отложить на час», as the worker sends it; and a moment of its own
    // for homework without a time.
    for (task, moment) in [(&id, "2026-10-13T19:31"), (&homework, "2026-10-13T20:00")] {
        masha
            .change(
                "/api/tasks/edit",
                &[("id", task), ("reminder", moment), ("set", "reminder")],
            )
            .await;
    }
    assert_eq!(masha.tick("2026-10-13T19:30:00Z").await.sent, 0);
    assert_eq!(masha.tick("2026-10-13T19:31:00Z").await.sent, 1);
    assert_eq!(masha.tick("2026-10-13T20:00:00Z").await.sent, 1);
    let tags: Vec<_> = masha
        .push
        .received()
        .iter()
        .map(|got| got.message["tag"].clone())
        .collect();
    assert_eq!(
        tags,
        [
            format!("task:{id}:2026-10-13T18:30"),
            format!("task:{id}:2026-10-13T19:31"),
            format!("task:{homework}:2026-10-13T20:00"),
        ]
    );
}

async fn nothing_comes_for_a_task_done_deleted_or_moved_meanwhile(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    let done = masha.task("стих", "2026-10-13", "18:30").await;
    let deleted = masha.task("реферат", "2026-10-13", "18:30").await;
    let moved = masha.task("алгебра", "2026-10-13", "18:30").await;
    // The push service is down when they are first due: all three wait.
    for _ in 0..3 {
        masha
            .push
            .answer_next(StatusCode::SERVICE_UNAVAILABLE, None);
    }
    assert_eq!(masha.tick("2026-10-13T18:30:00Z").await.retried, 3);

    masha
        .change(
            "/api/tasks/complete",
            &[("id", &done), ("completed", "true")],
        )
        .await;
    masha
        .change(
            "/api/tasks/delete",
            &[("id", &deleted), ("deleted", "true")],
        )
        .await;
    masha
        .change(
            "/api/tasks/edit",
            &[
                ("id", &moved),
                ("due_date", "2026-10-13"),
                ("due_time", "19:30"),
                ("set", "due"),
            ],
        )
        .await;
    let retried = masha.tick("2026-10-13T18:31:00Z").await;
    assert_eq!((retried.dropped, retried.sent), (3, 0));
    assert!(masha.push.received().is_empty());

    assert_eq!(masha.tick("2026-10-13T19:30:00Z").await.sent, 1);
    assert_eq!(masha.bodies(), ["Сегодня · 19:30"]);
}

async fn a_reminder_in_the_quiet_hours_comes_when_they_end(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    masha.task("взять форму", "2026-10-14", "06:00").await;
    assert_eq!(masha.tick("2026-10-14T06:00:00Z").await.sent, 0);
    assert_eq!(masha.tick("2026-10-14T06:59:00Z").await.sent, 0);
    assert_eq!(masha.tick("2026-10-14T07:00:00Z").await.sent, 1);
}

async fn a_repeating_tasks_next_occurrence_is_reminded(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    let first = TaskId::new();
    masha
        .change(
            "/api/tasks/create",
            &[
                ("id", &first.to_string()),
                ("title", "зарядка"),
                ("due_date", "2026-10-13"),
                ("due_time", "08:00"),
                ("recurrence", "daily"),
            ],
        )
        .await;
    masha
        .change(
            "/api/tasks/complete",
            &[("id", &first.to_string()), ("completed", "true")],
        )
        .await;
    // Done before its time: no reminder; the next day's is.
    assert_eq!(masha.tick("2026-10-13T08:00:00Z").await.sent, 0);
    assert_eq!(masha.tick("2026-10-14T08:00:00Z").await.sent, 1);
    let next = TaskId::occurrence(first, "2026-10-14".parse().unwrap());
    assert_eq!(
        masha.push.received()[0].message["tag"],
        format!("task:{next}:2026-10-14T08:00")
    );
}

async fn a_device_its_push_service_no_longer_knows_is_forgotten(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("old-phone", "ru").await;
    masha.task("алгебра", "2026-10-13", "18:30").await;
    masha.push.answer_next(StatusCode::GONE, None);
    masha.tick("2026-10-13T18:30:00Z").await;
    let kept = masha
        .app
        .storage
        .push_subscriptions(masha.id)
        .await
        .unwrap();
    assert!(kept.is_empty(), "{kept:?}");
    assert_eq!(masha.tick("2026-10-13T18:31:00Z").await, Tick::default());
    assert_eq!(masha.push.requests(), 1);
}

async fn a_busy_push_service_is_tried_again_after_the_wait_it_asked_for(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    masha.task("алгебра", "2026-10-13", "18:30").await;
    masha
        .push
        .answer_next(StatusCode::TOO_MANY_REQUESTS, Some("120"));
    assert_eq!(masha.tick("2026-10-13T18:30:00Z").await.retried, 1);
    masha.tick("2026-10-13T18:31:00Z").await;
    assert_eq!(masha.push.requests(), 1, "asked to wait two minutes");
    assert_eq!(masha.tick("2026-10-13T18:32:01Z").await.sent, 1);
    assert_eq!(masha.push.received().len(), 1);
}

async fn a_change_of_time_zone_moves_the_moments(backend: Backend) {
    let masha = Masha::new(backend).await;
    masha.subscribe("phone", "ru").await;
    masha
        .change("/api/account/time_zone", &[("time_zone", "Europe/Moscow")])
        .await;
    masha.task("алгебра", "2026-10-13", "12:00").await;
    // At 12:00 in Moscow it would be 09:00 UTC; she is in Yekaterinburg now.
    masha
        .change(
            "/api/account/time_zone",
            &[("time_zone", "Asia/Yekaterinburg")],
        )
        .await;
    assert_eq!(masha.tick("2026-10-13T06:59:00Z").await.sent, 0);
    assert_eq!(masha.tick("2026-10-13T07:00:00Z").await.sent, 1);
    assert_eq!(masha.tick("2026-10-13T09:00:00Z").await.sent, 0);
}
