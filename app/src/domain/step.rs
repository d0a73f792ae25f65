//! A step of a task's checklist ("№245", "№247"), and the changes a person
//! can make to it. As for a task, each change describes the state wanted
//! and carries when the person made it: applied twice it gives the same
//! step, and a change older than its part's last change alters nothing
//! (`StepClocks`), so the last action wins.

use super::clocks::{bring_back, set_if_later, set_moment_if_later, StepClocks};
use super::stamp::to_millis;
use super::wire_time;
use super::{Stamp, StepId, StepTitle, TaskId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub id: StepId,
    pub title: StepTitle,
    pub done: bool,
    /// Order within its task (smaller first).
    pub position: i64,
    #[serde(with = "wire_time::moment")]
    pub created_at: DateTime<Utc>,
    /// The latest change applied to any part of the step.
    #[serde(with = "wire_time::moment")]
    pub updated_at: DateTime<Utc>,
    /// Set when deleted; the step can be restored, as a task can.
    #[serde(default, with = "wire_time::moment_opt")]
    pub deleted_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub changed: StepClocks,
}

impl Step {
    /// The most steps a task holds (not counting deleted ones): a checklist,
    /// not a second planner.
    pub const MAX_PER_TASK: usize = 50;

    /// A new step at `position`, made by the person at `at`.
    pub fn new(id: StepId, title: StepTitle, position: i64, at: DateTime<Utc>) -> Self {
        let at = to_millis(at);
        Self {
            id,
            title,
            done: false,
            position,
            created_at: at,
            updated_at: at,
            deleted_at: None,
            changed: StepClocks::all(Stamp::of(at)),
        }
    }

    /// Renames the step, unless it was renamed later than `at`.
    pub fn rename(&mut self, title: StepTitle, at: DateTime<Utc>) -> bool {
        let applied = set_if_later(
            &mut self.title,
            &mut self.changed.title,
            title,
            Stamp::of(at),
            |t| t.as_str().to_owned(),
        );
        self.touched(applied, at)
    }

    /// Marks the step done or not, unless that changed later than `at`.
    pub fn set_done(&mut self, done: bool, at: DateTime<Utc>) -> bool {
        let applied = set_if_later(
            &mut self.done,
            &mut self.changed.done,
            done,
            Stamp::of(at),
            |d| *d,
        );
        self.touched(applied, at)
    }

    /// Moves the step to `position`, unless it moved later than `at`.
    pub fn set_position(&mut self, position: i64, at: DateTime<Utc>) -> bool {
        let applied = set_if_later(
            &mut self.position,
            &mut self.changed.position,
            position,
            Stamp::of(at),
            |p| *p,
        );
        self.touched(applied, at)
    }

    /// Deletes (`true`) or restores the step, unless that changed later.
    /// Deleting a deleted step keeps its first deletion time.
    pub fn set_deleted(&mut self, deleted: bool, at: DateTime<Utc>) -> bool {
        let clock = &mut self.changed.deletion;
        let applied = set_moment_if_later(&mut self.deleted_at, clock, deleted, at);
        self.touched(applied, at)
    }

    /// Brings back a step deleted (on another device) before a rename made
    /// `at`: the person's words are kept. Returns whether it was deleted.
    pub fn bring_back(&mut self, at: DateTime<Utc>) -> bool {
        let applied = bring_back(&mut self.deleted_at, &mut self.changed.deletion, at);
        self.touched(applied, at)
    }

    /// Takes in another copy of this step: each part keeps whichever copy
    /// changed it last.
    pub fn merge(&mut self, other: &Step) {
        let theirs = other.changed;
        let mine = &mut self.changed;
        set_if_later(
            &mut self.title,
            &mut mine.title,
            other.title.clone(),
            theirs.title,
            |t| t.as_str().to_owned(),
        );
        set_if_later(
            &mut self.done,
            &mut mine.done,
            other.done,
            theirs.done,
            |d| *d,
        );
        set_if_later(
            &mut self.position,
            &mut mine.position,
            other.position,
            theirs.position,
            |p| *p,
        );
        set_if_later(
            &mut self.deleted_at,
            &mut mine.deletion,
            other.deleted_at,
            theirs.deletion,
            Option::is_some,
        );
        self.updated_at = self.updated_at.max(other.updated_at);
    }

    /// This step as the occurrence `task` of a repeating series starts
    /// with it, made at `at`: the same title and place, not done, under an
    /// id derived from both (so a replayed completion copies it once).
    pub fn copied_into(&self, task: TaskId, at: DateTime<Utc>) -> Step {
        Step::new(
            StepId::copied(task, self.id),
            self.title.clone(),
            self.position,
            at,
        )
    }

    fn touched(&mut self, applied: bool, at: DateTime<Utc>) -> bool {
        if applied {
            self.updated_at = self.updated_at.max(to_millis(at));
        }
        applied
    }
}

/// Puts steps in their order: by position, then age, then id (as both
/// databases read them).
pub fn in_order(steps: &mut [Step]) {
    steps.sort_by_key(|step| (step.position, step.created_at, step.id));
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 9, 1, hour, 0, 0).unwrap()
    }

    fn step(title: &str) -> Step {
        Step::new(StepId::new(), title_of(title), 0, at(7))
    }

    fn title_of(text: &str) -> StepTitle {
        StepTitle::parse(text).unwrap()
    }

    #[test]
    fn a_new_step_is_not_done_and_every_part_changed_when_it_was_made() {
        let s = step("№245");
        assert!(!s.done);
        assert_eq!(s.changed, StepClocks::all(Stamp::of(at(7))));
        assert_eq!(
            (s.created_at, s.updated_at, s.deleted_at),
            (at(7), at(7), None)
        );
    }

    #[test]
    fn an_older_rename_arriving_later_alters_nothing() {
        let mut s = step("№245");
        assert!(s.rename(title_of("№246"), at(9)));
        assert!(!s.rename(title_of("№247"), at(8)));
        assert_eq!(s.title.as_str(), "№246");
        assert_eq!(s.updated_at, at(9));
    }

    #[test]
    fn an_older_completion_arriving_later_alters_nothing() {
        let mut s = step("№245");
        assert!(s.set_done(true, at(10)));
        assert!(!s.set_done(false, at(8)), "the older tap alters nothing");
        assert!(s.done);
        assert_eq!(s.changed.done, Stamp::of(at(10)));
    }

    #[test]
    fn the_later_of_two_taps_wins_whichever_arrives_last() {
        let base = step("№245");
        let mut in_order = base.clone();
        in_order.set_done(true, at(8));
        in_order.set_done(false, at(9));
        let mut crossed = base;
        assert!(crossed.set_done(false, at(9)));
        assert!(!crossed.set_done(true, at(8)));
        assert!(!crossed.done);
        assert_eq!(crossed, in_order);
    }

    #[test]
    fn a_restore_after_a_delete_stands_when_the_delete_arrives_late() {
        let mut s = step("№245");
        assert!(s.set_deleted(true, at(8)));
        assert!(s.set_deleted(false, at(10)));
        assert!(!s.set_deleted(true, at(9)));
        assert_eq!(s.deleted_at, None);
    }

    #[test]
    fn deleting_twice_keeps_the_first_deletion_time() {
        let mut s = step("№245");
        s.set_deleted(true, at(8));
        s.set_deleted(true, at(9));
        assert_eq!(s.deleted_at, Some(at(8)));
    }

    #[test]
    fn a_position_moves_only_for_a_later_reorder() {
        let mut s = step("№245");
        assert!(s.set_position(3, at(9)));
        assert!(!s.set_position(1, at(8)));
        assert_eq!(s.position, 3);
    }

    #[test]
    fn merging_two_copies_keeps_each_parts_latest_change_in_either_order() {
        let base = step("№245");
        let mut renamed = base.clone();
        renamed.rename(title_of("№246"), at(9));
        let mut done = base.clone();
        done.set_done(true, at(10));
        let mut a = renamed.clone();
        a.merge(&done);
        let mut b = done.clone();
        b.merge(&renamed);
        assert_eq!(a, b);
        assert_eq!((a.title.as_str(), a.done), ("№246", true));
    }

    #[test]
    fn a_copy_for_the_next_occurrence_is_undone_new_and_always_the_same() {
        let mut done = step("№245");
        done.set_position(4, at(8));
        done.set_done(true, at(9));
        let next = TaskId::new();
        let copy = done.copied_into(next, at(10));
        assert_eq!(copy, done.copied_into(next, at(10)));
        assert_eq!(copy.id, StepId::copied(next, done.id));
        assert_eq!((copy.title.as_str(), copy.position), ("№245", 4));
        assert!(!copy.done);
        assert_eq!(copy.created_at, at(10));
    }

    #[test]
    fn steps_are_ordered_by_position_then_age() {
        let mut late = step("b");
        late.created_at = at(9);
        let early = step("a");
        let mut first = step("c");
        first.position = -1;
        let mut steps = vec![late, early, first];
        in_order(&mut steps);
        let titles: Vec<&str> = steps.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["c", "a", "b"]);
    }
}
