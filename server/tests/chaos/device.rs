//! The student's devices: a phone, a laptop and a tablet on one account,
//! two of them with clocks hours off, as phones are. Each dates its
//! changes as the service worker does (public/sw.js `learnClock` and
//! `serverNow`, public/sw-policy.js `clockOffset`): its own clock plus the
//! offset it learned from the server's time on an answer (`x-tetrad-now`).
//!
//! A device that has never heard from the server dates by its own clock
//! (design.md §2): hours off, such a change would lose to, or beat, changes
//! made hours away, and one from a fast clock would be capped at the
//! server's now when it arrives, so the last action would win only by
//! luck. So every device opens the app (reads `/api/clock`, as the page
//! does) before its first change, and the model can say the true last
//! action wins.
//!
//! The offset is learned from real clocks (the server's header against
//! this machine's clock moved by the device's offset) and kept to the
//! minute: the offsets are whole minutes, and a round trip's few
//! milliseconds must not make a replay date differently.

use super::outbox::{Outgoing, Stream};
use super::rng::Rng;
use super::timeline::hours;
use std::collections::VecDeque;
use std::fmt;

const MINUTE: i64 = 60_000;

/// The server's time on an answer, and when the request left and the
/// answer came (this machine's clock, milliseconds).
#[derive(Clone, Copy, Debug)]
pub struct ClockReading {
    pub server: i64,
    pub sent: i64,
    pub received: i64,
}

pub struct Device {
    pub name: &'static str,
    /// How far its clock is from the true time.
    clock_off: i64,
    /// What it adds to its clock to read the server's; none before the
    /// first answer.
    learned: Option<i64>,
    /// Offline until then (the timeline's time): its changes wait.
    pub offline_until: Option<i64>,
    /// Its outbox: changes made offline, or stuck, in the order made.
    pub waiting: VecDeque<Outgoing>,
}

impl Device {
    /// A phone with the right time, a laptop an hour to four fast and a
    /// tablet an hour to four slow (whole minutes), drawn from the seed.
    pub fn three(rng: &mut Rng) -> Vec<Device> {
        let mut off = || MINUTE * (60 + rng.below(180) as i64);
        let fast = off();
        let slow = -off();
        [("phone", 0), ("laptop", fast), ("tablet", slow)]
            .into_iter()
            .map(|(name, clock_off)| Device {
                name,
                clock_off,
                learned: None,
                offline_until: None,
                waiting: VecDeque::new(),
            })
            .collect()
    }

    pub fn clock_is_off(&self) -> bool {
        self.clock_off.abs() >= hours(1)
    }

    /// Learns the server's clock from an answer, as the worker's
    /// `clockOffset` does: the server's time against the middle of the
    /// round trip by this device's clock; nothing from a round trip over
    /// five seconds.
    pub fn learn(&mut self, reading: ClockReading) {
        let (sent, received) = (
            reading.sent + self.clock_off,
            reading.received + self.clock_off,
        );
        if received - sent > 5000 {
            return;
        }
        let offset = reading.server - (sent + received) / 2;
        self.learned = Some((offset as f64 / MINUTE as f64).round() as i64 * MINUTE);
    }

    pub fn has_learned(&self) -> bool {
        self.learned.is_some()
    }

    /// The time it stamps on a change made at `now` (the true time, the
    /// timeline's): its own clock, corrected by what it learned.
    pub fn date(&self, now: i64) -> i64 {
        let learned = self
            .learned
            .expect("a device hears from the server before its first change");
        now + self.clock_off + learned
    }

    pub fn is_offline(&self) -> bool {
        self.offline_until.is_some()
    }

    /// What it sends in a batch: everything waiting, one at a time in
    /// order (as the worker replays), and the changes made behind them.
    pub fn take_waiting(&mut self) -> Option<Stream> {
        (!self.waiting.is_empty()).then(|| self.waiting.drain(..).collect())
    }
}

impl fmt::Display for Device {
    /// Its name and how far its clock is off: "laptop +2 h 13 min".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.clock_off / MINUTE;
        let sign = if minutes < 0 { "-" } else { "+" };
        let minutes = minutes.abs();
        write!(
            f,
            "{} {sign}{} h {} min",
            self.name,
            minutes / 60,
            minutes % 60
        )
    }
}
