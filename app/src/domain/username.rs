//! The name a student signs in with: a nickname or an e-mail address.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A normalised account name: trimmed, lower-cased, 3–64 characters of
/// letters (any alphabet), digits and `. _ - @ +`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Username(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum UsernameError {
    #[error("the name is shorter than {min} characters")]
    TooShort { min: usize },
    #[error("the name is longer than {max} characters")]
    TooLong { max: usize },
    #[error("the name may contain only letters, digits and . _ - @ +")]
    BadCharacter,
}

impl Username {
    pub const MIN_CHARS: usize = 3;
    pub const MAX_CHARS: usize = 64;

    pub fn parse(raw: &str) -> Result<Self, UsernameError> {
        let name = raw.trim().to_lowercase();
        let chars = name.chars().count();
        if chars < Self::MIN_CHARS {
            return Err(UsernameError::TooShort {
                min: Self::MIN_CHARS,
            });
        }
        if chars > Self::MAX_CHARS {
            return Err(UsernameError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        let allowed = |c: char| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '@' | '+');
        if !name.chars().all(allowed) {
            return Err(UsernameError::BadCharacter);
        }
        Ok(Self(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Username {
    type Error = UsernameError;
    fn try_from(raw: String) -> Result<Self, Self::Error> {
        Self::parse(&raw)
    }
}

impl From<Username> for String {
    fn from(name: Username) -> Self {
        name.0
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_lower_cased_so_one_person_has_one_account() {
        assert_eq!(Username::parse("  Masha.K ").unwrap().as_str(), "masha.k");
    }

    #[test]
    fn an_email_address_is_a_valid_name() {
        assert!(Username::parse("pupil+test@school.ru").is_ok());
    }

    #[test]
    fn cyrillic_names_are_welcome() {
        assert_eq!(Username::parse("Маша").unwrap().as_str(), "маша");
    }

    #[test]
    fn too_short_and_too_long_names_are_rejected() {
        assert_eq!(
            Username::parse("ab"),
            Err(UsernameError::TooShort { min: 3 })
        );
        let long = "a".repeat(65);
        assert_eq!(
            Username::parse(&long),
            Err(UsernameError::TooLong { max: 64 })
        );
    }

    #[test]
    fn spaces_and_markup_inside_a_name_are_rejected() {
        assert_eq!(Username::parse("ma sha"), Err(UsernameError::BadCharacter));
        assert_eq!(
            Username::parse("<script>"),
            Err(UsernameError::BadCharacter)
        );
    }
}
