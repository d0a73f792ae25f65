//! The idempotency key table at 1 M and 10 M keys on each backend: its
//! size per million keys, and what the clean-up job
//! (`maintenance::clean_up`, run every 10 minutes) costs on it. It prints
//! figures; nothing here is timed against a budget.
//!
//!   cargo bench -p server --bench key_table
//!   TETRAD_BENCH_KEYS=1000000 TETRAD_BENCH_BACKEND=postgres cargo bench -p server --bench key_table
//!
//! Needs PostgreSQL as the tests do. 10 M keys fill about 8 GB on each
//! backend, one backend at a time, and take minutes.
//!
//! Keys are aged evenly over 7 days / 0.9, so the job's first run finds
//! 10 % older than the week they are kept: a backlog, as after the job had
//! stopped for 17 hours. A second run, with a retention 10 minutes shorter,
//! is one tick of the steady state: the 10 minutes of keys each run finds.

// A benchmark states what must hold: an unwrap here is an assertion.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// A benchmark prints its figures.
#![allow(clippy::print_stdout)]

#[path = "../../tests/support/databases.rs"]
mod databases;
mod fill;
mod size;
#[path = "../../tests/support/temp_dir.rs"]
mod temp_dir;

use app::domain::{ListId, Task, TaskForm, TaskId};
use chrono::Utc;
use databases::{Backend, TestDatabase};
use fill::Fill;
use server::db::DatabaseUrl;
use server::maintenance::{clean_up, Retention, BATCH_PAUSE};
use sqlx::Connection;
use std::time::{Duration, Instant};

const TICK: Duration = Duration::from_secs(600);

/// One run of the clean-up job.
struct Run {
    deleted: u64,
    took: Duration,
}

impl Run {
    async fn of(storage: &dyn app::ssr::storage::Storage, retention: &Retention) -> Self {
        let started = Instant::now();
        let deleted = clean_up(storage, retention).await;
        Self {
            deleted,
            took: started.elapsed(),
        }
    }

    /// Its calls to the database: one per full batch, and the last.
    fn batches(&self, retention: &Retention) -> u64 {
        self.deleted / u64::from(retention.batch) + 1
    }

    /// Its time at the database: the job pauses after each full batch.
    fn at_database(&self, retention: &Retention) -> Duration {
        let pauses = self.batches(retention) - 1;
        self.took.saturating_sub(BATCH_PAUSE * pauses as u32)
    }
}

/// The answer stored with each key: a created task as the server sends it.
fn created_task_answer() -> Vec<u8> {
    let form = TaskForm {
        title: "Прочитать параграф 12 по истории".into(),
        due_date: "2026-12-07".into(),
        due_time: "18:00".into(),
        ..TaskForm::default()
    };
    let mut fields = form.parse().unwrap();
    fields.list_id = Some(ListId::new());
    serde_json::to_vec(&Task::new(TaskId::new(), fields, Utc::now())).unwrap()
}

async fn measure(backend: Backend, keys: u64, body: &[u8]) -> Figures {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url).await.unwrap();
    let retention = Retention::default();
    let newest = Utc::now();
    let span = chrono::Duration::from_std(retention.keys.mul_f64(1.0 / 0.9)).unwrap();
    let started = Instant::now();
    let oldest = newest - span;
    fill::fill(
        &database.url,
        &Fill {
            keys,
            oldest,
            newest,
            body,
        },
    )
    .await;
    let filled = started.elapsed();
    let size = size::key_table(&database.url).await;

    let backlog = Run::of(&*storage, &retention).await;
    let vacuum = vacuum_after(&database.url).await;
    let tick_retention = Retention {
        keys: retention.keys - TICK,
        ..retention.clone()
    };
    let tick = Run::of(&*storage, &tick_retention).await;

    Figures {
        backend,
        keys,
        filled,
        size,
        backlog,
        tick,
        vacuum,
    }
}

struct Figures {
    backend: Backend,
    keys: u64,
    filled: Duration,
    size: size::Size,
    backlog: Run,
    tick: Run,
    vacuum: Option<Duration>,
}

fn print(figures: &[Figures]) {
    let mb = |bytes: u64| bytes as f64 / 1e6;
    let s = |d: Duration| d.as_secs_f64();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("\n| backend | keys | filled in | rows | indexes | total | per million keys |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for f in figures {
        println!(
            "| {:?} | {} | {:.0} s | {:.0} MB | {:.0} MB | {:.0} MB | {:.0} MB |",
            f.backend,
            f.keys,
            s(f.filled),
            mb(f.size.rows),
            mb(f.size.indexes),
            mb(f.size.total()),
            mb(f.size.total()) / (f.keys as f64 / 1e6),
        );
    }
    let retention = Retention::default();
    println!("\n| backend | keys | backlog deleted | job took | at the database | batches | per batch | tick deleted | tick took | VACUUM after |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for f in figures {
        let (backlog, tick) = (&f.backlog, &f.tick);
        println!(
            "| {:?} | {} | {} | {:.1} s | {:.1} s | {} | {:.1} ms | {} | {:.0} ms | {} |",
            f.backend,
            f.keys,
            backlog.deleted,
            s(backlog.took),
            s(backlog.at_database(&retention)),
            backlog.batches(&retention),
            ms(backlog.at_database(&retention)) / backlog.batches(&retention) as f64,
            tick.deleted,
            ms(tick.took),
            f.vacuum
                .map_or("—".to_owned(), |d| format!("{:.2} s", s(d))),
        );
    }
}

/// What autovacuum would do after the deletes, timed (PostgreSQL only;
/// SQLite reuses freed pages without it).
async fn vacuum_after(url: &DatabaseUrl) -> Option<Duration> {
    let DatabaseUrl::Postgres(url) = url else {
        return None;
    };
    let mut db = sqlx::PgConnection::connect(url).await.unwrap();
    let started = Instant::now();
    sqlx::query("VACUUM idempotency_keys")
        .execute(&mut db)
        .await
        .unwrap();
    Some(started.elapsed())
}

#[tokio::main]
async fn main() {
    let sizes: Vec<u64> = std::env::var("TETRAD_BENCH_KEYS")
        .unwrap_or_else(|_| "1000000,10000000".into())
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .expect("TETRAD_BENCH_KEYS: numbers, comma-separated")
        })
        .collect();
    let only = std::env::var("TETRAD_BENCH_BACKEND").unwrap_or_default();
    let body = created_task_answer();
    println!(
        "idempotency keys: {} per account, each answer {} bytes; clean-up batches of {}; \
         machine: {} cores",
        fill::KEYS_PER_ACCOUNT,
        body.len(),
        Retention::default().batch,
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let mut figures = Vec::new();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        if !only.is_empty() && !format!("{backend:?}").eq_ignore_ascii_case(&only) {
            continue;
        }
        for &keys in &sizes {
            eprintln!("{backend:?}, {keys} keys: filling, then cleaning up");
            figures.push(measure(backend, keys, &body).await);
        }
    }
    print(&figures);
}
