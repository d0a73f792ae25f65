//! The last action wins (docs/design.md §2): every part of a task, and of
//! each step of its checklist, remembers when it last changed, and a
//! change older than that alters nothing. So two
//! taps whose requests cross on the wire, two devices, or a change replayed
//! days later all end in the state of the person's latest action. The same
//! rule runs on the server (what is stored) and in the page (what is drawn
//! while changes wait).

use super::stamp::to_millis;
use super::Stamp;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// When each part of a task last changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub title: Stamp,
    pub notes: Stamp,
    pub due: Stamp,
    pub priority: Stamp,
    pub list: Stamp,
    pub recurrence: Stamp,
    /// Tasks stored before reminders read as never changed.
    #[serde(default)]
    pub reminder: Stamp,
    pub completion: Stamp,
    pub deletion: Stamp,
    pub position: Stamp,
}

impl Clocks {
    /// Every part changed at once (a new task).
    pub fn all(at: Stamp) -> Self {
        Self {
            title: at,
            notes: at,
            due: at,
            priority: at,
            list: at,
            recurrence: at,
            reminder: at,
            completion: at,
            deletion: at,
            position: at,
        }
    }
}

/// When each part of a step of a task's checklist last changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepClocks {
    pub title: Stamp,
    pub done: Stamp,
    pub position: Stamp,
    pub deletion: Stamp,
}

impl StepClocks {
    /// Every part changed at once (a new step).
    pub fn all(at: Stamp) -> Self {
        Self {
            title: at,
            done: at,
            position: at,
            deletion: at,
        }
    }
}

/// Whether a change made `at`, to a value ordered by `new`, wins over the
/// field's last change (`clock`, value ordered by `current`). A later change
/// wins; of two made in the same millisecond the higher value does, so every
/// device and every order of arrival ends the same way.
pub fn wins<K: Ord>(at: Stamp, new: K, clock: Stamp, current: K) -> bool {
    at > clock || (at == clock && new > current)
}

/// Sets `field` to `value` if the change wins; `key` orders values for a
/// tie. Returns whether it won.
pub fn set_if_later<T, K: Ord>(
    field: &mut T,
    clock: &mut Stamp,
    value: T,
    at: Stamp,
    key: impl Fn(&T) -> K,
) -> bool {
    if !wins(at, key(&value), *clock, key(field)) {
        return false;
    }
    *field = value;
    *clock = at;
    true
}

/// Sets a moment that is there or not (done at, deleted at) if the change
/// made `at` wins; setting it again keeps its first time. Returns whether
/// it won.
pub fn set_moment_if_later(
    moment: &mut Option<DateTime<Utc>>,
    clock: &mut Stamp,
    on: bool,
    at: DateTime<Utc>,
) -> bool {
    let stamp = Stamp::of(at);
    if !wins(stamp, on, *clock, moment.is_some()) {
        return false;
    }
    *clock = stamp;
    *moment = if on {
        moment.or(Some(to_millis(at)))
    } else {
        None
    };
    true
}

/// Clears a deletion for a change made `at` that carries what the person
/// typed (docs/design.md §2: what a student typed is never lost): it wins
/// over the deletion whenever that was made, and is clocked at `at` or
/// just after the deletion, whichever is later, so every copy merged
/// later ends brought back. Returns whether there was a deletion.
pub fn bring_back(
    moment: &mut Option<DateTime<Utc>>,
    clock: &mut Stamp,
    at: DateTime<Utc>,
) -> bool {
    if moment.is_none() {
        return false;
    }
    let just_after = Stamp::from_millis(clock.millis() + 1);
    *clock = Stamp::of(at).max(just_after);
    *moment = None;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(millis: i64) -> Stamp {
        Stamp::from_millis(millis)
    }

    #[test]
    fn a_later_change_wins_and_an_older_one_alters_nothing() {
        let (mut value, mut clock) = ("first", at(10));
        assert!(set_if_later(&mut value, &mut clock, "later", at(20), |v| {
            *v
        }));
        assert!(!set_if_later(
            &mut value,
            &mut clock,
            "older",
            at(15),
            |v| *v
        ));
        assert_eq!((value, clock), ("later", at(20)));
    }

    #[test]
    fn two_changes_in_the_same_millisecond_end_the_same_in_either_order() {
        let apply = |order: [&'static str; 2]| {
            let (mut value, mut clock) = ("start", at(1));
            for new in order {
                set_if_later(&mut value, &mut clock, new, at(5), |v| *v);
            }
            value
        };
        assert_eq!(apply(["apple", "pear"]), apply(["pear", "apple"]));
    }

    #[test]
    fn the_same_change_twice_changes_nothing_the_second_time() {
        let (mut value, mut clock) = (false, at(1));
        assert!(set_if_later(&mut value, &mut clock, true, at(5), |v| *v));
        assert!(!set_if_later(&mut value, &mut clock, true, at(5), |v| *v));
    }
}
