//! The time a change is stamped with: the browser's clock corrected by the
//! server's (docs/design.md §2). A phone whose clock runs minutes off must not
//! decide which of two changes was the last; so the page asks the server
//! for its time (`/api/clock`), keeps the difference on the phone, and
//! adds it to every stamp. Stamps from this browser never go back, even
//! when the correction changes between two taps.

use chrono::{DateTime, Utc};

/// Now, by the person's clock corrected by the server's.
pub fn now() -> DateTime<Utc> {
    #[cfg(feature = "hydrate")]
    return browser::now();
    #[cfg(not(feature = "hydrate"))]
    Utc::now()
}

/// Now by the corrected clock, without taking a stamp: what day and hour
/// it is for the person (a phone two hours ahead at 23:00 is still on
/// today, not on tomorrow).
pub fn current() -> DateTime<Utc> {
    #[cfg(feature = "hydrate")]
    return browser::current();
    #[cfg(not(feature = "hydrate"))]
    Utc::now()
}

/// The person's wall-clock time where the browser is, by the corrected
/// clock: what «the next lesson» is counted from.
pub fn local_now() -> chrono::NaiveDateTime {
    current().with_timezone(&chrono::Local).naive_local()
}

/// Asks the server for its time and learns the correction (in the
/// background; without a network the last correction stays).
pub fn synchronise() {
    #[cfg(feature = "hydrate")]
    browser::synchronise();
}

/// Takes the server's time as the worker knows it (`server_now`, read
/// just now), until this page has asked the server itself (more exact): a
/// page opened offline, which cannot ask, still stamps its changes by the
/// server's clock.
pub fn adopt(server_now: i64) {
    #[cfg(feature = "hydrate")]
    browser::adopt(server_now);
    #[cfg(not(feature = "hydrate"))]
    let _ = server_now;
}

/// The correction learned from one exchange: the server's time against the
/// middle of the round trip (`sent` and `received` by the browser's clock).
pub fn offset(server: i64, sent: f64, received: f64) -> f64 {
    server as f64 - (sent + received) / 2.0
}

/// The stamp for a change at `local + offset`, after `last` (the previous
/// stamp this browser gave): never earlier, unless `last` is absurdly far
/// ahead (a correction that was wrong), which is then ignored.
pub fn next_stamp(local: f64, offset: f64, last: i64) -> i64 {
    const TRUST_AHEAD_MS: i64 = 10 * 60 * 1000;
    let now = (local + offset).round() as i64;
    if last >= now && last - now < TRUST_AHEAD_MS {
        last + 1
    } else {
        now
    }
}

/// The kept `offset,last` (milliseconds); what cannot be read counts as
/// no correction and no stamp. An offset written with a fraction by an
/// earlier build keeps its whole milliseconds.
pub fn read_kept(text: &str) -> (i64, i64) {
    let mut parts = text.split(',');
    let mut number = || {
        let part = parts.next().unwrap_or("");
        part.split('.')
            .next()
            .and_then(|whole| whole.parse().ok())
            .unwrap_or(0)
    };
    (number(), number())
}

#[cfg(feature = "hydrate")]
mod browser {
    use chrono::{DateTime, Utc};
    use std::cell::Cell;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    const KEY: &str = "tetrad-clock";

    thread_local! {
        /// What this page last read or wrote of the kept clock. Another
        /// tab's write reaches it by the `storage` event, so a tap reads no
        /// storage; its own write goes after the frame that shows the tap
        /// (`after_the_frame.rs`).
        static KEPT: Cell<Option<(i64, i64)>> = const { Cell::new(None) };
        static WRITE_ASKED: Cell<bool> = const { Cell::new(false) };
    }

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }

    fn stored() -> (i64, i64) {
        let text = storage().and_then(|s| s.get_item(KEY).ok().flatten());
        super::read_kept(text.as_deref().unwrap_or(""))
    }

    /// The correction and the last stamp, kept as `offset,last` in whole
    /// milliseconds: no float is written or read as text, which keeps
    /// Rust's float formatting and parsing out of the WASM (issue 14).
    fn kept() -> (f64, i64) {
        let (offset, last) = KEPT.get().unwrap_or_else(|| {
            follow_other_tabs();
            let read = stored();
            KEPT.set(Some(read));
            read
        });
        (offset as f64, last)
    }

    fn keep(offset: f64, last: i64) {
        KEPT.set(Some((offset.round() as i64, last)));
        if !WRITE_ASKED.replace(true) {
            crate::outbox::after_the_frame::after_the_frame(write);
        }
    }

    fn write() {
        WRITE_ASKED.set(false);
        if let (Some(storage), Some((offset, last))) = (storage(), KEPT.get()) {
            let _ = storage.set_item(KEY, &format!("{offset},{last}"));
        }
    }

    /// Another tab stamped or learned the server's time: its correction,
    /// and never a last stamp earlier than this page's own.
    fn follow_other_tabs() {
        let on_storage =
            Closure::<dyn FnMut(web_sys::StorageEvent)>::new(|event: web_sys::StorageEvent| {
                if event.key().as_deref() != Some(KEY) {
                    return;
                }
                let (offset, last) = super::read_kept(&event.new_value().unwrap_or_default());
                let mine = KEPT.get().map_or(0, |(_, mine)| mine);
                KEPT.set(Some((offset, last.max(mine))));
            });
        let _ = leptos::prelude::window()
            .add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
        on_storage.forget();
    }

    pub fn current() -> DateTime<Utc> {
        let (offset, _) = kept();
        DateTime::from_timestamp_millis((js_sys::Date::now() + offset).round() as i64)
            .unwrap_or_else(Utc::now)
    }

    pub fn now() -> DateTime<Utc> {
        let (offset, last) = kept();
        let stamp = super::next_stamp(js_sys::Date::now(), offset, last);
        keep(offset, stamp);
        DateTime::from_timestamp_millis(stamp).unwrap_or_else(Utc::now)
    }

    use std::sync::atomic::{AtomicBool, Ordering};

    /// Whether this page has heard the server's time itself.
    static ASKED: AtomicBool = AtomicBool::new(false);

    pub fn adopt(server_now: i64) {
        if !ASKED.load(Ordering::Relaxed) {
            let (_, last) = kept();
            keep(server_now as f64 - js_sys::Date::now(), last);
        }
    }

    pub fn synchronise() {
        leptos::task::spawn_local(async {
            let sent = js_sys::Date::now();
            if let Ok(server) = crate::api::server_clock().await {
                let received = js_sys::Date::now();
                let (_, last) = kept();
                keep(super::offset(server, sent, received), last);
                ASKED.store(true, Ordering::Relaxed);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_correction_is_taken_against_the_middle_of_the_round_trip() {
        assert_eq!(offset(10_500, 1_000.0, 1_200.0), 9_400.0);
    }

    #[test]
    fn a_phone_five_minutes_slow_stamps_the_servers_time() {
        let slow = 5.0 * 60_000.0;
        assert_eq!(next_stamp(1_000_000.0, slow, 0), 1_300_000);
    }

    #[test]
    fn stamps_never_go_back_when_the_correction_shrinks_between_two_taps() {
        let first = next_stamp(1_000.0, 500.0, 0);
        let second = next_stamp(1_100.0, 0.0, first);
        assert!(second > first);
    }

    #[test]
    fn the_kept_correction_reads_back_in_whole_milliseconds() {
        assert_eq!(read_kept("-1500,1764800000000"), (-1500, 1_764_800_000_000));
        assert_eq!(read_kept("250.75,12"), (250, 12));
        assert_eq!(read_kept(""), (0, 0));
        assert_eq!(read_kept("junk"), (0, 0));
    }

    #[test]
    fn a_last_stamp_far_in_the_future_is_not_followed() {
        assert_eq!(next_stamp(1_000.0, 0.0, 1_000_000_000), 1_000);
    }
}
