//! The secret in a calendar link: `/calendar/<token>.ics`. A calendar app
//! fetches the link with no cookie, so the token alone says whose tasks it
//! is. Made like a session token (32 random bytes, base64url, 43
//! characters); the database keeps only its SHA-256, so the link is shown
//! once, when it is made, and a leaked database leaks no link.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};

/// Where calendar links live; the server mounts its route here.
pub const FEED_PREFIX: &str = "/calendar/";
const FEED_SUFFIX: &str = ".ics";
const TOKEN_CHARS: usize = 43;

/// A calendar link's token: made here, or read from a link's last segment.
pub struct FeedToken(String);

/// The last segment of a link that could never be one of ours. The route
/// answers it like an unknown token: not found.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a calendar link")]
pub struct NotAFeed;

impl FeedToken {
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        OsRng.fill_bytes(&mut bytes);
        Self(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// Reads `<token>.ics`, the link's last segment.
    pub fn from_file_name(name: &str) -> Result<Self, NotAFeed> {
        let token = name.strip_suffix(FEED_SUFFIX).ok_or(NotAFeed)?;
        let base64url = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if token.len() != TOKEN_CHARS || !token.chars().all(base64url) {
            return Err(NotAFeed);
        }
        Ok(Self(token.to_owned()))
    }

    /// What the database knows the link by.
    pub fn hash(&self) -> Vec<u8> {
        Sha256::digest(self.0.as_bytes()).to_vec()
    }

    /// The link's path on this site (the page puts its own origin before it).
    pub fn path(&self) -> String {
        format!("{FEED_PREFIX}{}{FEED_SUFFIX}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_token_is_43_characters_and_never_the_same_twice() {
        let (a, b) = (FeedToken::generate(), FeedToken::generate());
        assert_eq!(a.0.len(), TOKEN_CHARS);
        assert_ne!(a.0, b.0);
    }

    #[test]
    fn a_link_made_here_reads_back_as_the_same_token() {
        let token = FeedToken::generate();
        let path = token.path();
        let name = path.strip_prefix(FEED_PREFIX).unwrap();
        assert_eq!(
            FeedToken::from_file_name(name).unwrap().hash(),
            token.hash()
        );
    }

    #[test]
    fn anything_else_is_not_a_calendar_link() {
        let token = FeedToken::generate().0;
        for name in [
            token.clone(),
            format!("{token}.ical"),
            format!("{}.ics", &token[1..]),
            format!("{token}a.ics"),
            format!("{}/.ics", &token[1..]),
            format!("{}=.ics", &token[1..]),
            ".ics".to_owned(),
            String::new(),
        ] {
            assert_eq!(
                FeedToken::from_file_name(&name).err(),
                Some(NotAFeed),
                "{name}"
            );
        }
    }

    #[test]
    fn the_database_keeps_a_hash_not_the_token() {
        let token = FeedToken::generate();
        assert_eq!(token.hash().len(), 32);
        assert_ne!(token.hash(), token.0.as_bytes());
    }
}
