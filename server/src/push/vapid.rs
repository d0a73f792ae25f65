//! The server's VAPID key (RFC 8292): push services take a message only
//! with a JWT this key signed, and a browser's subscription is made for
//! this key's public half, so every instance must use the same one. It
//! comes from `TETRAD_VAPID_PRIVATE_KEY`, or is made on the first start and
//! kept in the database (`server_keys`), so a fresh install reminds out of
//! the box.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Duration, Utc};
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint as _;
use p256::SecretKey;

/// How long a signature is good for: push services refuse more than 24 h.
const VALID_FOR: Duration = Duration::hours(12);

/// Shown by its public half only.
#[derive(Clone)]
pub struct VapidKey {
    signing: SigningKey,
    /// The public key as browsers take it: uncompressed, base64url.
    public: String,
}

impl std::fmt::Debug for VapidKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VapidKey")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, thiserror::Error)]
#[error("not a P-256 private key (32 bytes, base64url)")]
pub struct VapidKeyError;

impl VapidKey {
    /// A key from its 32 private bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, VapidKeyError> {
        let secret = SecretKey::from_slice(bytes).map_err(|_| VapidKeyError)?;
        let public = URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        Ok(Self {
            signing: SigningKey::from(secret),
            public,
        })
    }

    /// A key written as web-push tools print it (base64url, no padding).
    pub fn parse(text: &str) -> Result<Self, VapidKeyError> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text.trim().trim_end_matches('='))
            .map_err(|_| VapidKeyError)?;
        Self::from_bytes(&bytes)
    }

    /// Fresh private bytes, for a database that has no key yet.
    pub fn generate() -> Vec<u8> {
        SecretKey::random(&mut rand_core::OsRng).to_bytes().to_vec()
    }

    /// What a page subscribes with (`applicationServerKey`).
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header for a message to `origin` (the push
    /// service's scheme, host and port), signed at `now`; `contact` is a
    /// `mailto:` or `https:` address the push service can write to.
    pub fn authorization(&self, origin: &str, contact: &str, now: DateTime<Utc>) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": origin,
            "exp": (now + VALID_FOR).timestamp(),
            "sub": contact,
        });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.signing.sign(signed.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier as _;
    use p256::ecdsa::VerifyingKey;

    #[test]
    fn a_key_written_out_reads_back_as_the_same_key() {
        let bytes = VapidKey::generate();
        let key = VapidKey::from_bytes(&bytes).unwrap();
        let written = URL_SAFE_NO_PAD.encode(&bytes);
        assert_eq!(
            VapidKey::parse(&written).unwrap().public_key(),
            key.public_key()
        );
        assert_eq!(URL_SAFE_NO_PAD.decode(key.public_key()).unwrap().len(), 65);
    }

    #[test]
    fn anything_but_a_private_key_is_refused() {
        for text in [
            "",
            "not base64!",
            "AAAA",
            &URL_SAFE_NO_PAD.encode([0u8; 32]),
        ] {
            assert!(VapidKey::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_signature_verifies_with_the_public_key_for_the_claims_given() {
        let key = VapidKey::from_bytes(&VapidKey::generate()).unwrap();
        let now = Utc::now();
        let header = key.authorization("https://push.example", "mailto:a@b.example", now);
        let (token, public) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .unwrap();
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let public = URL_SAFE_NO_PAD.decode(public).unwrap();
        let verifying = VerifyingKey::from_sec1_bytes(&public).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        verifying.verify(signed.as_bytes(), &signature).unwrap();
        let claims = URL_SAFE_NO_PAD
            .decode(signed.split('.').nth(1).unwrap())
            .unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&claims).unwrap();
        assert_eq!(claims["aud"], "https://push.example");
        assert_eq!(claims["exp"], (now + VALID_FOR).timestamp());
        assert_eq!(claims["sub"], "mailto:a@b.example");
    }
}
