//! How urgent a task is: 1 (most urgent) to 4 (the default, no urgency).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Priority(u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("the priority must be a whole number from 1 to 4")]
pub struct PriorityError;

impl Priority {
    pub const NORMAL: Priority = Priority(4);

    pub fn new(level: u8) -> Result<Self, PriorityError> {
        if (1..=4).contains(&level) {
            Ok(Self(level))
        } else {
            Err(PriorityError)
        }
    }

    /// Form text: empty means normal.
    pub fn parse(raw: &str) -> Result<Self, PriorityError> {
        match raw.trim() {
            "" => Ok(Self::NORMAL),
            text => Self::new(text.parse().map_err(|_| PriorityError)?),
        }
    }

    pub fn level(self) -> u8 {
        self.0
    }
}

impl Default for Priority {
    fn default() -> Self {
        Self::NORMAL
    }
}

impl TryFrom<u8> for Priority {
    type Error = PriorityError;
    fn try_from(level: u8) -> Result<Self, Self::Error> {
        Self::new(level)
    }
}

impl From<Priority> for u8 {
    fn from(priority: Priority) -> Self {
        priority.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_four_are_priorities_and_empty_is_normal() {
        assert_eq!(Priority::parse("1").unwrap().level(), 1);
        assert_eq!(Priority::parse(" 4 ").unwrap(), Priority::NORMAL);
        assert_eq!(Priority::parse("").unwrap(), Priority::NORMAL);
    }

    #[test]
    fn anything_else_is_rejected() {
        for bad in ["0", "5", "-1", "high", "2.5", "300"] {
            assert_eq!(Priority::parse(bad), Err(PriorityError), "{bad:?}");
        }
    }
}
