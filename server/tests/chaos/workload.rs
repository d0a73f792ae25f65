//! The client side of the chaos run: random operations sent the way the
//! real client sends them (one key per change, the same key on every retry,
//! retried until a definite answer), then the database checked against the
//! model.

use super::fault_proxy::{Fault, FaultProxy};
use super::model::{difference, Model, Op};
use super::rng::Rng;
use super::server_process::ServerProcess;
use crate::support::{Backend, TestDatabase};
use app::domain::{UserId, Username};
use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};
use uuid::Uuid;

pub struct Report {
    pub backend: Backend,
    pub seed: u64,
    pub operations: usize,
    pub kinds: BTreeMap<&'static str, u64>,
    pub faults: BTreeMap<Fault, u64>,
    pub retries: u64,
    pub tasks: usize,
    pub lost: usize,
    pub duplicated: usize,
    pub first_difference: Option<String>,
    pub took: Duration,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "chaos {:?}: seed={} operations={} retries={} tasks={} in {:.1} s",
            self.backend,
            self.seed,
            self.operations,
            self.retries,
            self.tasks,
            self.took.as_secs_f64()
        )?;
        writeln!(f, "  operations by kind: {:?}", self.kinds)?;
        writeln!(f, "  faults injected: {:?}", self.faults)?;
        write!(f, "  lost={} duplicated={}", self.lost, self.duplicated)?;
        if let Some(difference) = &self.first_difference {
            write!(f, "\n  first difference: {difference}")?;
        }
        Ok(())
    }
}

pub async fn run(backend: Backend, seed: u64, operations: usize) -> Report {
    let started = Instant::now();
    let database = TestDatabase::new(backend).await;
    let server = ServerProcess::start(database.url.expose()).await;
    let proxy = FaultProxy::start(server, seed, 35).await;
    let base = format!("http://{}", proxy.addr);
    let (client, name) = crate::client::signed_up(&base, "chaos").await;

    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut model = Model::default();
    let mut kinds = BTreeMap::new();
    let mut retries = 0;
    for _ in 0..operations {
        let op = model.next_op(&mut rng);
        *kinds.entry(op.kind()).or_default() += 1;
        retries += send_until_answered(&client, &base, &op).await;
        model.apply(&op);
    }
    let faults = proxy.counts().await;
    proxy.stop_server().await;

    let (lost, duplicated, first_difference) = compare(&database, &name, &model).await;
    Report {
        backend,
        seed,
        operations,
        kinds,
        faults,
        retries,
        tasks: model.len(),
        lost,
        duplicated,
        first_difference,
        took: started.elapsed(),
    }
}

/// Sends `op` under one key until the server gives a definite answer;
/// returns how many retries it took. Every operation the model draws is
/// valid, so the definite answer must be a success.
async fn send_until_answered(client: &reqwest::Client, base: &str, op: &Op) -> u64 {
    let key = Uuid::new_v4().to_string();
    let url = format!("{base}{}", op.path());
    for attempt in 0..200u64 {
        let answer = client
            .post(&url)
            .header("idempotency-key", &key)
            .header("connection", "close")
            .form(&op.form())
            .send()
            .await;
        let status = match answer {
            // The body read to the end: an answer cut off is no answer.
            Ok(response) => {
                let status = response.status();
                match response.bytes().await {
                    Ok(body) => Some((status, body)),
                    Err(_) => None,
                }
            }
            Err(_) => None,
        };
        match status {
            Some((status, _)) if status.is_success() => return attempt,
            // No answer, a gateway error, or still in progress: same key again.
            None => {}
            Some((status, _)) if status.as_u16() == 409 || status.is_server_error() => {}
            Some((status, body)) => panic!(
                "{} was refused with {status}: {}",
                op.kind(),
                String::from_utf8_lossy(&body)
            ),
        }
        tokio::time::sleep(Duration::from_millis(5 + attempt.min(20) * 5)).await;
    }
    panic!("{} got no definite answer in 200 tries", op.kind());
}

/// Lost: an intended task missing or different. Duplicated: a task the
/// person never made (say, a second next occurrence).
async fn compare(
    database: &TestDatabase,
    name: &str,
    model: &Model,
) -> (usize, usize, Option<String>) {
    let storage = server::db::connect(&database.url)
        .await
        .expect("the database opens");
    let user = user_id(&*storage, name).await;
    let mut lost = 0;
    let mut first = None;
    for intended in model.tasks() {
        let stored = storage.get_task(user, intended.id).await.expect("a read");
        let problem = match stored {
            None => Some(format!("task {} is missing", intended.id)),
            Some(stored) => difference(intended, &stored),
        };
        if let Some(problem) = problem {
            lost += 1;
            first.get_or_insert(problem);
        }
    }
    let stored = storage.list_tasks(user).await.expect("a read");
    let extra: Vec<_> = stored.iter().filter(|t| !model.contains(&t.id)).collect();
    if let Some(task) = extra.first() {
        first.get_or_insert(format!(
            "task {} ({}) was never intended",
            task.id,
            task.title.as_str()
        ));
    }
    (lost, extra.len(), first)
}

async fn user_id(storage: &dyn app::ssr::storage::Storage, name: &str) -> UserId {
    let username = Username::parse(name).expect("a valid name");
    storage
        .find_credentials(&username)
        .await
        .expect("a read")
        .expect("the account exists")
        .user_id
}
