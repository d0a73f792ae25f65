//! The navigation's counts as both backends assemble them from their rows.

use app::domain::TaskList;
use app::views::{ListCount, Nav};

/// `today`, `upcoming` and `inbox` open tasks, and each list with its own.
pub fn assemble(today: i64, upcoming: i64, inbox: i64, lists: Vec<(TaskList, i64)>) -> Nav {
    Nav {
        today: count(today),
        upcoming: count(upcoming),
        inbox: count(inbox),
        lists: lists
            .into_iter()
            .map(|(list, open)| ListCount {
                list,
                open: count(open),
            })
            .collect(),
    }
}

fn count(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
