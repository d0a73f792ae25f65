//! A push service for the tests, on 127.0.0.1: what FCM or Mozilla's
//! autopush is to a phone, written from the RFCs and not from the server's
//! code. It mints subscriptions as a browser's push manager does (a P-256
//! key pair and an auth secret per device), checks each message's VAPID
//! signature and claims (RFC 8292), decrypts it (RFC 8291 over RFC 8188's
//! aes128gcm) and records it, and answers with whatever status a test asks
//! for next.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hkdf::Hkdf;
use p256::ecdsa::signature::Verifier as _;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint as _;
use p256::{PublicKey, SecretKey};
use sha2::Sha256;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// A message a device got.
#[derive(Clone, Debug)]
pub struct Received {
    pub device: String,
    pub message: serde_json::Value,
    /// The plaintext's length, before encryption.
    pub bytes: usize,
    pub topic: Option<String>,
    pub ttl: u64,
    pub urgency: Option<String>,
    /// When the service took it.
    pub at: std::time::SystemTime,
}

#[derive(Clone)]
struct Device {
    secret: SecretKey,
    auth: [u8; 16],
}

#[derive(Default)]
struct Inner {
    devices: HashMap<String, Device>,
    /// What the next requests are answered, in order (then 201).
    answers: VecDeque<(StatusCode, Option<String>)>,
    received: Vec<Received>,
    /// Every request, delivered or not, by device.
    requests: Vec<String>,
    /// Messages that broke the protocol, and why.
    refused: Vec<String>,
    /// How long each answer is held back, once the message is read.
    hold: Option<std::time::Duration>,
}

#[derive(Clone)]
pub struct PushService {
    origin: String,
    inner: Arc<Mutex<Inner>>,
}

impl PushService {
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let service = Self {
            origin,
            inner: Arc::default(),
        };
        let router = Router::new()
            .route("/push/{device}", post(take))
            .with_state(service.clone());
        tokio::spawn(async move { axum::serve(listener, router).await });
        service
    }

    /// A new device's subscription, as the page posts it:
    /// `endpoint`, `p256dh`, `auth`.
    pub fn mint(&self, device: &str) -> Vec<(&'static str, String)> {
        let secret = SecretKey::random(&mut rand_core::OsRng);
        let mut auth = [0u8; 16];
        rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut auth);
        let public = secret.public_key().to_encoded_point(false);
        let fields = vec![
            ("endpoint", self.endpoint(device)),
            ("p256dh", URL_SAFE_NO_PAD.encode(public.as_bytes())),
            ("auth", URL_SAFE_NO_PAD.encode(auth)),
        ];
        let mut inner = self.inner.lock().unwrap();
        inner
            .devices
            .insert(device.to_owned(), Device { secret, auth });
        fields
    }

    pub fn endpoint(&self, device: &str) -> String {
        format!("{}/push/{device}", self.origin)
    }

    /// The next request is answered `status` (with `Retry-After`, if given).
    pub fn answer_next(&self, status: StatusCode, retry_after: Option<&str>) {
        let mut inner = self.inner.lock().unwrap();
        inner
            .answers
            .push_back((status, retry_after.map(str::to_owned)));
    }

    /// Every answer comes `hold` after its message was taken (a slow
    /// service, so a sender can be stopped after the phone has the
    /// message and before it hears so).
    pub fn hold_answers(&self, hold: Option<std::time::Duration>) {
        self.inner.lock().unwrap().hold = hold;
    }

    /// What the devices got, in order.
    pub fn received(&self) -> Vec<Received> {
        let inner = self.inner.lock().unwrap();
        assert!(
            inner.refused.is_empty(),
            "messages broke the protocol: {:?}",
            inner.refused
        );
        inner.received.clone()
    }

    /// How many requests reached the service, delivered or turned away.
    pub fn requests(&self) -> usize {
        self.inner.lock().unwrap().requests.len()
    }
}

async fn take(
    State(service): State<PushService>,
    Path(device): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (keys, hold) = {
        let mut inner = service.inner.lock().unwrap();
        inner.requests.push(device.clone());
        (inner.devices.get(&device).cloned(), inner.hold)
    };
    let Some(keys) = keys else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // The keys' arithmetic outside the lock: a real service answers many
    // senders at once.
    let read = check(&service.origin, &headers, &keys, &body);
    let (status, retry_after) = {
        let mut inner = service.inner.lock().unwrap();
        let (status, retry_after) = inner
            .answers
            .pop_front()
            .unwrap_or((StatusCode::CREATED, None));
        match read {
            Err(why) => {
                inner.refused.push(why);
                return StatusCode::FORBIDDEN.into_response();
            }
            Ok(plain) if status.is_success() => {
                let header = |name: &str| {
                    headers
                        .get(name)
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_owned)
                };
                inner.received.push(Received {
                    device,
                    message: serde_json::from_slice(&plain).unwrap_or(serde_json::Value::Null),
                    bytes: plain.len(),
                    topic: header("topic"),
                    ttl: header("ttl").and_then(|ttl| ttl.parse().ok()).unwrap_or(0),
                    urgency: header("urgency"),
                    at: std::time::SystemTime::now(),
                });
            }
            Ok(_) => {}
        }
        (status, retry_after)
    };
    // Taken (the phone has it) before the sender hears so.
    if let Some(hold) = hold {
        tokio::time::sleep(hold).await;
    }
    let mut response = status.into_response();
    if let Some(after) = retry_after.and_then(|after| HeaderValue::from_str(&after).ok()) {
        response.headers_mut().insert("retry-after", after);
    }
    response
}

/// The message's plaintext, if it is signed and encrypted as it must be.
fn check(
    origin: &str,
    headers: &HeaderMap,
    device: &Device,
    body: &[u8],
) -> Result<Vec<u8>, String> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    };
    if header("content-encoding") != "aes128gcm" {
        return Err(format!("content-encoding {:?}", header("content-encoding")));
    }
    if header("ttl").parse::<u64>().is_err() {
        return Err("no TTL".into());
    }
    vapid(origin, header("authorization"))?;
    decrypt(device, body)
}

/// RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by
/// that key, for this service's origin, expiring within 24 hours.
fn vapid(origin: &str, authorization: &str) -> Result<(), String> {
    let (token, key) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .ok_or("no vapid authorization")?;
    let key = URL_SAFE_NO_PAD
        .decode(key)
        .map_err(|_| "k is not base64url")?;
    let key = VerifyingKey::from_sec1_bytes(&key).map_err(|_| "k is not a P-256 key")?;
    let (signed, signature) = token.rsplit_once('.').ok_or("not a JWT")?;
    let signature = URL_SAFE_NO_PAD
        .decode(signature)
        .map_err(|_| "signature not base64url")?;
    let signature = Signature::from_slice(&signature).map_err(|_| "not an ES256 signature")?;
    key.verify(signed.as_bytes(), &signature)
        .map_err(|_| "the signature does not verify")?;
    let part = |n: usize| -> Result<serde_json::Value, String> {
        let text = signed.split('.').nth(n).ok_or("not a JWT")?;
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|_| "JWT part not base64url")?;
        serde_json::from_slice(&bytes).map_err(|_| "JWT part not JSON".into())
    };
    if part(0)?["alg"] != "ES256" {
        return Err("alg is not ES256".into());
    }
    let claims = part(1)?;
    if claims["aud"] != origin {
        return Err(format!("aud {} is not {origin}", claims["aud"]));
    }
    let now = chrono::Utc::now().timestamp();
    let exp = claims["exp"].as_i64().ok_or("no exp")?;
    if exp <= now || exp > now + 24 * 3600 {
        return Err(format!("exp {exp} is not within 24 h of {now}"));
    }
    let sub = claims["sub"].as_str().unwrap_or("");
    if !(sub.starts_with("mailto:") || sub.starts_with("https:")) {
        return Err(format!("sub {sub:?} is no contact"));
    }
    Ok(())
}

/// RFC 8291 §3.4 and RFC 8188 §2: one record, its padding delimiter 2.
fn decrypt(device: &Device, body: &[u8]) -> Result<Vec<u8>, String> {
    if body.len() < 21 {
        return Err("shorter than the aes128gcm header".into());
    }
    let (salt, record_size, id_len) = (&body[..16], &body[16..20], usize::from(body[20]));
    let record_size = u32::from_be_bytes(record_size.try_into().unwrap()) as usize;
    let (sender_key, ciphertext) = body[21..]
        .split_at_checked(id_len)
        .ok_or("key id cut off")?;
    if ciphertext.len() > record_size {
        return Err("more than one record".into());
    }
    let sender = PublicKey::from_sec1_bytes(sender_key).map_err(|_| "key id is not a P-256 key")?;
    let shared = p256::ecdh::diffie_hellman(device.secret.to_nonzero_scalar(), sender.as_affine());
    let mut key_info = b"WebPush: info\0".to_vec();
    key_info.extend_from_slice(
        device
            .secret
            .public_key()
            .to_encoded_point(false)
            .as_bytes(),
    );
    key_info.extend_from_slice(sender_key);
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(&device.auth), shared.raw_secret_bytes())
        .expand(&key_info, &mut ikm)
        .map_err(|_| "hkdf")?;
    let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let (mut cek, mut nonce) = ([0u8; 16], [0u8; 12]);
    prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek)
        .map_err(|_| "hkdf")?;
    prk.expand(b"Content-Encoding: nonce\0", &mut nonce)
        .map_err(|_| "hkdf")?;
    let mut plain = Aes128Gcm::new_from_slice(&cek)
        .map_err(|_| "cek")?
        .decrypt(Nonce::from_slice(&nonce), ciphertext)
        .map_err(|_| "does not decrypt for this device")?;
    let delimiter = plain
        .iter()
        .rposition(|&byte| byte != 0)
        .ok_or("no padding delimiter")?;
    if plain[delimiter] != 2 {
        return Err("the last record's delimiter is not 2".into());
    }
    plain.truncate(delimiter);
    Ok(plain)
}
