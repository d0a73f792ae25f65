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
        let chunks = split_chunks(&files);
        for chunk in &chunks {
            if let Ok(bytes) = std::fs::read(files.join(chunk)) {
                digest.update(&bytes);
            }
        }
        let chunks: Vec<String> = chunks
            .iter()
            .map(|chunk| format!("/{}/{chunk}", options.site_pkg_dir))
            .collect();
        let build: String = digest.finalize()[..8]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        let config = serde_json::json!({
            "build": build,
            "pkg": pkg,
            "chunks": chunks,
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

/// The files of a split build (`cargo leptos build --split`) in the site's
/// package directory: the chunk loader and every chunk its manifest names
/// (`{"split name": ["chunk stem", ...]}`). None for a build not split.
fn split_chunks(pkg: &Path) -> Vec<String> {
    let mut chunks = std::collections::BTreeSet::new();
    let manifest = std::fs::read_to_string(pkg.join("__wasm_split_manifest.json"))
        .ok()
        .and_then(|text| {
            serde_json::from_str::<std::collections::HashMap<String, Vec<String>>>(&text).ok()
        })
        .unwrap_or_default();
    if manifest.is_empty() {
        return Vec::new();
    }
    for stems in manifest.values() {
        chunks.extend(stems.iter().map(|stem| format!("{stem}.wasm")));
    }
    if let Ok(entries) = std::fs::read_dir(pkg) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("__wasm_split") && name.ends_with(".js") {
                chunks.insert(name);
            }
        }
    }
    chunks.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_build_gives_the_worker_its_loader_and_every_chunk_its_manifest_names() {
        let dir = crate::temp_dir::TempDir::new();
        let manifest = r#"{"__settings_1": ["split___settings_1"], "__sign_in_2": ["chunk_5", "split___sign_in_2"]}"#;
        std::fs::write(dir.path().join("__wasm_split_manifest.json"), manifest).unwrap();
        std::fs::write(
            dir.path().join("__wasm_split.______________________.js"),
            "",
        )
        .unwrap();
        // A chunk an older build left behind is not the worker's to keep.
        std::fs::write(dir.path().join("split___gone_3.wasm"), "").unwrap();
        assert_eq!(
            split_chunks(dir.path()),
            vec![
                "__wasm_split.______________________.js",
                "chunk_5.wasm",
                "split___settings_1.wasm",
                "split___sign_in_2.wasm",
            ]
        );
    }

    #[test]
    fn a_build_not_split_has_no_chunks() {
        let dir = crate::temp_dir::TempDir::new();
        std::fs::write(dir.path().join("tetrad.wasm"), "").unwrap();
        assert!(split_chunks(dir.path()).is_empty());
    }
}
