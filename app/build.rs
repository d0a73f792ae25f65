//! Generates the `i18n` module from `locales/*.json`: one typed key per
//! phrase, so a key missing in either language fails the build.
//!
//! This drives leptos_i18n's parser and code generator directly rather than
//! through `leptos_i18n_build`, which also carries ICU's data-export
//! toolchain (a network client, a WASM interpreter) that Tetrad does not
//! need. Plural forms are not leptos_i18n's either: a phrase that counts has
//! a key per form (`_one`, `_few`, `_many`) and `text/plural.rs` picks one.

use leptos_i18n_parser::parse_locales::options::{Config, ParseOptions};
use leptos_i18n_parser::parse_locales::parse_locales;
use std::error::Error;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=locales");

    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?).join("i18n");

    // Russian is Tetrad's first language. `interpolate_display` lets a
    // phrase with values be built as a plain string too (attributes, and
    // words composed in Rust).
    let options = ParseOptions::default().interpolate_display(true);
    let config = Config::new("ru")?.add_locale("en")?.parse_options(options);
    let parsed = parse_locales(Some(manifest_dir), config)?;
    for warning in parsed.diag.warnings().iter() {
        println!("cargo::warning={warning}");
    }
    let errors = parsed.diag.errors();
    if let Some(error) = errors.iter().next() {
        return Err(error.to_string().into());
    }

    let code = leptos_i18n_codegen::gen_code(&parsed, None, false, None, false)?;
    std::fs::create_dir_all(&out_dir)?;
    std::fs::write(out_dir.join("mod.rs"), code.to_string())?;
    Ok(())
}
