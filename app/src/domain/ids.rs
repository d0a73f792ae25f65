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
    fn text_that_is_not_a_uuid_is_rejected() {
        assert!("not-a-uuid".parse::<TaskId>().is_err());
    }
}
