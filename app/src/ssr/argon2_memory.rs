//! Argon2id into memory each hashing thread keeps (`hashers.rs`). Hashing
//! with `Argon2::hash_password` allocates its 19 MiB for every hash and
//! frees it after; once glibc has seen such a block freed it raises its
//! threshold for mapping memory, and the next blocks come from its heap,
//! which small allocations between them then pin: 80 hashes, two at a
//! time, left the server 380 MB bigger. Each hashing thread now allocates
//! its blocks once and reuses them, so hashing holds at most one block
//! set per thread. Same algorithm, same PHC strings as `argon2`'s own.

use argon2::password_hash::{Error, Output, ParamsString, PasswordHash, Result, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;

thread_local! {
    static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// `argon2.hash_password(password, salt)`, into this thread's blocks.
pub fn hash<'a>(argon2: &Argon2<'_>, password: &[u8], salt: Salt<'a>) -> Result<PasswordHash<'a>> {
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
    let params = argon2.params();
    let length = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    let output = Output::init_with(length, |out| {
        BLOCKS.with_borrow_mut(|blocks| {
            blocks.resize(params.block_count(), Block::default());
            argon2
                .hash_password_into_with_memory(password, salt_bytes, out, blocks.as_mut_slice())
                .map_err(Error::from)
        })
    })?;
    Ok(PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(params)?,
        salt: Some(salt),
        hash: Some(output),
    })
}

/// Whether `password` is the one `stored` is the hash of (compared in
/// constant time), with the algorithm, version and parameters `stored` says.
pub fn verify(password: &[u8], stored: &PasswordHash<'_>) -> Result<bool> {
    let (Some(salt), Some(expected)) = (stored.salt, &stored.hash) else {
        return Ok(false);
    };
    let algorithm = Algorithm::try_from(stored.algorithm)?;
    let version = Version::try_from(stored.version.unwrap_or(Version::V0x13.into()))?;
    let argon2 = Argon2::new(algorithm, version, Params::try_from(stored)?);
    let computed = hash(&argon2, password, salt)?;
    Ok(computed.hash.as_ref() == Some(expected))
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier, SaltString};
    use rand_core::OsRng;

    #[test]
    fn a_hash_is_the_one_argon2_makes_and_each_verifies_the_others() {
        let salt = SaltString::generate(&mut OsRng);
        let argon2 = Argon2::default();
        let ours = hash(&argon2, b"correct horse", salt.as_salt()).unwrap();
        let theirs = argon2.hash_password(b"correct horse", &salt).unwrap();
        assert_eq!(ours.to_string(), theirs.to_string());
        assert!(argon2.verify_password(b"correct horse", &ours).is_ok());
        assert!(verify(b"correct horse", &theirs).unwrap());
        assert!(!verify(b"wrong horse!", &theirs).unwrap());
    }

    #[test]
    fn a_hash_made_with_other_parameters_verifies_with_them() {
        let params = Params::new(8 * 1024, 3, 1, None).unwrap();
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let salt = SaltString::generate(&mut OsRng);
        let stored = argon2.hash_password(b"older account", &salt).unwrap();
        assert!(verify(b"older account", &stored).unwrap());
        assert!(!verify(b"other words", &stored).unwrap());
    }
}
