//! Search through the HTTP API: what a student's search box asks for, on
//! both backends.

use crate::support::{error_code, spawn_app, Backend, Student};
use app::views::ViewPage;
use reqwest::StatusCode;
use uuid::Uuid;

on_both_backends!(
    a_search_answers_with_the_tasks_found_and_the_navigation,
    done_tasks_are_found_when_asked,
    a_search_without_words_or_too_long_is_a_clear_400,
    search_is_only_for_the_signed_in,
);

impl Student {
    async fn add(&self, line: &str) -> String {
        let id = Uuid::now_v7().to_string();
        self.done("/api/tasks/add", &[("id", &id), ("quick_add", line)])
            .await;
        id
    }

    async fn search(&self, query: &str) -> reqwest::Response {
        self.browser
            .get(self.app.url("/api/tasks/search"))
            .query(&[("q", query)])
            .send()
            .await
            .unwrap()
    }

    async fn found(&self, query: &str) -> ViewPage {
        let response = self.search(query).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }
}

fn titles(page: &ViewPage) -> Vec<&str> {
    page.tasks.iter().map(|t| t.title.as_str()).collect()
}

async fn a_search_answers_with_the_tasks_found_and_the_navigation(backend: Backend) {
    let student = Student::new(backend).await;
    student.add("Решить задачи по алгебре").await;
    student.add("Купить ёлку").await;
    let page = student.found("ЕЛКУ").await;
    assert_eq!(titles(&page), ["Купить ёлку"]);
    assert_eq!(page.nav.inbox, 2);
}

async fn done_tasks_are_found_when_asked(backend: Backend) {
    let student = Student::new(backend).await;
    let id = student.add("Сочинение").await;
    student
        .done("/api/tasks/complete", &[("id", &id), ("completed", "true")])
        .await;
    assert!(titles(&student.found("сочинение").await).is_empty());
    let response = student
        .browser
        .get(student.app.url("/api/tasks/search?q=сочинение&done=true"))
        .send()
        .await
        .unwrap();
    let page: ViewPage = response.json().await.unwrap();
    assert_eq!(titles(&page), ["Сочинение"]);
}

async fn a_search_without_words_or_too_long_is_a_clear_400(backend: Backend) {
    let student = Student::new(backend).await;
    for bad in ["", "  !?  ", &"а".repeat(101)] {
        let response = student.search(bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad:?}");
        assert_eq!(
            error_code(&response.text().await.unwrap()),
            "invalid_search"
        );
    }
}

async fn search_is_only_for_the_signed_in(backend: Backend) {
    let app = spawn_app(backend).await;
    let response = app
        .browser()
        .get(app.url("/api/tasks/search?q=алгебра"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
