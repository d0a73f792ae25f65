//! `/pkg/…`: the built JavaScript, WASM and CSS, compressed as well as they
//! can be. At start-up a background thread writes a brotli (quality 11)
//! and a gzip (level 9) copy beside each file; `ServeDir` answers with the
//! one the browser accepts. Until they exist, the compression layer
//! compresses on the fly at a cheaper level, so nothing waits for them.
//! A file over 4 MiB is a debug build's WASM (the release one is under 2):
//! quality 11 would take it minutes of a core, so it gets quality 5.
//!
//! The files keep their names from build to build, so browsers revalidate
//! them (`no-cache`, answered 304 when unchanged); a returning person's page
//! takes them from the service worker's cache without asking at all.

use http::{header, HeaderValue};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::SystemTime;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeader;

const COMPRESSIBLE: [&str; 3] = ["js", "wasm", "css"];

pub fn service(
    pkg_dir: &Path,
) -> SetResponseHeader<SetResponseHeader<ServeDir, HeaderValue>, HeaderValue> {
    let files = ServeDir::new(pkg_dir)
        .precompressed_br()
        .precompressed_gzip();
    // The answer depends on Accept-Encoding: caches on the way must know.
    let varied = SetResponseHeader::if_not_present(
        files,
        header::VARY,
        HeaderValue::from_static("accept-encoding"),
    );
    SetResponseHeader::overriding(
        varied,
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache"),
    )
}

/// Writes `.br` and `.gz` beside every compressible file that has none, or
/// an older one, on a blocking thread, once per process (tests start many
/// servers); a failure is logged, never fatal. Older copies (the site was
/// rebuilt) are removed first, before the server answers: `ServeDir` would
/// serve them, and an old WASM does not fit the new JavaScript.
pub fn spawn_precompression(pkg_dir: PathBuf) {
    static STARTED: AtomicBool = AtomicBool::new(false);
    if STARTED.swap(true, Ordering::SeqCst) {
        return;
    }
    remove_old_copies(&pkg_dir);
    tokio::task::spawn_blocking(move || precompress(&pkg_dir));
}

fn remove_old_copies(pkg_dir: &Path) {
    for (source, copy) in copies(pkg_dir) {
        if copy.exists() && !is_fresh(&copy, &source) {
            if let Err(error) = std::fs::remove_file(&copy) {
                tracing::warn!(%error, file = %copy.display(), "removing an old compressed copy failed");
            }
        }
    }
}

fn precompress(pkg_dir: &Path) {
    for (source, copy) in copies(pkg_dir) {
        if is_fresh(&copy, &source) {
            continue;
        }
        let compress: Compress = if copy.extension().is_some_and(|e| e == "br") {
            brotli_max
        } else {
            gzip_max
        };
        if let Err(error) = write_compressed(&source, &copy, compress) {
            tracing::warn!(%error, file = %source.display(), "precompressing failed");
        }
    }
}

/// Each compressible file of `pkg_dir` with the paths of its `.br` and
/// `.gz` copies.
fn copies(pkg_dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(pkg_dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| COMPRESSIBLE.contains(&e))
        })
        .flat_map(|path| ["br", "gz"].map(|suffix| (path.clone(), with_suffix(&path, suffix))))
        .collect()
}

type Compress = fn(&[u8]) -> std::io::Result<Vec<u8>>;

/// Above this size a file is a debug build's, compressed for speed.
const LARGE_FILE: usize = 4 * 1024 * 1024;

fn brotli_max(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: if bytes.len() > LARGE_FILE { 5 } else { 11 },
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)?;
    Ok(out)
}

fn gzip_max(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// A compressed copy at least as new as its source.
fn is_fresh(target: &Path, source: &Path) -> bool {
    matches!((modified(target), modified(source)), (Some(t), Some(s)) if t >= s)
}

/// Compresses into a temporary file (named after this process, should two
/// servers share a site), then renames it into place, so the server never
/// answers with half a file.
fn write_compressed(source: &Path, target: &Path, compress: Compress) -> std::io::Result<()> {
    let compressed = compress(&std::fs::read(source)?)?;
    let partial = with_suffix(target, &format!("{}.partial", std::process::id()));
    std::fs::write(&partial, compressed)?;
    std::fs::rename(&partial, target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_copies_decompress_to_the_original() {
        let original = "fn main() { println!(\"Тетрадь\"); }\n"
            .repeat(200)
            .into_bytes();
        let mut from_brotli = Vec::new();
        brotli::BrotliDecompress(&mut &brotli_max(&original).unwrap()[..], &mut from_brotli)
            .unwrap();
        assert_eq!(from_brotli, original);
        let gzip = gzip_max(&original).unwrap();
        let mut from_gzip = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut from_gzip)
            .unwrap();
        assert_eq!(from_gzip, original);
        assert!(gzip.len() < original.len() / 10);
    }

    #[tokio::test]
    async fn a_browser_that_accepts_brotli_gets_the_brotli_copy() {
        use tower::ServiceExt;
        let dir = crate::temp_dir::TempDir::new();
        let script = "console.log('Тетрадь');\n".repeat(100);
        std::fs::write(dir.path().join("tetrad.js"), &script).unwrap();
        precompress(dir.path());

        let request = http::Request::get("/tetrad.js")
            .header(header::ACCEPT_ENCODING, "gzip, deflate, br")
            .body(axum::body::Body::empty())
            .unwrap();
        let response = service(dir.path()).oneshot(request).await.unwrap();
        assert_eq!(response.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(response.headers()[header::VARY], "accept-encoding");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
        let body = axum::body::to_bytes(axum::body::Body::new(response.into_body()), 1 << 20)
            .await
            .unwrap();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &body[..], &mut decoded).unwrap();
        assert_eq!(decoded, script.as_bytes());
    }

    #[test]
    fn copies_older_than_a_rebuilt_file_are_removed_and_fresh_ones_kept() {
        let dir = crate::temp_dir::TempDir::new();
        let (wasm, css) = (dir.path().join("app.wasm"), dir.path().join("app.css"));
        std::fs::write(with_suffix(&wasm, "br"), b"old build").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&wasm, b"new build").unwrap();
        std::fs::write(&css, b"body {}").unwrap();
        std::fs::write(with_suffix(&css, "br"), b"fresh").unwrap();

        remove_old_copies(dir.path());
        assert!(!with_suffix(&wasm, "br").exists());
        assert!(with_suffix(&css, "br").exists());
    }

    #[test]
    fn a_copy_older_than_its_source_is_rewritten() {
        let dir = crate::temp_dir::TempDir::new();
        let source = dir.path().join("app.js");
        let target = with_suffix(&source, "br");
        std::fs::write(&target, b"old").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&source, b"new").unwrap();
        assert!(!is_fresh(&target, &source));
        write_compressed(&source, &target, brotli_max).unwrap();
        assert!(is_fresh(&target, &source));
    }
}
