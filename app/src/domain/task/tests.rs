//! Tests of `task.rs`.

use super::*;
use crate::domain::TaskForm;
use chrono::TimeZone;

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 9, 1, hour, 0, 0).unwrap()
}

fn task(recurrence: &str, due_date: &str) -> Task {
    let form = TaskForm {
        title: "Зарядка".into(),
        due_date: due_date.into(),
        recurrence: recurrence.into(),
        ..TaskForm::default()
    };
    Task::new(TaskId::new(), form.parse().unwrap(), at(7))
}

fn patch(title: &str) -> TaskPatch {
    crate::domain::PatchForm {
        title: Some(title.into()),
        ..Default::default()
    }
    .parse()
    .unwrap()
}

#[test]
fn the_later_of_two_taps_wins_whichever_arrives_last() {
    let base = task("", "");
    let mut in_order = base.clone();
    in_order.set_completed(true, at(8));
    in_order.set_completed(false, at(9));
    let mut crossed = base;
    assert!(crossed.set_completed(false, at(9)));
    assert!(
        !crossed.set_completed(true, at(8)),
        "the older tap alters nothing"
    );
    assert_eq!(crossed.completed_at, None);
    assert_eq!(crossed, in_order);
}

#[test]
fn an_edit_older_than_the_fields_last_change_is_ignored_field_by_field() {
    let mut t = task("", "");
    assert!(t.edit(&patch("Новое"), at(10)));
    let mut old = patch("Старое");
    old.priority = Some(crate::domain::Priority::new(1).unwrap());
    assert!(t.edit(&old, at(9)), "the priority had not changed since 7");
    assert_eq!(t.title.as_str(), "Новое");
    assert_eq!(t.priority.level(), 1);
}

#[test]
fn a_restore_after_a_delete_stands_when_the_delete_arrives_late() {
    let mut t = task("", "");
    t.set_deleted(false, at(9));
    assert!(!t.set_deleted(true, at(8)));
    assert_eq!(t.deleted_at, None);
}

#[test]
fn merging_two_copies_keeps_each_parts_latest_change_in_either_order() {
    let base = task("", "");
    let mut renamed = base.clone();
    renamed.edit(&patch("Другое"), at(9));
    let mut done = base.clone();
    done.set_completed(true, at(10));
    let mut a = renamed.clone();
    a.merge(&done);
    let mut b = done.clone();
    b.merge(&renamed);
    assert_eq!(a, b);
    assert_eq!((a.title.as_str(), a.completed_at), ("Другое", Some(at(10))));
}

#[test]
fn a_position_moves_only_for_a_later_reorder() {
    let mut t = task("", "");
    assert!(t.set_position(3, at(9)));
    assert!(!t.set_position(1, at(8)));
    assert_eq!(t.position, 3);
}

#[test]
fn completing_twice_keeps_the_first_time_and_uncompleting_clears_it() {
    let mut t = task("", "");
    t.set_completed(true, at(8));
    t.set_completed(true, at(9));
    assert_eq!(t.completed_at, Some(at(8)));
    t.set_completed(false, at(10));
    assert_eq!(t.completed_at, None);
}

#[test]
fn the_next_occurrence_is_due_by_the_rule_after_the_due_date() {
    let t = task("daily", "2026-09-01");
    let next = t
        .next_occurrence(NaiveDate::from_ymd_opt(2026, 9, 3).unwrap(), at(8))
        .unwrap();
    assert_eq!(
        next.due.unwrap().date,
        NaiveDate::from_ymd_opt(2026, 9, 2).unwrap()
    );
    assert_eq!(next.series_id, Some(t.id));
    assert_eq!(next.title, t.title);
    assert_eq!(next.completed_at, None);
}

#[test]
fn the_next_occurrence_keeps_the_reminders_lead_but_not_a_moment_put_off_to() {
    let day = NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
    let mut t = task("daily", "2026-09-01");
    t.reminder = TaskReminder::parse("1h").unwrap();
    assert_eq!(t.next_occurrence(day, at(8)).unwrap().reminder, t.reminder);
    t.reminder = TaskReminder::parse("off").unwrap();
    assert_eq!(t.next_occurrence(day, at(8)).unwrap().reminder, t.reminder);
    t.reminder = TaskReminder::parse("2026-09-01T19:30").unwrap();
    assert_eq!(
        t.next_occurrence(day, at(8)).unwrap().reminder,
        TaskReminder::AsSet
    );
}

#[test]
fn the_next_occurrence_always_gets_the_same_id() {
    let t = task("weekly mon", "2026-09-07");
    let day = NaiveDate::from_ymd_opt(2026, 9, 7).unwrap();
    assert_eq!(
        t.next_occurrence(day, at(8)).unwrap().id,
        t.next_occurrence(day, at(9)).unwrap().id
    );
}

#[test]
fn without_a_due_date_the_series_continues_from_the_completion_day() {
    let t = task("every 2 days", "");
    let next = t
        .next_occurrence(NaiveDate::from_ymd_opt(2026, 9, 10).unwrap(), at(8))
        .unwrap();
    assert_eq!(
        next.due.unwrap().date,
        NaiveDate::from_ymd_opt(2026, 9, 12).unwrap()
    );
}

fn with_steps(mut t: Task, titles: &[&str]) -> Task {
    for (position, title) in (0..).zip(titles) {
        let title = crate::domain::StepTitle::parse(title).unwrap();
        let step = Step::new(crate::domain::StepId::new(), title, position, at(7));
        t.steps.push(step);
    }
    t
}

#[test]
fn the_next_occurrence_starts_with_the_steps_undone_and_without_the_deleted() {
    let mut t = with_steps(task("daily", "2026-09-01"), &["№245", "№246", "№247"]);
    t.steps[0].set_done(true, at(8));
    t.steps[1].set_deleted(true, at(8));
    let next = t.next_occurrence(NaiveDate::MIN, at(9)).unwrap();
    let copied: Vec<(&str, bool)> = next
        .steps
        .iter()
        .map(|s| (s.title.as_str(), s.done))
        .collect();
    assert_eq!(copied, [("№245", false), ("№247", false)]);
    assert_eq!(
        next.steps[0].id,
        crate::domain::StepId::copied(next.id, t.steps[0].id)
    );
    let again = t.next_occurrence(NaiveDate::MIN, at(10)).unwrap();
    assert_eq!(
        again.steps.iter().map(|s| s.id).collect::<Vec<_>>(),
        next.steps.iter().map(|s| s.id).collect::<Vec<_>>(),
        "a replayed completion copies the same steps"
    );
}

#[test]
fn a_step_change_touches_the_task_but_never_completes_it() {
    let mut t = with_steps(task("", ""), &["№245"]);
    t.steps[0].set_done(true, at(9));
    assert!(t.step_changed(at(9)));
    assert_eq!((t.updated_at, t.completed_at), (at(9), None));
    assert!(
        !t.step_changed(at(8)),
        "an older change keeps the later time"
    );
    assert_eq!(t.updated_at, at(9));
}

#[test]
fn merging_copies_merges_their_steps_step_by_step() {
    let base = with_steps(task("", ""), &["№245"]);
    let mut ticked = base.clone();
    ticked.steps[0].set_done(true, at(9));
    let mut grown = with_steps(base.clone(), &["№246"]);
    grown.steps[0].rename(crate::domain::StepTitle::parse("№245 а").unwrap(), at(10));
    let mut a = ticked.clone();
    a.merge(&grown);
    let mut b = grown.clone();
    b.merge(&ticked);
    assert_eq!(a.steps, b.steps);
    let read: Vec<(&str, bool)> = a.steps.iter().map(|s| (s.title.as_str(), s.done)).collect();
    assert_eq!(read, [("№245 а", true), ("№246", false)]);
}

#[test]
fn a_task_without_a_rule_has_no_next_occurrence() {
    assert!(task("", "2026-09-01")
        .next_occurrence(NaiveDate::MIN, at(8))
        .is_none());
}

#[test]
fn occurrences_of_occurrences_stay_in_one_series() {
    let first = task("daily", "2026-09-01");
    let second = first.next_occurrence(NaiveDate::MIN, at(8)).unwrap();
    let third = second.next_occurrence(NaiveDate::MIN, at(9)).unwrap();
    assert_eq!(third.series_id, Some(first.id));
    assert_eq!(
        third.id,
        TaskId::occurrence(first.id, NaiveDate::from_ymd_opt(2026, 9, 3).unwrap())
    );
}

fn due_dates_of_twelve_occurrences(first: Task) -> Vec<String> {
    let mut occurrence = first;
    let mut dates = Vec::new();
    for hour in 8..20 {
        dates.push(occurrence.due.unwrap().date.to_string());
        occurrence = occurrence
            .next_occurrence(NaiveDate::MIN, at(hour))
            .unwrap();
    }
    dates
}

#[test]
fn a_monthly_task_of_the_31st_comes_back_to_the_31st_after_february() {
    let dates = due_dates_of_twelve_occurrences(task("monthly", "2027-01-31"));
    assert_eq!(
        &dates[..4],
        ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]
    );
    assert_eq!(dates[11], "2027-12-31");
}

#[test]
fn a_yearly_task_of_29_february_comes_back_to_it_every_leap_year() {
    let dates = due_dates_of_twelve_occurrences(task("yearly", "2028-02-29"));
    assert_eq!(
        &dates[..5],
        [
            "2028-02-29",
            "2029-02-28",
            "2030-02-28",
            "2031-02-28",
            "2032-02-29"
        ]
    );
}

#[test]
fn an_occurrence_moved_by_hand_repeats_from_its_new_day() {
    let first = task("monthly", "2027-01-31");
    let mut february = first.next_occurrence(NaiveDate::MIN, at(8)).unwrap();
    let moved = crate::domain::PatchForm {
        due_date: Some("2027-02-20".into()),
        due_time: Some(String::new()),
        ..Default::default()
    }
    .parse()
    .unwrap();
    let before_move = february.clone();
    assert!(february.edit(&moved, at(9)));
    let march = february.next_occurrence(NaiveDate::MIN, at(10)).unwrap();
    assert_eq!(march.due.unwrap().date.to_string(), "2027-03-20");
    // A copy read before the move, merged either way, forgets the day too.
    let mut stale = before_move;
    stale.merge(&february);
    assert_eq!(stale.recurrence, Some(Recurrence::MONTHLY));
    february.merge(&stale);
    assert_eq!(february.recurrence, Some(Recurrence::MONTHLY));
}

#[test]
fn a_reminder_set_on_two_devices_ends_as_the_later_set_it_and_carries_to_the_next_occurrence() {
    use crate::domain::TaskReminder;
    use crate::reminders::Lead;
    let reminder = |text: &str| TaskPatch {
        reminder: Some(TaskReminder::parse(text).unwrap()),
        ..TaskPatch::default()
    };
    let base = task("daily", "2026-09-01");
    let mut phone = base.clone();
    phone.edit(&reminder("off"), at(9));
    phone.edit(&reminder("1h"), at(8));
    let mut laptop = base;
    laptop.edit(&reminder("1h"), at(8));
    laptop.edit(&reminder("off"), at(9));
    assert_eq!(phone.reminder, TaskReminder::Off);
    assert_eq!(laptop.reminder, TaskReminder::Off);
    laptop.edit(&reminder("1h"), at(10));
    phone.merge(&laptop);
    assert_eq!(phone.reminder, TaskReminder::Before(Lead::Hour));
    let next = phone.next_occurrence(at(11).date_naive(), at(11)).unwrap();
    assert_eq!(next.reminder, TaskReminder::Before(Lead::Hour));
}
