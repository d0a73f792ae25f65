// Tetrad's service worker: the outbox (docs/design.md §4) and the offline app.
//
// Its rule for a mutation: try to send it; if the network fails, no answer
// comes within the deadline, or a proxy answers 502/503/504, keep a copy in
// IndexedDB, answer the page 202 with `X-Tetrad-Queued: 1`, and replay it
// later, in order, with the same idempotency key, so the server does it
// exactly once. Its rule for pages: network first (within a deadline), and
// every planner page kept per account, so the app opens offline on any view.
//
// Every decision lives in the policy (`public/sw-policy.js`, tested with
// `node --test`); this file wires it to the browser. The server writes the
// build id, the asset path, the names shared with the app, the offline
// page's words and the policy itself into this file when it serves it.

const CONFIG = __TETRAD_CONFIG__;
__TETRAD_POLICY__
const policy = self.tetradPolicy;
const { names } = CONFIG;
const STATIC_CACHE = `tetrad-static-${CONFIG.build}`;
const PAGE_CACHE = `tetrad-pages-${CONFIG.build}`;
const PRECACHE = [
  `${CONFIG.pkg}.js`, `${CONFIG.pkg}.wasm`, `${CONFIG.pkg}.css`,
  '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png',
  '/icons/maskable-512.png', '/icons/apple-touch-icon.png',
  // The pages' own WASM chunks and their loader (lazy routes): kept at
  // install, so a page never opened online still opens offline.
  ...(CONFIG.chunks || []),
];

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
        // 'sending' (being sent live; until its deadline), 'pending' (to
        // send), 'stuck' (waits for the person), 'failed' (refused by the
        // server; shown until dismissed). Stores are made only where
        // missing, so an upgrade keeps what waits.
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

// How far the server's clock is from this phone's (docs/design.md §2),
// learned from the `Date` of every answer the worker sees and kept, so a
// worker woken offline still knows it. `null` until the first answer.
let clockOffset;

async function serverClockOffset() {
  if (clockOffset === undefined) {
    const row = await done((await store('meta')).get('clock'));
    clockOffset = row ? row.value : null;
  }
  return clockOffset;
}

// Never holds up the answer: the offset is taken at once, and written
// down only when it moved by a second or more.
async function learnClock(response, sent) {
  const said = { clock: response.headers.get(names.clockHeader), date: response.headers.get('Date') };
  const offset = policy.clockOffset(said, sent, Date.now());
  if (offset === null) return;
  const before = await serverClockOffset();
  clockOffset = offset;
  if (before !== null && Math.abs(offset - before) < 1000) return;
  await done((await store('meta', 'readwrite')).put({ name: 'clock', value: offset }));
}

/** Now by the server's clock as far as this phone knows it (its own clock before any answer). */
async function serverNow() {
  return Date.now() + ((await serverClockOffset()) || 0);
}

// ---------------------------------------------------------------- the network

/** `fetch` that gives up after `ms` (an aborted request counts as no answer). */
async function fetchWithin(request, ms, init = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const sent = Date.now();
  try {
    const response = await fetch(request, { ...init, signal: controller.signal });
    learnClock(response, sent).catch(() => undefined);
    return response;
  } finally {
    clearTimeout(timer);
  }
}

/** What the policy reads of an answer (a redirect not followed counts as one). */
function outcomeOf(response) {
  return { status: response.type === 'opaqueredirect' ? 302 : response.status };
}

// ---------------------------------------------------------------- pages

async function snapshot(account) {
  const now = Date.now();
  const offset = await serverClockOffset();
  return policy.news({
    account,
    entries: account ? await allEntries(account) : [],
    recent: recentlySaved(account, now),
    serverNow: offset === null ? null : now + offset,
    paused: Boolean(account) && pausedFor === account,
    saved: savedUnseen.splice(0),
    dropped: droppedUnseen.splice(0),
    now,
  });
}

// Changes saved in the last minutes. A page opened meanwhile may hold a list
// read before them (the worker sent them while the page loaded, or while
// it was served from the cache), and would show the person's change undone
// or their new task gone; it draws these on top until its next read. Drawing
// one the list already has alters nothing (a change applies by its time).
// Kept in memory: a worker that stops forgets them, and pages then rely on
// their next read, as before.
const RECENT_MS = 10 * 60 * 1000;
const RECENT_MAX = 200;
let savedRecently = [];

function rememberSaved(entry) {
  const now = Date.now();
  savedRecently = savedRecently.filter((e) => now - e.savedAt < RECENT_MS && e.key !== entry.key).slice(1 - RECENT_MAX);
  savedRecently.push({ ...entry, savedAt: now });
}

function recentlySaved(account, now) {
  return account ? savedRecently.filter((e) => e.account === account && now - e.savedAt < RECENT_MS) : [];
}

// One-shot news for the pages open now: keys of live requests saved after
// the page that sent them was gone (they read their view again), and keys
// the person discarded or dismissed (gone from the queue, not saved).
let savedUnseen = [];
let droppedUnseen = [];

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

function formField(body, name) {
  try { return new URLSearchParams(body).get(name); } catch { return null; }
}

function queuedAnswer(request) {
  // A form posted before the app loaded: back to the page it came from,
  // which shows the change as waiting.
  if (request.mode === 'navigate') {
    const back = request.referrer && new URL(request.referrer).origin === self.location.origin
      ? new URL(request.referrer).pathname : '/';
    return Response.redirect(back, 303);
  }
  return new Response(JSON.stringify({ queued: true }), {
    status: 202,
    headers: { 'Content-Type': 'application/json', [names.queuedHeader]: '1' },
  });
}

/** Keeps `entry` to be replayed (it may already be kept, being sent). */
async function enqueue(entry) {
  const kept = await entryByKey(entry.account, entry.key);
  await putEntry({ ...(kept || entry), state: 'pending' });
  await tellPages();
  if (self.registration.sync) {
    try { await self.registration.sync.register('tetrad-outbox'); } catch { /* not allowed here */ }
  }
  scheduleReplay();
}

async function sendMutation(event) {
  let request = event.request;
  const url = new URL(request.url);
  // The body is read from a clone taken before the request leaves.
  let body = await request.clone().text();
  const headers = {};
  for (const name of ['content-type', 'accept', names.keyHeader, names.accountHeader]) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const key = headers[names.keyHeader] || formField(body, names.keyField);
  const account = headers[names.accountHeader] || (await currentAccount());
  // Without a key or an owner a request cannot be replayed safely: it is
  // sent once, and a failure is the page's to show.
  const replayable = Boolean(key && account);
  if (replayable && !formField(body, names.timeField)) {
    // A form posted before the page was live: dated now, once, so every
    // send of it is the same request.
    // By the server's clock as this phone knows it: a phone whose clock
    // runs hours off must not win or lose by it.
    body = policy.dated(body, await serverNow(), names.timeField);
    request = new Request(request.url, {
      method: 'POST', headers, body, credentials: 'same-origin', redirect: 'manual',
    });
  }
  const entry = replayable && {
    key, account, url: url.pathname + url.search, body,
    headers: { ...headers, [names.keyHeader]: key, [names.accountHeader]: account },
    time: Date.now(), attempts: 0,
  };
  if (entry) {
    // Behind changes still waiting, a new one waits too: order is kept.
    const now = Date.now();
    if ((await allEntries(account)).some((e) => policy.isWaiting(e, now))) {
      await enqueue(entry);
      return queuedAnswer(event.request);
    }
    // Kept before it leaves, so a page reloaded or closed meanwhile still
    // sees it, and it is replayed if this worker stops mid-request.
    if (!(await entryByKey(account, key))) {
      await putEntry({ ...entry, state: 'sending', until: now + policy.DEADLINES.mutation });
    }
  }
  let response = null;
  try {
    response = await fetchWithin(request, policy.DEADLINES.mutation);
  } catch {
    // No answer: the network failed, or the deadline passed.
  }
  const outcome = response ? outcomeOf(response) : { error: 'network' };
  switch (policy.afterSend(outcome, replayable)) {
    case 'pause':
      // The session ended (or another account signed in): kept, and held
      // until this account signs in again.
      await sessionEnded(account);
      await enqueue(entry);
      return queuedAnswer(event.request);
    case 'queue':
      retryAt = Math.max(retryAt, Date.now() + askedWait(response));
      await enqueue(entry);
      return queuedAnswer(event.request);
    default:
      break;
  }
  if (entry) await settleLive(entry, response, event.clientId);
  if (!response) return Response.error();
  if (policy.isSaved(outcome)) refreshPageOf(event.clientId, account);
  return response;
}

/**
 * A live request answered: it leaves the outbox. A refusal whose page is
 * gone (reloaded, closed) is kept as a failure, so the next page shows it.
 */
async function settleLive(entry, response, clientId) {
  const kept = await entryByKey(entry.account, entry.key);
  if (!kept) return;
  const refused = response && response.status >= 400;
  const pageGone = !(clientId && (await self.clients.get(clientId)));
  if (refused && pageGone) {
    const reason = await response.clone().text();
    await putEntry({ ...kept, state: 'failed', status: response.status, reason });
  } else {
    await deleteEntry(kept.seq);
    if (response && !refused) rememberSaved({ ...kept, answer: await response.clone().text().catch(() => null) });
    if (pageGone && response) savedUnseen.push(entry.key);
  }
  tellPagesSoon();
}

let replaying = null;
let backoff = 0;
let retryAt = 0;
let pausedFor = null; // an account whose session answered 401
// Accounts this phone forgot (signed out, replaced by another person, or
// their session ended): a page of theirs still on the wire is not kept.
// An account leaves the set when a page greets the worker as it again.
const forgotten = new Set();
let timer = null;

function scheduleReplay() {
  if (timer) return;
  const wait = Math.max(retryAt - Date.now(), 500);
  timer = setTimeout(() => { timer = null; replay(false); }, wait);
}

// The next try comes after the back-off, or after what the answer's
// `Retry-After` asked for when that is longer.
function later(response = null) {
  backoff = policy.backoff(backoff);
  retryAt = Date.now() + Math.max(backoff, askedWait(response));
  scheduleReplay();
}

function askedWait(response) {
  return response ? policy.retryAfter(response.headers.get('Retry-After'), Date.now()) : 0;
}

// Sends the account's waiting entries in order, one at a time. Only one
// replay runs at once, whatever the number of tabs: every trigger (pages,
// timer, Background Sync) joins the running one. A forced trigger (back
// online, a page's nudge) that comes while a pass is ending in failure
// makes it run once more at once: otherwise the pass's back-off (up to a
// minute) would swallow the news that the network is back (the browser
// chaos test caught it: 18 changes waiting a minute after reconnecting).
let forcedAgain = false;
function replay(force) {
  if (replaying) {
    if (force) forcedAgain = true;
    return replaying;
  }
  replaying = (async () => {
    let forced = force;
    do {
      forcedAgain = false;
      await replayPass(forced);
      forced = true;
    } while (forcedAgain);
  })().finally(() => { replaying = null; });
  return replaying;
}

// Entries added meanwhile are picked up by the next pass.
async function replayPass(force) {
  {
    const account = await currentAccount();
    if (!account) return;
    if (!force && Date.now() < retryAt) return;
    // A forced pass comes with news that the network may be back (online,
    // a page opened, Background Sync, the person's retry): the back-off
    // the offline tries grew starts over, so a first try lost in that
    // moment is tried again in a second, not after a minute.
    if (force) backoff = 0;
    let changed = false;
    try {
      for (;;) {
        const now = Date.now();
        const waiting = (await allEntries(account)).filter((e) => policy.isWaiting(e, now));
        if (waiting.length === 0) { backoff = 0; retryAt = 0; return; }
        for (const entry of waiting) {
          const outcome = await replayEntry(entry, account);
          if (outcome === 'stop') return;
          changed = true;
        }
      }
    } finally {
      await tellPages();
      if (changed) refreshKeptPages(account);
    }
  }
}

// One entry: 'next' when it is settled (saved, or refused for good), 'stop'
// when the queue must wait (network, deadline, 401, 409, 5xx, or it waits
// for the person).
async function replayEntry(entry, account) {
  switch (policy.readiness(entry, { account, pausedFor, now: Date.now() })) {
    case 'send': break;
    case 'expired':
      await putEntry({ ...entry, state: 'stuck', status: null, reason: null });
      return 'stop';
    case 'hold': backoff = 0; retryAt = 0; return 'stop';
    case 'in-flight': return 'next';
    default: return 'next';
  }
  let response = null;
  try {
    response = await fetchWithin(entry.url, policy.DEADLINES.mutation, {
      method: 'POST',
      headers: { ...entry.headers, accept: 'application/json' },
      body: entry.body,
      credentials: 'same-origin',
      redirect: 'manual',
    });
  } catch {
    // No answer: tried again later.
  }
  const { verdict, attempts } = policy.afterReplay(response ? outcomeOf(response) : { error: 'network' }, entry.attempts);
  const reason = async () => (response ? response.text() : null);
  switch (verdict) {
    case 'saved':
      await deleteEntry(entry.seq);
      // With the server's answer: it says where what the person typed
      // went when its target was deleted meanwhile (the page tells them).
      rememberSaved({ ...entry, answer: await reason().catch(() => null) });
      tellPagesSoon();
      return 'next';
    case 'pause':
      // Signed out, or another account signed in: hold everything until
      // this account's page says hello again.
      await sessionEnded(entry.account);
      return 'stop';
    case 'stuck':
      await putEntry({ ...entry, attempts, state: 'stuck', status: response.status, reason: await reason() });
      later();
      return 'stop';
    case 'refused':
      // This change cannot be saved. The person is told why; the entries
      // behind it go on.
      await putEntry({ ...entry, state: 'failed', status: response.status, reason: await reason() });
      tellPagesSoon();
      return 'next';
    default:
      if (attempts !== entry.attempts) await putEntry({ ...entry, attempts });
      later(response);
      return 'stop';
  }
}

async function onPageMessage(data) {
  const message = typeof data === 'string' ? JSON.parse(data) : data;
  const account = await currentAccount();
  switch (message.type) {
    case names.messages.language:
      // The pages were kept in the language of their day: all go, and the
      // account's are kept again in the one chosen now (until then, pages
      // come from the network).
      await caches.delete(PAGE_CACHE);
      return account ? keepPagesOf(account, message.lists, message.path) : undefined;
    case names.messages.hello:
      if (message.account !== account) await setCurrentAccount(message.account);
      if (pausedFor === message.account) pausedFor = null;
      forgotten.delete(message.account);
      await tellPages();
      await replay(true);
      return keepPagesOf(message.account, message.lists, message.path);
    case names.messages.replay:
      return replay(Boolean(message.force));
    case names.messages.dismiss:
    case names.messages.discard: {
      const entry = account && (await entryByKey(account, message.key));
      if (entry) await deleteEntry(entry.seq);
      droppedUnseen.push(message.key);
      await tellPages();
      return replay(true);
    }
    case names.messages.retry: {
      const entry = account && (await entryByKey(account, message.key));
      if (entry) await putEntry({ ...entry, state: 'pending', attempts: 0, renewed: Date.now() });
      await tellPages();
      return replay(true);
    }
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- pages offline

// Every planner page is the account's own: it is kept with the account the
// server named in `X-Tetrad-Account`, and only ever shown to that account.
// Pages are kept per build: a new worker rebuilds them before it takes over.

async function keep(path, response, cacheName = PAGE_CACHE) {
  const kind = policy.keepable({
    path,
    status: response.status,
    redirected: response.redirected,
    account: response.headers.get(names.accountHeader),
  }, names);
  if (!kind) return false;
  await (await caches.open(cacheName)).put(path, response);
  return true;
}

/** A page the browser navigated to, kept; it may name the current account (policy.accountFromPage). */
async function keepNavigated(path, response) {
  const account = response.headers.get(names.accountHeader);
  if (!(await keep(path, response))) return;
  const current = policy.accountFromPage(account, await currentAccount());
  if (current) await setCurrentAccount(current);
}

/** The kept pages: path → the account each was made for (null: public). */
async function keptPages(cacheName = PAGE_CACHE) {
  const cache = await caches.open(cacheName);
  const kept = new Map();
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    kept.set(new URL(request.url).pathname, response && response.headers.get(names.accountHeader));
  }
  return kept;
}

/**
 * Fetches a page for keeping (with the session's cookie): 'kept', 'not
 * kept' (an answer that is not the account's page: an error page, one
 * naming no account), 'forgotten' (its account left the phone meanwhile)
 * or 'offline' when the network fails.
 */
async function fetchAndKeep(path, cacheName = PAGE_CACHE) {
  try {
    const response = await fetchWithin(path, policy.DEADLINES.warm, { credentials: 'same-origin', redirect: 'follow' });
    if (!policy.stillKeeps(response.headers.get(names.accountHeader), forgotten)) return 'forgotten';
    return (await keep(path, response, cacheName)) ? 'kept' : 'not kept';
  } catch {
    return 'offline';
  }
}

// Keeps every planner page of the account the page greeting us shows, each
// view and each list, so any of them opens offline from then on (whatever
// the way in: sign-up, sign-in, a deep link). Pages already kept for it
// stay as they are (a visit or a saved change refreshes them).
let keeping = Promise.resolve();
const KEEP_AGAIN_AFTER_MS = 2000;
function keepPagesOf(account, lists, first) {
  keeping = keeping.then(async () => {
    if (!account) return;
    const kept = await keptPages();
    const pages = policy.pagesToKeep(names, lists);
    // The page that said hello first: it is the one reopened offline next.
    if (pages.includes(first)) pages.unshift(...pages.splice(pages.indexOf(first), 1));
    const notKept = [];
    for (const path of pages) {
      if (kept.get(path) === account) continue;
      const outcome = await fetchAndKeep(path);
      if (outcome === 'offline') return; // next time
      if (outcome === 'not kept') notKept.push(path);
    }
    // A page answered with something not to keep is asked once more, a
    // moment later, rather than at the next hello (a page opened offline
    // before then would be missing).
    if (notKept.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, KEEP_AGAIN_AFTER_MS));
    for (const path of notKept) {
      if ((await fetchAndKeep(path)) === 'offline') return;
    }
  });
  return keeping;
}

/**
 * The server said `account`'s session is over (a password changed
 * elsewhere, an expired sign-in): its changes are held until it signs in
 * again, and the pages kept for it leave the phone, as at a sign-out (the
 * phone may be lent or shared; the page forgets what it stored, told by
 * the news' `paused`).
 */
async function sessionEnded(account) {
  pausedFor = account;
  forgotten.add(account);
  await forgetPagesOf(account);
  // A page being kept right now may have passed its check before this:
  // forget once more when the keeping in flight is over.
  keeping = keeping.then(() => forgetPagesOf(account));
}

async function forgetPagesOf(account) {
  const cache = await caches.open(PAGE_CACHE);
  for (const [path, owner] of await keptPages()) {
    if (owner === account) await cache.delete(path);
  }
}

/** After a change the page saved: its own page again, so it opens offline as it is. */
function refreshPageOf(clientId, account) {
  if (!clientId) return;
  keeping = keeping.then(async () => {
    const client = await self.clients.get(clientId);
    if (!client) return;
    const path = new URL(client.url).pathname;
    if ((await keptPages()).get(path) === account) await fetchAndKeep(path);
  });
}

/** After the queue drained: every page kept for the account, again. */
function refreshKeptPages(account) {
  keeping = keeping.then(async () => {
    for (const [path, owner] of await keptPages()) {
      if (owner === account && (await fetchAndKeep(path)) === 'offline') return;
    }
  });
}

function mint(kind) {
  return kind === 'id'
    ? policy.uuidv7(Date.now(), crypto.getRandomValues(new Uint8Array(16)))
    : crypto.randomUUID();
}

/** A kept page as served: marked kept, with fresh ids and keys in its forms. */
async function served(response) {
  const html = policy.markKept(policy.remint(await response.text(), mint), names);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

function language() {
  return policy.languageOf(self.navigator.languages || [self.navigator.language]);
}

async function offlinePage(path) {
  const cache = await caches.open(PAGE_CACHE);
  const choice = policy.offlineChoice(path, await keptPages(), await currentAccount(), names);
  if (choice.serve) {
    const page = await cache.match(choice.serve);
    if (page) return served(page);
  }
  return new Response(policy.offlineHtml(CONFIG.words, choice.fallback || 'offline', language()), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

// A planner page this phone keeps for the signed-in account opens at once
// from what is kept (on school Wi-Fi the network's page can take seconds);
// the page then reads the server's truth itself, and the network's page,
// when it comes, is kept for next time. Any other page: network first,
// with the kept one (or the offline page) when the network fails or is
// late; without a kept page, the network is waited for.
async function navigate(event) {
  const request = event.request;
  const path = new URL(request.url).pathname;
  // The network's answer is passed on as soon as it starts; keeping a copy
  // for offline use happens beside it and never holds it up.
  const network = fetchWithin(request, policy.DEADLINES.firstNavigation).then((response) => {
    event.waitUntil(keepNavigated(path, response.clone()).catch(() => undefined));
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  const kept = policy.offlineChoice(path, await keptPages(), await currentAccount(), names);
  if (policy.opensKept(path, kept, names)) return offlinePage(path);
  // With a kept page, the network has a few seconds; without one, it is
  // waited for much longer (there is nothing better to show), not forever.
  const wait = kept.serve ? policy.DEADLINES.navigation : policy.DEADLINES.firstNavigation;
  const late = new Promise((resolve) => setTimeout(() => resolve(null), wait));
  try {
    const first = await Promise.race([network, late]);
    if (first) return first;
  } catch {
    // No network.
  }
  return offlinePage(path);
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetchWithin(request, policy.DEADLINES.asset);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function authRequest(event) {
  // Only once it went through: a sign-out that fails offline changes
  // nothing (the person is still signed in, and their waiting changes
  // still show). Then the pages kept for the previous account go, and the
  // account the answer names (none after a sign-out) becomes current. Its
  // Today is kept before the page hears the answer, so the person who sees
  // the planner can go offline that instant and still reopen it; on a very
  // slow network the answer waits a few seconds at most, and the keeping
  // goes on behind it.
  const before = await currentAccount();
  const response = await fetchWithin(event.request, policy.DEADLINES.auth);
  const next = policy.afterAuth({
    ...outcomeOf(response),
    account: response.headers.get(names.accountHeader),
    path: new URL(event.request.url).pathname,
  }, names);
  if (next) {
    if (next.forgetChanges && before) {
      for (const entry of await allEntries(before)) await deleteEntry(entry.seq);
    }
    if (before && before !== next.account) forgotten.add(before);
    if (next.account) forgotten.delete(next.account);
    await setCurrentAccount(next.account);
    await caches.delete(PAGE_CACHE);
    const kept = Promise.all(next.keep.map((path) => fetchAndKeep(path)));
    event.waitUntil(kept);
    await Promise.race([kept, new Promise((resolve) => setTimeout(resolve, policy.DEADLINES.signedIn))]);
    await tellPages();
  }
  return response;
}

// ---------------------------------------------------------------- updates

// A new worker installs completely or not at all: every static file, and
// the pages the old one kept for the current account, rebuilt by this
// build's server. Any failure fails the install, and the old worker (with
// its caches) stays until the next try.
async function install() {
  const cache = await caches.open(STATIC_CACHE);
  await cache.addAll(PRECACHE);
  const account = await currentAccount();
  if (account) {
    const paths = new Set();
    for (const name of await caches.keys()) {
      if (!name.startsWith('tetrad-pages-') || name === PAGE_CACHE) continue;
      for (const [path, owner] of await keptPages(name)) if (owner === account) paths.add(path);
    }
    for (const path of paths) {
      if ((await fetchAndKeep(path)) === 'offline') throw new Error(`could not rebuild ${path} for offline use`);
    }
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Only now, with the new caches complete, do the old ones go.
    for (const name of await caches.keys()) {
      if (name.startsWith('tetrad-') && name !== STATIC_CACHE && name !== PAGE_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// ---------------------------------------------------------------- events

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // other origins: never touched
  const path = url.pathname;
  if (policy.changesAccount(request.method, path, names)) event.respondWith(authRequest(event));
  else if (policy.isAuth(request.method, path, names)) return; // needs the network, as it is
  else if (policy.isMutation(request.method, path, names)) event.respondWith(sendMutation(event));
  else if (request.method !== 'GET') return;
  else if (policy.isPage(request.mode, path, names)) event.respondWith(navigate(event));
  else if (request.mode === 'navigate') return; // under /api/: a download, straight from the network
  else if (policy.isRead(request.method, path, names)) {
    event.respondWith(fetchWithin(request, policy.DEADLINES.read).catch(() => Response.error()));
  } else if (path.startsWith(`${CONFIG.pkg.slice(0, CONFIG.pkg.lastIndexOf('/'))}/`) || path.startsWith('/icons/')
    || path === '/manifest.webmanifest') event.respondWith(cacheFirst(request));
});

self.addEventListener('message', (event) => {
  // A liveness check: the page (and the tests) can tell the worker runs.
  if (event.data === 'ping') { event.ports[0]?.postMessage('pong'); return; }
  event.waitUntil(onPageMessage(event.data).catch(() => undefined));
});

// A reminder (issue 28): shown whatever it says (policy.reminderNotification).
self.addEventListener('push', (event) => {
  event.waitUntil((async () => {
    const message = policy.pushMessage(event.data ? event.data.text() : '');
    const words = CONFIG.words[language()] || CONFIG.words.ru;
    const shown = policy.reminderNotification(message, await currentAccount(), words, names.homePage, names.apiPrefix);
    await self.registration.showNotification(shown.title, shown.options);
  })());
});

// A reminder's button: the task's change, keyed and dated at the tap, sent
// through the outbox like any change (offline it waits, and is sent once).
// Only for the account signed in here: another's would be refused.
async function reminderButton(data, action) {
  const account = await currentAccount();
  if (!account || data?.account !== account) return;
  const now = await serverNow();
  const moment = policy.snoozeMoment(now, new Date(now).getTimezoneOffset());
  const wanted = policy.reminderAction(data, action, moment, names.apiPrefix);
  if (!wanted) return;
  const request = new Request(wanted.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      [names.keyHeader]: mint('key'),
      [names.accountHeader]: account,
    },
    body: wanted.body,
    credentials: 'same-origin',
    redirect: 'manual',
  });
  await sendMutation({ request, clientId: null });
}

// The browser renewed this device's subscription (its push service asked):
// the new one is handed to the server and the old one forgotten, so the
// reminders keep coming without the person doing anything.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil((async () => {
    const old = event.oldSubscription;
    const key = old?.options?.applicationServerKey;
    const fresh = event.newSubscription
      || (key && await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    const form = (fields) => ({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    if (fresh) {
      const made = fresh.toJSON();
      const fields = { endpoint: made.endpoint, p256dh: made.keys.p256dh, auth: made.keys.auth, language: language() };
      await fetch(names.pushSubscribePath, form(fields)).catch(() => undefined);
    }
    if (old && (!fresh || old.endpoint !== fresh.endpoint)) {
      await fetch(names.pushUnsubscribePath, form({ endpoint: old.endpoint })).catch(() => undefined);
    }
  })());
});

// A tap on a reminder: the app's window comes forward at the reminder's
// page, or a new one opens there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  if (event.action) {
    event.waitUntil(reminderButton(event.notification.data, event.action));
    return;
  }
  const url = new URL(policy.reminderTarget(event.notification.data, names.homePage), self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    await open.focus();
    if (open.url !== url) await open.navigate(url).catch(() => undefined);
  })());
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'tetrad-outbox') event.waitUntil(replay(true));
});
