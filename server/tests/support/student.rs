//! A student signed up on a server of their own: where most API tests start.
//! Each test module adds the few steps its sentences need (`impl Student`).

use super::databases::Backend;
use super::spawn::{spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::Value;
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

    /// Posts a change that must succeed; its answer.
    pub async fn ok(&self, path: &str, form: &[(&str, &str)]) -> Value {
        let response = self.send(path, form).await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{path}: {}",
            response.text().await.unwrap()
        );
        response.json().await.unwrap()
    }

    /// The tasks the student has (not deleted).
    pub async fn tasks(&self) -> Vec<Value> {
        self.app.tasks(&self.browser).await
    }

    /// A view's read, which must succeed.
    pub async fn view(&self, view: &str) -> Value {
        let response = self.get_view(view).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn get_view(&self, view: &str) -> reqwest::Response {
        self.browser
            .get(self.app.url(&format!("/api/tasks/view?view={view}")))
            .send()
            .await
            .unwrap()
    }
}
