//! The calendar feed: a private link made in Settings, fetched as a
//! calendar app does (no cookie), read back with an iCalendar parser.

use crate::support::{error_code, spawn_app, Backend, Student};
use app::api::NewCalendarLink;
use app::domain::Task;
use chrono::{NaiveDate, SubsecRound, Utc};
use icalendar::{Calendar, CalendarComponent, CalendarDateTime, Component, DatePerhapsTime, Event};
use reqwest::StatusCode;
use uuid::Uuid;

on_both_backends!(
    the_feed_holds_each_dated_task_as_an_event_at_its_time_in_the_persons_zone,
    each_kind_of_repetition_is_an_rrule_and_only_the_open_occurrence_repeats,
    a_link_turned_off_answers_404_like_one_that_never_was,
    a_new_link_makes_the_old_one_answer_404_at_once,
    a_password_change_ends_the_link_and_a_new_one_can_be_made,
    another_accounts_tasks_never_show,
    without_a_session_no_link_is_made_read_or_turned_off,
    settings_reads_since_when_the_link_is_on,
);

impl Student {
    async fn make_link(&self) -> NewCalendarLink {
        self.app
            .get_ok_post(&self.browser, "/api/auth/calendar/link")
            .await
    }

    async fn turn_off_link(&self) {
        let response = self
            .app
            .post(&self.browser, "/api/auth/calendar/off", &[])
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }

    async fn link_since(&self) -> Option<NaiveDate> {
        self.app.get_json(&self.browser, "/api/auth/calendar").await
    }

    /// A task made with the fields given (besides its id).
    async fn dated_task(&self, fields: &[(&str, &str)]) -> Task {
        let id = Uuid::now_v7().to_string();
        let mut form = vec![("id", id.as_str())];
        form.extend_from_slice(fields);
        self.ok("/api/tasks/create", &form).await
    }

    async fn mark_done(&self, task: &Task) {
        let id = task.id.to_string();
        self.done("/api/tasks/complete", &[("id", &id), ("completed", "true")])
            .await;
    }

    async fn throw_away(&self, task: &Task) {
        let id = task.id.to_string();
        self.done("/api/tasks/delete", &[("id", &id), ("deleted", "true")])
            .await;
    }

    /// The feed at `path`, fetched as a calendar app does: no cookie.
    async fn fetch(&self, path: &str) -> reqwest::Response {
        reqwest::get(self.app.url(path)).await.unwrap()
    }

    /// The feed at `path`, which must be there, parsed.
    async fn calendar(&self, path: &str) -> Calendar {
        let response = self.fetch(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "text/calendar; charset=utf-8"
        );
        let text = response.text().await.unwrap();
        text.parse::<Calendar>()
            .unwrap_or_else(|e| panic!("not iCalendar: {e}\n{text}"))
    }
}

impl crate::support::TestApp {
    /// A POST with no arguments that must succeed, read as `T`.
    async fn get_ok_post<T: serde::de::DeserializeOwned>(
        &self,
        client: &reqwest::Client,
        path: &str,
    ) -> T {
        crate::support::spawn::read_ok(path, self.post(client, path, &[]).await).await
    }
}

fn events(calendar: &Calendar) -> Vec<&Event> {
    calendar.events().collect()
}

fn summaries(calendar: &Calendar) -> Vec<String> {
    let mut all: Vec<String> = events(calendar)
        .iter()
        .filter_map(|e| e.get_summary().map(str::to_owned))
        .collect();
    all.sort();
    all
}

fn by_summary<'c>(calendar: &'c Calendar, summary: &str) -> &'c Event {
    events(calendar)
        .into_iter()
        .find(|e| e.get_summary() == Some(summary))
        .unwrap_or_else(|| panic!("no event {summary:?} in {:?}", summaries(calendar)))
}

/// The `TZID`s of the feed's `VTIMEZONE`s.
fn zones_defined(calendar: &Calendar) -> Vec<&str> {
    calendar
        .components
        .iter()
        .filter_map(|component| match component {
            CalendarComponent::Other(other) if other.component_kind() == "VTIMEZONE" => {
                other.property_value("TZID")
            }
            _ => None,
        })
        .collect()
}

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn in_zone(local: &str, zone: &str) -> DatePerhapsTime {
    DatePerhapsTime::DateTime(CalendarDateTime::WithTimezone {
        date_time: local.parse().unwrap(),
        tzid: zone.to_owned(),
    })
}

async fn the_feed_holds_each_dated_task_as_an_event_at_its_time_in_the_persons_zone(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    s.done("/api/account/time_zone", &[("time_zone", "Europe/Moscow")])
        .await;
    let test = s
        .dated_task(&[
            ("title", "Контрольная по алгебре"),
            ("notes", "стр. 45, упр. 3; не забыть\nтетрадь"),
            ("due_date", "2026-12-10"),
            ("due_time", "18:30"),
        ])
        .await;
    let essay = s
        .dated_task(&[("title", "Реферат"), ("due_date", "2026-12-11")])
        .await;
    let done = s
        .dated_task(&[("title", "Прочитать §5"), ("due_date", "2026-12-03")])
        .await;
    s.mark_done(&done).await;
    let deleted = s
        .dated_task(&[("title", "Удалённая"), ("due_date", "2026-12-12")])
        .await;
    s.throw_away(&deleted).await;
    s.dated_task(&[("title", "Когда-нибудь")]).await;

    let link = s.make_link().await;
    let calendar = s.calendar(&link.path).await;

    assert_eq!(calendar.get_name(), Some("Тетрадь · masha"));
    assert_eq!(
        summaries(&calendar),
        ["Контрольная по алгебре", "Реферат", "✓ Прочитать §5"],
        "dated tasks only, the deleted one absent, the done one marked"
    );

    let timed = by_summary(&calendar, "Контрольная по алгебре");
    assert_eq!(
        timed.get_uid(),
        Some(format!("{}@tetrad", test.id).as_str())
    );
    assert_eq!(
        timed.get_description(),
        Some("стр. 45, упр. 3; не забыть\nтетрадь")
    );
    assert_eq!(
        timed.get_start(),
        Some(in_zone("2026-12-10T18:30:00", "Europe/Moscow"))
    );
    assert_eq!(
        timed.get_end(),
        Some(in_zone("2026-12-10T19:00:00", "Europe/Moscow"))
    );
    assert_eq!(
        zones_defined(&calendar),
        ["Europe/Moscow"],
        "the zone the events name is defined in the feed (RFC 5545 §3.2.19)"
    );
    // iCalendar's times are to the second.
    let changed = test.updated_at.trunc_subsecs(0);
    assert_eq!(timed.get_timestamp(), Some(changed));
    assert_eq!(timed.get_last_modified(), Some(changed));
    assert_eq!(timed.property_value("X-TETRAD-COMPLETED"), None);

    let all_day = by_summary(&calendar, "Реферат");
    assert_eq!(
        all_day.get_uid(),
        Some(format!("{}@tetrad", essay.id).as_str())
    );
    assert_eq!(
        all_day.get_start(),
        Some(DatePerhapsTime::Date(date("2026-12-11")))
    );
    assert_eq!(
        all_day.get_end(),
        Some(DatePerhapsTime::Date(date("2026-12-12")))
    );
    assert_eq!(all_day.get_description(), None);

    let completed = by_summary(&calendar, "✓ Прочитать §5");
    assert!(completed.property_value("X-TETRAD-COMPLETED").is_some());
}

async fn each_kind_of_repetition_is_an_rrule_and_only_the_open_occurrence_repeats(
    backend: Backend,
) {
    let s = Student::new(backend).await;
    for (title, due, rule) in [
        ("Зарядка", "2026-12-07", "daily"),
        ("Английские слова", "2026-12-07", "every 3 days"),
        ("Физкультура", "2026-12-07", "weekly mon,thu"),
        ("Кружок", "2026-12-15", "monthly"),
        ("Взносы", "2027-01-31", "monthly"),
        ("Отчёт", "2027-01-30", "monthly"),
        ("День рождения", "2027-06-01", "yearly"),
        ("Високосный", "2028-02-29", "yearly"),
    ] {
        s.dated_task(&[("title", title), ("due_date", due), ("recurrence", rule)])
            .await;
    }
    let watering = s
        .dated_task(&[
            ("title", "Полить цветы"),
            ("due_date", "2026-12-04"),
            ("recurrence", "every 2 days"),
        ])
        .await;
    s.mark_done(&watering).await;

    let calendar = s.calendar(&s.make_link().await.path).await;
    let rule = |summary: &str| by_summary(&calendar, summary).property_value("RRULE");
    assert_eq!(rule("Зарядка"), Some("FREQ=DAILY"));
    assert_eq!(rule("Английские слова"), Some("FREQ=DAILY;INTERVAL=3"));
    assert_eq!(rule("Физкультура"), Some("FREQ=WEEKLY;BYDAY=MO,TH"));
    assert_eq!(rule("Кружок"), Some("FREQ=MONTHLY"));
    assert_eq!(rule("Взносы"), Some("FREQ=MONTHLY;BYMONTHDAY=-1"));
    assert_eq!(
        rule("Отчёт"),
        Some("FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1")
    );
    assert_eq!(rule("День рождения"), Some("FREQ=YEARLY"));
    assert_eq!(
        rule("Високосный"),
        Some("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1")
    );

    let done = by_summary(&calendar, "✓ Полить цветы");
    assert_eq!(
        done.property_value("RRULE"),
        None,
        "a done occurrence is one event"
    );
    assert_eq!(
        done.get_start(),
        Some(DatePerhapsTime::Date(date("2026-12-04")))
    );
    let next = by_summary(&calendar, "Полить цветы");
    assert_eq!(next.property_value("RRULE"), Some("FREQ=DAILY;INTERVAL=2"));
    assert_eq!(
        next.get_start(),
        Some(DatePerhapsTime::Date(date("2026-12-06")))
    );
    assert_eq!(events(&calendar).len(), 10);
}

async fn a_link_turned_off_answers_404_like_one_that_never_was(backend: Backend) {
    let s = Student::new(backend).await;
    let link = s.make_link().await;
    assert_eq!(s.fetch(&link.path).await.status(), StatusCode::OK);
    s.turn_off_link().await;
    assert_eq!(s.fetch(&link.path).await.status(), StatusCode::NOT_FOUND);
    let never = format!("/calendar/{}.ics", "A".repeat(43));
    assert_eq!(s.fetch(&never).await.status(), StatusCode::NOT_FOUND);
    for nonsense in ["/calendar/x.ics", "/calendar/..%2F.ics", "/calendar/"] {
        assert_eq!(
            s.fetch(nonsense).await.status(),
            StatusCode::NOT_FOUND,
            "{nonsense}"
        );
    }
}

/// The link was handed out under the old password: whoever it leaked to
/// loses it with the change.
async fn a_password_change_ends_the_link_and_a_new_one_can_be_made(backend: Backend) {
    let s = Student::new(backend).await;
    let old = s.make_link().await;
    let changed = s
        .app
        .post(
            &s.browser,
            "/api/auth/password",
            &[
                ("old_password", "correct horse battery"),
                ("new_password", "staple battery horse"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(s.fetch(&old.path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.link_since().await, None, "settings shows the link off");
    let new = s.make_link().await;
    assert_eq!(s.fetch(&new.path).await.status(), StatusCode::OK);
}

async fn a_new_link_makes_the_old_one_answer_404_at_once(backend: Backend) {
    let s = Student::new(backend).await;
    let old = s.make_link().await;
    let new = s.make_link().await;
    assert_ne!(old.path, new.path);
    assert_eq!(s.fetch(&old.path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.fetch(&new.path).await.status(), StatusCode::OK);
}

async fn another_accounts_tasks_never_show(backend: Backend) {
    let masha = Student::new(backend).await;
    // Petya signs up on a second instance of Masha's server: one database.
    let app = masha.app.another_instance().await;
    let petya = Student {
        browser: app.signed_up_browser("petya").await,
        app,
    };
    masha
        .dated_task(&[("title", "Машина задача"), ("due_date", "2026-12-10")])
        .await;
    petya
        .dated_task(&[("title", "Петина задача"), ("due_date", "2026-12-10")])
        .await;
    let hers = masha.calendar(&masha.make_link().await.path).await;
    let his = petya.calendar(&petya.make_link().await.path).await;
    assert_eq!(summaries(&hers), ["Машина задача"]);
    assert_eq!(summaries(&his), ["Петина задача"]);
}

async fn without_a_session_no_link_is_made_read_or_turned_off(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.browser();
    for path in ["/api/auth/calendar/link", "/api/auth/calendar/off"] {
        let response = app.post(&stranger, path, &[]).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(error_code(&response.text().await.unwrap()), "unauthorized");
    }
    let read = stranger
        .get(app.url("/api/auth/calendar"))
        .send()
        .await
        .unwrap();
    assert_eq!(read.status(), StatusCode::UNAUTHORIZED);
}

async fn settings_reads_since_when_the_link_is_on(backend: Backend) {
    let s = Student::new(backend).await;
    s.done(
        "/api/account/time_zone",
        &[("time_zone", "Pacific/Kiritimati")],
    )
    .await;
    assert_eq!(s.link_since().await, None);
    let link = s.make_link().await;
    let there = Utc::now().with_timezone(&chrono_tz::Pacific::Kiritimati);
    assert_eq!(
        link.since,
        there.date_naive(),
        "the day where the person is"
    );
    assert_eq!(s.link_since().await, Some(link.since));
    s.turn_off_link().await;
    assert_eq!(s.link_since().await, None);
}
