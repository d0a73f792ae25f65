//! Free-text notes on a task.

use serde::{Deserialize, Serialize};

/// Up to 5 000 characters; line breaks allowed, other control characters not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Notes(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum NotesError {
    #[error("the notes are longer than {max} characters")]
    TooLong { max: usize },
    #[error("the notes contain control characters")]
    ControlCharacter,
}

impl Notes {
    pub const MAX_CHARS: usize = 5000;

    pub fn parse(raw: &str) -> Result<Self, NotesError> {
        let text = raw.trim_end().replace("\r\n", "\n");
        if text.chars().count() > Self::MAX_CHARS {
            return Err(NotesError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        if text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        {
            return Err(NotesError::ControlCharacter);
        }
        Ok(Self(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Notes {
    type Error = NotesError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<Notes> for String {
    fn from(notes: Notes) -> Self {
        notes.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_are_kept_and_normalised() {
        assert_eq!(
            Notes::parse("стр. 45\r\nупр. 3\n").unwrap().as_str(),
            "стр. 45\nупр. 3"
        );
    }

    #[test]
    fn overlong_notes_and_control_characters_are_rejected() {
        assert_eq!(
            Notes::parse(&"x".repeat(5001)),
            Err(NotesError::TooLong { max: 5000 })
        );
        assert_eq!(Notes::parse("a\u{7}b"), Err(NotesError::ControlCharacter));
    }
}
