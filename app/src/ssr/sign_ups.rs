//! Sign-ups per address, counted in memory (issue 26, point 2): a script
//! making accounts from one address is refused (429) after so many an
//! hour, while classes signing up together from the school's one address
//! are not (the default lets ten classes of thirty through in an hour). Each server
//! instance counts its own: behind a balancer of three, an address gets at
//! most three times the limit, which still bounds a script. The count is
//! kept for at most `MAX_ADDRESSES` addresses at once; past that (a flood
//! from many addresses), a new address is let through unrecorded, since
//! password hashing is bounded anyway (`passwords.rs`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

const MAX_ADDRESSES: usize = 10_000;

/// Sign-ups made per address in its current window.
#[derive(Clone, Default)]
pub struct SignUps(Arc<Mutex<HashMap<String, Window>>>);

#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    count: u64,
}

impl SignUps {
    /// Counts a sign-up from `address` at `now`, or says how long until
    /// its window allows one (more than `limit` within `window`).
    pub fn admit(
        &self,
        address: &str,
        limit: u64,
        window: Duration,
        now: Instant,
    ) -> Result<(), Duration> {
        let mut windows = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() >= MAX_ADDRESSES && !windows.contains_key(address) {
            windows.retain(|_, w| now.duration_since(w.started) < window);
            if windows.len() >= MAX_ADDRESSES {
                tracing::warn!(
                    "sign-ups counted for too many addresses: one let through unrecorded"
                );
                return Ok(());
            }
        }
        let current = windows.entry(address.to_owned()).or_insert(Window {
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
        let sign_ups = SignUps::default();
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
        let sign_ups = SignUps::default();
        let now = Instant::now();
        for i in 0..MAX_ADDRESSES {
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
