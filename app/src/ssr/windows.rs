//! Counts per key (an address, an account) in fixed windows, in memory:
//! sign-ups per address (issue 26, point 2: a script making accounts from
//! one address is refused after so many an hour, while classes signing up
//! together from the school's one address are not) and keyed changes per
//! account a minute (point 4). Each server instance counts its own: behind
//! a balancer of three, a key gets at most three times the limit, which
//! still bounds a script. Counts are kept for at most `MAX_KEYS` keys at
//! once; past that (a flood from many addresses), a new key is let through
//! unrecorded: what the limit guards is bounded elsewhere too (password
//! hashing by `hashers.rs`, stored answers by their quota).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

const MAX_KEYS: usize = 10_000;

/// What each key did in its current window.
#[derive(Clone, Default)]
pub struct Windows(Arc<Mutex<HashMap<String, Window>>>);

#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    count: u64,
}

impl Windows {
    /// Counts one more for `key` at `now`, or says how long until its
    /// window allows one (more than `limit` within `window`).
    pub fn admit(
        &self,
        key: &str,
        limit: u64,
        window: Duration,
        now: Instant,
    ) -> Result<(), Duration> {
        let mut windows = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() >= MAX_KEYS && !windows.contains_key(key) {
            windows.retain(|_, w| now.duration_since(w.started) < window);
            if windows.len() >= MAX_KEYS {
                tracing::warn!("counted for too many keys: one let through unrecorded");
                return Ok(());
            }
        }
        let current = windows.entry(key.to_owned()).or_insert(Window {
            started: now,
            count: 0,
        });
        if now.duration_since(current.started) >= window {
            *current = Window {
                started: now,
                count: 0,
            };
        }
        if current.count >= limit {
            return Err(window.saturating_sub(now.duration_since(current.started)));
        }
        current.count += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: Duration = Duration::from_secs(3600);

    #[test]
    fn an_address_signs_up_up_to_the_limit_then_waits_for_its_window() {
        let sign_ups = Windows::default();
        let start = Instant::now();
        for _ in 0..3 {
            assert!(sign_ups.admit("10.0.0.1", 3, HOUR, start).is_ok());
        }
        let later = start + Duration::from_secs(600);
        assert_eq!(
            sign_ups.admit("10.0.0.1", 3, HOUR, later),
            Err(Duration::from_secs(3000))
        );
        assert!(
            sign_ups.admit("10.0.0.2", 3, HOUR, later).is_ok(),
            "another address is not held up"
        );
        assert!(sign_ups.admit("10.0.0.1", 3, HOUR, start + HOUR).is_ok());
    }

    #[test]
    fn past_the_addresses_it_can_count_a_new_one_is_let_through() {
        let sign_ups = Windows::default();
        let now = Instant::now();
        for i in 0..MAX_KEYS {
            assert!(sign_ups.admit(&format!("a{i}"), 1, HOUR, now).is_ok());
        }
        for _ in 0..3 {
            assert!(sign_ups.admit("newcomer", 1, HOUR, now).is_ok());
        }
        assert!(
            sign_ups.admit("a0", 1, HOUR, now).is_err(),
            "the ones counted still are"
        );
        // Once their windows passed, their places are reused.
        let later = now + HOUR;
        assert!(sign_ups.admit("newcomer", 1, HOUR, later).is_ok());
        assert!(sign_ups.admit("newcomer", 1, HOUR, later).is_err());
    }
}
