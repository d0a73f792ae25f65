#!/usr/bin/env bash
# Sets up what is missing and runs every test: unit, integration (SQLite and
# PostgreSQL) and end-to-end (Chromium). Prints how long each phase took.
#   TETRAD_TEST_POSTGRES  default postgres://postgres@127.0.0.1:5432
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
phase_start=$SECONDS
phases=()
phase() {
  local now=$SECONDS
  if [ -n "${current:-}" ]; then phases+=("$(printf '%-28s %4ss' "$current" $((now - phase_start)))"); fi
  current="$1"; phase_start=$now
  printf '\n\033[1m==> %s\033[0m\n' "$1"
}
report() {
  phase ""
  echo; echo "Phase times:"; printf '  %s\n' "${phases[@]}"
  echo "  total                        $((SECONDS - started))s"
}
trap 'report; kill "${release_server:-}" 2>/dev/null || true' EXIT

# The server must never panic: a panic in a render or a request (a drag
# handle's browser-only state dropped on another thread was one, a render
# that outlived its request another) is a failure even when every page
# still answered.
no_panics_in() {
  local log="$1" server="$2"
  if grep -q "panicked" "$log"; then
    echo "the $server panicked:" >&2
    grep -A3 "panicked" "$log" | head -20 >&2
    exit 1
  fi
}

phase "setup"
scripts/setup.sh --tests
source scripts/env.sh

phase "postgresql"
export TETRAD_TEST_POSTGRES="${TETRAD_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
if ! pg_isready -q -d "$TETRAD_TEST_POSTGRES/postgres" 2>/dev/null; then
  echo "PostgreSQL is not answering; trying to start the local cluster"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  sleep 2
fi
# The PostgreSQL tests never skip: without a server they fail, loudly.
pg_isready -d "$TETRAD_TEST_POSTGRES/postgres"

phase "fast checks (format, worker policy, clippy)"
# What fails in a minute runs first: formatting, the worker's policy
# (node:test), and clippy with every warning an error, on the server and
# its tests and on the WASM the browser runs (the workspace's lints:
# Cargo.toml).
cargo fmt --all -- --check
node --test end2end/worker/
cargo clippy --locked --all-targets -p app -p server -- -D warnings
cargo clippy --locked -p frontend --target wasm32-unknown-unknown -- -D warnings

phase "unit and integration tests"
cargo test --locked -p app -p server

phase "build (cargo leptos)"
# `cargo leptos end-to-end` exits 0 when the build fails, so build first.
cargo leptos build --split

phase "end-to-end tests"
# Every test signs up its own accounts, all from this machine's address:
# the limit on sign-ups per address (issue 26) is lifted for the runs.
export TETRAD_SIGNUPS_PER_ADDRESS=1000000
mkdir -p target/e2e
rm -f target/e2e/tetrad.db*
export DATABASE_URL="sqlite://target/e2e/tetrad.db"
export TETRAD_ADDR="127.0.0.1:3017"
export TETRAD_E2E_URL="http://$TETRAD_ADDR"
export LEPTOS_SITE_ADDR="$TETRAD_ADDR"
# The server's log is kept (and shown as it comes) and read for panics.
cargo leptos end-to-end --split 2>&1 | tee target/e2e/debug.log
no_panics_in target/e2e/debug.log "debug server (end-to-end run on SQLite)"

phase "release build and smoke test"
# scripts/run.sh serves the release build, which differs (size-optimised
# WASM, no debug assertions): two failures this suite missed were release
# only (a build error, a hydration mismatch). Sign-up, tasks, the outbox,
# the installed app opened offline (also straight after sign-up and
# sign-in, every view), the replay paths, the last action winning, signing
# out with changes waiting, the pages' own WASM chunks (fetched when first
# needed, kept for offline) and the browser chaos test, against the release
# server on PostgreSQL (the debug run above is on SQLite), so the browser's
# path is proven on both backends; and fresh on every device, search (the
# PostgreSQL full-text path), the account's password, export and deletion,
# the calendar link, and checklists (made offline too); what was typed into
# something deleted elsewhere, clocks hours off, and a session ended
# elsewhere while changes wait; a kept page opened at once on a network
# that holds it back, the Content-Security-Policy (the release WASM and
# chunks run under it), and a shared phone forgetting an account.
cargo leptos build --release --split
source scripts/release_server.sh
release_addr="127.0.0.1:3018"
release_db="tetrad_e2e_release"
psql -q "$TETRAD_TEST_POSTGRES/postgres" -c "DROP DATABASE IF EXISTS $release_db WITH (FORCE)" \
  -c "CREATE DATABASE $release_db"
start_release_server "$release_addr" "$TETRAD_TEST_POSTGRES/$release_db" target/e2e/release.log
(cd end2end && TETRAD_E2E_URL="http://$release_addr" \
  npx playwright test tests/foundation.spec.ts tests/outbox.spec.ts tests/pwa.spec.ts \
    tests/reopen.spec.ts tests/offline.spec.ts tests/replay.spec.ts tests/last_action.spec.ts \
    tests/sign_out.spec.ts tests/split.spec.ts tests/chaos.spec.ts tests/fresh.spec.ts \
    tests/search.spec.ts tests/account.spec.ts tests/calendar.spec.ts tests/checklist.spec.ts \
    tests/drag.spec.ts tests/kept.spec.ts tests/clocks.spec.ts tests/session_ended.spec.ts \
    tests/slow_network.spec.ts tests/csp.spec.ts tests/shared_phone.spec.ts)
# The release server probed from outside, with curl: headers, the session
# cookie, cross-site refusals, the header deadline, password throttling.
scripts/probe.sh "http://$release_addr"
no_panics_in target/e2e/release.log "release server (smoke run on PostgreSQL)"
