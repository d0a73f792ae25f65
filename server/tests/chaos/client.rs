//! A student's client of the real server: it keeps its cookies, opens a
//! fresh connection per request (so a proxy's faults and a stopping server
//! meet each request on its own), and is signed up under a new name, or
//! signed in on another device under that name.

use std::time::Duration;
use uuid::Uuid;

const PASSWORD: &str = "correct horse battery";

/// A client signed up at `base` as `<prefix>-<random>`, and that name.
pub async fn signed_up(base: &str, prefix: &str) -> (reqwest::Client, String) {
    let name = format!("{prefix}-{}", Uuid::new_v4().simple());
    let client = signed(base, "signup", &name).await;
    (client, name)
}

/// A client signed in at `base` as `name` (another of the student's
/// devices).
pub async fn signed_in(base: &str, name: &str) -> reqwest::Client {
    signed(base, "signin", name).await
}

async fn signed(base: &str, how: &str, name: &str) -> reqwest::Client {
    let client = reqwest::Client::builder()
        .default_headers(from_the_site(base))
        .cookie_store(true)
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(20))
        .build()
        .expect("a client");
    let answer = client
        .post(format!("{base}/api/auth/{how}"))
        .header("connection", "close")
        .form(&[("username", name), ("password", PASSWORD)])
        .send()
        .await
        .expect("the server answers");
    assert!(answer.status().is_success(), "{how}: {}", answer.status());
    client
}

/// The `Origin` a browser sends with every change from the site's pages
/// (the server refuses changes that say nothing of where they come from).
pub fn from_the_site(base: &str) -> reqwest::header::HeaderMap {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "origin",
        base.parse().expect("the base URL is a header value"),
    );
    headers
}
