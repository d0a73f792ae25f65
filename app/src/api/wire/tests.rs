//! Tests of `wire.rs`.

use super::*;
use crate::domain::{ListId, StepId, TaskId};

fn at() -> DateTime<Utc> {
    "2026-12-06T08:30:00.123Z".parse().unwrap()
}

fn task(form: TaskForm) -> Task {
    Task::new(TaskId::new(), form.parse().unwrap(), at())
}

/// One change of every kind, with every part it can carry.
fn every_kind_of_change() -> Vec<Change> {
    let full = task(TaskForm {
        title: "Реферат по истории".into(),
        notes: "стр. 45–47 & «введение»".into(),
        due_date: "2027-01-31".into(),
        due_time: "08:30".into(),
        priority: "2".into(),
        list_id: ListId::new().to_string(),
        recurrence: "monthly".into(),
        reminder: "1h".into(),
    });
    let edit = PatchForm {
        title: Some("Реферат".into()),
        due_date: Some(String::new()),
        due_time: Some(String::new()),
        list_id: Some(String::new()),
        recurrence: Some("weekly mon,thu".into()),
        reminder: Some("off".into()),
        ..PatchForm::default()
    };
    let (id, step) = (TaskId::new(), StepId::new());
    let title = |text: &str| StepTitle::parse(text).unwrap();
    let name = |text: &str| ListName::parse(text).unwrap();
    vec![
        TaskChange::Create(full).into(),
        TaskChange::Edit {
            id,
            patch: edit.parse().unwrap(),
        }
        .into(),
        TaskChange::Complete {
            id,
            completed: true,
        }
        .into(),
        TaskChange::Delete { id, deleted: false }.into(),
        Change::TaskOrder(vec![id, TaskId::new(), TaskId::new()]),
        StepChange::Create {
            task_id: id,
            id: step,
            title: title("№245 (а, б)"),
        }
        .into(),
        StepChange::Edit {
            id: step,
            title: None,
            done: Some(false),
        }
        .into(),
        StepChange::Edit {
            id: step,
            title: Some(title("№246")),
            done: None,
        }
        .into(),
        StepChange::Reorder {
            task_id: id,
            ids: vec![StepId::new(), step],
        }
        .into(),
        StepChange::Delete {
            id: step,
            deleted: true,
        }
        .into(),
        ListChange::Create {
            id: ListId::new(),
            name: name("Алгебра + геометрия"),
        }
        .into(),
        ListChange::Rename {
            id: ListId::new(),
            name: name("Физика"),
        }
        .into(),
        ListChange::Delete { id: ListId::new() }.into(),
        Change::TimeZone(TimeZoneName::parse("Europe/Berlin").unwrap()),
        timetable("lesson:wed:3:b", &format!("{} каб. 214", ListId::new())),
        timetable("lesson:sat:1", ""),
        timetable("bells", "08:00-08:40 08:50-09:30"),
        timetable("rotation", "2026-09-07"),
        timetable(
            &format!("holiday:{}", crate::domain::HolidayId::new()),
            "2026-10-26/2026-11-03",
        ),
    ]
}

fn timetable(entry: &str, value: &str) -> Change {
    TimetableChange::parse(entry, value).unwrap().into()
}

#[test]
fn every_change_goes_through_the_wire_and_reads_back_the_same() {
    for change in every_kind_of_change() {
        let (path, body) = request(&change, at());
        assert_eq!(
            read(path, &body, at()),
            Some(change.clone()),
            "{path}?{body}"
        );
    }
}

#[test]
fn every_server_function_that_reads_a_change_is_written_by_one() {
    let written: std::collections::HashSet<&str> = every_kind_of_change()
        .iter()
        .map(|change| request(change, at()).0)
        .collect();
    for (path, _) in CHANGES {
        // A quick-add line is the page's way to write a new task.
        assert!(path == AddTask::PATH || written.contains(path), "{path}");
    }
}

#[test]
fn a_quick_add_line_is_read_as_the_task_it_makes_with_its_id() {
    let id = TaskId::new();
    let body = format!("id={id}&quick_add=%D0%A5%D0%BB%D0%B5%D0%B1+%D0%B7%D0%B0%D0%B2%D1%82%D1%80%D0%B0&today=2026-12-06");
    let Some(Change::Task(TaskChange::Create(task))) =
        read("http://127.0.0.1:3000/api/tasks/add", &body, at())
    else {
        panic!("not a new task")
    };
    assert_eq!((task.id, task.title.as_str()), (id, "Хлеб"));
    assert_eq!(
        task.due.map(|due| due.date.to_string()),
        Some("2026-12-07".into())
    );
}

#[test]
fn an_edit_sets_only_the_fields_it_names() {
    let id = TaskId::new();
    let body = format!("id={id}&title=New&priority=1&notes=&set=title,priority");
    let Some(Change::Task(TaskChange::Edit { patch, .. })) = read("/api/tasks/edit", &body, at())
    else {
        panic!("not an edit")
    };
    assert_eq!(patch.title.map(|t| t.to_string()), Some("New".into()));
    assert_eq!(patch.priority.map(|p| p.level()), Some(1));
    assert_eq!(patch.notes, None, "a field not named is left as it is");
}

#[test]
fn a_reorder_counts_an_id_named_twice_where_it_first_appears() {
    let (a, b) = (TaskId::new(), TaskId::new());
    let body = format!("ids%5B0%5D={b}&ids%5B1%5D={a}&ids%5B2%5D={b}");
    assert_eq!(
        read("/api/tasks/reorder", &body, at()),
        Some(Change::TaskOrder(vec![b, a]))
    );
}

#[test]
fn a_request_that_is_no_change_or_does_not_parse_reads_as_none() {
    let id = TaskId::new();
    for (path, body) in [
        ("/api/tasks/list", String::new()),
        ("/api/auth/sign_out", String::new()),
        ("/api/tasks/complete", "id=not-a-uuid&completed=true".into()),
        ("/api/tasks/complete", format!("id={id}&completed=maybe")),
        ("/api/tasks/add", format!("id={id}&quick_add=")),
        ("/api/steps/edit", format!("id={id}")),
        ("/api/steps/create", format!("id={id}&task_id={id}&title=")),
        ("/api/lists/rename", format!("id={id}&name=")),
        ("/api/account/time_zone", "time_zone=".into()),
    ] {
        assert_eq!(read(path, &body, at()), None, "{path}?{body}");
    }
}

/// What the worker queues (every POST under `/api/` but `/api/auth/`)
/// is exactly what reads as a change: a new mutating server function
/// without its change fails here.
#[cfg(feature = "ssr")]
#[test]
fn every_mutating_server_function_has_its_change() {
    use crate::protocol;
    crate::api::register_server_functions();
    let mut mutating: Vec<&str> = server_fn::axum::server_fn_paths()
        .filter(|(path, method)| {
            let api = path.starts_with(protocol::API_PREFIX);
            let auth = path.starts_with(protocol::AUTH_PREFIX);
            method == http::Method::POST && api && !auth
        })
        .map(|(path, _)| path)
        .collect();
    mutating.sort_unstable();
    let mut read: Vec<&str> = CHANGES.iter().map(|(path, _)| *path).collect();
    read.sort_unstable();
    assert_eq!(mutating, read);
}
