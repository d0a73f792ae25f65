//! Where the person may move a task in a view, and what a move becomes.
//!
//! A view's order is the person's only where nothing else decides it
//! (`View::sort`): in the Inbox and a list, always; in Today, only among
//! tasks due at the same moment with the same priority, since the date,
//! the time and the priority come first there. Such a stretch of rows is a
//! *run*: a task moves within its run and nowhere else, so where the person
//! drops it is where it stays after a reload. Upcoming and Completed have no
//! runs (their order is the dates').
//!
//! A move is sent as the run's whole new order (a state, not a step, so a
//! replay puts the same order back), the first task getting position 0.

use super::View;
use crate::domain::{Task, TaskId};

impl View {
    /// Whether the person's order counts here at all.
    pub fn keeps_persons_order(&self) -> bool {
        matches!(self, Self::Today | Self::Inbox | Self::List(_))
    }

    /// The view's tasks, given in the view's order, cut into runs.
    pub fn runs(&self, tasks: &[&Task]) -> Vec<Vec<TaskId>> {
        let ids = |run: &[&Task]| run.iter().map(|task| task.id).collect();
        match self {
            Self::Inbox | Self::List(_) if !tasks.is_empty() => vec![ids(tasks)],
            Self::Today => tasks
                .chunk_by(|a, b| a.due == b.due && a.priority == b.priority)
                .map(ids)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The run's order with `id` moved to place `to` (the last place at most);
/// `None` when it stays where it was, so nothing needs sending.
pub fn moved(run: &[TaskId], id: TaskId, to: usize) -> Option<Vec<TaskId>> {
    let from = run.iter().position(|other| *other == id)?;
    let to = to.min(run.len() - 1);
    if from == to {
        return None;
    }
    let mut ids = run.to_vec();
    let task = ids.remove(from);
    ids.insert(to, task);
    Some(ids)
}

/// The place a row dragged from place `from` lands on, its middle now at
/// `middle`: after every other row whose middle it has passed. `middles`
/// are where the rows' middles were when the drag began, top to bottom.
pub fn landing(middles: &[i32], from: usize, middle: i32) -> usize {
    middles
        .iter()
        .enumerate()
        .filter(|&(place, &other)| place != from && other < middle)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TaskForm;
    use chrono::Utc;

    fn task(title: &str, due_date: &str, priority: &str) -> Task {
        let fields = TaskForm {
            title: title.into(),
            due_date: due_date.into(),
            priority: priority.into(),
            ..TaskForm::default()
        }
        .parse()
        .unwrap();
        Task::new(TaskId::new(), fields, Utc::now())
    }

    fn runs_of(view: View, tasks: &[Task]) -> Vec<usize> {
        let tasks: Vec<&Task> = tasks.iter().collect();
        view.runs(&tasks).iter().map(Vec::len).collect()
    }

    #[test]
    fn the_inbox_and_a_list_are_one_run() {
        let tasks = [task("A", "", ""), task("B", "2026-12-03", "1")];
        assert_eq!(runs_of(View::Inbox, &tasks), [2]);
        assert_eq!(runs_of(View::Inbox, &[]), [0; 0]);
    }

    #[test]
    fn today_is_cut_where_the_date_or_the_priority_changes() {
        let tasks = [
            task("Вчера", "2026-12-02", "4"),
            task("Срочно", "2026-12-03", "1"),
            task("Алгебра", "2026-12-03", "4"),
            task("Физика", "2026-12-03", "4"),
        ];
        assert_eq!(runs_of(View::Today, &tasks), [1, 1, 2]);
    }

    #[test]
    fn upcoming_and_completed_have_no_runs() {
        let tasks = [task("A", "2026-12-05", ""), task("B", "2026-12-05", "")];
        assert!(runs_of(View::Upcoming, &tasks).is_empty());
        assert!(runs_of(View::Completed, &tasks).is_empty());
    }

    #[test]
    fn a_move_takes_the_task_out_and_puts_it_in_its_new_place() {
        let [a, b, c] = [TaskId::new(), TaskId::new(), TaskId::new()];
        assert_eq!(moved(&[a, b, c], c, 0), Some(vec![c, a, b]));
        assert_eq!(moved(&[a, b, c], a, 1), Some(vec![b, a, c]));
        assert_eq!(moved(&[a, b, c], a, 9), Some(vec![b, c, a]));
    }

    #[test]
    fn a_task_left_where_it_was_or_not_in_the_run_sends_nothing() {
        let [a, b] = [TaskId::new(), TaskId::new()];
        assert_eq!(moved(&[a, b], b, 1), None);
        assert_eq!(moved(&[a, b], b, 5), None);
        assert_eq!(moved(&[a], b, 0), None);
    }

    #[test]
    fn a_dragged_row_lands_after_the_rows_whose_middle_it_passed() {
        let middles = [10, 30, 50];
        assert_eq!(landing(&middles, 0, 12), 0);
        assert_eq!(landing(&middles, 0, 35), 1);
        assert_eq!(landing(&middles, 0, 90), 2);
        assert_eq!(landing(&middles, 2, 25), 1);
        assert_eq!(landing(&middles, 2, -5), 0);
    }
}
