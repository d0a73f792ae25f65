//! An edit of a task: only the fields the person changed, so an edit of the
//! title on the phone and of the date on the laptop both stand. On the wire
//! an edit is a task's form plus `set`, the names of the fields it sets
//! (`title,notes,due,priority,list,recurrence,reminder`; `due` is the date and the
//! time together); a form without JavaScript sends no `set`, which sets
//! every field.

use super::TaskReminder;
use super::{Due, ListId, Notes, Priority, Recurrence, TaskFieldError, TaskForm, TaskTitle};
use super::{DueError, NotesError, PriorityError, RecurrenceError, TaskTitleError};
use serde::{Deserialize, Serialize};

/// An edit as text, as a form or a queued request carries it: a field that
/// is absent is left as it is; present and empty means "none".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatchForm {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recurrence: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder: Option<String>,
}

/// An edit, parsed: `Some` is the new value of a changed field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskPatch {
    pub title: Option<TaskTitle>,
    pub notes: Option<Notes>,
    pub due: Option<Option<Due>>,
    pub priority: Option<Priority>,
    pub list_id: Option<Option<ListId>>,
    pub recurrence: Option<Option<Recurrence>>,
    pub reminder: Option<TaskReminder>,
}

/// The names `set` uses, in order.
pub const FIELD_NAMES: [&str; 7] = [
    "title",
    "notes",
    "due",
    "priority",
    "list",
    "recurrence",
    "reminder",
];

impl PatchForm {
    /// An edit as it arrives: `form`'s fields named in `set` (a comma-separated
    /// list of `FIELD_NAMES`), or all of them when there is no `set`.
    pub fn from_wire(form: TaskForm, set: Option<&str>) -> Self {
        let Some(set) = set else {
            return Self::whole(form);
        };
        let named = |name: &str| set.split(',').any(|n| n.trim() == name);
        let pick = |name: &str, value: String| named(name).then_some(value);
        Self {
            title: pick("title", form.title),
            notes: pick("notes", form.notes),
            due_date: pick("due", form.due_date),
            due_time: pick("due", form.due_time),
            priority: pick("priority", form.priority),
            list_id: pick("list", form.list_id),
            recurrence: pick("recurrence", form.recurrence),
            reminder: pick("reminder", form.reminder),
        }
    }

    /// The other way: the form's fields (empty where not set) and `set`.
    pub fn to_wire(&self) -> (TaskForm, String) {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        let form = TaskForm {
            title: text(&self.title),
            notes: text(&self.notes),
            due_date: text(&self.due_date),
            due_time: text(&self.due_time),
            priority: text(&self.priority),
            list_id: text(&self.list_id),
            recurrence: text(&self.recurrence),
            reminder: text(&self.reminder),
        };
        let present = [
            self.title.is_some(),
            self.notes.is_some(),
            self.due_date.is_some() || self.due_time.is_some(),
            self.priority.is_some(),
            self.list_id.is_some(),
            self.recurrence.is_some(),
            self.reminder.is_some(),
        ];
        let set: Vec<&str> = FIELD_NAMES
            .iter()
            .zip(present)
            .filter_map(|(name, present)| present.then_some(*name))
            .collect();
        (form, set.join(","))
    }

    /// An edit's text: what a form sets to make `patch` (the other way of
    /// `parse`).
    pub fn of(patch: &TaskPatch) -> Self {
        let due = patch.due.map(|due| {
            let date = due.map(|due| super::wire_time::date_text(due.date));
            let time = due
                .and_then(|due| due.time)
                .map(super::wire_time::hours_minutes);
            (date.unwrap_or_default(), time.unwrap_or_default())
        });
        Self {
            title: patch.title.as_ref().map(ToString::to_string),
            notes: patch.notes.as_ref().map(|notes| notes.as_str().to_owned()),
            due_date: due.as_ref().map(|(date, _)| date.clone()),
            due_time: due.map(|(_, time)| time),
            priority: patch.priority.map(|p| p.level().to_string()),
            list_id: patch
                .list_id
                .map(|list| list.map(|id| id.to_string()).unwrap_or_default()),
            recurrence: patch
                .recurrence
                .as_ref()
                .map(|rule| rule.as_ref().map(ToString::to_string).unwrap_or_default()),
            reminder: patch.reminder.map(|r| r.to_string()),
        }
    }

    /// Every field of `form`: what a form posted without JavaScript says.
    pub fn whole(form: TaskForm) -> Self {
        Self {
            title: Some(form.title),
            notes: Some(form.notes),
            due_date: Some(form.due_date),
            due_time: Some(form.due_time),
            priority: Some(form.priority),
            list_id: Some(form.list_id),
            recurrence: Some(form.recurrence),
            reminder: Some(form.reminder),
        }
    }

    /// The fields of `after` that differ from `before`. Date and time
    /// travel together: they are one field, the due moment.
    pub fn between(before: &TaskForm, after: &TaskForm) -> Self {
        let changed = |a: &String, b: &String| (a.trim() != b.trim()).then(|| b.clone());
        let due_changed = before.due_date.trim() != after.due_date.trim()
            || before.due_time.trim() != after.due_time.trim();
        Self {
            title: changed(&before.title, &after.title),
            notes: changed(&before.notes, &after.notes),
            due_date: due_changed.then(|| after.due_date.clone()),
            due_time: due_changed.then(|| after.due_time.clone()),
            priority: changed(&before.priority, &after.priority),
            list_id: changed(&before.list_id, &after.list_id),
            recurrence: changed(&before.recurrence, &after.recurrence),
            reminder: changed(&before.reminder, &after.reminder),
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Parses the fields present. A due time sent without its date (or the
    /// reverse) reads the missing half as empty.
    pub fn parse(&self) -> Result<TaskPatch, TaskFieldError> {
        let due = match (&self.due_date, &self.due_time) {
            (None, None) => None,
            (date, time) => Some(
                Due::parse(date.as_deref().unwrap_or(""), time.as_deref().unwrap_or(""))
                    .map_err(|e: DueError| TaskFieldError::Due(e))?,
            ),
        };
        Ok(TaskPatch {
            title: self
                .title
                .as_deref()
                .map(TaskTitle::parse)
                .transpose()
                .map_err(|e: TaskTitleError| TaskFieldError::Title(e))?,
            notes: self
                .notes
                .as_deref()
                .map(Notes::parse)
                .transpose()
                .map_err(|e: NotesError| TaskFieldError::Notes(e))?,
            due,
            priority: self
                .priority
                .as_deref()
                .map(Priority::parse)
                .transpose()
                .map_err(|e: PriorityError| TaskFieldError::Priority(e))?,
            list_id: self
                .list_id
                .as_deref()
                .map(|id| match id.trim() {
                    "" => Ok(None),
                    id => id.parse().map(Some).map_err(|_| TaskFieldError::List),
                })
                .transpose()?,
            recurrence: self
                .recurrence
                .as_deref()
                .map(|rule| match rule.trim() {
                    "" => Ok(None),
                    rule => Recurrence::parse(rule)
                        .map(Some)
                        .map_err(|e: RecurrenceError| TaskFieldError::Recurrence(e)),
                })
                .transpose()?,
            reminder: self
                .reminder
                .as_deref()
                .map(TaskReminder::parse)
                .transpose()
                .map_err(TaskFieldError::Reminder)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(title: &str, due_date: &str) -> TaskForm {
        TaskForm {
            title: title.into(),
            due_date: due_date.into(),
            priority: "4".into(),
            ..TaskForm::default()
        }
    }

    #[test]
    fn only_the_fields_that_changed_are_sent() {
        let patch = PatchForm::between(&form("Алгебра", ""), &form("Алгебра", "2027-05-12"));
        assert_eq!(
            patch,
            PatchForm {
                due_date: Some("2027-05-12".into()),
                due_time: Some(String::new()),
                ..PatchForm::default()
            }
        );
        assert!(PatchForm::between(&form("A", ""), &form(" A ", "")).is_empty());
    }

    #[test]
    fn absent_fields_stay_and_empty_ones_clear() {
        let patch = PatchForm {
            list_id: Some(String::new()),
            title: Some("Физика".into()),
            ..PatchForm::default()
        }
        .parse()
        .unwrap();
        assert_eq!(patch.title.unwrap().as_str(), "Физика");
        assert_eq!(patch.list_id, Some(None));
        assert_eq!(
            (patch.notes, patch.due, patch.recurrence),
            (None, None, None)
        );
    }

    #[test]
    fn a_whole_form_sets_every_field() {
        let patch = PatchForm::whole(form("Химия", "2027-01-02"))
            .parse()
            .unwrap();
        assert!(patch.title.is_some() && patch.notes.is_some() && patch.priority.is_some());
        assert_eq!(patch.due.unwrap().unwrap().date.to_string(), "2027-01-02");
        assert_eq!((patch.list_id, patch.recurrence), (Some(None), Some(None)));
    }

    #[test]
    fn an_edit_travels_as_a_form_and_the_names_of_what_it_sets() {
        let patch = PatchForm::between(&form("Алгебра", ""), &form("Алгебра", "2027-05-12"));
        let (wire, set) = patch.to_wire();
        assert_eq!(set, "due");
        assert_eq!(PatchForm::from_wire(wire, Some(&set)), patch);
        let cleared = PatchForm {
            notes: Some(String::new()),
            ..PatchForm::default()
        };
        let (wire, set) = cleared.to_wire();
        assert_eq!(
            PatchForm::from_wire(wire, Some(&set)),
            cleared,
            "empty still clears"
        );
        assert_eq!(
            PatchForm::from_wire(form("Б", ""), None),
            PatchForm::whole(form("Б", ""))
        );
    }

    #[test]
    fn a_bad_field_is_named() {
        let bad = PatchForm {
            priority: Some("9".into()),
            ..PatchForm::default()
        };
        assert!(matches!(bad.parse(), Err(TaskFieldError::Priority(_))));
        let lone_time = PatchForm {
            due_time: Some("18:00".into()),
            ..PatchForm::default()
        };
        assert!(matches!(lone_time.parse(), Err(TaskFieldError::Due(_))));
    }
}
