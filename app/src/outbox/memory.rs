//! What the page knows (`Known`), kept on the phone per account, so a view
//! opened without a network shows the tasks as the page last knew them,
//! changes saved a moment before the network went included. Never read for
//! another account than the one the page shows; forgotten at sign-out.

use super::Known;
use crate::domain::UserId;

#[cfg(feature = "hydrate")]
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn key(account: UserId) -> String {
    format!("tetrad-known:{account}")
}

pub fn load(account: UserId) -> Option<Known> {
    #[cfg(feature = "hydrate")]
    {
        let text = storage()?.get_item(&key(account)).ok()??;
        serde_json::from_str(&text).ok()
    }
    #[cfg(not(feature = "hydrate"))]
    {
        let _ = key(account);
        None
    }
}

#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
pub fn save(account: UserId, known: &Known) {
    #[cfg(feature = "hydrate")]
    if let (Some(storage), Ok(text)) = (storage(), serde_json::to_string(known)) {
        // Full storage: the page still works, it only forgets sooner.
        let _ = storage.set_item(&key(account), &text);
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (account, known);
}

pub fn forget(account: UserId) {
    #[cfg(feature = "hydrate")]
    if let Some(storage) = storage() {
        let _ = storage.remove_item(&key(account));
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = account;
}
