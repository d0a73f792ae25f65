//! The title of a task.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A trimmed title of 1–500 characters without control characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TaskTitle(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum TaskTitleError {
    #[error("the title is empty")]
    Empty,
    #[error("the title is longer than {max} characters")]
    TooLong { max: usize },
    #[error("the title contains control characters")]
    ControlCharacter,
}

/// The rule of a title (a task's, a step's): trimmed, 1 to `max`
/// characters, no control characters.
pub(super) fn title_of(raw: &str, max: usize) -> Result<String, TaskTitleError> {
    let title = raw.trim();
    if title.is_empty() {
        return Err(TaskTitleError::Empty);
    }
    if title.chars().count() > max {
        return Err(TaskTitleError::TooLong { max });
    }
    if title.chars().any(char::is_control) {
        return Err(TaskTitleError::ControlCharacter);
    }
    Ok(title.to_owned())
}

impl TaskTitle {
    pub const MAX_CHARS: usize = 500;

    pub fn parse(raw: &str) -> Result<Self, TaskTitleError> {
        title_of(raw, Self::MAX_CHARS).map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for TaskTitle {
    type Error = TaskTitleError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<TaskTitle> for String {
    fn from(title: TaskTitle) -> Self {
        title.0
    }
}

impl fmt::Display for TaskTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surrounding_spaces_are_dropped() {
        assert_eq!(
            TaskTitle::parse("  Физика, §12  ").unwrap().as_str(),
            "Физика, §12"
        );
    }

    #[test]
    fn a_blank_title_is_rejected() {
        assert_eq!(TaskTitle::parse("   "), Err(TaskTitleError::Empty));
    }

    #[test]
    fn five_hundred_characters_fit_and_five_hundred_and_one_do_not() {
        assert!(TaskTitle::parse(&"ж".repeat(500)).is_ok());
        assert_eq!(
            TaskTitle::parse(&"ж".repeat(501)),
            Err(TaskTitleError::TooLong { max: 500 })
        );
    }

    #[test]
    fn control_characters_are_rejected() {
        assert_eq!(
            TaskTitle::parse("a\u{0}b"),
            Err(TaskTitleError::ControlCharacter)
        );
    }

    #[test]
    fn markup_is_kept_as_plain_text() {
        assert_eq!(TaskTitle::parse("<script>").unwrap().as_str(), "<script>");
    }
}
