//! `/sw.js`: the service worker (`public/sw.js`), built into the binary
//! with its policy (`public/sw-policy.js`) and its configuration written
//! in: the build's id, the asset path, the names it shares with the app
//! (`app::protocol`) and the offline page's words (`app::text`). Its caches
//! are named after the build id, so a deploy gets new caches (the worker
//! drops the old ones once the new are complete); and because the script's
//! bytes change with it, the browser installs the new worker. It is served
//! with `Cache-Control: no-cache`, so the browser asks for it on every visit.

use axum::response::{IntoResponse, Response};
use http::header;
use leptos::config::LeptosOptions;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::Arc;

const TEMPLATE: &str = include_str!("../../../public/sw.js");
const POLICY: &str = include_str!("../../../public/sw-policy.js");

#[derive(Clone)]
pub struct ServiceWorker {
    script: Arc<str>,
}

impl ServiceWorker {
    /// Writes the build id (a digest of the worker and of the site's
    /// JavaScript, WASM and CSS, as far as they exist) and the asset paths
    /// into the worker.
    pub fn for_site(options: &LeptosOptions) -> Self {
        let pkg = format!("/{}/{}", options.site_pkg_dir, options.output_name);
        let mut digest = Sha256::new();
        digest.update(TEMPLATE.as_bytes());
        digest.update(POLICY.as_bytes());
        let files = Path::new(&*options.site_root).join(&*options.site_pkg_dir);
        for extension in ["js", "wasm", "css"] {
            let file = files.join(format!("{}.{extension}", options.output_name));
            if let Ok(bytes) = std::fs::read(file) {
                digest.update(&bytes);
            }
        }
        let build: String = digest.finalize()[..8]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        let config = serde_json::json!({
            "build": build,
            "pkg": pkg,
            "names": app::protocol::worker_names(),
            "words": app::text::worker_words(),
        });
        let script = TEMPLATE
            .replace("__TETRAD_CONFIG__", &config.to_string())
            .replace("__TETRAD_POLICY__", POLICY);
        Self {
            script: script.into(),
        }
    }

    pub fn response(&self) -> Response {
        (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            self.script.to_string(),
        )
            .into_response()
    }
}
