//! A list of tasks that a person made. The Inbox is not one of these: it is
//! where tasks without a list live, and every account has it.

use super::{ListId, ListName};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskList {
    pub id: ListId,
    pub name: ListName,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}
