//! The worker's news, received in the order it came. News listing a
//! request this page has not read (`read_back.rs`) waits for the reader's
//! chunk, and the news after it waits behind: the ledger must see the
//! worker's queue in the order the worker wrote it.

use super::{Outbox, Snapshot};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

#[derive(Clone, Default)]
pub struct News {
    waiting: Rc<RefCell<VecDeque<Snapshot>>>,
    reading: Rc<Cell<bool>>,
}

impl News {
    /// The worker wrote `news`.
    pub fn came(&self, outbox: Outbox, news: Snapshot) {
        self.waiting.borrow_mut().push_back(news);
        self.take(outbox);
    }

    fn take(&self, outbox: Outbox) {
        while !self.reading.get() {
            let next = self.waiting.borrow_mut().pop_front();
            let Some(mut news) = next else {
                return;
            };
            if !outbox.recall(&mut news) {
                outbox.receive(news);
                continue;
            }
            self.reading.set(true);
            let this = self.clone();
            leptos::task::spawn_local(async move {
                let news = read_requests(news).await;
                outbox.receive(news);
                this.reading.set(false);
                this.take(outbox);
            });
        }
    }
}

/// The reader of queued requests, in a WASM chunk of its own: calling
/// this the first time fetches it.
#[lazy]
fn read_requests(news: Snapshot) -> Snapshot {
    news.read_requests()
}
