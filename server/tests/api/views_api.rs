//! The views through the HTTP API: "today" is the person's, in the time
//! zone their browser gave, on both backends.

use crate::support::{error_code, spawn_app, Backend, Student};
use app::domain::{Task, TimeZoneName};
use app::ssr::clock::today_in;
use app::views::ViewPage;
use chrono::{Days, NaiveDate, Utc};
use reqwest::StatusCode;
use uuid::Uuid;

on_both_backends!(
    today_is_the_persons_date_in_their_time_zone,
    a_task_due_on_the_far_east_date_is_today_there_and_upcoming_in_utc,
    a_line_added_in_today_without_a_date_is_due_that_day,
    an_unknown_view_or_time_zone_is_a_clear_400,
    views_are_only_for_the_signed_in,
);

impl Student {
    async fn set_time_zone(&self, zone: &str) {
        let response = self
            .send("/api/account/time_zone", &[("time_zone", zone)])
            .await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{}",
            response.text().await.unwrap()
        );
    }

    async fn create(&self, title: &str, due_date: NaiveDate) {
        let id = Uuid::now_v7().to_string();
        let date = due_date.to_string();
        let form = [
            ("id", id.as_str()),
            ("title", title),
            ("due_date", date.as_str()),
        ];
        assert_eq!(
            self.send("/api/tasks/create", &form).await.status(),
            StatusCode::OK
        );
    }
}

fn titles(page: &ViewPage) -> Vec<&str> {
    page.tasks.iter().map(|t| t.title.as_str()).collect()
}

fn zone(name: &str) -> TimeZoneName {
    TimeZoneName::parse(name).unwrap()
}

async fn today_is_the_persons_date_in_their_time_zone(backend: Backend) {
    let student = Student::new(backend).await;
    let page = student.view("today").await;
    assert_eq!(page.time_zone.as_str(), "UTC");
    assert_eq!(page.today.date, Utc::now().date_naive());

    for name in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Moscow"] {
        student.set_time_zone(name).await;
        let page = student.view("today").await;
        assert_eq!(page.time_zone.as_str(), name);
        // Read before and after, so a midnight in between cannot fail it.
        let before = today_in(&zone(name), Utc::now()).to_string();
        let answered = page.today.date.to_string();
        let after = today_in(&zone(name), Utc::now()).to_string();
        assert!(
            answered == before || answered == after,
            "{name}: {answered}"
        );
    }
}

async fn a_task_due_on_the_far_east_date_is_today_there_and_upcoming_in_utc(backend: Backend) {
    // UTC+14 and UTC−11 are a whole day or more apart at every instant.
    let student = Student::new(backend).await;
    let east = today_in(&zone("Pacific/Kiritimati"), Utc::now());
    let west = today_in(&zone("Pacific/Pago_Pago"), Utc::now());
    assert!(east > west);
    student.create("Контрольная", east).await;

    student.set_time_zone("Pacific/Kiritimati").await;
    assert_eq!(titles(&student.view("today").await), ["Контрольная"]);
    assert!(titles(&student.view("upcoming").await).is_empty());

    student.set_time_zone("Pacific/Pago_Pago").await;
    assert!(titles(&student.view("today").await).is_empty());
    let upcoming = student.view("upcoming").await;
    assert_eq!(titles(&upcoming), ["Контрольная"]);
    assert_eq!(upcoming.nav.upcoming, 1);
    assert_eq!(upcoming.nav.today, 0);
}

async fn a_line_added_in_today_without_a_date_is_due_that_day(backend: Backend) {
    let student = Student::new(backend).await;
    student.set_time_zone("Pacific/Kiritimati").await;
    let id = Uuid::now_v7().to_string();
    // No `today` field: a form sent before the page was live.
    let form = [
        ("id", id.as_str()),
        ("quick_add", "Алгебра"),
        ("view", "today"),
    ];
    let task: Task = student.ok("/api/tasks/add", &form).await;
    let there = today_in(&zone("Pacific/Kiritimati"), Utc::now());
    let due = task.due.expect("due that day").date;
    assert!(due == there || due == there - Days::new(1), "{due}");
    assert_eq!(titles(&student.view("today").await), ["Алгебра"]);

    let id = Uuid::now_v7().to_string();
    let form = [
        ("id", id.as_str()),
        ("quick_add", "Гитара"),
        ("view", "inbox"),
    ];
    let task: Task = student.ok("/api/tasks/add", &form).await;
    assert!(task.due.is_none());
    assert_eq!(titles(&student.view("inbox").await), ["Алгебра", "Гитара"]);
}

async fn an_unknown_view_or_time_zone_is_a_clear_400(backend: Backend) {
    let student = Student::new(backend).await;
    let response = student.get_view("yesterday").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(error_code(&response.text().await.unwrap()), "invalid_view");

    for bad in ["Mars/Olympus_Mons", "../../etc", ""] {
        let response = student
            .send("/api/account/time_zone", &[("time_zone", bad)])
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    assert_eq!(student.view("today").await.time_zone.as_str(), "UTC");
}

async fn views_are_only_for_the_signed_in(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.browser();
    let response = stranger
        .get(app.url("/api/tasks/view?view=today"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
