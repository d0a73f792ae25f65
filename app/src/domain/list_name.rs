//! The name of a list of tasks ("Алгебра", "Кружок").

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ListName(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ListNameError {
    #[error("the list name is empty")]
    Empty,
    #[error("the list name is longer than {max} characters")]
    TooLong { max: usize },
    #[error("the list name contains control characters")]
    ControlCharacter,
}

impl ListName {
    pub const MAX_CHARS: usize = 100;

    pub fn parse(raw: &str) -> Result<Self, ListNameError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(ListNameError::Empty);
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err(ListNameError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        if name.chars().any(char::is_control) {
            return Err(ListNameError::ControlCharacter);
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for ListName {
    type Error = ListNameError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<ListName> for String {
    fn from(name: ListName) -> Self {
        name.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(ListName::parse("  Алгебра ").unwrap().as_str(), "Алгебра");
        assert_eq!(ListName::parse(" "), Err(ListNameError::Empty));
        assert_eq!(
            ListName::parse(&"я".repeat(101)),
            Err(ListNameError::TooLong { max: 100 })
        );
        assert_eq!(
            ListName::parse("a\nb"),
            Err(ListNameError::ControlCharacter)
        );
    }
}
