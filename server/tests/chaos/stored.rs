//! The database held against the model: after each batch, the rows the
//! batch touched (so every crossing counts, not only the last one to a
//! row); at the end, every row of the person's, deleted ones too. Field by
//! field, times and clocks included; and every list.

use super::change::{rule_form, Fields};
use super::model::{due_text, Intended, Model};
use crate::support::{Backend, TestDatabase};
use app::domain::{Task, TaskId, UserId, Username};
use app::ssr::storage::{Storage, StorageError};
use futures::future::join_all;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

pub struct Comparison {
    /// Intended tasks (and lists) missing or different.
    pub lost: usize,
    /// Rows nobody intended.
    pub duplicated: usize,
    pub first_difference: Option<String>,
}

/// Reads the person's rows straight from the database, beside the servers.
pub struct Reader {
    storage: Arc<dyn Storage>,
    user: UserId,
}

impl Reader {
    pub async fn open(database: &TestDatabase, name: &str) -> Self {
        let storage = server::db::connect(&database.url)
            .await
            .expect("the database opens");
        let user = user_id(&*storage, name).await;
        Self { storage, user }
    }

    /// How the stored task differs from the intended one, if it does.
    pub async fn task_problem(&self, intended: &Intended) -> Option<String> {
        let id = TaskId::from_uuid(intended.id);
        let problem = match again(|| self.storage.get_task(self.user, id)).await {
            None => Some("it is missing".to_owned()),
            Some(stored) => difference(intended, &stored),
        };
        problem.map(|p| format!("task {} ({}): {p}", intended.id, intended.fields.title))
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

    /// The end state: every intended task and list, and no row more.
    pub async fn compare(
        &self,
        backend: Backend,
        database: &TestDatabase,
        name: &str,
        model: &Model,
    ) -> Comparison {
        let mut lost = 0;
        let mut first = None;
        let problems = model.tasks.values().map(|t| self.task_problem(t));
        for problem in join_all(problems)
            .await
            .into_iter()
            .chain([self.lists_problem(model).await])
            .flatten()
        {
            lost += 1;
            first.get_or_insert(problem);
        }
        let rows = every_task_row(backend, database, name).await;
        let extra: Vec<&Uuid> = rows
            .iter()
            .filter(|id| !model.tasks.contains_key(id))
            .collect();
        if let Some(id) = extra.first() {
            first.get_or_insert(format!("task {id} was never intended"));
        }
        Comparison {
            lost,
            duplicated: extra.len(),
            first_difference: first,
        }
    }
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

/// Every task row of the person's, deleted ones too: read straight from the
/// table, not through a view that might hide one.
async fn every_task_row(backend: Backend, database: &TestDatabase, name: &str) -> Vec<Uuid> {
    const IDS: &str =
        "SELECT CAST(id AS TEXT) FROM tasks WHERE user_id = (SELECT id FROM users WHERE username = $1)";
    let url = database.url.expose();
    let ids: Vec<String> = match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(url)
                .await
                .expect("the database opens");
            sqlx::query_scalar(IDS)
                .bind(name)
                .fetch_all(&pool)
                .await
                .expect("a read")
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(url)
                .await
                .expect("the database opens");
            sqlx::query_scalar(IDS)
                .bind(name)
                .fetch_all(&pool)
                .await
                .expect("a read")
        }
    };
    ids.iter().map(|id| id.parse().expect("a uuid")).collect()
}

/// The first way `stored` differs from `intended`.
fn difference(intended: &Intended, stored: &Task) -> Option<String> {
    let fields = stored_fields(stored);
    let f = &intended.fields;
    let c = &intended.clocks;
    let s = &stored.changed;
    let millis = |t: chrono::DateTime<chrono::Utc>| t.timestamp_millis();
    let exact = [
        ("title", f.title.clone(), fields.title.clone()),
        ("notes", f.notes.clone(), fields.notes.clone()),
        ("due", due_text(f.due), due_text(fields.due)),
        (
            "priority",
            f.priority.to_string(),
            fields.priority.to_string(),
        ),
        (
            "list",
            format!("{:?}", f.list),
            format!("{:?}", fields.list),
        ),
        (
            "repetition",
            rule_form(f.every_days),
            rule_form(fields.every_days),
        ),
        // The series a task belongs to (its own, when it names none): a
        // task that stopped repeating may or may not name its own series,
        // as its changes arrived; that means the same.
        (
            "series",
            intended.series.unwrap_or(intended.id).to_string(),
            stored
                .series_id
                .map_or(stored.id.as_uuid(), |s| s.as_uuid())
                .to_string(),
        ),
        (
            "position",
            intended.position.to_string(),
            stored.position.to_string(),
        ),
        (
            "created at",
            intended.created.to_string(),
            millis(stored.created_at).to_string(),
        ),
        (
            "completed at",
            format!("{:?}", intended.completed),
            format!("{:?}", stored.completed_at.map(millis)),
        ),
        (
            "deleted at",
            format!("{:?}", intended.deleted),
            format!("{:?}", stored.deleted_at.map(millis)),
        ),
        (
            "updated at",
            intended.updated.to_string(),
            millis(stored.updated_at).to_string(),
        ),
    ];
    // When each part last changed: the model's clock against the row's.
    let clocks = [
        ("title", c.title, s.title),
        ("notes", c.notes, s.notes),
        ("due", c.due, s.due),
        ("priority", c.priority, s.priority),
        ("repetition", c.every_days, s.recurrence),
        ("completion", c.completion, s.completion),
        ("deletion", c.deletion, s.deletion),
        ("list", c.list, s.list),
        ("position", c.position, s.position),
    ]
    .map(|(part, intended, stored)| {
        (
            format!("{part}'s clock"),
            intended.to_string(),
            stored.millis().to_string(),
        )
    });
    exact
        .into_iter()
        .map(|(what, a, b)| (what.to_owned(), a, b))
        .chain(clocks)
        .find(|(_, a, b)| a != b)
        .map(|(what, a, b)| format!("{what} is {b}, intended {a}"))
}

/// The stored task's fields, in the model's terms.
fn stored_fields(task: &Task) -> Fields {
    let every_days = task
        .recurrence
        .as_ref()
        .map(|rule| match rule.to_string().as_str() {
            "daily" => 1,
            other => other
                .strip_prefix("every ")
                .and_then(|rest| rest.strip_suffix(" days"))
                .and_then(|n| n.parse().ok())
                .unwrap_or(0),
        });
    Fields {
        title: task.title.as_str().to_owned(),
        notes: task.notes.as_str().to_owned(),
        due: task.due.map(|due| (due.date, due.time)),
        priority: task.priority.level(),
        list: task.list_id.map(|id| id.as_uuid()),
        every_days,
    }
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
