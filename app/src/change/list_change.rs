//! Changes to a list, and their rule. Deleting a list moves its tasks to
//! the Inbox, which the database does in one statement
//! (`delete_list`); the page does not draw lists from the outbox.

use super::Refusal;
use crate::domain::{ListId, ListName, TaskList};
use chrono::{DateTime, Utc};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListChange {
    /// A new list with the client's id.
    Create { id: ListId, name: ListName },
    /// Renamed, unless renamed later.
    Rename { id: ListId, name: ListName },
    /// Deleted; its tasks go to the Inbox. Deleting it again is harmless.
    Delete { id: ListId },
}

/// What a change did to its list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListApplied {
    pub list: TaskList,
    /// Whether the list is new or changed (else nothing is written).
    pub changed: bool,
}

impl ListChange {
    pub fn list_id(&self) -> ListId {
        match self {
            Self::Create { id, .. } | Self::Rename { id, .. } | Self::Delete { id } => *id,
        }
    }

    /// Applies a create or a rename, made `at`, to the list as stored
    /// (`None`: there is none). A delete is the database's (see above):
    /// here it changes nothing.
    pub fn apply(
        &self,
        stored: Option<TaskList>,
        at: DateTime<Utc>,
    ) -> Result<ListApplied, Refusal> {
        match (self, stored) {
            // The same id again is the list already made, as it now is.
            (Self::Create { .. } | Self::Delete { .. }, Some(list)) => Ok(ListApplied {
                list,
                changed: false,
            }),
            (Self::Create { id, name }, None) => Ok(ListApplied {
                list: TaskList::new(*id, name.clone(), at),
                changed: true,
            }),
            (Self::Rename { name, .. }, Some(mut list)) => {
                let changed = list.rename(name.clone(), at);
                Ok(ListApplied { list, changed })
            }
            (Self::Rename { .. } | Self::Delete { .. }, None) => Err(Refusal::ListNotFound),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32) -> DateTime<Utc> {
        format!("2026-09-01T{hour:02}:00:00Z").parse().unwrap()
    }

    fn name(text: &str) -> ListName {
        ListName::parse(text).unwrap()
    }

    #[test]
    fn a_list_made_twice_is_one_list_and_the_later_rename_wins() {
        let id = ListId::new();
        let create = ListChange::Create {
            id,
            name: name("Школа"),
        };
        let made = create.apply(None, at(7)).unwrap();
        assert!(made.changed);
        let again = create.apply(Some(made.list.clone()), at(8)).unwrap();
        assert_eq!(
            (again.list.clone(), again.changed),
            (made.list.clone(), false)
        );
        let later = ListChange::Rename {
            id,
            name: name("Алгебра"),
        };
        let renamed = later.apply(Some(made.list), at(9)).unwrap().list;
        let older = ListChange::Rename {
            id,
            name: name("Физика"),
        };
        let kept = older.apply(Some(renamed), at(8)).unwrap();
        assert_eq!((kept.list.name.as_str(), kept.changed), ("Алгебра", false));
    }

    #[test]
    fn renaming_a_list_deleted_elsewhere_is_refused() {
        let rename = ListChange::Rename {
            id: ListId::new(),
            name: name("Алгебра"),
        };
        assert_eq!(rename.apply(None, at(9)), Err(Refusal::ListNotFound));
    }
}
