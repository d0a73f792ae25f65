//! `spawn_app()`: the real server, on a free port, with its own database.

use super::databases::{Backend, TestDatabase};
use app::domain::Task;
use app::ssr::storage::Storage;
use reqwest::header::{HeaderMap, HeaderValue};
use serde::de::DeserializeOwned;
use server::config::Config;
use server::db::DatabaseUrl;
use server::faults::Faults;
use server::http::healthz::Draining;
use server::push::Scheduler;
use server::startup::{Application, StartupError};
use std::future::Future;
use std::sync::Arc;
use uuid::Uuid;

pub struct TestApp {
    pub address: String,
    pub storage: Arc<dyn Storage>,
    pub faults: Faults,
    /// Starts this server's drain, as SIGTERM does.
    pub draining: Draining,
    /// The reminder scheduler: `reminders.tick(now)` on the test's clock.
    pub reminders: Arc<Scheduler>,
    database_url: DatabaseUrl,
    _database: Option<TestDatabase>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// Like `spawn_app`, with the configuration adjusted first.
pub async fn spawn_app_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> TestApp {
    let database = TestDatabase::new(backend).await;
    let mut app = start(&database.url, adjust).await;
    app._database = Some(database);
    app
}

/// A server whose mutations run without keys (the same unit of work, no
/// key recorded), its configuration adjusted first: the key-layer
/// benchmark's baseline.
#[cfg(feature = "bench-no-keys")]
pub async fn spawn_app_without_keys(backend: Backend, adjust: impl FnOnce(&mut Config)) -> TestApp {
    let database = TestDatabase::new(backend).await;
    let mut app = start_with(&database.url, adjust, Application::build_without_keys).await;
    app._database = Some(database);
    app
}

async fn start(database_url: &DatabaseUrl, adjust: impl FnOnce(&mut Config)) -> TestApp {
    start_with(database_url, adjust, Application::build).await
}

async fn start_with<Built>(
    database_url: &DatabaseUrl,
    adjust: impl FnOnce(&mut Config),
    build: impl FnOnce(Config) -> Built,
) -> TestApp
where
    Built: Future<Output = Result<Application, StartupError>>,
{
    let mut config = Config::from_lookup(|_| None).expect("default configuration");
    config.database_url = database_url.clone();
    config.listen_addr = "127.0.0.1:0".parse().unwrap();
    // The reminder scheduler ticks only when a test says, on its clock.
    config.reminders.every = None;
    adjust(&mut config);

    let app = build(config).await.expect("the server starts");
    let address = format!("http://{}", app.local_addr());
    let storage = app.storage();
    let faults = app.faults();
    let draining = app.draining();
    let reminders = app.reminders();
    let (stop, stopped) = tokio::sync::oneshot::channel();
    tokio::spawn(app.run_until(async {
        let _ = stopped.await;
    }));
    TestApp {
        address,
        storage,
        faults,
        draining,
        reminders,
        database_url: database_url.clone(),
        _database: None,
        shutdown: Some(stop),
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(stop) = self.shutdown.take() {
            let _ = stop.send(());
        }
    }
}

impl TestApp {
    /// Another server instance on this app's database, as behind a load balancer.
    pub async fn another_instance(&self) -> TestApp {
        start(&self.database_url, |_| {}).await
    }

    /// A browser-like client of this app: it keeps cookies and sends the
    /// site's own `Origin` with every request, as a page of the site would.
    pub fn browser(&self) -> reqwest::Client {
        let mut headers = HeaderMap::new();
        headers.insert("origin", HeaderValue::from_str(&self.address).unwrap());
        reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .default_headers(headers)
            // A request that hangs fails the test in a minute rather than
            // holding the whole run (CI's limit is 90 minutes).
            .timeout(std::time::Duration::from_secs(60))
            .build()
            .unwrap()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Posts a form to a server function.
    pub async fn post(
        &self,
        client: &reqwest::Client,
        path: &str,
        form: &[(&str, &str)],
    ) -> reqwest::Response {
        self.send_form(client.post(self.url(path)), form).await
    }

    pub async fn sign_up(
        &self,
        client: &reqwest::Client,
        username: &str,
        password: &str,
    ) -> reqwest::Response {
        self.post(
            client,
            "/api/auth/signup",
            &[("username", username), ("password", password)],
        )
        .await
    }

    pub async fn sign_in(
        &self,
        client: &reqwest::Client,
        username: &str,
        password: &str,
    ) -> reqwest::Response {
        self.post(
            client,
            "/api/auth/signin",
            &[("username", username), ("password", password)],
        )
        .await
    }

    /// A new browser, signed up as `username` and signed in.
    pub async fn signed_up_browser(&self, username: &str) -> reqwest::Client {
        let client = self.browser();
        let response = self
            .sign_up(&client, username, "correct horse battery")
            .await;
        assert!(
            response.status().is_success(),
            "sign-up failed: {}",
            response.status()
        );
        client
    }

    /// The text `client` is answered at `path` (a page, a JSON read).
    pub async fn text(&self, client: &reqwest::Client, path: &str) -> String {
        let response = client.get(self.url(path)).send().await.unwrap();
        response.text().await.unwrap()
    }

    /// Adds a task under a fresh idempotency key.
    pub async fn add_task(
        &self,
        client: &reqwest::Client,
        id: &str,
        title: &str,
    ) -> reqwest::Response {
        self.add_task_with_key(client, &Uuid::new_v4().to_string(), id, title)
            .await
    }

    pub async fn add_task_with_key(
        &self,
        client: &reqwest::Client,
        key: &str,
        id: &str,
        title: &str,
    ) -> reqwest::Response {
        self.post_keyed(
            client,
            key,
            "/api/tasks/add",
            &[("id", id), ("quick_add", title)],
        )
        .await
    }

    /// Posts a form to a server function with an `Idempotency-Key` header.
    pub async fn post_keyed(
        &self,
        client: &reqwest::Client,
        key: &str,
        path: &str,
        form: &[(&str, &str)],
    ) -> reqwest::Response {
        let request = client.post(self.url(path)).header("idempotency-key", key);
        self.send_form(request, form).await
    }

    async fn send_form(
        &self,
        request: reqwest::RequestBuilder,
        form: &[(&str, &str)],
    ) -> reqwest::Response {
        request.form(form).send().await.expect("the server answers")
    }

    /// The tasks the server lists for this client.
    pub async fn tasks(&self, client: &reqwest::Client) -> Vec<Task> {
        self.get_json(client, "/api/tasks/list").await
    }

    /// Where this server keeps its data.
    pub fn database_url(&self) -> &DatabaseUrl {
        &self.database_url
    }

    /// A read at `path` that must succeed, as the type it answers with.
    pub async fn get_json<T: DeserializeOwned>(&self, client: &reqwest::Client, path: &str) -> T {
        let response = client
            .get(self.url(path))
            .send()
            .await
            .expect("the server answers");
        read_ok(path, response).await
    }

    pub async fn list_tasks(&self, client: &reqwest::Client) -> reqwest::Response {
        client
            .get(self.url("/api/tasks/list"))
            .send()
            .await
            .expect("the server answers")
    }
}

/// The answer to a request that must succeed, read as `T`.
pub async fn read_ok<T: DeserializeOwned>(what: &str, response: reqwest::Response) -> T {
    let status = response.status();
    let body = response.text().await.expect("a body");
    assert_eq!(status, reqwest::StatusCode::OK, "{what}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{what}: {e}: {body}"))
}
