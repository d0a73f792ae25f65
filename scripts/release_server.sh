# Sourced by test.sh and bench.sh: starts the release build of the site
# (after `cargo leptos build --release`) in the background and waits until
# it answers. Sets `release_server` to its process id.
#   start_release_server ADDR DATABASE_FILE LOG_FILE
start_release_server() {
  local addr="$1" database="$2" log="$3"
  if curl -sf "http://$addr/healthz" >/dev/null; then
    echo "something already answers on $addr; stop it first" >&2
    return 1
  fi
  rm -f "$database" "$database-shm" "$database-wal"
  DATABASE_URL="sqlite://$database" TETRAD_ADDR="$addr" RUST_LOG=warn \
    LEPTOS_SITE_ADDR="$addr" LEPTOS_OUTPUT_NAME=tetrad LEPTOS_SITE_ROOT=target/site \
    LEPTOS_SITE_PKG_DIR=pkg target/release/tetrad >"$log" 2>&1 &
  release_server=$!
  until curl -sf "http://$addr/healthz" >/dev/null; do
    if ! kill -0 "$release_server" 2>/dev/null; then
      cat "$log" >&2
      return 1
    fi
    sleep 0.2
  done
}
