//! How a stored task differs from the intended one: field by field, times
//! and clocks included, and each step of its checklist (deleted ones too)
//! the same way.

use super::change::{rule_form, Fields};
use super::checklist::IntendedStep;
use super::model::{due_text, Intended};
use app::domain::{Step, Task};
use chrono::{DateTime, Utc};

/// The first way `stored` differs from `intended`.
pub fn of_task(intended: &Intended, stored: &Task) -> Option<String> {
    let fields = stored_fields(stored);
    let f = &intended.fields;
    let c = &intended.clocks;
    let s = &stored.changed;
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
    let task = exact
        .into_iter()
        .map(|(what, a, b)| (what.to_owned(), a, b))
        .chain(clocks)
        .find(|(_, a, b)| a != b)
        .map(|(what, a, b)| format!("{what} is {b}, intended {a}"));
    task.or_else(|| of_checklist(intended, stored))
}

/// The first way the stored checklist differs: a step missing, one nobody
/// intended, or a field of a step.
fn of_checklist(intended: &Intended, stored: &Task) -> Option<String> {
    if let Some(extra) = stored
        .steps
        .iter()
        .find(|step| !intended.steps.contains_key(&step.id.as_uuid()))
    {
        return Some(format!(
            "step {} ({}) was never intended",
            extra.id,
            extra.title.as_str()
        ));
    }
    intended.steps.iter().find_map(|(id, step)| {
        let problem = match stored.steps.iter().find(|s| s.id.as_uuid() == *id) {
            None => Some("it is missing".to_owned()),
            Some(stored) => of_step(step, stored),
        };
        problem.map(|p| format!("step {id} ({}): {p}", step.title))
    })
}

fn of_step(intended: &IntendedStep, stored: &Step) -> Option<String> {
    let c = &intended.clocks;
    let s = &stored.changed;
    [
        (
            "title",
            intended.title.clone(),
            stored.title.as_str().to_owned(),
        ),
        ("done", intended.done.to_string(), stored.done.to_string()),
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
            "updated at",
            intended.updated.to_string(),
            millis(stored.updated_at).to_string(),
        ),
        (
            "deleted at",
            format!("{:?}", intended.deleted),
            format!("{:?}", stored.deleted_at.map(millis)),
        ),
        (
            "title's clock",
            c.title.to_string(),
            s.title.millis().to_string(),
        ),
        (
            "done's clock",
            c.done.to_string(),
            s.done.millis().to_string(),
        ),
        (
            "position's clock",
            c.position.to_string(),
            s.position.millis().to_string(),
        ),
        (
            "deletion's clock",
            c.deletion.to_string(),
            s.deletion.millis().to_string(),
        ),
    ]
    .into_iter()
    .find(|(_, a, b)| a != b)
    .map(|(what, a, b)| format!("{what} is {b}, intended {a}"))
}

fn millis(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
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
