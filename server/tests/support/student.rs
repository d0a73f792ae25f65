//! A student signed up on a server of their own: where most API tests start.
//! Each test module adds the few steps its sentences need (`impl Student`).

use super::databases::Backend;
use super::spawn::{read_ok, spawn_app, TestApp};
use app::domain::Task;
use app::views::ViewPage;
use serde::de::DeserializeOwned;
use uuid::Uuid;

pub struct Student {
    pub app: TestApp,
    pub browser: reqwest::Client,
}

impl Student {
    /// A new server, and "masha" signed up and signed in on it.
    pub async fn new(backend: Backend) -> Self {
        let app = spawn_app(backend).await;
        let browser = app.signed_up_browser("masha").await;
        Self { app, browser }
    }

    /// Posts a change under a fresh idempotency key.
    pub async fn send(&self, path: &str, form: &[(&str, &str)]) -> reqwest::Response {
        self.send_keyed(&Uuid::new_v4().to_string(), path, form)
            .await
    }

    pub async fn send_keyed(
        &self,
        key: &str,
        path: &str,
        form: &[(&str, &str)],
    ) -> reqwest::Response {
        self.app.post_keyed(&self.browser, key, path, form).await
    }

    /// Posts a change that must succeed; its answer, as the type the
    /// server function returns.
    pub async fn ok<T: DeserializeOwned>(&self, path: &str, form: &[(&str, &str)]) -> T {
        read_ok(path, self.send(path, form).await).await
    }

    /// Posts a change that must succeed, when its answer does not matter.
    pub async fn done(&self, path: &str, form: &[(&str, &str)]) {
        self.ok::<serde::de::IgnoredAny>(path, form).await;
    }

    /// The tasks the student has (not deleted).
    pub async fn tasks(&self) -> Vec<Task> {
        self.app.tasks(&self.browser).await
    }

    /// A view's read, which must succeed.
    pub async fn view(&self, view: &str) -> ViewPage {
        self.app
            .get_json(&self.browser, &format!("/api/tasks/view?view={view}"))
            .await
    }

    pub async fn get_view(&self, view: &str) -> reqwest::Response {
        self.browser
            .get(self.app.url(&format!("/api/tasks/view?view={view}")))
            .send()
            .await
            .unwrap()
    }
}
