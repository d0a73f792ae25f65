//! What a queued request asks for, read back from its path and form body.
//! The request is kept as the browser sent it (so its replay is byte for
//! byte the same); this is only how the page shows its effect meanwhile.

use crate::domain::{PatchForm, StepId, StepTitle, Task, TaskForm, TaskId, TaskPatch};
use crate::quick_add;
use chrono::{DateTime, Utc};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Create(Task),
    Edit {
        id: TaskId,
        patch: TaskPatch,
    },
    Complete {
        id: TaskId,
        completed: bool,
    },
    Delete {
        id: TaskId,
        deleted: bool,
    },
    /// A new order for these tasks (each listed once).
    Reorder(Vec<TaskId>),
    /// A step added at the end of a task's checklist.
    StepCreate {
        task_id: TaskId,
        id: StepId,
        title: StepTitle,
    },
    /// A step renamed, ticked or both.
    StepEdit {
        id: StepId,
        title: Option<StepTitle>,
        done: Option<bool>,
    },
    /// A new order for a task's steps.
    StepReorder {
        task_id: TaskId,
        ids: Vec<StepId>,
    },
    StepDelete {
        id: StepId,
        deleted: bool,
    },
    /// A change the page does not draw (lists): counted, not shown.
    Other,
}

impl Change {
    /// Reads a server-function request: `url` is its address (absolute or a
    /// path), `body` its url-encoded form, `at` when the person made it
    /// (see `Entry::made_at`).
    pub fn from_request(url: &str, body: &str, at: DateTime<Utc>) -> Self {
        let path = url.find("/api/").map_or(url, |start| &url[start..]);
        let path = path.split(['?', '#']).next().unwrap_or(path);
        let form: HashMap<String, String> = form_urlencoded::parse(body.as_bytes())
            .into_owned()
            .collect();
        let field = |name: &str| form.get(name).map(String::as_str).unwrap_or("");
        if path == "/api/tasks/reorder" {
            return Self::Reorder(ordered_ids(body));
        }
        if path.starts_with("/api/steps/") {
            return super::step_change::from_request(path, &form, body).unwrap_or(Self::Other);
        }
        let Ok(id) = field("id").parse::<TaskId>() else {
            return Self::Other;
        };
        let task_form = || TaskForm {
            title: field("title").to_owned(),
            notes: field("notes").to_owned(),
            due_date: field("due_date").to_owned(),
            due_time: field("due_time").to_owned(),
            priority: field("priority").to_owned(),
            list_id: field("list_id").to_owned(),
            recurrence: field("recurrence").to_owned(),
        };
        let flag = |name: &str| field(name).parse::<bool>().ok();
        match path {
            // The same reading the server will do (lists are not known
            // here, so a `#list` shows in the title until it is saved).
            "/api/tasks/add" => {
                let today = quick_add::today_of(field("today"), at.date_naive());
                let view = crate::views::View::parse(field("view")).ok();
                quick_add::parse(field("quick_add"), today)
                    .in_view(view, today)
                    .into_fields(&[])
                    .map(|fields| Self::Create(Task::new(id, fields, at)))
                    .unwrap_or(Self::Other)
            }
            "/api/tasks/create" => task_form()
                .parse()
                .map(|fields| Self::Create(Task::new(id, fields, at)))
                .unwrap_or(Self::Other),
            "/api/tasks/edit" => {
                PatchForm::from_wire(task_form(), form.get("set").map(String::as_str))
                    .parse()
                    .map(|patch| Self::Edit { id, patch })
                    .unwrap_or(Self::Other)
            }
            "/api/tasks/complete" => flag("completed")
                .map(|completed| Self::Complete { id, completed })
                .unwrap_or(Self::Other),
            "/api/tasks/delete" => flag("deleted")
                .map(|deleted| Self::Delete { id, deleted })
                .unwrap_or(Self::Other),
            _ => Self::Other,
        }
    }

    /// The task this change is about, if it is about one.
    pub fn task_id(&self) -> Option<TaskId> {
        match self {
            Self::Create(task) => Some(task.id),
            Self::Edit { id, .. } | Self::Complete { id, .. } | Self::Delete { id, .. } => {
                Some(*id)
            }
            Self::StepCreate { task_id, .. } | Self::StepReorder { task_id, .. } => Some(*task_id),
            Self::Reorder(_) | Self::StepEdit { .. } | Self::StepDelete { .. } | Self::Other => {
                None
            }
        }
    }
}

/// The ids of a reorder, in order: the form lists them as `ids[0]=…`,
/// `ids[1]=…`. A repeated id counts once, where it first appears.
pub(super) fn ordered_ids<Id: std::str::FromStr + PartialEq>(body: &str) -> Vec<Id> {
    let mut indexed: Vec<(usize, Id)> = form_urlencoded::parse(body.as_bytes())
        .filter_map(|(name, value)| {
            let index = name.strip_prefix("ids[")?.strip_suffix(']')?.parse().ok()?;
            Some((index, value.parse().ok()?))
        })
        .collect();
    indexed.sort_by_key(|(index, _)| *index);
    let mut ids: Vec<Id> = Vec::with_capacity(indexed.len());
    for (_, id) in indexed {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(url: &str, body: &str) -> Change {
        Change::from_request(url, body, Utc::now())
    }

    #[test]
    fn a_quick_add_is_read_as_a_new_task_with_its_id_and_title() {
        let id = TaskId::new();
        let change = read(
            "http://127.0.0.1:3000/api/tasks/add",
            &format!("id={id}&quick_add=%D0%A5%D0%BB%D0%B5%D0%B1"),
        );
        let Change::Create(task) = change else {
            panic!("not a create: {change:?}")
        };
        assert_eq!((task.id, task.title.as_str()), (id, "Хлеб"));
    }

    #[test]
    fn a_completion_is_read_with_the_state_it_asks_for() {
        let id = TaskId::new();
        assert_eq!(
            read(
                "/api/tasks/complete",
                &format!("id={id}&completed=false&idempotency_key=k")
            ),
            Change::Complete {
                id,
                completed: false
            }
        );
    }

    #[test]
    fn an_edit_carries_the_fields_it_sends() {
        let id = TaskId::new();
        let change = read(
            "/api/tasks/edit",
            &format!("id={id}&title=New&priority=1&notes=&set=title,priority"),
        );
        let Change::Edit { patch, .. } = change else {
            panic!("not an edit: {change:?}")
        };
        assert_eq!(
            patch.title.map(|t| t.as_str().to_owned()),
            Some("New".into())
        );
        assert_eq!(patch.priority.map(|p| p.level()), Some(1));
        assert_eq!(patch.notes, None, "a field not sent is left as it is");
    }

    #[test]
    fn a_deletion_and_a_restore_are_read() {
        let id = TaskId::new();
        assert_eq!(
            read("/api/tasks/delete", &format!("id={id}&deleted=true")),
            Change::Delete { id, deleted: true }
        );
        assert_eq!(
            read("/api/tasks/delete", &format!("id={id}&deleted=false")),
            Change::Delete { id, deleted: false }
        );
    }

    #[test]
    fn anything_unreadable_is_counted_but_not_drawn() {
        let id = TaskId::new();
        assert_eq!(
            read("/api/lists/create", &format!("id={id}&name=School")),
            Change::Other
        );
        assert_eq!(
            read("/api/tasks/complete", "id=not-a-uuid&completed=true"),
            Change::Other
        );
        assert_eq!(
            read("/api/tasks/complete", &format!("id={id}&completed=maybe")),
            Change::Other
        );
        assert_eq!(
            read("/api/tasks/add", &format!("id={id}&quick_add=")),
            Change::Other
        );
    }

    #[test]
    fn a_reorder_is_read_as_its_ids_in_order() {
        let (a, b, c) = (TaskId::new(), TaskId::new(), TaskId::new());
        let body = format!("ids%5B1%5D={b}&ids%5B0%5D={c}&ids%5B2%5D={a}&ids%5B3%5D={c}");
        assert_eq!(
            read("/api/tasks/reorder", &body),
            Change::Reorder(vec![c, b, a])
        );
    }
}
