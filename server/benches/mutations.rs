//! Throughput of the create-task mutation with the idempotency layer and
//! without it (the same unit of work, no key recorded), on each
//! backend, measured in one run and printed with their ratio.
//!
//!   cargo bench -p server --bench mutations --features bench-no-keys
//!   TETRAD_BENCH_REQUESTS=4000 TETRAD_BENCH_CONCURRENCY=32 cargo bench ...
//!   TETRAD_BENCH_JSON=target/bench/mutations.json cargo bench ...  (also
//!   writes the figures for scripts/bench.sh's report)
//!
//! The two servers run side by side and are measured in alternating rounds,
//! so a noisy machine slows both alike; the ratio is the figure to read.

// A test states what must hold: an unwrap here is an assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// A benchmark prints its figures.
#![allow(clippy::print_stdout)]

#[path = "../tests/support/mod.rs"]
mod support;

use futures::stream::{self, StreamExt};
use std::time::{Duration, Instant};
use support::spawn::{spawn_app_with, spawn_app_without_keys};
use support::{setting, Backend, TestApp};
use uuid::Uuid;

const ROUNDS: usize = 5;

struct Run {
    per_second: f64,
    p50: Duration,
    p99: Duration,
}

/// Sends `requests` creates, `concurrency` at a time; every one must succeed.
async fn measure(
    app: &TestApp,
    browser: &reqwest::Client,
    requests: usize,
    concurrency: usize,
) -> Run {
    let started = Instant::now();
    let mut latencies: Vec<Duration> = stream::iter(0..requests)
        .map(|i| async move {
            let sent = Instant::now();
            let response = app
                .add_task(browser, &Uuid::now_v7().to_string(), &format!("Задача {i}"))
                .await;
            assert!(
                response.status().is_success(),
                "a create failed: {}",
                response.status()
            );
            sent.elapsed()
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    let elapsed = started.elapsed();
    latencies.sort();
    Run {
        per_second: requests as f64 / elapsed.as_secs_f64(),
        p50: latencies[latencies.len() / 2],
        p99: latencies[latencies.len() * 99 / 100],
    }
}

fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by(|a, b| a.per_second.total_cmp(&b.per_second));
    runs.swap_remove(runs.len() / 2)
}

/// A server and a signed-up browser of it.
async fn signed_up(app: TestApp) -> (TestApp, reqwest::Client) {
    let browser = app.signed_up_browser("bench").await;
    (app, browser)
}

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; nothing else to parse.
    let requests = setting("TETRAD_BENCH_REQUESTS", 2000);
    let concurrency = setting("TETRAD_BENCH_CONCURRENCY", 16);
    println!("create-task mutation: {requests} requests x {ROUNDS} rounds, {concurrency} at a time, loopback HTTP");
    println!(
        "machine: {} cores; figures are medians of the rounds\n",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let mut figures = Vec::new();
    println!("| backend    | with keys (req/s) | p50 / p99 (ms) | without keys (req/s) | p50 / p99 (ms) | ratio |");
    println!("|------------|------------------:|---------------:|---------------------:|---------------:|------:|");
    for backend in [Backend::Sqlite, Backend::Postgres] {
        // Measures the key layer's cost, not the account's quotas: a burst
        // of thousands of creates is a script to the changes-a-minute
        // limit, which would refuse it (429).
        let unlimited = |config: &mut server::config::Config| {
            config.settings.quotas.changes_per_minute = u64::MAX;
            config.settings.quotas.stored_answers = u64::MAX;
            config.settings.quotas.tasks = u64::MAX;
        };
        let (keyed, keyed_browser) = signed_up(spawn_app_with(backend, unlimited).await).await;
        // Built only with the `bench-no-keys` feature, which this bench
        // requires (server/Cargo.toml).
        let (plain, plain_browser) =
            signed_up(spawn_app_without_keys(backend, unlimited).await).await;
        // Warm up connections, caches and the pools.
        measure(&keyed, &keyed_browser, 200, concurrency).await;
        measure(&plain, &plain_browser, 200, concurrency).await;

        let (mut with_keys, mut without_keys) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            with_keys.push(measure(&keyed, &keyed_browser, requests, concurrency).await);
            without_keys.push(measure(&plain, &plain_browser, requests, concurrency).await);
        }
        let (with_keys, without_keys) = (median(with_keys), median(without_keys));
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {:<10} | {:>17.0} | {:>6.1} / {:<6.1}| {:>20.0} | {:>6.1} / {:<6.1}| {:>5.2} |",
            format!("{backend:?}"),
            with_keys.per_second,
            ms(with_keys.p50),
            ms(with_keys.p99),
            without_keys.per_second,
            ms(without_keys.p50),
            ms(without_keys.p99),
            with_keys.per_second / without_keys.per_second,
        );
        figures.push(serde_json::json!({
            "backend": format!("{backend:?}"),
            "keyed": { "perSecond": with_keys.per_second, "p50": ms(with_keys.p50), "p99": ms(with_keys.p99) },
            "plain": { "perSecond": without_keys.per_second, "p50": ms(without_keys.p50), "p99": ms(without_keys.p99) },
            "ratio": with_keys.per_second / without_keys.per_second,
        }));
    }
    if let Ok(path) = std::env::var("TETRAD_BENCH_JSON") {
        let written = std::fs::write(
            &path,
            serde_json::to_string_pretty(&figures).unwrap_or_default(),
        );
        if let Err(error) = written {
            eprintln!("cannot write {path}: {error}");
            std::process::exit(1);
        }
    }
}
