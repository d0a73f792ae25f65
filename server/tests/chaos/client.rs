//! A student's client of the real server: it keeps its cookies, opens a
//! fresh connection per request (so a proxy's faults and a stopping server
//! meet each request on its own), and is signed up under a new name.

use std::time::Duration;
use uuid::Uuid;

/// A client signed up at `base` as `<prefix>-<random>`, and that name.
pub async fn signed_up(base: &str, prefix: &str) -> (reqwest::Client, String) {
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(20))
        .build()
        .expect("a client");
    let name = format!("{prefix}-{}", Uuid::new_v4().simple());
    let signed_up = client
        .post(format!("{base}/api/auth/signup"))
        .header("connection", "close")
        .form(&[
            ("username", name.as_str()),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("sign-up answers");
    assert!(
        signed_up.status().is_success(),
        "sign-up: {}",
        signed_up.status()
    );
    (client, name)
}
