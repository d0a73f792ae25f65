#!/usr/bin/env bash
# Load: task creations (each under its own key) at 64 connections for 30 s
# against each backend, with wrk (Debian). Prints throughput, p50/p99
# latency, the count of non-2xx answers (wrk's own line, shown only when
# there are some) and of 5xx answers. Not part of the test run.
#
#   scripts/load.sh [seconds]      needs PostgreSQL on 127.0.0.1:5432
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
source scripts/release_server.sh

seconds="${1:-30}"
postgres="${TETRAD_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
addr="127.0.0.1:3019"

if ! command -v wrk >/dev/null; then
  apt-get install -y -qq wrk >/dev/null
fi
# The same build as the site's (a plain `cargo build` would link the
# server to a WASM file name cargo-leptos does not write).
cargo leptos build --release --split

work=$(mktemp -d)
trap 'kill "${release_server:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

against() {
  local name="$1" url="$2"
  start_release_server "$addr" "$url" "$work/server.log"
  curl -sf -c "$work/jar" -H "Origin: http://$addr" -d "username=load-$RANDOM$RANDOM&password=correct+horse+battery" \
    "http://$addr/api/auth/signup" >/dev/null
  # curl marks HttpOnly cookies with a `#HttpOnly_` prefix; other `#` lines are comments.
  local cookie
  cookie=$(awk '(/^#HttpOnly_/ || !/^#/) && $6 ~ /tetrad_session$/ { if (NF >= 7) print $6 "=" $7 }' "$work/jar" | tail -1)
  echo "== $name: 64 connections, ${seconds} s, POST /api/tasks/create with keys"
  TETRAD_LOAD_COOKIE="$cookie" wrk -t2 -c64 -d"${seconds}s" --latency -s scripts/load.lua "http://$addr" |
    grep -E 'Requests/sec|Non-2xx|Socket errors|summary:|^ +(50|99)%'
  kill "$release_server"; wait "$release_server" 2>/dev/null || true
}

against SQLite "sqlite://$work/load.db"

database="tetrad_load_$RANDOM$RANDOM"
psql -q "$postgres/postgres" -c "CREATE DATABASE $database"
against PostgreSQL "$postgres/$database"
psql -q "$postgres/postgres" -c "DROP DATABASE $database WITH (FORCE)"
