//! A list of tasks that a person made. The Inbox is not one of these: it is
//! where tasks without a list live, and every account has it.

use super::clocks::set_if_later;
use super::stamp::to_millis;
use super::wire_time;
use super::{ListId, ListName, Stamp};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskList {
    pub id: ListId,
    pub name: ListName,
    #[serde(with = "wire_time::moment")]
    pub created_at: DateTime<Utc>,
    #[serde(with = "wire_time::moment")]
    pub updated_at: DateTime<Utc>,
    /// When the name last changed, by the person's clock: the last rename
    /// wins, whatever order renames arrive in (as for a task's fields).
    #[serde(default)]
    pub name_changed: Stamp,
}

impl TaskList {
    /// A new list, made by the person at `at`.
    pub fn new(id: ListId, name: ListName, at: DateTime<Utc>) -> Self {
        let at = to_millis(at);
        Self {
            id,
            name,
            created_at: at,
            updated_at: at,
            name_changed: Stamp::of(at),
        }
    }

    /// Renames the list, unless it was renamed later than `at`. Returns
    /// whether the rename was applied.
    pub fn rename(&mut self, name: ListName, at: DateTime<Utc>) -> bool {
        let applied = set_if_later(
            &mut self.name,
            &mut self.name_changed,
            name,
            Stamp::of(at),
            |n| n.as_str().to_owned(),
        );
        if applied {
            self.updated_at = self.updated_at.max(to_millis(at));
        }
        applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 9, 1, hour, 0, 0).unwrap()
    }

    fn name(text: &str) -> ListName {
        ListName::parse(text).unwrap()
    }

    #[test]
    fn the_later_of_two_renames_wins_whichever_arrives_last() {
        let mut list = TaskList::new(ListId::new(), name("Школа"), at(7));
        assert!(list.rename(name("Алгебра"), at(9)));
        assert!(
            !list.rename(name("Физика"), at(8)),
            "the older rename alters nothing"
        );
        assert_eq!(list.name.as_str(), "Алгебра");
        assert_eq!(list.updated_at, at(9));
    }
}
