//! A password as typed at sign-up or sign-in. Never logged, never displayed.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PasswordError {
    #[error("the password is shorter than {min} characters")]
    TooShort { min: usize },
    #[error("the password is longer than {max} characters")]
    TooLong { max: usize },
    /// One of the commonest passwords (`NewPassword`).
    #[error("the password is one of the commonest")]
    Common,
}

impl Password {
    pub const MIN_CHARS: usize = 8;
    /// Bounded so that a megabyte "password" cannot make hashing a weapon.
    pub const MAX_CHARS: usize = 256;

    /// Passwords are taken exactly as typed: no trimming, every character counts.
    pub fn parse(raw: &str) -> Result<Self, PasswordError> {
        let chars = raw.chars().count();
        if chars < Self::MIN_CHARS {
            return Err(PasswordError::TooShort {
                min: Self::MIN_CHARS,
            });
        }
        if chars > Self::MAX_CHARS {
            return Err(PasswordError::TooLong {
                max: Self::MAX_CHARS,
            });
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_of_eight_characters_is_accepted_as_typed() {
        assert_eq!(Password::parse(" abcdefg").unwrap().expose(), " abcdefg");
    }

    #[test]
    fn a_short_password_is_rejected_with_the_minimum() {
        assert_eq!(
            Password::parse("1234567"),
            Err(PasswordError::TooShort { min: 8 })
        );
    }

    #[test]
    fn length_is_counted_in_characters_not_bytes() {
        assert!(Password::parse("пароль12").is_ok());
        assert!(Password::parse(&"я".repeat(257)).is_err());
    }

    #[test]
    fn debug_output_never_shows_the_password() {
        let shown = format!("{:?}", Password::parse("secret-words").unwrap());
        assert!(!shown.contains("secret"));
    }
}
