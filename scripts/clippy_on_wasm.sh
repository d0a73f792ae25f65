#!/usr/bin/env bash
# RUSTC_WORKSPACE_WRAPPER for the release build in scripts/test.sh: clippy
# lints our crates compiled for the browser (WASM), and leaves the server's
# to plain rustc. The tests' build already linted the server's (the same
# code and features, in the dev profile), and the server's release crates
# are the build's serial tail, where every second counts.
#   $1: the rustc cargo would run; the rest: its arguments.
for arg in "$@"; do
  case "$arg" in
    wasm32-*|--target=wasm32-*) exec clippy-driver "$@" ;;
  esac
done
exec "$@"
