//! Password hashing with argon2id. Hashing costs tens of milliseconds of CPU
//! and 19 MiB of memory by design, so it runs on the hashing threads, a few
//! at once (`hashers.rs`), never on the async runtime.

use super::argon2_memory;
use super::hashers::{self, HasherError};
use crate::domain::Password;
use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};
use argon2::Argon2;
use rand_core::OsRng;

#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error("password hashing failed: {0}")]
    Hash(argon2::password_hash::Error),
    #[error(transparent)]
    Hasher(#[from] HasherError),
}

impl HashError {
    /// Every turn was taken: "busy, try again shortly".
    pub fn is_busy(&self) -> bool {
        matches!(self, Self::Hasher(HasherError::Busy))
    }
}

pub async fn hash(password: Password) -> Result<String, HashError> {
    hashers::run(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2_memory::hash(
            &Argon2::default(),
            password.expose().as_bytes(),
            salt.as_salt(),
        )
        .map(|hash| hash.to_string())
        .map_err(HashError::Hash)
    })
    .await?
}

/// Checks `password` against `stored`. With no stored hash (unknown account)
/// a dummy hash is checked anyway, so the answer takes as long either way and
/// does not reveal which names exist.
pub async fn verify(password: Password, stored: Option<String>) -> Result<bool, HashError> {
    hashers::run(move || {
        let known = stored.is_some();
        let stored = match stored {
            Some(stored) => stored,
            None => DUMMY_HASH.clone().map_err(HashError::Hash)?,
        };
        let parsed = PasswordHash::new(&stored).map_err(HashError::Hash)?;
        let matches = argon2_memory::verify(password.expose().as_bytes(), &parsed)
            .map_err(HashError::Hash)?;
        Ok(matches && known)
    })
    .await?
}

static DUMMY_HASH: std::sync::LazyLock<Result<String, argon2::password_hash::Error>> =
    std::sync::LazyLock::new(|| {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(b"no account has this password", &salt)
            .map(|hash| hash.to_string())
    });

#[cfg(test)]
mod tests {
    use super::*;

    fn pw(s: &str) -> Password {
        Password::parse(s).unwrap()
    }

    #[tokio::test]
    async fn the_right_password_matches_its_hash_and_a_wrong_one_does_not() {
        let stored = hash(pw("correct horse")).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify(pw("correct horse"), Some(stored.clone()))
            .await
            .unwrap());
        assert!(!verify(pw("wrong horse!"), Some(stored)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_matches() {
        assert!(!verify(pw("no account has this password"), None)
            .await
            .unwrap());
    }

    #[tokio::test]
    async fn the_same_password_hashes_differently_each_time() {
        assert_ne!(
            hash(pw("same words")).await.unwrap(),
            hash(pw("same words")).await.unwrap()
        );
    }
}
