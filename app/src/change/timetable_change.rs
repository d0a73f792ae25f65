//! Changes to the timetable, and their rule. The timetable is a set of
//! entries, each set whole by one change: every lesson slot, the bells,
//! the rotation, each stretch of holidays, each subject's look. The last action wins per
//! entry, whatever order the changes arrive in (two phones editing
//! different lessons both keep theirs).

use crate::domain::{HolidayId, ListId, Stamp};
use crate::school::{Bells, Holiday, Holidays, Lesson, LessonSlot, Look, Rotation, Timetable};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimetableChange {
    /// What is taught in a slot (`subject: None`: nothing).
    Lesson(Lesson),
    Bells(Bells),
    Rotation(Rotation),
    /// A stretch of holidays entered, moved (`Some`) or taken out (`None`).
    Holiday {
        id: HolidayId,
        holiday: Option<Holiday>,
    },
    /// Whether homework for the next lesson is due at its start.
    DueAtStart(bool),
    /// How a subject (a list) looks (`None`: plain).
    Look {
        subject: ListId,
        look: Option<Look>,
    },
}

/// The entry a change sets, which a later change to it replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    Lesson(LessonSlot),
    Bells,
    Rotation,
    Holiday(HolidayId),
    DueAtStart,
    Look(ListId),
}

impl TimetableChange {
    pub fn entry(&self) -> Entry {
        match self {
            Self::Lesson(lesson) => Entry::Lesson(lesson.slot),
            Self::Bells(_) => Entry::Bells,
            Self::Rotation(_) => Entry::Rotation,
            Self::Holiday { id, .. } => Entry::Holiday(*id),
            Self::DueAtStart(_) => Entry::DueAtStart,
            Self::Look { subject, .. } => Entry::Look(*subject),
        }
    }

    /// The rule: made `at`, it replaces the entry as `stored` (when it was
    /// last set, `None`: never) unless that was set later. A change sent
    /// twice replaces nothing the second time.
    pub fn replaces(&self, stored: Option<Stamp>, at: Stamp) -> bool {
        stored.is_none_or(|stored| at > stored)
    }
}

/// One entry as kept: the change that set it last, and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "super::timetable_text::EntryText")]
#[serde(into = "super::timetable_text::EntryText")]
pub struct KeptEntry {
    pub change: TimetableChange,
    pub changed: Stamp,
}

/// The timetable as the server keeps it (and sends it), entry by entry.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KeptTimetable(Vec<KeptEntry>);

impl KeptTimetable {
    pub fn new(entries: Vec<KeptEntry>) -> Self {
        Self(entries)
    }

    pub fn entries(&self) -> &[KeptEntry] {
        &self.0
    }

    /// When `entry` was last set, if ever.
    pub fn changed(&self, entry: Entry) -> Option<Stamp> {
        self.find(entry).map(|kept| self.0[kept].changed)
    }

    /// Applies `change`, made `at`, by its rule; whether it replaced anything.
    pub fn apply(&mut self, change: &TimetableChange, at: Stamp) -> bool {
        let found = self.find(change.entry());
        if !change.replaces(found.map(|kept| self.0[kept].changed), at) {
            return false;
        }
        let kept = KeptEntry {
            change: change.clone(),
            changed: at,
        };
        match found {
            Some(index) => self.0[index] = kept,
            None => self.0.push(kept),
        }
        true
    }

    /// The week the entries describe (the default bells until the student
    /// sets theirs).
    pub fn timetable(&self) -> Timetable {
        let mut timetable = Timetable::default();
        let mut holidays = Vec::new();
        for kept in &self.0 {
            match &kept.change {
                TimetableChange::Lesson(lesson) => timetable.lessons.push(lesson.clone()),
                TimetableChange::Bells(bells) => timetable.bells = bells.clone(),
                TimetableChange::Rotation(rotation) => timetable.rotation = *rotation,
                TimetableChange::Holiday {
                    holiday: Some(holiday),
                    ..
                } => holidays.push(*holiday),
                TimetableChange::Holiday { holiday: None, .. } => {}
                TimetableChange::DueAtStart(at_start) => timetable.due_at_start = *at_start,
                TimetableChange::Look {
                    subject,
                    look: Some(look),
                } => timetable.looks.push((*subject, look.clone())),
                TimetableChange::Look { look: None, .. } => {}
            }
        }
        timetable.holidays = Holidays::new(holidays);
        timetable
    }

    /// How many stretches of holidays are entered (not taken out).
    pub fn holidays(&self) -> usize {
        self.0
            .iter()
            .filter(|kept| {
                matches!(
                    kept.change,
                    TimetableChange::Holiday {
                        holiday: Some(_),
                        ..
                    }
                )
            })
            .count()
    }

    fn find(&self, entry: Entry) -> Option<usize> {
        self.0.iter().position(|kept| kept.change.entry() == entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ListId;
    use crate::school::{LessonNumber, Week};
    use chrono::Weekday;

    fn algebra_on_monday(subject: Option<ListId>, week: Option<Week>) -> TimetableChange {
        TimetableChange::Lesson(Lesson {
            slot: LessonSlot {
                day: Weekday::Mon,
                number: LessonNumber::new(2).unwrap(),
                week,
            },
            subject,
            room: None,
        })
    }

    #[test]
    fn the_last_action_wins_per_slot_whatever_order_they_arrive_in() {
        let (algebra, physics) = (Some(ListId::new()), Some(ListId::new()));
        let earlier = algebra_on_monday(algebra, None);
        let later = algebra_on_monday(physics, None);
        let mut kept = KeptTimetable::default();
        assert!(kept.apply(&later, Stamp::from_millis(20)));
        assert!(!kept.apply(&earlier, Stamp::from_millis(10)));
        assert!(!kept.apply(&later, Stamp::from_millis(20)), "sent twice");
        assert_eq!(kept.timetable().lessons[0].subject, physics);
        assert_eq!(kept.changed(later.entry()), Some(Stamp::from_millis(20)));
    }

    #[test]
    fn changes_to_different_slots_both_stay() {
        let algebra = Some(ListId::new());
        let mut kept = KeptTimetable::default();
        assert!(kept.apply(&algebra_on_monday(algebra, None), Stamp::from_millis(20)));
        assert!(kept.apply(
            &algebra_on_monday(None, Some(Week::B)),
            Stamp::from_millis(10)
        ));
        assert_eq!(kept.entries().len(), 2);
    }

    #[test]
    fn holidays_taken_out_stay_as_entries_but_not_in_the_week() {
        let id = HolidayId::new();
        let day = |text: &str| text.parse().unwrap();
        let autumn = Holiday::new(day("2026-10-26"), day("2026-11-03")).unwrap();
        let mut kept = KeptTimetable::default();
        kept.apply(
            &TimetableChange::Holiday {
                id,
                holiday: Some(autumn),
            },
            Stamp::from_millis(1),
        );
        assert_eq!(kept.holidays(), 1);
        assert!(kept.timetable().holidays.contains(day("2026-10-27")));
        kept.apply(
            &TimetableChange::Holiday { id, holiday: None },
            Stamp::from_millis(2),
        );
        assert_eq!(kept.holidays(), 0);
        assert!(!kept.timetable().holidays.contains(day("2026-10-27")));
        assert_eq!(kept.timetable().bells, Bells::default());
    }
}
