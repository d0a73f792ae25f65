//! A small seeded generator (SplitMix64): the same seed replays the same
//! workload and the same faults, so a failure can be reproduced.

use uuid::{Builder, Uuid};

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// A generator of its own, seeded from this one. What it draws later
    /// (a change's faults, however many tries the change takes) never
    /// shifts what this one draws next.
    pub fn fork(&mut self) -> Rng {
        Rng::new(self.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len() as u64) as usize)
    }

    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut bytes = [0; N];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes()[..chunk.len()]);
        }
        bytes
    }

    /// A UUIDv7 as a browser mints one when the person acts at `millis`:
    /// the time in front, the rest drawn.
    pub fn uuid_v7(&mut self, millis: i64) -> Uuid {
        let millis = u64::try_from(millis).expect("a time after 1970");
        Builder::from_unix_timestamp_millis(millis, &self.bytes()).into_uuid()
    }

    /// A random UUID (v4), drawn: an idempotency key.
    pub fn uuid_v4(&mut self) -> Uuid {
        Builder::from_random_bytes(self.bytes()).into_uuid()
    }
}
