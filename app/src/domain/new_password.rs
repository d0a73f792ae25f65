//! A password chosen at sign-up or in a password change: a `Password` that
//! is not one of the commonest (OWASP ASVS 2.1.7). The list is short on
//! purpose: the passwords of eight characters or more (shorter ones are
//! already refused) that top every published list of leaked passwords, in
//! the Latin and the Russian layouts, and what Russian students type on an
//! English keyboard («пароль» is «gfhjkm»). It is compared ignoring case.
//! A password that is one character repeated is refused too. Signing in
//! never checks it: an account made before keeps its password.

use super::{Password, PasswordError};

/// The commonest passwords, lowercase.
const COMMON: &[&str] = &[
    "password",
    "password1",
    "password12",
    "password123",
    "passw0rd",
    "p@ssw0rd",
    "p@ssword",
    "12345678",
    "123456789",
    "1234567890",
    "0123456789",
    "87654321",
    "98765432",
    "11223344",
    "12341234",
    "12121212",
    "12344321",
    "123123123",
    "123321123",
    "147258369",
    "123qweasd",
    "1q2w3e4r",
    "1q2w3e4r5t",
    "1q2w3e4r5t6y",
    "q1w2e3r4",
    "q1w2e3r4t5",
    "1qaz2wsx",
    "zaq12wsx",
    "qazwsxedc",
    "qwertyui",
    "qwertyuiop",
    "qwerty12",
    "qwerty123",
    "qwerty1234",
    "qwer1234",
    "1234qwer",
    "asdfghjk",
    "asdfghjkl",
    "asdf1234",
    "zxcvbnm1",
    "zxcvbnm123",
    "a1b2c3d4",
    "abc12345",
    "abcd1234",
    "abcdefgh",
    "iloveyou",
    "iloveyou1",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "welcome1",
    "superman",
    "starwars",
    "whatever",
    "computer",
    "internet",
    "trustno1",
    "letmein1",
    "michael1",
    "jennifer",
    "dragon12",
    "monkey12",
    "master12",
    "shadow12",
    "minecraft",
    "pokemon1",
    "liverpool",
    "spartak1",
    "zenit2011",
    "gfhjkm12",
    "gfhjkm123",
    "qwertyqwerty",
    "йцукенгш",
    "йцукенгшщз",
    "йцукенгшщзхъ",
    "пароль12",
    "пароль123",
    "пароль1234",
    "фывапролд",
    "ячсмитьбю",
    "12345qwert",
];

/// Whether `raw` is one of the commonest passwords, or one character repeated.
fn is_common(raw: &str) -> bool {
    let lower = raw.to_lowercase();
    let mut chars = lower.chars();
    let first = chars.next();
    chars.all(|c| Some(c) == first) || COMMON.contains(&lower.as_str())
}

/// A password a person may choose now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewPassword(Password);

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, PasswordError> {
        let password = Password::parse(raw)?;
        if is_common(raw) {
            return Err(PasswordError::Common);
        }
        Ok(Self(password))
    }

    pub fn into_password(self) -> Password {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commonest_passwords_are_refused_whatever_their_case() {
        for common in [
            "password1",
            "Qwerty123",
            "1Q2W3E4R",
            "ЙЦУКЕНГШ",
            "gfhjkm123",
        ] {
            assert_eq!(
                NewPassword::parse(common),
                Err(PasswordError::Common),
                "{common}"
            );
        }
    }

    #[test]
    fn one_character_repeated_is_refused() {
        assert_eq!(NewPassword::parse("aaaaaaaa"), Err(PasswordError::Common));
        assert_eq!(
            NewPassword::parse("00000000000"),
            Err(PasswordError::Common)
        );
    }

    #[test]
    fn a_password_of_ones_own_is_taken_as_typed_and_too_short_is_still_too_short() {
        let chosen = NewPassword::parse("correct horse battery").unwrap();
        assert_eq!(chosen.into_password().expose(), "correct horse battery");
        assert_eq!(
            NewPassword::parse("qwerty"),
            Err(PasswordError::TooShort { min: 8 })
        );
    }

    #[test]
    fn every_listed_password_is_long_enough_to_be_checked_and_written_in_lowercase() {
        for common in COMMON {
            assert!(common.chars().count() >= Password::MIN_CHARS, "{common}");
            assert_eq!(common.to_lowercase(), *common);
        }
    }

    #[test]
    fn signing_in_with_a_common_password_still_parses() {
        assert!(Password::parse("password1").is_ok());
    }
}
