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
  if [ -n "${current:-}" ]; then phases+=("$(printf '%-50s %4ss' "$current" $((now - phase_start)))"); fi
  current="$1"; phase_start=$now
  printf '\n\033[1m==> %s\033[0m\n' "$1"
}
report() {
  phase ""
  echo; echo "Phase times:"; printf '  %s\n' "${phases[@]}"
  printf '  %-50s %4ss\n' total $((SECONDS - started))
  flaky_report
}
# A test that passed only on its retry (end2end/playwright.config.ts) is
# named here, so that a closing note and the next session see it.
flaky_report() {
  local log
  for log in target/e2e/e2e.log; do
    [ -f "$log" ] || continue
    if grep -qE '^ +[0-9]+ flaky' "$log"; then
      echo; echo "Passed only on their retry ($log):"
      sed -n '/^ \+[0-9]\+ flaky/,/^ \+[0-9]\+ passed/p' "$log" | grep -E '›' | sort -u || true
    fi
  done
}
# Playwright stops the server it started on PostgreSQL; should it not (a
# run cut short), its process id is in a file beside its log.
stop_leftovers() {
  kill "${probe:-}" "${wasm_build:-}" 2>/dev/null || true
  if [ -f target/e2e/release.log.pid ]; then
    kill "$(cat target/e2e/release.log.pid)" 2>/dev/null || true
    rm -f target/e2e/release.log.pid
  fi
}
trap 'report; stop_leftovers' EXIT

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

phase "format and the worker's policy"
# What fails in seconds runs first: formatting and the worker's policy
# (node:test).
cargo fmt --all -- --check
node --test end2end/worker/

# Clippy lints our crates as they are compiled for real: clippy-driver
# wraps rustc for the workspace's crates (what `cargo clippy` does, over a
# check-only build), every warning an error, in every build below: the
# server's, its tests' and the WASM the browser runs.
export RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# CI builds a clean checkout once: incremental compilation's bookkeeping
# would only cost (the tests' build of our two crates: 60 → 49 s here).
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi

# One build of the server for its tests and for the end-to-end tests. The
# tests are built in the release profile, so the dependencies, `app` and
# `server` compile once, optimised, and `cargo leptos end-to-end` finds
# them built; only the tests' own code (unit tests, the API and chaos
# suites) compiles as the dev profile would, with debug assertions and
# overflow checks (scripts/tests.cargo.toml). What the integration suites
# exercise is thus the server as it ships. The builds stay alike only if
# the tests add no feature to any crate (docs/decisions.md lists what
# keeps it so); and `leptos_config` reads the site's output name at
# compile time, so it is set here as `cargo leptos` sets it.
export LEPTOS_OUTPUT_NAME=tetrad
tests=(--locked --release --config scripts/tests.cargo.toml -p app -p server)

# The WASM the browser runs, compiled as `cargo leptos` compiles it (the
# same command, target folder and flags, so that it finds it built), beside
# the server's build at a lower priority: it fills the cores the server's
# build leaves idle on its serial stretch (`app`, then `server`).
mkdir -p target/e2e
(
  export RUSTFLAGS="--cfg erase_components -Clink-args=--emit-relocs"
  exec nice -n 19 cargo build --locked --package=frontend --lib --target-dir=target/front \
    --target=wasm32-unknown-unknown --no-default-features --profile=wasm-release
) > target/e2e/wasm-build.log 2>&1 &
wasm_build=$!

phase "clippy and the build, for the tests and the release server"
cargo test "${tests[@]}" --all-targets --no-run
if ! wait "$wasm_build"; then
  cat target/e2e/wasm-build.log >&2
  echo "the WASM build failed" >&2
  exit 1
fi

phase "unit and integration tests"
# The API suite waits on its databases more than it computes: eight of its
# tests at once take half the time two do (66 → 33 s on this machine).
# The chaos tests run servers of their own, and keep one test per core.
# Both name the two packages as the build above did: naming one alone
# resolves their features anew, and rebuilds both (32 s).
cargo test "${tests[@]}" --test api -- --test-threads=8
cargo test "${tests[@]}" --lib --bins --test chaos

phase "release build, then end-to-end tests on SQLite and PostgreSQL"
# What is left of the release build is `cargo leptos end-to-end`'s own:
# splitting, binding and optimising the WASM (a `cargo leptos build` before
# it would do that twice: each cargo-leptos process does it once whatever
# it finds). Tried and not kept: the unit tests beside the build's serial
# tail (docs/decisions.md).

# The end-to-end tests' servers and specs. Every spec runs once, against
# the release build (the build scripts/run.sh serves: size-optimised WASM,
# no debug assertions), in one Playwright run on two workers: the
# server-heavy half (the outbox, replays, the last action, checklists,
# search's full-text path, clocks, accounts, the calendar, quotas, the
# timetable and the browser chaos test) against a server on PostgreSQL,
# the production backend, that Playwright starts; the rest against the
# server `cargo leptos end-to-end` serves on SQLite.
# Every test signs up its own accounts, all from this machine's address:
# the limit on sign-ups per address (issue 26) is lifted for the runs.
export TETRAD_SIGNUPS_PER_ADDRESS=1000000
# Reminders reach the tests' own push service on this machine.
export TETRAD_PUSH_LOOPBACK=1
# The deploy test starts servers of its own, and Playwright the one on
# PostgreSQL: this build's.
export TETRAD_E2E_BINARY="$PWD/target/release/tetrad"
on_postgres=(
  outbox checklist account replay search last_action kept clocks
  session_ended calendar chaos quotas shared_phone timetable
)
release_db="tetrad_e2e_release"
postgres_addr="127.0.0.1:3018"
mkdir -p target/e2e
rm -f target/e2e/tetrad.db* target/e2e/*.log
psql -q "$TETRAD_TEST_POSTGRES/postgres" -c "DROP DATABASE IF EXISTS $release_db WITH (FORCE)" \
  -c "CREATE DATABASE $release_db"

# The release server on PostgreSQL probed from outside, with curl, once
# Playwright has started it: headers, the session cookie, cross-site
# refusals, the header deadline, password throttling. Beside the tests
# (its own accounts): it mostly waits out the server's deadlines.
(
  until curl -sf "http://$postgres_addr/healthz" >/dev/null; do
    kill -0 $$ 2>/dev/null || exit 1
    sleep 1
  done
  exec scripts/probe.sh "http://$postgres_addr"
) > target/e2e/probe.log 2>&1 &
probe=$!
(
  export DATABASE_URL="sqlite://target/e2e/tetrad.db"
  export TETRAD_ADDR="127.0.0.1:3017"
  export TETRAD_E2E_URL="http://$TETRAD_ADDR"
  export LEPTOS_SITE_ADDR="$TETRAD_ADDR"
  export TETRAD_E2E_POSTGRES_SPECS="${on_postgres[*]/%/.spec.ts}"
  export TETRAD_E2E_POSTGRES_ADDR="$postgres_addr"
  export TETRAD_E2E_POSTGRES_DATABASE="$TETRAD_TEST_POSTGRES/$release_db"
  export TETRAD_E2E_POSTGRES_LOG="$PWD/target/e2e/release.log"
  # The reminder specs run on SQLite: its scheduler looks every 2 s, so a
  # reminder due now is sent within the test.
  export TETRAD_REMINDER_SECS=2
  cargo leptos end-to-end --release --split
) 2>&1 | tee target/e2e/e2e.log
# `cargo leptos end-to-end` exits 0 when the build fails, without running
# a test: Playwright's summary must be there.
if ! grep -qE '^ +[0-9]+ passed' target/e2e/e2e.log; then
  echo "the end-to-end tests did not run (did the build fail?)" >&2
  exit 1
fi
no_panics_in target/e2e/e2e.log "release server on SQLite"
no_panics_in target/e2e/release.log "release server on PostgreSQL"
probe_status=0
wait "$probe" || probe_status=$?
cat target/e2e/probe.log
if [ "$probe_status" != 0 ]; then
  echo "the probe of the release server failed" >&2
  exit 1
fi
