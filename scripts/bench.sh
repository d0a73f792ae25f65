#!/usr/bin/env bash
# Benchmarks with budgets (issue 7): first-load bytes by kind, first paint
# and interactive on Slow 4G with the CPU slowed 4x, tap -> visible, the
# idempotency layer's cost per backend, the drain of 100 queued changes, and
# 10 000 reminders due in one minute.
# Prints the table and writes it to BENCHMARKS.md. Not part of the tests:
# a figure over its budget is reported, never a failure.
#
#   scripts/bench.sh       needs PostgreSQL on 127.0.0.1:5432 (as the tests do)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
source scripts/env.sh

results="$PWD/target/bench"
addr="127.0.0.1:3018"
rm -rf "$results"
mkdir -p "$results"

echo "==> release build (server and size-optimised WASM)"
cargo leptos build --release --split

echo "==> what the first WASM is made of, by crate (before wasm-bindgen and wasm-opt)"
# The split build's main module (what every page loads); the pages' own
# chunks are listed next, with what their first visit fetches.
node end2end/bench/wasm_crates.mjs target/front/wasm32-unknown-unknown/wasm-release/frontend_split.wasm "$results/wasm.json"
node end2end/bench/chunks.mjs target/site/pkg "$results/chunks.json"

echo "==> the floor: Today's taps with no Leptos (measured, never shipped)"
scripts/floor.sh "$results"

echo "==> browser benchmarks against the release server on SQLite"
source scripts/release_server.sh
# Each benchmark signs up its own accounts, all from this address.
export TETRAD_SIGNUPS_PER_ADDRESS=1000000
start_release_server "$addr" "sqlite://$results/bench.db" "$results/server.log"
trap 'kill "$release_server" 2>/dev/null || true' EXIT
browser_failed=0
(cd end2end && TETRAD_BENCH_URL="http://$addr" TETRAD_BENCH_RESULTS="$results" \
  npx playwright test --config bench.config.ts) || browser_failed=1
kill "$release_server" 2>/dev/null || true
wait "$release_server" 2>/dev/null || true

echo "==> the key layer's cost, SQLite and PostgreSQL"
export TETRAD_TEST_POSTGRES="${TETRAD_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
TETRAD_BENCH_JSON="$results/mutations.json" cargo bench --locked -p server --bench mutations --features bench-no-keys

echo "==> 10 000 reminders due in one minute, three instances on PostgreSQL"
TETRAD_BENCH_JSON="$results/reminders.json" cargo bench --locked -p server --bench reminders

node end2end/bench/report.mjs "$results" BENCHMARKS.md
if [ "$browser_failed" = 1 ]; then
  echo "some browser benchmarks failed: their figures are missing above" >&2
  exit 1
fi
