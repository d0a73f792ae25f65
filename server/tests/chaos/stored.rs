//! The database held against the model: after each batch, the rows the
//! batch touched (so every crossing counts, not only the last one to a
//! row); at the end, every row of the person's, deleted ones too: tasks,
//! the steps of their checklists, and lists. Field by field, times and
//! clocks included (difference.rs).

use super::difference;
use super::model::{Intended, Model};
use crate::support::{Backend, TestDatabase};
use app::domain::{Task, UserId, Username};
use app::ssr::storage::{Storage, StorageError};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

pub struct Comparison {
    /// Intended tasks (with their steps) and lists missing or different.
    pub lost: usize,
    /// Rows nobody intended: tasks and steps.
    pub duplicated: usize,
    pub first_difference: Option<String>,
}

/// Reads the person's rows straight from the database, beside the servers.
pub struct Reader {
    storage: Arc<dyn Storage>,
    user: UserId,
}

/// Every task of the person's as stored, deleted ones and deleted steps
/// too.
type Stored = HashMap<Uuid, Task>;

impl Reader {
    pub async fn open(database: &TestDatabase, name: &str) -> Self {
        let storage = server::db::connect(&database.url)
            .await
            .expect("the database opens");
        let user = user_id(&*storage, name).await;
        Self { storage, user }
    }

    /// Every task with every step, as an export reads them.
    pub async fn tasks(&self) -> Stored {
        again(|| self.storage.all_tasks(self.user))
            .await
            .into_iter()
            .map(|task| (task.id.as_uuid(), task))
            .collect()
    }

    /// How the rows of `ids` differ from the model, if one does.
    pub async fn tasks_problem(&self, model: &Model, ids: &HashSet<Uuid>) -> Option<String> {
        let stored = self.tasks().await;
        ids.iter()
            .filter_map(|id| model.tasks.get(id))
            .find_map(|intended| task_problem(intended, &stored))
    }

    /// How the stored lists differ from the intended ones, if they do.
    pub async fn lists_problem(&self, model: &Model) -> Option<String> {
        // Each list with its name and the name's clock.
        let mut stored: Vec<(Uuid, String, i64)> = again(|| self.storage.list_lists(self.user))
            .await
            .iter()
            .map(|l| {
                (
                    l.id.as_uuid(),
                    l.name.as_str().to_owned(),
                    l.name_changed.millis(),
                )
            })
            .collect();
        stored.sort();
        let intended: Vec<(Uuid, String, i64)> = model
            .lists
            .iter()
            .map(|(id, list)| (*id, list.name.clone(), list.name_changed))
            .collect();
        (stored != intended).then(|| format!("lists are {stored:?}, intended {intended:?}"))
    }

    /// The end state: every intended task, step and list, and no row more.
    pub async fn compare(
        &self,
        backend: Backend,
        database: &TestDatabase,
        name: &str,
        model: &Model,
    ) -> Comparison {
        let stored = self.tasks().await;
        let problems = model
            .tasks
            .values()
            .filter_map(|intended| task_problem(intended, &stored))
            .chain(self.lists_problem(model).await);
        let mut lost = 0;
        let mut first = None;
        for problem in problems {
            lost += 1;
            first.get_or_insert(problem);
        }
        let intended_steps: HashSet<Uuid> = model
            .tasks
            .values()
            .flat_map(|task| task.steps.keys().copied())
            .collect();
        let tasks = every_row(backend, database, name, "tasks").await;
        let steps = every_row(backend, database, name, "steps").await;
        let extra: Vec<String> = tasks
            .iter()
            .filter(|id| !model.tasks.contains_key(id))
            .map(|id| format!("task {id} was never intended"))
            .chain(
                steps
                    .iter()
                    .filter(|id| !intended_steps.contains(id))
                    .map(|id| format!("step {id} was never intended")),
            )
            .collect();
        if let Some(row) = extra.first() {
            first.get_or_insert(row.clone());
        }
        Comparison {
            lost,
            duplicated: extra.len(),
            first_difference: first,
        }
    }
}

fn task_problem(intended: &Intended, stored: &Stored) -> Option<String> {
    let problem = match stored.get(&intended.id) {
        None => Some("it is missing".to_owned()),
        Some(stored) => difference::of_task(intended, stored),
    };
    problem.map(|p| format!("task {} ({}): {p}", intended.id, intended.fields.title))
}

/// A read, tried again while the database is away (the rolling deploy
/// ends every session now and then, this reader's too).
async fn again<T, F: std::future::Future<Output = Result<T, StorageError>>>(
    read: impl Fn() -> F,
) -> T {
    for _ in 0..50 {
        if let Ok(value) = read().await {
            return value;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    read().await.expect("the database answers a read")
}

/// The ids of every row of the person's in `table`, deleted ones too:
/// read straight from the table, not through a view that might hide one.
async fn every_row(
    backend: Backend,
    database: &TestDatabase,
    name: &str,
    table: &str,
) -> Vec<Uuid> {
    let query = format!(
        "SELECT CAST(id AS TEXT) FROM {table} \
         WHERE user_id = (SELECT id FROM users WHERE username = $1)"
    );
    let url = database.url.expose();
    let ids: Vec<String> = match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(url)
                .await
                .expect("the database opens");
            sqlx::query_scalar(&query)
                .bind(name)
                .fetch_all(&pool)
                .await
                .expect("a read")
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(url)
                .await
                .expect("the database opens");
            sqlx::query_scalar(&query)
                .bind(name)
                .fetch_all(&pool)
                .await
                .expect("a read")
        }
    };
    ids.iter().map(|id| id.parse().expect("a uuid")).collect()
}

async fn user_id(storage: &dyn Storage, name: &str) -> UserId {
    let username = Username::parse(name).expect("a valid name");
    storage
        .find_credentials(&username)
        .await
        .expect("a read")
        .expect("the account exists")
        .user_id
}
