#!/usr/bin/env bash
# The floor for Today's first load (issue 27, point 7; measured, never
# shipped): builds bench/floor, a WASM module with only the shared change
# types and `apply`, the outbox's ledger, a change's request and the DOM
# calls that draw a tap (no Leptos), the way the release WASM is built
# (`cargo leptos build --release`: wasm-release, bound,
# wasm-opt -Oz), and prints its main module's size raw, gzip and brotli
# (quality 11, as the server precompresses), then what it holds by crate.
#   scripts/floor.sh [<results dir>]   (writes floor.json and floor_crates.json there)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# A workspace of its own, locked to the product's versions.
cp Cargo.lock bench/floor/Cargo.lock
(cd bench/floor && cargo leptos build --release --frontend-only)
pkg=bench/floor/target/site/pkg

results="${1:-}"
node --input-type=module - "$pkg" "${results:+$results/floor.json}" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
const [pkg, output] = process.argv.slice(2);
const sizes = (file) => {
  const bytes = readFileSync(`${pkg}/${file}`);
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const files = [sizes('floor.wasm'), sizes('floor.js')];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('| File | Raw | gzip | brotli |\n|---|---:|---:|---:|');
for (const f of files) console.log(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
if (output) writeFileSync(output, JSON.stringify(files, null, 2));
JS
# By crate, from the module cargo wrote (names are gone once served).
node end2end/bench/wasm_crates.mjs bench/floor/target/front/wasm32-unknown-unknown/wasm-release/floor.wasm \
  ${results:+"$results/floor_crates.json"}
