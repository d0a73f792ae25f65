//! Where a lesson is held, as the student writes it («каб. 214», «спортзал»).

use std::fmt;

/// A room: one short line, without control characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Room(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomError {
    #[error("a room is at most {max} characters")]
    TooLong { max: usize },
    #[error("a room is one line of text")]
    NotOneLine,
}

impl Room {
    /// Enough for «каб. 214 (корп. 2)».
    pub const MAX_CHARS: usize = 20;

    /// `None` for an empty room: the lesson has none.
    pub fn parse(text: &str) -> Result<Option<Self>, RoomError> {
        let text = text.trim();
        if text.chars().any(char::is_control) {
            return Err(RoomError::NotOneLine);
        }
        if text.chars().count() > Self::MAX_CHARS {
            return Err(RoomError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        Ok((!text.is_empty()).then(|| Self(text.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_is_one_short_line_and_an_empty_one_is_none() {
        assert_eq!(
            Room::parse(" каб. 214 ").unwrap().unwrap().as_str(),
            "каб. 214"
        );
        assert_eq!(Room::parse("  "), Ok(None));
        assert_eq!(Room::parse("214\n215"), Err(RoomError::NotOneLine));
        assert_eq!(
            Room::parse(&"я".repeat(21)),
            Err(RoomError::TooLong { max: 20 })
        );
    }
}
