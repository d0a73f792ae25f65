//! Embeds the migrations: for each backend's folder, writes the list of its
//! files (version, description, contents by `include_str!`) that
//! `db/migrations.rs` hands to sqlx. The folder is the one list: a new
//! migration needs no line of code. sqlx's own `migrate!` macro does the
//! same, but it brings sqlx-macros, which compiles sqlx and both drivers a
//! second time, for the compiler (issue 27, the loop). Cargo does not watch
//! the folders by itself: a server built without a new migration would
//! read columns its database does not have.
use std::error::Error;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() -> Result<(), Box<dyn Error>> {
    let migrations = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations");
    let out = PathBuf::from(env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?);
    println!("cargo:rerun-if-changed={}", migrations.display());
    for backend in ["sqlite", "postgres"] {
        let folder = migrations.join(backend);
        println!("cargo:rerun-if-changed={}", folder.display());
        fs::write(
            out.join(format!("migrations_{backend}.rs")),
            listing(&folder)?,
        )?;
    }
    Ok(())
}

/// `&[(version, "description", include_str!("path")), ...]`, by version,
/// read as sqlx reads a folder: `<version>_<description>.sql`, the
/// description's underscores as spaces.
fn listing(folder: &Path) -> Result<String, Box<dyn Error>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if path.extension().is_none_or(|ext| ext != "sql") {
            continue;
        }
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let not_named = || {
            format!(
                "{} is not named <version>_<description>.sql",
                path.display()
            )
        };
        let (version, description) = stem.split_once('_').ok_or_else(not_named)?;
        let version: i64 = version.parse().map_err(|_| not_named())?;
        files.push((version, description.replace('_', " "), path.canonicalize()?));
    }
    files.sort_by_key(|(version, ..)| *version);
    let mut text = String::from("&[\n");
    for (version, description, path) in files {
        writeln!(
            text,
            "    ({version}, {description:?}, include_str!({path:?})),"
        )?;
    }
    text.push_str("]\n");
    Ok(text)
}
