#!/usr/bin/env bash
# Sets up what is missing and runs Tetrad on SQLite (release build).
#   DATABASE_URL  default sqlite://tetrad.db (created on first run)
#   TETRAD_ADDR   default 127.0.0.1:3000
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
export DATABASE_URL="${DATABASE_URL:-sqlite://tetrad.db}"
export TETRAD_ADDR="${TETRAD_ADDR:-127.0.0.1:3000}"
# cargo-leptos announces this address; the server listens on TETRAD_ADDR.
export LEPTOS_SITE_ADDR="$TETRAD_ADDR"
echo "Building; Tetrad will be at http://$TETRAD_ADDR"
exec cargo leptos serve --release --split
