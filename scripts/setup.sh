#!/usr/bin/env bash
# Installs what building and testing Tetrad needs, skipping what is already
# there. Everything comes from the package registries (Debian, crates.io,
# npm); nothing is downloaded from anywhere else.
#
#   scripts/setup.sh           tools to build and run the app
#   scripts/setup.sh --tests   ... and Chromium for the end-to-end tests
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_LEPTOS_VERSION=0.3.10
# wasm-bindgen-cli must match the wasm-bindgen library in Cargo.lock exactly.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

# rustfmt and clippy: the test run checks formatting and lints.
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

if [ "$(cargo leptos --version 2>/dev/null || true)" != "cargo-leptos $CARGO_LEPTOS_VERSION" ]; then
  say "installing cargo-leptos $CARGO_LEPTOS_VERSION (about 10 minutes, once)"
  # --debug halves the build time; cargo-leptos does little work of its own.
  cargo install --locked --debug cargo-leptos --version "$CARGO_LEPTOS_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes, once)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# npm packages: Playwright for the tests and binaryen's wasm-opt, which
# cargo-leptos runs for release builds. Playwright must not fetch a browser.
if ! (cd end2end && npm ls --silent >/dev/null 2>&1); then
  say "installing npm packages"
  (cd end2end && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi

# Chromium's headless shell runs most end-to-end specs; the full browser
# the few that need what the shell lacks (notifications).
if [ "${1:-}" = "--tests" ] && ! { command -v chromium && command -v chromium-headless-shell; } >/dev/null; then
  say "installing Chromium from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
fi
