//! The headers that protect the page in the browser (issue 26, point 5):
//! a Content-Security-Policy whose nonce is the one every inline script of
//! the page carries (and a new one per page), no content sniffing, no
//! referrer, no framing, and nothing of the account kept by a shared cache.
//! (That the app really runs under the policy is end2end's csp.spec.ts.)

use crate::support::spawn::spawn_app_with;
use crate::support::{spawn_app, Backend};

on_both_backends!(
    a_page_allows_only_its_own_inline_scripts_by_a_nonce_new_for_every_page,
    every_answer_forbids_sniffing_referrers_and_framing,
    pages_and_api_answers_are_never_stored_by_a_shared_cache,
);

/// The nonce a page's policy allows.
fn nonce_of(policy: &str) -> String {
    let start = policy.find("'nonce-").expect("a nonce in the policy") + "'nonce-".len();
    policy[start..].split('\'').next().unwrap().to_owned()
}

async fn a_page_allows_only_its_own_inline_scripts_by_a_nonce_new_for_every_page(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("lena").await;
    let mut nonces = Vec::new();
    for _ in 0..2 {
        let page = browser.get(app.url("/")).send().await.unwrap();
        let policy = page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        let nonce = nonce_of(&policy);
        let html = page.text().await.unwrap();
        let scripts: Vec<&str> = html.split("<script").skip(1).collect();
        assert!(!scripts.is_empty(), "the page has its scripts");
        for script in scripts {
            let tag = script.split('>').next().unwrap();
            // An empty script never runs, so no policy applies to it (the
            // renderer leaves one at the end of a streamed page).
            let empty = script[tag.len()..].starts_with("></script>");
            assert!(
                empty || tag.contains(" src=") || tag.contains(&format!("nonce=\"{nonce}\"")),
                "an inline script without the page's nonce: <script{}",
                script.chars().take(160).collect::<String>()
            );
        }
        nonces.push(nonce);
    }
    assert_ne!(nonces[0], nonces[1], "a new nonce for every page");
}

async fn every_answer_forbids_sniffing_referrers_and_framing(backend: Backend) {
    let app = spawn_app(backend).await;
    let client = app.browser();
    for path in [
        "/signin",
        "/api/tasks/list",
        "/pkg/tetrad.css",
        "/healthz",
        "/sw.js",
    ] {
        let answer = client.get(app.url(path)).send().await.unwrap();
        let headers = answer.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        assert!(
            headers["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'none'"),
            "{path}"
        );
        assert!(headers.contains_key("permissions-policy"), "{path}");
        if path == "/sw.js" {
            let policy = headers["content-security-policy"].to_str().unwrap();
            assert!(
                policy.contains("default-src 'self'"),
                "the worker may import its policy and fetch the site: {policy}"
            );
        }
        assert!(
            !headers.contains_key("strict-transport-security"),
            "not over plain HTTP"
        );
    }
    let https = spawn_app_with(backend, |config| config.settings.secure_cookies = true).await;
    let answer = https
        .browser()
        .get(https.url("/signin"))
        .send()
        .await
        .unwrap();
    assert!(answer.headers()["strict-transport-security"]
        .to_str()
        .unwrap()
        .starts_with("max-age="));
}

async fn pages_and_api_answers_are_never_stored_by_a_shared_cache(backend: Backend) {
    let app = spawn_app(backend).await;
    let browser = app.signed_up_browser("lena").await;
    for path in ["/", "/settings", "/api/tasks/list", "/api/account/export"] {
        let answer = browser.get(app.url(path)).send().await.unwrap();
        assert_eq!(
            answer.headers()["cache-control"],
            "private, no-store",
            "{path}"
        );
    }
}
