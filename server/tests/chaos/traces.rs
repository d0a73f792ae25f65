//! Traces a person can follow (issue 27, point 6): every line a keyed
//! change writes names its idempotency key and its account, so "what
//! happened to this tap" is one search in the server's log.

use crate::server_process::ServerProcess;
use crate::support::{Backend, TestDatabase};
use uuid::Uuid;

#[tokio::test]
async fn a_taps_story_is_one_search_in_the_log_by_its_key_or_its_account() {
    let database = TestDatabase::new(Backend::Sqlite).await;
    let server = ServerProcess::start_with(database.url.expose(), &[("RUST_LOG", "info")]).await;
    let base = format!("http://{}", server.addr);
    let (client, _) = crate::client::signed_up(&base, "traced").await;
    let account: serde_json::Value = client
        .get(format!("{base}/api/auth/account"))
        .send()
        .await
        .expect("the account")
        .json()
        .await
        .expect("as JSON");
    let account = account["id"].as_str().expect("its id").to_owned();

    let (key, id) = (Uuid::new_v4().to_string(), Uuid::now_v7().to_string());
    for _ in 0..2 {
        let answer = client
            .post(format!("{base}/api/tasks/add"))
            .header("idempotency-key", &key)
            .form(&[("id", id.as_str()), ("quick_add", "Алгебра")])
            .send()
            .await
            .expect("an answer");
        assert!(answer.status().is_success());
    }

    let story: Vec<String> = server
        .log_lines()
        .iter()
        .map(|line| without_colours(line))
        .filter(|line| line.contains(&key))
        .collect();
    assert_eq!(story.len(), 2, "the change and its repeat: {story:#?}");
    for line in &story {
        assert!(line.contains(&format!("account={account}")), "{line}");
        assert!(line.contains("path=/api/tasks/add"), "{line}");
    }
    assert!(story[0].contains("replayed=false"), "{}", story[0]);
    assert!(story[1].contains("replayed=true"), "{}", story[1]);
}

/// The log line as text (the server colours its fields).
fn without_colours(line: &str) -> String {
    let mut text = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // An escape sequence runs to its final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            text.push(c);
        }
    }
    text
}
