//! The title of a step of a task's checklist ("№245", "упр. 3").

use super::TaskTitleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A trimmed title of 1–200 characters without control characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct StepTitle(String);

/// A step's title breaks the rules of a task's title (only the bound is
/// shorter), so it is refused with the same error, and the person is told
/// the same words (`invalid_title`, with its bound).
pub type StepTitleError = TaskTitleError;

impl StepTitle {
    pub const MAX_CHARS: usize = 200;

    pub fn parse(raw: &str) -> Result<Self, StepTitleError> {
        super::task_title::title_of(raw, Self::MAX_CHARS).map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for StepTitle {
    type Error = StepTitleError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<StepTitle> for String {
    fn from(title: StepTitle) -> Self {
        title.0
    }
}

impl fmt::Display for StepTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surrounding_spaces_are_dropped() {
        assert_eq!(StepTitle::parse("  №245 ").unwrap().as_str(), "№245");
    }

    #[test]
    fn a_blank_title_is_rejected() {
        assert_eq!(StepTitle::parse(" \t "), Err(StepTitleError::Empty));
    }

    #[test]
    fn two_hundred_characters_fit_and_two_hundred_and_one_do_not() {
        assert!(StepTitle::parse(&"ж".repeat(200)).is_ok());
        assert_eq!(
            StepTitle::parse(&"ж".repeat(201)),
            Err(StepTitleError::TooLong { max: 200 })
        );
    }

    #[test]
    fn control_characters_inside_are_rejected() {
        assert_eq!(
            StepTitle::parse("№245\n№247"),
            Err(StepTitleError::ControlCharacter)
        );
    }

    #[test]
    fn a_title_read_from_json_is_parsed_too() {
        assert!(serde_json::from_str::<StepTitle>(r#""  ""#).is_err());
        let read: StepTitle = serde_json::from_str(r#"" упр. 3 ""#).unwrap();
        assert_eq!(read.as_str(), "упр. 3");
    }
}
