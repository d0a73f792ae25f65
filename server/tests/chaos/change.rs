//! The changes a student makes, as the real client sends them: set-state,
//! ids minted by the client, and the time the person acted (`at`, in
//! milliseconds). Plain data: nothing here comes from the product.

use chrono::{DateTime, NaiveDate, NaiveTime, SecondsFormat, Utc};
use uuid::Uuid;

/// A due date, with a time or without.
pub type Due = Option<(NaiveDate, Option<NaiveTime>)>;

/// Everything a task holds that a person sets.
#[derive(Clone, Debug, PartialEq)]
pub struct Fields {
    pub title: String,
    pub notes: String,
    pub due: Due,
    /// 1 (most urgent) to 4 (none).
    pub priority: u8,
    pub list: Option<Uuid>,
    /// Repeats every so many days.
    pub every_days: Option<u32>,
}

/// One field an edit sets.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Title(String),
    Notes(String),
    Due(Due),
    Priority(u8),
    List(Option<Uuid>),
    EveryDays(Option<u32>),
}

#[derive(Clone, Debug)]
pub enum What {
    Create(Uuid, Fields),
    /// A quick-add line typed in `view` on `today`, and what it means.
    QuickAdd {
        id: Uuid,
        line: String,
        view: String,
        today: NaiveDate,
        meant: Fields,
    },
    Edit(Uuid, Vec<Field>),
    Complete(Uuid, bool),
    Delete(Uuid, bool),
    Reorder(Vec<Uuid>),
    CreateList(Uuid, String),
    RenameList(Uuid, String),
    DeleteList(Uuid),
    /// A step added at the end of a task's checklist.
    CreateStep {
        id: Uuid,
        task: Uuid,
        title: String,
    },
    /// A step renamed, ticked (or unticked), or both. The task is not sent
    /// (the server finds it by the step); the workload keeps it for its
    /// rules.
    EditStep {
        id: Uuid,
        task: Uuid,
        title: Option<String>,
        done: Option<bool>,
    },
    ReorderSteps {
        task: Uuid,
        ids: Vec<Uuid>,
    },
    DeleteStep {
        id: Uuid,
        task: Uuid,
        deleted: bool,
    },
}

/// A change, made by the person at `at` (milliseconds since the epoch).
#[derive(Clone, Debug)]
pub struct Change {
    pub what: What,
    pub at: i64,
}

impl Change {
    pub fn path(&self) -> &'static str {
        match self.what {
            What::Create(..) => "/api/tasks/create",
            What::QuickAdd { .. } => "/api/tasks/add",
            What::Edit(..) => "/api/tasks/edit",
            What::Complete(..) => "/api/tasks/complete",
            What::Delete(..) => "/api/tasks/delete",
            What::Reorder(..) => "/api/tasks/reorder",
            What::CreateList(..) => "/api/lists/create",
            What::RenameList(..) => "/api/lists/rename",
            What::DeleteList(..) => "/api/lists/delete",
            What::CreateStep { .. } => "/api/steps/create",
            What::EditStep { .. } => "/api/steps/edit",
            What::ReorderSteps { .. } => "/api/steps/reorder",
            What::DeleteStep { .. } => "/api/steps/delete",
        }
    }

    /// The form the browser posts.
    pub fn form(&self) -> Vec<(String, String)> {
        let at = ("at".to_owned(), wire_time(self.at));
        let pair = |name: &str, value: String| (name.to_owned(), value);
        let mut form = match &self.what {
            What::Create(id, fields) => {
                let mut form = vec![pair("id", id.to_string())];
                form.extend(fields_form(fields));
                form
            }
            What::QuickAdd {
                id,
                line,
                view,
                today,
                ..
            } => vec![
                pair("id", id.to_string()),
                pair("quick_add", line.clone()),
                pair("view", view.clone()),
                pair("today", today.to_string()),
            ],
            What::Edit(id, set) => edit_form(*id, set),
            What::Complete(id, done) => {
                vec![
                    pair("id", id.to_string()),
                    pair("completed", done.to_string()),
                ]
            }
            What::Delete(id, deleted) | What::DeleteStep { id, deleted, .. } => vec![
                pair("id", id.to_string()),
                pair("deleted", deleted.to_string()),
            ],
            What::Reorder(ids) => ids_form(ids),
            What::CreateList(id, name) | What::RenameList(id, name) => {
                vec![pair("id", id.to_string()), pair("name", name.clone())]
            }
            What::DeleteList(id) => vec![pair("id", id.to_string())],
            What::CreateStep { id, task, title } => vec![
                pair("id", id.to_string()),
                pair("task_id", task.to_string()),
                pair("title", title.clone()),
            ],
            What::EditStep {
                id, title, done, ..
            } => {
                let mut form = vec![pair("id", id.to_string())];
                form.extend(title.clone().map(|title| pair("title", title)));
                form.extend(done.map(|done| pair("done", done.to_string())));
                form
            }
            What::ReorderSteps { task, ids } => {
                let mut form = vec![pair("task_id", task.to_string())];
                form.extend(ids_form(ids));
                form
            }
        };
        form.push(at);
        form
    }

    pub fn kind(&self) -> &'static str {
        match &self.what {
            What::Create(_, fields) if fields.every_days.is_some() => "create repeating",
            What::Create(..) => "create",
            What::QuickAdd { .. } => "quick add",
            What::Edit(..) => "edit",
            What::Complete(_, true) => "complete",
            What::Complete(_, false) => "un-complete",
            What::Delete(_, true) => "delete",
            What::Delete(_, false) => "restore",
            What::Reorder(..) => "reorder",
            What::CreateList(..) => "create list",
            What::RenameList(..) => "rename list",
            What::DeleteList(..) => "delete list",
            What::CreateStep { .. } => "step create",
            What::EditStep {
                title: Some(_),
                done: Some(_),
                ..
            } => "step rename and tick",
            What::EditStep { title: Some(_), .. } => "step rename",
            What::EditStep { .. } => "step tick",
            What::ReorderSteps { .. } => "step reorder",
            What::DeleteStep { deleted: true, .. } => "step delete",
            What::DeleteStep { .. } => "step restore",
        }
    }

    /// Whether it changes lists (these go alone: see draw.rs).
    pub fn is_list_change(&self) -> bool {
        matches!(
            self.what,
            What::CreateList(..) | What::RenameList(..) | What::DeleteList(..)
        )
    }

    /// The tasks whose rows it changes (a step's task for a step).
    pub fn tasks(&self) -> Vec<Uuid> {
        match &self.what {
            What::Create(id, _)
            | What::QuickAdd { id, .. }
            | What::Edit(id, _)
            | What::Complete(id, _)
            | What::Delete(id, _) => vec![*id],
            What::Reorder(ids) => ids.clone(),
            What::CreateStep { task, .. }
            | What::EditStep { task, .. }
            | What::ReorderSteps { task, .. }
            | What::DeleteStep { task, .. } => vec![*task],
            What::CreateList(..) | What::RenameList(..) | What::DeleteList(..) => Vec::new(),
        }
    }
}

fn ids_form(ids: &[Uuid]) -> Vec<(String, String)> {
    ids.iter()
        .enumerate()
        .map(|(i, id)| (format!("ids[{i}]"), id.to_string()))
        .collect()
}

fn fields_form(fields: &Fields) -> Vec<(String, String)> {
    let (due_date, due_time) = due_form(fields.due);
    [
        ("title", fields.title.clone()),
        ("notes", fields.notes.clone()),
        ("due_date", due_date),
        ("due_time", due_time),
        ("priority", fields.priority.to_string()),
        ("list_id", list_form(fields.list)),
        ("recurrence", rule_form(fields.every_days)),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect()
}

/// An edit names the fields it sets in `set`; the others go empty.
fn edit_form(id: Uuid, set: &[Field]) -> Vec<(String, String)> {
    let mut form = vec![("id".to_owned(), id.to_string())];
    let mut named = Vec::new();
    for field in set {
        let (name, values) = match field {
            Field::Title(title) => ("title", vec![("title", title.clone())]),
            Field::Notes(notes) => ("notes", vec![("notes", notes.clone())]),
            Field::Due(due) => {
                let (date, time) = due_form(*due);
                ("due", vec![("due_date", date), ("due_time", time)])
            }
            Field::Priority(p) => ("priority", vec![("priority", p.to_string())]),
            Field::List(list) => ("list", vec![("list_id", list_form(*list))]),
            Field::EveryDays(rule) => ("recurrence", vec![("recurrence", rule_form(*rule))]),
        };
        named.push(name);
        form.extend(values.into_iter().map(|(n, v)| (n.to_owned(), v)));
    }
    form.push(("set".to_owned(), named.join(",")));
    form
}

fn due_form(due: Due) -> (String, String) {
    match due {
        None => (String::new(), String::new()),
        Some((date, time)) => (
            date.to_string(),
            time.map(|t| t.format("%H:%M").to_string())
                .unwrap_or_default(),
        ),
    }
}

fn list_form(list: Option<Uuid>) -> String {
    list.map(|id| id.to_string()).unwrap_or_default()
}

/// How the server writes a repetition of every `n` days.
pub fn rule_form(every_days: Option<u32>) -> String {
    match every_days {
        None => String::new(),
        Some(1) => "daily".into(),
        Some(n) => format!("every {n} days"),
    }
}

pub fn wire_time(millis: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(millis)
        .expect("a time in range")
        .to_rfc3339_opts(SecondsFormat::Millis, true)
}
