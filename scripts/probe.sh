#!/usr/bin/env bash
# Probes a running Tetrad server from outside, with curl (and bash's own
# /dev/tcp for the slow client): the headers that protect its pages, the
# session cookie, the refusal of cross-site changes, the deadline on a
# client that never finishes its header, and the throttling of password
# guesses. Signs up one account of its own (probe-<random>).
#   scripts/probe.sh http://127.0.0.1:3000
# Exits 1 if any check fails; prints each.
set -uo pipefail

base="${1:?usage: scripts/probe.sh BASE_URL}"
base="${base%/}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

check() {
  local what="$1"; shift
  if "$@"; then
    printf '  \033[32mok\033[0m    %s\n' "$what"
  else
    printf '  \033[31mFAIL\033[0m  %s\n' "$what"
    failures=$((failures + 1))
  fi
}

# A header's value (case-insensitive name) in a saved response head.
header() { grep -i "^$2:" "$1" | head -1 | cut -d' ' -f2- | tr -d '\r'; }
has_header() { [[ "$(header "$1" "$2")" == *"$3"* ]]; }
status_of() { head -1 "$1" | cut -d' ' -f2; }

# POSTs a form; prints the status. Extra curl arguments after the form.
post() {
  local path="$1" form="$2"; shift 2
  curl -s -o /dev/null -w '%{http_code}' -b "$work/jar" -c "$work/jar" \
    -H 'accept: application/json' -d "$form" "$@" "$base$path"
}

echo "== headers of a page"
curl -s -D "$work/page" -o /dev/null "$base/signin"
check "Content-Security-Policy allows only the site's own scripts" \
  has_header "$work/page" content-security-policy "script-src 'self'"
check "the page cannot be framed (frame-ancestors 'none')" \
  has_header "$work/page" content-security-policy "frame-ancestors 'none'"
check "X-Content-Type-Options: nosniff" has_header "$work/page" x-content-type-options nosniff
check "Referrer-Policy: no-referrer" has_header "$work/page" referrer-policy no-referrer
check "a Permissions-Policy" has_header "$work/page" permissions-policy "camera=()"
check "pages are not stored by caches (private, no-store)" \
  has_header "$work/page" cache-control "no-store"
if [[ "$base" == https://* ]]; then
  check "HSTS over HTTPS" has_header "$work/page" strict-transport-security "max-age="
fi

echo "== the session cookie"
name="probe-$RANDOM$RANDOM"
password="probe passphrase $RANDOM$RANDOM"
curl -s -D "$work/signup" -o /dev/null -c "$work/jar" -H "origin: $base" \
  -H 'accept: application/json' --data-urlencode "username=$name" \
  --data-urlencode "password=$password" "$base/api/auth/signup"
check "sign-up answers 200" test "$(status_of "$work/signup")" = 200
cookie=$(grep -i '^set-cookie:' "$work/signup" | grep -i 'tetrad_session=' | head -1 | tr -d '\r')
check "the session cookie is HttpOnly" grep -qi 'httponly' <<<"$cookie"
check "the session cookie is SameSite=Lax" grep -qi 'samesite=lax' <<<"$cookie"
check "the session cookie is for the whole site (Path=/)" grep -qi 'path=/' <<<"$cookie"
if [[ "$base" == https://* ]]; then
  check "over HTTPS the cookie is __Host- and Secure" \
    grep -qiE '^set-cookie: __Host-tetrad_session=.*secure' <<<"$cookie"
fi

echo "== changes from elsewhere are refused"
task() { echo "id=$(cat /proc/sys/kernel/random/uuid)&quick_add=probe"; }
key() { echo "idempotency-key: $(cat /proc/sys/kernel/random/uuid)"; }
check "a change with neither Origin nor Sec-Fetch-Site: 403" \
  test "$(post /api/tasks/add "$(task)" -H "$(key)")" = 403
check "a change from another site's page (Origin): 403" \
  test "$(post /api/tasks/add "$(task)" -H "$(key)" -H 'origin: https://evil.example')" = 403
check "a change from another site (Sec-Fetch-Site: cross-site): 403" \
  test "$(post /api/tasks/add "$(task)" -H "$(key)" -H 'sec-fetch-site: cross-site')" = 403
case "$base" in
  https://*) other_scheme="http://${base#https://}" ;;
  *) other_scheme="https://${base#http://}" ;;
esac
check "the site's host under another scheme: 403" \
  test "$(post /api/tasks/add "$(task)" -H "$(key)" -H "origin: $other_scheme")" = 403
check "the same change from the site's own page: 200" \
  test "$(post /api/tasks/add "$(task)" -H "$(key)" -H "origin: $base")" = 200

echo "== a client that never finishes its header is cut off"
authority="${base#*://}"; host="${authority%%:*}"; port="${authority##*:}"
[[ "$port" == "$authority" ]] && port=80
slow_client() (
  # Writing to a socket the server closed must not end the probe.
  trap '' PIPE
  started=$SECONDS
  exec 3<>"/dev/tcp/$host/$port" || exit 1
  printf 'GET / HTTP/1.1\r\nHost: %s\r\nX-Slow: ' "$authority" >&3
  # One more byte a second, never the header's end: the server must close
  # the connection (its header deadline is 10 s unless set otherwise).
  while (( SECONDS - started < 40 )); do
    printf 'a' >&3 2>/dev/null || exit 0
    read -r -t 1 -u 3 _
    # 0: it answered (a line), 1: it closed; above 128: a second passed.
    (( $? <= 128 )) && exit 0
  done
  exit 1
)
if [[ "$base" == http://* ]]; then
  check "the trickling connection is closed within 40 s" slow_client
fi

echo "== password guesses are throttled"
guess() {
  curl -s -o /dev/null -w '%{http_code}' -H "origin: $base" -H 'accept: application/json' \
    --data-urlencode "username=$name" --data-urlencode "password=wrong guess $1" \
    "$base/api/auth/signin"
}
answers=""
for n in $(seq 1 11); do answers+=" $(guess "$n")"; done
check "ten wrong passwords are 401, the eleventh 429 ($answers )" \
  test "$answers" = "$(printf ' 401%.0s' $(seq 1 10)) 429"

if (( failures > 0 )); then
  echo "$failures check(s) failed against $base" >&2
  exit 1
fi
echo "every check passed against $base"
