//! Tests of `known.rs`.

use super::*;
use crate::change::{StepChange, TaskChange};
use crate::domain::TaskForm;
use chrono::{DateTime, Utc};

const T0: i64 = 1_764_748_800_000; // 2025-12-03T08:00:00Z

fn today() -> Day {
    Day::utc(DateTime::from_timestamp_millis(T0).unwrap())
}

fn task(title: &str) -> Task {
    let fields = TaskForm {
        title: title.into(),
        ..TaskForm::default()
    };
    Task::new(TaskId::new(), fields.parse().unwrap(), Utc::now())
}

fn titles(known: &Known) -> Vec<&str> {
    let mut titles: Vec<&str> = known.tasks().map(|t| t.title.as_str()).collect();
    titles.sort();
    titles
}

fn with_step(mut task: Task, title: &str) -> Task {
    use crate::domain::{Step, StepId, StepTitle};
    let title = StepTitle::parse(title).unwrap();
    let position = i64::try_from(task.steps.len()).unwrap();
    task.steps
        .push(Step::new(StepId::new(), title, position, Utc::now()));
    task
}

fn step_titles(known: &Known, id: TaskId) -> Vec<String> {
    let task = known.get(id).unwrap();
    task.steps
        .iter()
        .map(|s| s.title.as_str().to_owned())
        .collect()
}

#[test]
fn the_newer_copy_says_which_steps_a_task_has() {
    let task = with_step(with_step(task("Алгебра"), "№245"), "№247");
    let mut known = Known::default();
    known.take(task.clone(), T0);
    // Deleted on another device: the server's next copy lacks it.
    let mut after = task.clone();
    after.steps.remove(0);
    known.take(after.clone(), T0 + 10);
    assert_eq!(step_titles(&known, task.id), ["№247"]);
    // A copy read before the deletion, arriving late, brings it not
    // back; one read before a step was added takes none away.
    known.take(task.clone(), T0 + 5);
    assert_eq!(step_titles(&known, task.id), ["№247"]);
    let newer = with_step(known.get(task.id).unwrap().clone(), "№249");
    known.take(newer, T0 + 20);
    known.take(task.clone(), T0 + 15);
    assert_eq!(step_titles(&known, task.id), ["№247", "№249"]);
}

#[test]
fn a_read_forgets_a_task_its_view_no_longer_lists() {
    let (a, b) = (task("A"), task("B"));
    let mut known = Known::default();
    known.take_read(
        &View::Inbox,
        T0,
        today(),
        Nav::default(),
        vec![a.clone(), b],
    );
    known.take_read(
        &View::Inbox,
        T0 + 10,
        today(),
        Nav::default(),
        vec![a.clone()],
    );
    assert_eq!(titles(&known), ["A"]);
    assert_eq!(known.listed(&View::Inbox), [a.id]);
}

#[test]
fn a_task_saved_after_the_read_began_is_not_forgotten_by_it() {
    let a = task("A");
    let mut known = Known::default();
    known.take(a.clone(), T0 + 20);
    known.take_read(&View::Inbox, T0 + 10, today(), Nav::default(), vec![]);
    assert_eq!(titles(&known), ["A"]);
}

#[test]
fn an_answer_merges_with_what_is_known_by_the_last_action() {
    let a = task("A");
    let mut done = a.clone();
    done.set_completed(true, Utc::now() + chrono::Duration::seconds(1));
    let mut known = Known::default();
    known.take_read(&View::Inbox, T0, today(), Nav::default(), vec![a.clone()]);
    known.take(done, T0 + 5);
    known.take(a.clone(), T0 + 6);
    assert!(known.get(a.id).unwrap().completed_at.is_some());
}

#[test]
fn what_was_kept_on_the_phone_adds_what_the_page_did_not_know() {
    let (old, saved_later) = (task("Старая"), task("Сохранена потом"));
    let mut kept = Known::default();
    kept.take_read(
        &View::Inbox,
        T0 + 50,
        today(),
        Nav::default(),
        vec![saved_later.clone()],
    );
    // The page came from the cache: its list is older than what was kept.
    let mut page = Known::default();
    page.take_read(&View::Inbox, T0, today(), Nav::default(), vec![old]);
    page.absorb(kept);
    assert_eq!(titles(&page), ["Сохранена потом"]);
    assert_eq!(page.listed(&View::Inbox), [saved_later.id]);
}

#[test]
fn what_was_kept_does_not_undo_a_newer_read() {
    let (a, b) = (task("A"), task("B"));
    let mut kept = Known::default();
    kept.take_read(
        &View::Inbox,
        T0,
        today(),
        Nav::default(),
        vec![a.clone(), b],
    );
    let mut page = Known::default();
    page.take_read(&View::Inbox, T0 + 50, today(), Nav::default(), vec![a]);
    page.absorb(kept);
    assert_eq!(titles(&page), ["A"]);
}

#[test]
fn a_change_to_a_step_deleted_elsewhere_is_still_about_the_task_that_held_it() {
    let mut known = Known::default();
    let physics = with_step(task("Физика"), "§12");
    let chemistry = task("Химия");
    let step = physics.steps[0].id;
    known.take(physics.clone(), T0);
    known.take(chemistry.clone(), T0);
    // Another device deleted the step: the next read has the task without it.
    let mut read = physics.clone();
    read.steps.clear();
    known.take_read(
        &View::Inbox,
        T0 + 10,
        today(),
        Nav::default(),
        vec![read, chemistry.clone()],
    );
    assert!(known.get(physics.id).unwrap().steps.is_empty());

    let tick = Change::Step(StepChange::Edit {
        id: step,
        title: None,
        done: Some(true),
    });
    assert_eq!(known.task_of(&tick), Some(physics.id));
    let complete = Change::Task(TaskChange::Complete {
        id: chemistry.id,
        completed: true,
    });
    assert_eq!(known.task_of(&complete), Some(chemistry.id));
    let unknown = Change::Step(StepChange::Delete {
        id: crate::domain::StepId::new(),
        deleted: true,
    });
    assert_eq!(known.task_of(&unknown), None);
}
