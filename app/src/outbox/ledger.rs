//! The outbox as one ledger: every change this page knows of, by key, with
//! where it stands, and the worker's last news. Plain data with no signal,
//! no browser and no clock (the time comes in as an argument): each
//! transition changes the ledger and returns what the page must do about
//! it (`Effects`), so every rule here is tested as a pure function
//! (`ledger/tests.rs`). `Outbox` (state.rs) holds it in one signal and
//! carries the effects out.
//!
//! A change's life on this page: `send` → `Held` (behind the creation of
//! its task) or `Sending` → its answer: `Settling` (saved; drawn until the
//! list is read again), `Handed` (the worker keeps it; soon in its news)
//! or `Refused`. The worker's news (`receive`) lists what it keeps and
//! what it saved; what it no longer keeps and did not refuse was taken.

use super::{Answer, Entry, Snapshot, ToWorker};
use crate::domain::Task;
use std::collections::HashSet;

/// How long a change the worker said it kept may be missing from its news
/// before the page takes it as already sent (the news crossed it).
pub const HANDED_GRACE_MS: i64 = 3_000;

/// Where one of this page's changes stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waits for the answer to an earlier change that makes its task or
    /// step (sent first, it would be refused: "no such task").
    Held,
    /// Sent from this page; its answer has not come.
    Sending,
    /// The worker answered that it keeps it, at `since` (milliseconds);
    /// its news has not listed it yet.
    Handed { since: i64 },
    /// Refused, or never answered with no worker to keep it (then the
    /// entry is `stuck`: the person may retry).
    Refused,
    /// Taken by the server: drawn on top until a read of the list asked
    /// for at `read` or later arrives.
    Settling { read: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    entry: Entry,
    phase: Phase,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    /// This page's changes, and the saved ones it draws, in order.
    lines: Vec<Line>,
    /// The worker's last news.
    news: Snapshot,
    /// Goes up each time the page must read the server's truth again; a
    /// read carries the count it was asked at.
    reads: u32,
    /// The keys of every change this page sent: their answers come to it
    /// (the worker's news of them is for other pages).
    sent: HashSet<String>,
    /// The keys of every change the worker's news has listed here: a saved
    /// one not among them was never drawn on this page.
    heard: HashSet<String>,
}

/// What a transition asks of the page.
#[must_use]
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Post these to the server now.
    pub post: Vec<Entry>,
    /// Tell the worker this.
    pub tell: Option<ToWorker>,
    /// A change saved with the task as it now is: the page knows it.
    pub saved: Option<(Entry, Task)>,
    /// Read the server's truth again a moment after the last saved change
    /// (never at once: a row must not move under a second tap).
    pub calm: bool,
}

impl Ledger {
    /// The person made a change: it is sent now, or held behind the
    /// creation of its task.
    pub fn send(&mut self, entry: Entry) -> Effects {
        self.sent.insert(entry.key.clone());
        if self.blocked(&entry) {
            self.lines.push(Line {
                entry,
                phase: Phase::Held,
            });
            return Effects::default();
        }
        self.lines.push(Line {
            entry: entry.clone(),
            phase: Phase::Sending,
        });
        Effects {
            post: vec![entry],
            ..Effects::default()
        }
    }

    /// Whether `entry` is about a task (or a step) this page is still
    /// sending the creation or restore of.
    fn blocked(&self, entry: &Entry) -> bool {
        let Some(change) = entry.change() else {
            return false;
        };
        let (task, step) = (change.task_id(), change.needs_step());
        if task.is_none() && step.is_none() {
            return false;
        }
        self.in_phase(Phase::Sending)
            .filter_map(Entry::change)
            .any(|earlier| {
                let (makes_task, makes_step) = (earlier.makes_task(), earlier.makes_step());
                (makes_task.is_some() && makes_task == task)
                    || (makes_step.is_some() && makes_step == step)
            })
    }

    /// Whether the page still waits for the answer to `key` (an answer
    /// for a change it forgot, at a sign-out, is not drawn).
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))] // the browser's wiring asks
    pub fn is_sending(&self, key: &str) -> bool {
        self.phase(key) == Some(Phase::Sending)
    }

    /// The answer to a change this page sent came, at `now`.
    pub fn answered(&mut self, key: &str, answer: Answer, now: i64) -> Effects {
        let Some(at) = self.lines.iter().position(|line| line.entry.key == key) else {
            return Effects::default();
        };
        let mut entry = self.lines.remove(at).entry;
        let mut effects = Effects::default();
        // What waited for this answer goes now.
        let mut index = 0;
        while index < self.lines.len() {
            let line = &self.lines[index];
            if line.phase == Phase::Held && !self.blocked(&line.entry) {
                self.lines[index].phase = Phase::Sending;
                effects.post.push(self.lines[index].entry.clone());
            }
            index += 1;
        }
        let phase = match answer {
            // The answer is the task as it now is; the change stays drawn
            // (its next occurrence too) until the calm read after it.
            Answer::Saved(body) => match serde_json::from_str::<Task>(&body) {
                Ok(task) => {
                    effects.saved = Some((entry.clone(), task));
                    effects.calm = true;
                    Phase::Settling {
                        read: self.reads + 1,
                    }
                }
                // An order, a list, a time zone: read again now.
                Err(_) => {
                    self.reads += 1;
                    Phase::Settling { read: self.reads }
                }
            },
            Answer::Queued if self.news.pending.iter().any(|e| e.key == key && !e.sending) => {
                return effects;
            }
            Answer::Queued => Phase::Handed { since: now },
            Answer::Refused { status, body } => {
                entry.status = Some(status);
                entry.reason = Some(body);
                // A server error is not a verdict on the change: the person
                // may send it again (with its key) or drop it.
                entry.stuck = status >= 500;
                self.reads += 1;
                Phase::Refused
            }
            Answer::NoAnswer => {
                entry.stuck = true;
                let error = crate::error::AppError::Transport(String::new());
                entry.reason = serde_json::to_string(&error).ok();
                Phase::Refused
            }
        };
        self.lines.push(Line { entry, phase });
        effects
    }

    /// Gives the worker's `news` what this page settled of each entry
    /// already: its own changes, and requests read from earlier news.
    pub fn recall(&self, news: &mut Snapshot) {
        let old = &self.news;
        let settled = self
            .lines
            .iter()
            .map(|line| &line.entry)
            .chain(&old.pending)
            .chain(&old.failures)
            .chain(&old.recent);
        news.recall(|key| settled.clone().find(|e| e.key == key && e.is_read()));
    }

    /// The worker's news, at `now`: what it keeps, refused and saved. What
    /// it no longer keeps and did not refuse was taken by the server, and
    /// stays drawn until the list is read again, which this asks for.
    pub fn receive(&mut self, news: Snapshot, now: i64) {
        let mine = |ledger: &Self, e: &Entry| e.sending && ledger.sent.contains(&e.key);
        let mut taken: Vec<Entry> = self
            .news
            .taken_by_now(&news)
            .into_iter()
            .filter(|e| !mine(self, e))
            .collect();
        let refused = news.failures.len() > self.news.failures.len();
        let listed = |key: &str| {
            news.pending
                .iter()
                .chain(&news.failures)
                .any(|other| other.key == key)
        };
        taken.extend(self.take_handed(listed, now));
        // Saved by the worker while this page loaded (its list was read
        // before), or from another tab: never drawn here, drawn now.
        taken.extend(
            news.recent
                .iter()
                .filter(|e| !self.heard.contains(&e.key) && !self.sent.contains(&e.key))
                .cloned(),
        );
        let all = news
            .pending
            .iter()
            .chain(&news.failures)
            .chain(&news.recent);
        self.heard.extend(all.map(|e| e.key.clone()));
        let saved_elsewhere = news.saved.iter().any(|key| !self.sent.contains(key));
        self.news = news;
        if !taken.is_empty() {
            self.settle(taken);
        } else if refused || saved_elsewhere {
            self.reads += 1;
        }
    }

    /// What the worker said it kept: now listed in its news (no longer
    /// the page's to draw) or, after a while, taken as sent (the news
    /// crossed it). Returns those taken.
    fn take_handed(&mut self, listed: impl Fn(&str) -> bool, now: i64) -> Vec<Entry> {
        let mut taken = Vec::new();
        let mut index = 0;
        while index < self.lines.len() {
            if let Phase::Handed { since } = self.lines[index].phase {
                if listed(&self.lines[index].entry.key) {
                    self.lines.remove(index);
                    continue;
                }
                if now - since >= HANDED_GRACE_MS {
                    taken.push(self.lines.remove(index).entry);
                    continue;
                }
            }
            index += 1;
        }
        taken
    }

    /// Time passed with no news: a change the worker said it kept and
    /// never listed is taken as sent.
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))] // the browser's wiring asks
    pub fn age(&mut self, now: i64) {
        let news = &self.news;
        let listed: Vec<String> = news
            .pending
            .iter()
            .chain(&news.failures)
            .map(|e| e.key.clone())
            .collect();
        let taken = self.take_handed(|key| listed.iter().any(|k| k == key), now);
        if !taken.is_empty() {
            self.settle(taken);
        }
    }

    /// Entries the server took: drawn until a read after them arrives.
    fn settle(&mut self, taken: Vec<Entry>) {
        self.reads += 1;
        let read = self.reads;
        self.lines.extend(taken.into_iter().map(|entry| Line {
            entry,
            phase: Phase::Settling { read },
        }));
    }

    /// A read of the list asked for at `seen` arrived: it has every change
    /// settled up to then (later ones stay drawn).
    /// Whether anything stopped being drawn.
    pub fn list_read(&mut self, seen: u32) -> bool {
        let before = self.lines.len();
        self.lines
            .retain(|line| !matches!(line.phase, Phase::Settling { read } if read <= seen));
        self.lines.len() != before
    }

    /// Asks the page to read the server's truth again.
    pub fn reread(&mut self) {
        self.reads += 1;
    }

    /// The account shown changed: nothing of the last one stays, not
    /// even what it was sending (no row stays `sending` for ever).
    pub fn clear(&mut self) {
        *self = Self {
            reads: self.reads,
            heard: std::mem::take(&mut self.heard),
            ..Self::default()
        };
    }

    /// Takes a change this page holds as refused out of the ledger.
    fn take_refused(&mut self, key: &str) -> Option<Entry> {
        let at = self
            .lines
            .iter()
            .position(|line| line.entry.key == key && line.phase == Phase::Refused)?;
        Some(self.lines.remove(at).entry)
    }

    /// The person dismissed a refusal.
    pub fn dismiss(&mut self, key: &str) -> Effects {
        match self.take_refused(key) {
            Some(_) => Effects::default(),
            None => Effects {
                tell: Some(ToWorker::Dismiss { key: key.into() }),
                ..Effects::default()
            },
        }
    }

    /// The person sends a stuck change again, with its key.
    pub fn retry(&mut self, key: &str) -> Effects {
        match self.take_refused(key) {
            Some(mut entry) => {
                entry.stuck = false;
                self.send(entry)
            }
            None => Effects {
                tell: Some(ToWorker::Retry { key: key.into() }),
                ..Effects::default()
            },
        }
    }

    /// The person dropped a change: it stops showing (the truth is read
    /// again).
    pub fn discard(&mut self, key: &str) -> Effects {
        self.reads += 1;
        match self.take_refused(key) {
            Some(_) => Effects::default(),
            None => Effects {
                tell: Some(ToWorker::Discard { key: key.into() }),
                ..Effects::default()
            },
        }
    }
}

mod reads;
#[cfg(test)]
mod tests;
