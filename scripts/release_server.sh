# Sourced by test.sh, bench.sh and load.sh: starts the release build of the
# server (site files from `cargo leptos build --release`, where present) in
# the background and waits until it answers. Sets `release_server` to its
# process id.
#   start_release_server ADDR DATABASE_URL LOG_FILE
start_release_server() {
  local addr="$1" database_url="$2" log="$3"
  if curl -sf "http://$addr/healthz" >/dev/null; then
    echo "something already answers on $addr; stop it first" >&2
    return 1
  fi
  DATABASE_URL="$database_url" TETRAD_ADDR="$addr" RUST_LOG=warn \
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
