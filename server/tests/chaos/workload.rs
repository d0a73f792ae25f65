//! The client side of the chaos run: batches of changes made one after
//! another and sent at once (each under its own key, the same key on every
//! retry, retried until a definite answer), then the database held against
//! the model of what the person intended.

use super::change::{Change, What};
use super::deploy;
use super::draw::{self, Drawn};
use super::fault_proxy::{Fault, FaultProxy};
use super::model::Model;
use super::rng::Rng;
use super::server_process::ServerProcess;
use super::stored::{Comparison, Reader};
use crate::support::{Backend, TestDatabase};
use chrono::Utc;
use futures::future::join_all;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// What serves the student.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Deployment {
    /// One server, SIGKILLed now and then.
    One,
    /// Three servers on one database, deployed one by one while the
    /// student works (deploy.rs).
    Rolling,
}

pub struct Report {
    pub backend: Backend,
    pub seed: u64,
    pub operations: usize,
    pub kinds: BTreeMap<&'static str, u64>,
    pub faults: BTreeMap<Fault, u64>,
    /// The deploy's steps, counted.
    pub deployed: BTreeMap<&'static str, u64>,
    pub retries: u64,
    /// Changes sent while another of the same batch was in flight.
    pub crossed: u64,
    /// Changes refused because a deletion crossing them landed first.
    pub refused: u64,
    pub tasks: usize,
    pub comparison: Comparison,
    pub took: Duration,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "chaos {:?}: seed={} operations={} crossed={} refused={} retries={} tasks={} in {:.1} s",
            self.backend,
            self.seed,
            self.operations,
            self.crossed,
            self.refused,
            self.retries,
            self.tasks,
            self.took.as_secs_f64()
        )?;
        writeln!(f, "  operations by kind: {:?}", self.kinds)?;
        writeln!(f, "  faults injected: {:?}", self.faults)?;
        if !self.deployed.is_empty() {
            writeln!(f, "  deploy: {:?}", self.deployed)?;
        }
        let c = &self.comparison;
        write!(f, "  lost={} duplicated={}", c.lost, c.duplicated)?;
        if let Some(difference) = &c.first_difference {
            write!(f, "\n  first difference: {difference}")?;
        }
        Ok(())
    }
}

pub async fn run(backend: Backend, deployment: Deployment, seed: u64, operations: usize) -> Report {
    let started = Instant::now();
    let database = TestDatabase::new(backend).await;
    let url = database.url.expose();
    let servers = match deployment {
        Deployment::One => vec![ServerProcess::start(url).await],
        Deployment::Rolling => join_all((0..3).map(|_| ServerProcess::start(url))).await,
    };
    let proxy = Arc::new(FaultProxy::start(servers, seed, 35).await);
    let base = format!("http://{}", proxy.addr);
    let (client, name) = crate::client::signed_up(&base, "chaos").await;
    let progress = Arc::new(AtomicUsize::new(0));
    let deploy = (deployment == Deployment::Rolling).then(|| {
        assert!(
            matches!(backend, Backend::Postgres),
            "a rolling deploy runs on PostgreSQL"
        );
        // The database's name: the last part of its URL.
        let database = url.rsplit('/').next().expect("a database name");
        tokio::spawn(deploy::roll(
            proxy.clone(),
            progress.clone(),
            operations,
            database.to_owned(),
        ))
    });

    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut serial = 0;
    let mut model = Model::default();
    let mut report = Tally::default();
    let reader = Reader::open(&database, &name).await;
    let mut last_answer = 0;
    let mut sent = 0;
    while sent < operations {
        let drawn = draw::batch(&model, &mut rng, &mut serial);
        let changes = made_one_after_another(&drawn, last_answer).await;
        // Each leaves after its own short pause, so a later change often
        // arrives first.
        let pauses: Vec<u64> = changes.iter().map(|_| rng.below(50)).collect();
        let answers = join_all(changes.iter().zip(&pauses).map(|(change, pause)| async {
            tokio::time::sleep(Duration::from_millis(*pause)).await;
            send_until_answered(&client, &base, change).await
        }))
        .await;
        last_answer = now_millis();
        let mut accepted = Vec::new();
        for ((change, drawn), (answer, retries)) in changes.iter().zip(&drawn).zip(answers) {
            report.count(change, retries, changes.len());
            match answer {
                Answer::Accepted => accepted.push(change),
                Answer::Refused(404, _) if drawn.may_be_refused => report.refused += 1,
                Answer::Refused(status, body) => {
                    panic!(
                        "{} ({change:?}) was refused with {status}: {body}",
                        change.kind()
                    )
                }
            }
        }
        // The person's order, whatever the order of arrival.
        accepted.sort_by_key(|change| change.at);
        for change in &accepted {
            model.apply(change);
        }
        if let Some(problem) = batch_problem(&reader, &model, &changes).await {
            report.after_batches += 1;
            report.first_after_batch.get_or_insert(problem);
        }
        sent += changes.len();
        progress.store(sent, Ordering::Relaxed);
    }
    let deployed = match deploy {
        Some(deploy) => deploy.await.expect("the deploy ran its plan"),
        None => BTreeMap::new(),
    };
    let faults = proxy.counts().await;
    proxy.stop_servers().await;

    let mut comparison = reader.compare(backend, &database, &name, &model).await;
    // A batch that left a row wrong counts as lost, even if a later batch
    // set it right.
    comparison.lost += report.after_batches;
    if let Some(problem) = report.first_after_batch {
        comparison.first_difference = Some(problem);
    }
    Report {
        backend,
        seed,
        operations: sent,
        kinds: report.kinds,
        faults,
        deployed,
        retries: report.retries,
        crossed: report.crossed,
        refused: report.refused,
        tasks: model.tasks.len(),
        comparison,
        took: started.elapsed(),
    }
}

#[derive(Default)]
struct Tally {
    kinds: BTreeMap<&'static str, u64>,
    /// Batches after which a row they touched differed from the model.
    after_batches: usize,
    first_after_batch: Option<String>,
    retries: u64,
    crossed: u64,
    refused: u64,
}

impl Tally {
    fn count(&mut self, change: &Change, retries: u64, in_batch: usize) {
        *self.kinds.entry(change.kind()).or_default() += 1;
        self.retries += retries;
        if in_batch > 1 {
            self.crossed += 1;
        }
    }
}

/// How a row the batch touched differs from the model, if one does.
async fn batch_problem(reader: &Reader, model: &Model, changes: &[Change]) -> Option<String> {
    for change in changes {
        let ids = match &change.what {
            What::Create(id, _)
            | What::QuickAdd { id, .. }
            | What::Edit(id, _)
            | What::Complete(id, _)
            | What::Delete(id, _) => vec![*id],
            What::Reorder(ids) => ids.clone(),
            What::CreateList(..) | What::RenameList(..) | What::DeleteList(..) => {
                return reader.lists_problem(model).await;
            }
        };
        for id in ids {
            if let Some(intended) = model.tasks.get(&id) {
                if let Some(problem) = reader.task_problem(intended).await {
                    return Some(problem);
                }
            }
        }
    }
    None
}

/// Gives the batch's changes the times the person made them: one
/// millisecond apart, all after every earlier answer and none in the
/// server's future.
async fn made_one_after_another(drawn: &[Drawn], last_answer: i64) -> Vec<Change> {
    let count = drawn.len() as i64;
    while now_millis() <= last_answer + count {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let first = now_millis() - count;
    drawn
        .iter()
        .zip(first..)
        .map(|(drawn, at)| Change {
            what: drawn.what.clone(),
            at,
        })
        .collect()
}

fn now_millis() -> i64 {
    Utc::now().timestamp_millis()
}

enum Answer {
    Accepted,
    Refused(u16, String),
}

/// Sends `change` under one key until the server gives a definite answer;
/// returns it and how many retries it took.
async fn send_until_answered(
    client: &reqwest::Client,
    base: &str,
    change: &Change,
) -> (Answer, u64) {
    let key = Uuid::new_v4().to_string();
    let url = format!("{base}{}", change.path());
    let form = change.form();
    for attempt in 0..200u64 {
        let answer = client
            .post(&url)
            .header("idempotency-key", &key)
            .header("connection", "close")
            .form(&form)
            .send()
            .await;
        let answer = match answer {
            // The body read to the end: an answer cut off is no answer.
            Ok(response) => {
                let status = response.status();
                response.bytes().await.ok().map(|body| (status, body))
            }
            Err(_) => None,
        };
        match answer {
            Some((status, _)) if status.is_success() => return (Answer::Accepted, attempt),
            // No answer, a gateway error, or still in progress: same key again.
            None => {}
            Some((status, _)) if status.as_u16() == 409 || status.is_server_error() => {}
            Some((status, body)) => {
                let body = String::from_utf8_lossy(&body).into_owned();
                return (Answer::Refused(status.as_u16(), body), attempt);
            }
        }
        tokio::time::sleep(Duration::from_millis(5 + attempt.min(20) * 5)).await;
    }
    panic!("{} got no definite answer in 200 tries", change.kind());
}
