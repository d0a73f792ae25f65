// Tetrad's service worker: the outbox (DESIGN.md §4) and the offline app.
//
// Its rule for a mutation: try to send it; if the network fails or a proxy
// answers 502/503/504, keep a copy in IndexedDB, answer the page 202 with
// `X-Tetrad-Queued: 1`, and replay it later, in order, with the same
// idempotency key, so the server does it exactly once. The server writes
// the build id and asset paths into this file when it serves it.

const BUILD = '__TETRAD_BUILD__';
const PKG = '__TETRAD_PKG__';
const STATIC_CACHE = `tetrad-static-${BUILD}`;
const PAGE_CACHE = `tetrad-pages-${BUILD}`;
const PRECACHE = [
  `${PKG}.js`, `${PKG}.wasm`, `${PKG}.css`,
  '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png',
  '/icons/maskable-512.png', '/icons/apple-touch-icon.png',
];
// Pages that are the same for everyone, kept for offline use as they are.
const PUBLIC_PAGES = ['/signin', '/signup'];
// Sign-in, sign-up and sign-out are never queued: their meaning expires.
const AUTH_PREFIX = '/api/auth/';
const RETRIED_STATUSES = [502, 503, 504];
// A request answered with another 5xx this many times waits for the person.
const STUCK_AFTER = 4;
const MAX_BACKOFF_MS = 60_000;

// ---------------------------------------------------------------- storage

const DB_NAME = 'tetrad-outbox';
const DB_VERSION = 2;
let dbPromise = null;

function database() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const open = indexedDB.open(DB_NAME, DB_VERSION);
      open.onupgradeneeded = () => {
        const db = open.result;
        // Entries in the order they were made (seq), each with its state:
        // 'pending' (to send), 'stuck' (waits for the person), 'failed'
        // (refused by the server; shown until dismissed). Stores are made
        // only where missing, so an upgrade keeps what waits.
        if (!db.objectStoreNames.contains('entries')) {
          const entries = db.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
          entries.createIndex('key', ['account', 'key'], { unique: true });
        }
        if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'name' });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => { dbPromise = null; reject(open.error); };
    });
  }
  return dbPromise;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(name, mode = 'readonly') {
  return (await database()).transaction(name, mode).objectStore(name);
}

async function allEntries(account) {
  const entries = await done((await store('entries')).getAll());
  return entries.filter((entry) => entry.account === account);
}

async function putEntry(entry) {
  return done((await store('entries', 'readwrite')).put(entry));
}

async function deleteEntry(seq) {
  return done((await store('entries', 'readwrite')).delete(seq));
}

async function entryByKey(account, key) {
  return done((await store('entries')).index('key').get([account, key]));
}

// The account the open pages show. Replays are only ever sent for it, and
// the server refuses a request naming another account than the session's.
async function currentAccount() {
  const row = await done((await store('meta')).get('account'));
  return row ? row.value : null;
}

async function setCurrentAccount(value) {
  await done((await store('meta', 'readwrite')).put({ name: 'account', value }));
}

// ---------------------------------------------------------------- pages

async function snapshot(account) {
  const entries = account ? await allEntries(account) : [];
  const view = (entry) => ({
    key: entry.key, url: entry.url, body: entry.body, time: entry.time,
    stuck: entry.state === 'stuck', status: entry.status ?? null, reason: entry.reason ?? null,
  });
  return {
    pending: entries.filter((e) => e.state !== 'failed').map(view),
    failures: entries.filter((e) => e.state === 'failed').map(view),
  };
}

async function tellPages() {
  clearTimeout(tellTimer);
  tellTimer = null;
  const message = JSON.stringify(await snapshot(await currentAccount()));
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

// While a long queue drains, the pages hear at most every 200 ms (each
// message redraws the list); the replay's end always tells them.
let tellTimer = null;
function tellPagesSoon() {
  if (!tellTimer) tellTimer = setTimeout(() => { tellPages(); }, 200);
}

// ---------------------------------------------------------------- outbox

function isMutation(url, request) {
  return request.method === 'POST' && url.pathname.startsWith('/api/') && !url.pathname.startsWith(AUTH_PREFIX);
}

function formField(body, name) {
  try { return new URLSearchParams(body).get(name); } catch { return null; }
}

function queuedAnswer(navigation) {
  // A form posted before the app loaded: back to the list, which shows
  // the change as waiting.
  if (navigation) return Response.redirect('/', 303);
  return new Response(JSON.stringify({ queued: true }), {
    status: 202,
    headers: { 'Content-Type': 'application/json', 'X-Tetrad-Queued': '1' },
  });
}

async function enqueue(entry) {
  if (!(await entryByKey(entry.account, entry.key))) await putEntry(entry);
  await tellPages();
  if (self.registration.sync) {
    try { await self.registration.sync.register('tetrad-outbox'); } catch { /* not allowed here */ }
  }
  scheduleReplay();
}

async function sendMutation(event) {
  const request = event.request;
  const url = new URL(request.url);
  // The body is read from a clone taken before the request leaves.
  const body = await request.clone().text();
  const headers = {};
  for (const name of ['content-type', 'idempotency-key', 'x-tetrad-account']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const key = headers['idempotency-key'] || formField(body, 'idempotency_key');
  const account = headers['x-tetrad-account'] || (await currentAccount());
  const navigation = request.mode === 'navigate';
  // Without a key or an owner a request cannot be replayed safely: it is
  // sent once, and a failure is the page's to show.
  const entry = key && account && {
    key, account, url: url.pathname + url.search, body,
    headers: { ...headers, 'idempotency-key': key, 'x-tetrad-account': account },
    time: Date.now(), attempts: 0, state: 'pending',
  };
  // Behind changes still waiting, a new one waits too: order is kept.
  if (entry && (await allEntries(account)).some((e) => e.state !== 'failed')) {
    await enqueue(entry);
    return queuedAnswer(navigation);
  }
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (!entry) throw error;
    await enqueue(entry);
    return queuedAnswer(navigation);
  }
  if (entry && RETRIED_STATUSES.includes(response.status)) {
    await enqueue(entry);
    return queuedAnswer(navigation);
  }
  if (response.ok || response.type === 'opaqueredirect') refreshPageSoon();
  return response;
}

let replaying = null;
let backoff = 0;
let retryAt = 0;
let pausedFor = null; // an account whose session answered 401
let timer = null;

function scheduleReplay() {
  if (timer) return;
  const wait = Math.max(retryAt - Date.now(), 500);
  timer = setTimeout(() => { timer = null; replay(false); }, wait);
}

function later() {
  backoff = Math.min(backoff ? backoff * 2 : 1000, MAX_BACKOFF_MS);
  retryAt = Date.now() + backoff;
  scheduleReplay();
}

function replayOnce(entry) {
  return fetch(entry.url, {
    method: 'POST',
    headers: { ...entry.headers, accept: 'application/json' },
    body: entry.body,
    credentials: 'same-origin',
    redirect: 'manual',
  });
}

// Sends the account's waiting entries in order, one at a time. Only one
// replay runs at once: every trigger (pages, timer, Background Sync) joins
// the running one. Entries added meanwhile are picked up by the next pass.
function replay(force) {
  if (replaying) return replaying;
  replaying = (async () => {
    const account = await currentAccount();
    if (!account) return;
    if (!force && (Date.now() < retryAt || pausedFor === account)) return;
    let changed = false;
    try {
      for (;;) {
        const waiting = (await allEntries(account)).filter((e) => e.state !== 'failed');
        if (waiting.length === 0) { backoff = 0; retryAt = 0; return; }
        for (const entry of waiting) {
          const outcome = await replayEntry(entry);
          if (outcome === 'stop') return;
          changed = true;
        }
      }
    } finally {
      await tellPages();
      if (changed) refreshPageSoon();
    }
  })().finally(() => { replaying = null; });
  return replaying;
}

// One entry: 'next' when it is settled (saved, or refused for good), 'stop'
// when the queue must wait (network, 401, 409, 5xx, or it waits for the person).
async function replayEntry(entry) {
  if (entry.state === 'stuck') { backoff = 0; retryAt = 0; return 'stop'; }
  let response;
  try {
    response = await replayOnce(entry);
  } catch {
    later();
    return 'stop';
  }
  const status = response.status;
  if (response.ok || response.type === 'opaqueredirect') {
    await deleteEntry(entry.seq);
    tellPagesSoon();
    return 'next';
  }
  if (status === 401) {
    // Signed out, or another account signed in: hold everything until this
    // account's page says hello again.
    pausedFor = entry.account;
    return 'stop';
  }
  if (status === 409 || status >= 500) {
    entry.attempts += 1;
    if (status >= 500 && !RETRIED_STATUSES.includes(status) && entry.attempts >= STUCK_AFTER) {
      Object.assign(entry, { state: 'stuck', status, reason: await response.text() });
    }
    await putEntry(entry);
    later();
    return 'stop';
  }
  // Any other 4xx: this change cannot be saved. The person is told why; the
  // entries behind it go on.
  Object.assign(entry, { state: 'failed', status, reason: await response.text() });
  await putEntry(entry);
  tellPagesSoon();
  return 'next';
}

async function onPageMessage(data) {
  const message = typeof data === 'string' ? JSON.parse(data) : data;
  const account = await currentAccount();
  switch (message.type) {
    case 'hello':
      if (message.account !== account) await setCurrentAccount(message.account);
      pausedFor = null;
      await tellPages();
      return replay(true);
    case 'replay':
      return replay(Boolean(message.force));
    case 'dismiss':
    case 'discard': {
      const entry = account && (await entryByKey(account, message.key));
      if (entry) await deleteEntry(entry.seq);
      await tellPages();
      return replay(true);
    }
    case 'retry': {
      const entry = account && (await entryByKey(account, message.key));
      if (entry) await putEntry({ ...entry, state: 'pending', attempts: 0 });
      await tellPages();
      return replay(true);
    }
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- pages offline

// The list page is the account's own: it is kept with the account it was
// made for (the server names it in `X-Tetrad-Account`) and only ever shown
// to that account.
async function keepPage(path, response) {
  if (response.status !== 200 || response.redirected) return;
  if (path === '/' && !response.headers.get('x-tetrad-account')) return;
  await (await caches.open(PAGE_CACHE)).put(path, response);
}

let refreshTimer = null;
function refreshPageSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(async () => {
    try { await keepPage('/', await fetch('/', { credentials: 'same-origin' })); } catch { /* offline */ }
  }, 1500);
}

async function offlinePage(path) {
  const cache = await caches.open(PAGE_CACHE);
  if (PUBLIC_PAGES.includes(path)) return cache.match(path);
  const page = await cache.match('/');
  const account = await currentAccount();
  if (page && account && page.headers.get('x-tetrad-account') === account) return page;
  return null;
}

const OFFLINE_HTML = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Тетрадь</title></head>
<body><main style="font-family:system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1>Нет сети</h1><p>Тетрадь откроется, когда появится интернет. Изменения, которые вы уже сделали, сохранены на телефоне.</p>
</main></body></html>`;

async function navigate(request) {
  const path = new URL(request.url).pathname;
  try {
    const response = await fetch(request);
    if (path === '/' || PUBLIC_PAGES.includes(path)) await keepPage(path, response.clone());
    return response;
  } catch {
    return (await offlinePage(path))
      || new Response(OFFLINE_HTML, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function authRequest(request) {
  // Whoever signs in next, nothing queued is sent until their page says
  // who they are; the private page kept for offline use goes.
  await setCurrentAccount(null);
  await caches.delete(PAGE_CACHE);
  return fetch(request);
}

// ---------------------------------------------------------------- events

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(STATIC_CACHE);
    await Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => undefined)));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('tetrad-') && name !== STATIC_CACHE && name !== PAGE_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // other origins: never touched
  if (request.method === 'POST') {
    if (url.pathname.startsWith(AUTH_PREFIX)) event.respondWith(authRequest(request));
    else if (isMutation(url, request)) event.respondWith(sendMutation(event));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith(`${PKG.slice(0, PKG.lastIndexOf('/'))}/`) || url.pathname.startsWith('/icons/')
    || url.pathname === '/manifest.webmanifest') event.respondWith(cacheFirst(request));
});

self.addEventListener('message', (event) => {
  // A liveness check: the page (and the tests) can tell the worker runs.
  if (event.data === 'ping') { event.ports[0]?.postMessage('pong'); return; }
  event.waitUntil(onPageMessage(event.data).catch(() => undefined));
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'tetrad-outbox') event.waitUntil(replay(true));
});
