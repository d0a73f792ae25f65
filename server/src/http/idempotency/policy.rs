//! Which requests are mutations that must carry a key. The service worker
//! applies the same rule to decide what it queues (`isMutation` in
//! public/sw-policy.js); both read the prefixes from `app::protocol`.

use app::protocol::{API_PREFIX, AUTH_PREFIX};
use http::Method;

/// Every POST to a server function, except signing in, up and out: their
/// meaning expires, so they are never queued, retried or keyed.
pub fn needs_key(method: &Method, path: &str) -> bool {
    *method == Method::POST && path.starts_with(API_PREFIX) && !path.starts_with(AUTH_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_posts_to_the_api_outside_sign_in_need_a_key() {
        assert!(needs_key(&Method::POST, "/api/tasks/add"));
        assert!(!needs_key(&Method::GET, "/api/tasks/list"));
        assert!(!needs_key(&Method::POST, "/api/auth/signin"));
        assert!(!needs_key(&Method::POST, "/signin"));
    }
}
