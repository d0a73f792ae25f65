//! Deploys: SIGTERM in the middle of a burst of keyed changes. The server
//! stops taking connections, finishes what it has (or, past its drain
//! deadline, cuts it off: nothing of it commits), and exits cleanly; after
//! the restart, every change sent again under its key lands exactly once.

use crate::server_process::ServerProcess;
use crate::support::{Backend, TestDatabase};
use futures::future::join_all;
use reqwest::StatusCode;
use std::collections::BTreeSet;
use std::time::Duration;
use uuid::Uuid;

on_both_backends!(
    a_stop_in_the_middle_of_a_burst_loses_and_doubles_nothing,
    a_stop_whose_deadline_cuts_requests_off_loses_and_doubles_nothing,
);

async fn a_stop_in_the_middle_of_a_burst_loses_and_doubles_nothing(backend: Backend) {
    burst_then_stop(backend, "10").await;
}

async fn a_stop_whose_deadline_cuts_requests_off_loses_and_doubles_nothing(backend: Backend) {
    burst_then_stop(backend, "0").await;
}

const CHANGES: usize = 40;

async fn burst_then_stop(backend: Backend, drain_secs: &str) {
    let database = TestDatabase::new(backend).await;
    let mut server =
        ServerProcess::start_with(database.url.expose(), &[("TETRAD_DRAIN_SECS", drain_secs)])
            .await;
    let base = format!("http://{}", server.addr);
    let (client, _) = crate::client::signed_up(&base, "deploy").await;
    // (key, task id) of each change.
    let changes: Vec<(String, String)> = (0..CHANGES)
        .map(|_| (Uuid::new_v4().to_string(), Uuid::now_v7().to_string()))
        .collect();
    let add = |key: &str, id: &str| {
        client
            .post(format!("{base}/api/tasks/add"))
            .header("idempotency-key", key)
            .form(&[("id", id), ("quick_add", "Задача")])
            .send()
    };

    let burst = join_all(
        changes
            .iter()
            .map(|(key, id)| async { add(key, id).await.map(|answer| answer.status()) }),
    );
    let stop = async {
        tokio::time::sleep(Duration::from_millis(30)).await;
        server.terminate().await
    };
    let (first_tries, exit) = tokio::join!(burst, stop);
    assert!(exit.success(), "a clean exit on SIGTERM: {exit:?}");
    for status in first_tries.iter().flatten() {
        assert_eq!(*status, StatusCode::OK, "an answer is a success or none");
    }

    server.spawn().await;
    for ((key, id), first) in changes.iter().zip(&first_tries) {
        let again = add(key, id).await.expect("the restarted server answers");
        assert_eq!(again.status(), StatusCode::OK);
        if first.is_ok() {
            assert!(
                again.headers().contains_key("idempotency-replayed"),
                "a change answered before the stop is replayed, not done again"
            );
        }
    }
    let listed: Vec<serde_json::Value> = client
        .get(format!("{base}/api/tasks/list"))
        .send()
        .await
        .expect("a list")
        .json()
        .await
        .expect("a JSON list");
    let ids: BTreeSet<&str> = listed.iter().filter_map(|t| t["id"].as_str()).collect();
    let sent: BTreeSet<&str> = changes.iter().map(|(_, id)| id.as_str()).collect();
    assert_eq!(listed.len(), CHANGES, "each change once");
    assert_eq!(ids, sent);
    assert_eq!(server.panics(), Vec::<String>::new(), "the server panicked");
    println!(
        "drain {drain_secs} s on {backend:?}: {} of {CHANGES} answered before the stop",
        first_tries.iter().filter(|t| t.is_ok()).count()
    );
}
