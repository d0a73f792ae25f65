-- wrk script for scripts/load.sh: every request creates a new task under a
-- new idempotency key, as a student's taps do, and 5xx answers are counted.

local hex = "0123456789abcdef"
local function hexes(n)
  local t = {}
  for i = 1, n do
    local r = math.random(1, 16)
    t[i] = hex:sub(r, r)
  end
  return table.concat(t)
end

local function uuid()
  local variant = ({ "8", "9", "a", "b" })[math.random(1, 4)]
  return hexes(8) .. "-" .. hexes(4) .. "-4" .. hexes(3) .. "-" .. variant .. hexes(3) .. "-" .. hexes(12)
end

local threads = {}
local next_thread = 0

function setup(thread)
  thread:set("seed", next_thread)
  next_thread = next_thread + 1
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() * 1000 + seed)
  cookie = os.getenv("TETRAD_LOAD_COOKIE")
  server_errors = 0
  made = 0
end

function request()
  made = made + 1
  local body = "id=" .. uuid() .. "&title=Load+" .. seed .. "-" .. made
  return wrk.format("POST", "/api/tasks/create", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["Idempotency-Key"] = uuid(),
    ["Cookie"] = cookie,
    -- What a browser says of a change from the site's own page (the
    -- server refuses changes that say nothing of where they come from).
    ["Sec-Fetch-Site"] = "same-origin",
  }, body)
end

function response(status, headers, body)
  if status >= 500 then
    server_errors = server_errors + 1
  end
end

function done(summary, latency, requests)
  local errors = 0
  for _, thread in ipairs(threads) do
    errors = errors + thread:get("server_errors")
  end
  io.write(string.format("summary: %.0f req/s, p50 %.1f ms, p99 %.1f ms, 5xx answers %d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, errors))
end
