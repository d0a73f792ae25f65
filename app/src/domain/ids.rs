//! Identifiers. Task ids are minted by the client (UUIDv7), so a task created
//! offline can be referred to before the server has ever seen it.

use serde::{Deserialize, Serialize};
use std::fmt;
use uuid::Uuid;

macro_rules! uuid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(Uuid);

        impl $name {
            /// A fresh, time-ordered id (UUIDv7).
            pub fn new() -> Self {
                Self(Uuid::now_v7())
            }

            pub fn from_uuid(uuid: Uuid) -> Self {
                Self(uuid)
            }

            pub fn as_uuid(&self) -> Uuid {
                self.0
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.hyphenated().fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::parse_str(s).map(Self)
            }
        }
    };
}

uuid_id!(
    /// The id of an account.
    UserId
);
uuid_id!(
    /// The id of a task, minted by the client that created it.
    TaskId
);
uuid_id!(
    /// The id of a list, minted by the client that created it.
    ListId
);
uuid_id!(
    /// The id of a step of a task's checklist, minted by the client that
    /// created it.
    StepId
);
uuid_id!(
    /// The id of a stretch of holidays, minted by the client that entered it.
    HolidayId
);

impl TaskId {
    /// The id of a recurring series' occurrence on `date`. Derived, not
    /// random, so that completing a task twice (or replaying the completion)
    /// can only ever create the same next occurrence.
    pub fn occurrence(series: TaskId, date: chrono::NaiveDate) -> TaskId {
        TaskId(Uuid::new_v5(
            &series.0,
            super::wire_time::date_text(date).as_bytes(),
        ))
    }
}

impl StepId {
    /// The id of the copy of step `from` in the occurrence `task` (the next
    /// occurrence of a repeating task starts with its steps). Derived, not
    /// random, so a completion replayed can only make the same copies.
    pub fn copied(task: TaskId, from: StepId) -> StepId {
        StepId(Uuid::new_v5(&task.0, from.0.as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_task_ids_are_version_7_and_ordered_by_time() {
        let first = TaskId::new();
        let second = TaskId::new();
        assert_eq!(first.as_uuid().get_version_num(), 7);
        assert!(first < second);
    }

    #[test]
    fn an_id_survives_a_round_trip_through_text() {
        let id = TaskId::new();
        assert_eq!(id.to_string().parse::<TaskId>().unwrap(), id);
    }

    #[test]
    fn an_occurrence_id_depends_only_on_the_series_and_the_date() {
        let series = TaskId::new();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 9, 7).unwrap();
        let next_day = day.succ_opt().unwrap();
        assert_eq!(
            TaskId::occurrence(series, day),
            TaskId::occurrence(series, day)
        );
        assert_ne!(
            TaskId::occurrence(series, day),
            TaskId::occurrence(series, next_day)
        );
        assert_ne!(
            TaskId::occurrence(series, day),
            TaskId::occurrence(TaskId::new(), day)
        );
    }

    #[test]
    fn a_copied_step_id_depends_only_on_the_occurrence_and_the_step() {
        let (task, step) = (TaskId::new(), StepId::new());
        assert_eq!(StepId::copied(task, step), StepId::copied(task, step));
        assert_ne!(StepId::copied(task, step), step);
        assert_ne!(
            StepId::copied(task, step),
            StepId::copied(TaskId::new(), step)
        );
        assert_ne!(
            StepId::copied(task, step),
            StepId::copied(task, StepId::new())
        );
    }

    #[test]
    fn text_that_is_not_a_uuid_is_rejected() {
        assert!("not-a-uuid".parse::<TaskId>().is_err());
    }
}
