// The service worker's decisions (public/sw-policy.js), held to docs/design.md
// §4: every class of answer, an entry's age and attempts, whose account.
// Run by scripts/test.sh with `node --test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const policy = createRequire(import.meta.url)('../../public/sw-policy.js');

// The names the server writes into the worker (app/src/protocol.rs).
const names = {
  keyField: 'idempotency_key',
  apiPrefix: '/api/',
  authPrefix: '/api/auth/',
  accountPaths: ['/api/auth/signup', '/api/auth/signin', '/api/auth/signout', '/api/auth/delete_account'],
  deleteAccountPath: '/api/auth/delete_account',
  listPagePrefix: '/lists/',
  publicPages: ['/signin', '/signup'],
  offlinePages: ['/', '/upcoming', '/inbox', '/completed', '/lists', '/settings'],
  homePage: '/',
  keptMark: 'data-kept',
};

test('a mutation the network fails, or that is answered "not now", is kept; any other answer is passed on', () => {
  const notNow = [408, 409, 429, 502, 503, 504].map((status) => ({ status }));
  for (const outcome of [{ error: 'network' }, { error: 'timeout' }, ...notNow]) {
    assert.equal(policy.afterSend(outcome, true), 'queue', JSON.stringify(outcome));
  }
  for (const status of [200, 201, 302, 400, 404, 413, 422, 500]) {
    assert.equal(policy.afterSend({ status }, true), 'answer', String(status));
  }
});

test('a live change answered 401 (the session ended) is kept and the queue paused, as a replay\'s would be', () => {
  assert.equal(policy.afterSend({ status: 401 }, true), 'pause');
  assert.equal(policy.afterSend({ status: 401 }, false), 'answer');
});

test('a change made before the page was live is dated when the worker first sees it, once', () => {
  const now = Date.parse('2026-12-03T08:05:00Z');
  const body = 'id=x&completed=true&idempotency_key=k';
  const dated = policy.dated(body, now, 'at');
  assert.equal(new URLSearchParams(dated).get('at'), '2026-12-03T08:05:00.000Z');
  assert.equal(policy.dated(dated, now + 60_000, 'at'), dated, 'a dated change keeps its time');
  assert.equal(policy.dated('id=x&at=2026-01-01T00%3A00%3A00Z', now, 'at'), 'id=x&at=2026-01-01T00%3A00%3A00Z');
});

test('a request without a key or an owner is never kept: its failure is the page\'s', () => {
  assert.equal(policy.afterSend({ error: 'network' }, false), 'answer');
  assert.equal(policy.afterSend({ status: 503 }, false), 'answer');
});

test('a replay answered 2xx or a redirect is saved', () => {
  for (const status of [200, 204, 303]) {
    assert.deepEqual(policy.afterReplay({ status }, 2), { verdict: 'saved', attempts: 2 });
  }
});

test('a replay without an answer (network, deadline) waits without counting an attempt', () => {
  assert.deepEqual(policy.afterReplay({ error: 'network' }, 1), { verdict: 'wait', attempts: 1 });
  assert.deepEqual(policy.afterReplay({ error: 'timeout' }, 1), { verdict: 'wait', attempts: 1 });
});

test('401 pauses the account\'s queue', () => {
  assert.equal(policy.afterReplay({ status: 401 }, 0).verdict, 'pause');
});

test('"not now" answers (408, 409, 429, 502, 503, 504) wait without counting toward stuck', () => {
  for (const status of [408, 409, 429, 502, 503, 504]) {
    assert.deepEqual(policy.afterReplay({ status }, 2), { verdict: 'wait', attempts: 2 }, String(status));
  }
});

test('a deploy\'s gateway answers followed by one 500 leave the entry waiting, not stuck', () => {
  let attempts = 0;
  const verdicts = [];
  for (const status of [502, 503, 503, 504, 502, 500]) {
    const next = policy.afterReplay({ status }, attempts);
    verdicts.push(next.verdict);
    attempts = next.attempts;
  }
  assert.deepEqual(verdicts, ['wait', 'wait', 'wait', 'wait', 'wait', 'wait']);
  assert.equal(attempts, 1, 'only the 500 counts');
});

test('Retry-After is read in seconds or as a date, and a wrong one never holds the queue for long', () => {
  const now = Date.parse('2026-12-06T08:00:00Z');
  assert.equal(policy.retryAfter('5', now), 5000);
  assert.equal(policy.retryAfter(' 120 ', now), 120000);
  assert.equal(policy.retryAfter('Sun, 06 Dec 2026 08:00:30 GMT', now), 30000);
  assert.equal(policy.retryAfter('Sun, 06 Dec 2026 07:00:00 GMT', now), 0, 'a date passed');
  assert.equal(policy.retryAfter(null, now), 0);
  assert.equal(policy.retryAfter('soon', now), 0);
  assert.equal(policy.retryAfter('-3', now), 0);
  assert.equal(policy.retryAfter('86400', now), policy.MAX_RETRY_AFTER_MS);
});

test('a server error waits, and after four attempts the entry waits for the person', () => {
  let attempts = 0;
  const verdicts = [];
  for (let i = 0; i < 4; i++) {
    const next = policy.afterReplay({ status: 500 }, attempts);
    verdicts.push(next.verdict);
    attempts = next.attempts;
  }
  assert.deepEqual(verdicts, ['wait', 'wait', 'wait', 'stuck']);
  assert.equal(policy.STUCK_AFTER, 4);
});

test('any other 4xx is refused: dropped from the queue and shown to the person', () => {
  for (const status of [400, 403, 404, 413, 422]) {
    assert.equal(policy.afterReplay({ status }, 0).verdict, 'refused', String(status));
  }
});

test('only the current account\'s waiting entries are sent, and never while paused', () => {
  const now = Date.parse('2026-12-03T08:00:00Z');
  const entry = { account: 'a', state: 'pending', time: now - 1000 };
  assert.equal(policy.readiness(entry, { account: 'a', pausedFor: null, now }), 'send');
  assert.equal(policy.readiness(entry, { account: 'b', pausedFor: null, now }), 'other');
  assert.equal(policy.readiness(entry, { account: null, pausedFor: null, now }), 'other');
  assert.equal(policy.readiness(entry, { account: 'a', pausedFor: 'a', now }), 'hold');
  assert.equal(policy.readiness(entry, { account: 'a', pausedFor: 'b', now }), 'send');
  assert.equal(policy.readiness({ ...entry, state: 'stuck' }, { account: 'a', now }), 'hold');
  assert.equal(policy.readiness({ ...entry, state: 'failed' }, { account: 'a', now }), 'done');
});

test('a change being sent live is not replayed, unless its sender fell silent past the deadline', () => {
  const now = Date.parse('2026-12-03T08:00:00Z');
  const live = { account: 'a', state: 'sending', time: now - 1000, until: now + 7000 };
  assert.equal(policy.readiness(live, { account: 'a', now }), 'in-flight');
  assert.ok(!policy.isWaiting(live, now));
  const abandoned = { ...live, until: now - 1 };
  assert.equal(policy.readiness(abandoned, { account: 'a', now }), 'send');
  assert.ok(policy.isWaiting(abandoned, now));
  assert.ok(policy.isWaiting({ state: 'pending' }, now));
  assert.ok(policy.isWaiting({ state: 'stuck' }, now));
  assert.ok(!policy.isWaiting({ state: 'failed' }, now));
});

test('an entry older than the outbox keeps changes waits for the person', () => {
  const now = Date.parse('2026-12-10T08:00:00Z');
  const young = { account: 'a', state: 'pending', time: now - policy.KEEP_MS + 60_000 };
  const old = { ...young, time: now - policy.KEEP_MS - 60_000 };
  assert.equal(policy.readiness(young, { account: 'a', now }), 'send');
  assert.equal(policy.readiness(old, { account: 'a', now }), 'expired');
  assert.equal(policy.readiness({ ...old, renewed: now - 1000 }, { account: 'a', now }), 'send', 'the person said retry');
});

test('the back-off doubles from a second up to a minute', () => {
  const waits = [];
  let wait = 0;
  for (let i = 0; i < 9; i++) waits.push((wait = policy.backoff(wait)));
  assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
});

test('mutations are POSTs under /api/ outside sign-in; reads are GETs under /api/', () => {
  assert.ok(policy.isMutation('POST', '/api/tasks/add', names));
  assert.ok(!policy.isMutation('POST', '/api/auth/signout', names));
  assert.ok(!policy.isMutation('GET', '/api/tasks/view', names));
  assert.ok(!policy.isMutation('POST', '/signin', names));
  assert.ok(policy.isAuth('POST', '/api/auth/signin', names));
  assert.ok(policy.isRead('GET', '/api/tasks/view', names));
  assert.ok(policy.isPage('navigate', '/upcoming', names));
  assert.ok(!policy.isPage('navigate', '/api/account/export', names));
  assert.ok(!policy.isPage('cors', '/upcoming', names));
  assert.ok(!policy.isRead('GET', '/upcoming', names));
});

test('only sign-up, sign-in and sign-out change the account; a password change or a calendar link does not', () => {
  for (const path of ['/api/auth/signup', '/api/auth/signin', '/api/auth/signout']) {
    assert.ok(policy.changesAccount('POST', path, names), path);
  }
  for (const path of ['/api/auth/password', '/api/auth/calendar/link', '/api/auth/calendar/off', '/api/tasks/add']) {
    assert.ok(!policy.changesAccount('POST', path, names), path);
  }
  assert.ok(!policy.changesAccount('GET', '/api/auth/signin', names));
});

test('a sign-in or sign-out changes the account only when it went through', () => {
  assert.equal(policy.afterAuth({ status: 401, account: null }, names), null);
  assert.equal(policy.afterAuth({ status: 429, account: null }, names), null);
  assert.equal(policy.afterAuth({ error: 'network' }, names), null);
  assert.deepEqual(
    policy.afterAuth({ status: 302, account: null, path: '/api/auth/signout' }, names),
    { account: null, keep: [], forgetChanges: false },
  );
});

test('deleting the account, once it went through, signs out and forgets its waiting changes', () => {
  const path = '/api/auth/delete_account';
  assert.deepEqual(policy.afterAuth({ status: 200, account: null, path }, names), { account: null, keep: [], forgetChanges: true });
  assert.equal(policy.afterAuth({ status: 403, account: null, path }, names), null);
  assert.equal(policy.afterAuth({ error: 'network', path }, names), null);
});

test('a sign-in that names its account makes it current and keeps Today before the page hears the answer', () => {
  const path = '/api/auth/signin';
  assert.deepEqual(policy.afterAuth({ status: 200, account: 'a', path }, names), { account: 'a', keep: ['/'], forgetChanges: false });
  assert.deepEqual(policy.afterAuth({ status: 200, account: null, path }, names), { account: null, keep: [], forgetChanges: false });
});

test('a kept page names the current account only when the worker knows none', () => {
  assert.equal(policy.accountFromPage('a', null), 'a');
  assert.equal(policy.accountFromPage('a', 'b'), null);
  assert.equal(policy.accountFromPage(null, null), null);
});

test('a page is kept when the server made it for an account, or it is public', () => {
  const page = { path: '/upcoming', status: 200, redirected: false, account: 'a' };
  assert.equal(policy.keepable(page, names), 'account');
  assert.equal(policy.keepable({ ...page, account: null }, names), null);
  assert.equal(policy.keepable({ ...page, redirected: true }, names), null);
  assert.equal(policy.keepable({ ...page, status: 500 }, names), null);
  assert.equal(policy.keepable({ path: '/signin', status: 200, redirected: false, account: null }, names), 'public');
});

test('every view and each list is kept', () => {
  assert.deepEqual(policy.pagesToKeep(names, ['L1']), [...names.offlinePages, '/lists/L1']);
});

test('offline, a view is served from its own kept page, and only to its account', () => {
  const kept = new Map([['/', 'a'], ['/upcoming', 'a'], ['/signin', null]]);
  assert.deepEqual(policy.offlineChoice('/upcoming', kept, 'a', names), { serve: '/upcoming' });
  assert.deepEqual(policy.offlineChoice('/upcoming', kept, 'b', names), { fallback: 'offline' });
  assert.deepEqual(policy.offlineChoice('/inbox', kept, 'a', names), { fallback: 'not-kept' });
  assert.deepEqual(policy.offlineChoice('/lists/x', kept, 'a', names), { fallback: 'not-kept' });
  assert.deepEqual(policy.offlineChoice('/signin', kept, null, names), { serve: '/signin' });
  assert.deepEqual(policy.offlineChoice('/', kept, null, names), { fallback: 'offline' }, 'never after sign-out');
});

test('a planner page kept for the signed-in account opens at once; sign-in, and pages not kept for it, ask the network first', () => {
  const kept = new Map([['/', 'a'], ['/upcoming', 'a'], ['/signin', null]]);
  const opens = (path, account) => policy.opensKept(path, policy.offlineChoice(path, kept, account, names), names);
  assert.equal(opens('/upcoming', 'a'), true);
  assert.equal(opens('/', 'a'), true);
  assert.equal(opens('/upcoming', 'b'), false, 'another account\'s page');
  assert.equal(opens('/inbox', 'a'), false, 'not kept yet: Today is only its offline stand-in');
  assert.equal(opens('/signin', null), false, 'public pages say who is signed in now');
  assert.equal(opens('/', null), false, 'signed out');
});

test('a page served from what is kept says so on <html>, for the page to read the server at once', () => {
  assert.equal(policy.markKept('<!DOCTYPE html><html lang="ru"><head>', names),
    '<!DOCTYPE html><html data-kept="" lang="ru"><head>');
});

test('a kept page is served with fresh ids and keys in its forms', () => {
  const html = '<form><input type="hidden" name="id" data-minted="id" value="old-id"/>'
    + '<input type="hidden" name="idempotency_key" data-minted="key" value="old-key"/>'
    + '<input type="hidden" name="view" value="today"/></form>';
  let n = 0;
  const fresh = policy.remint(html, (kind) => `${kind}-${++n}`);
  assert.equal(fresh, '<form><input type="hidden" name="id" data-minted="id" value="id-1"/>'
    + '<input type="hidden" name="idempotency_key" data-minted="key" value="key-2"/>'
    + '<input type="hidden" name="view" value="today"/></form>');
});

test('ids minted by the worker are UUIDv7, ordered by time', () => {
  const random = new Uint8Array(16).fill(0xab);
  const id = policy.uuidv7(Date.parse('2026-12-03T08:00:00Z'), random);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.ok(policy.uuidv7(1, random) < policy.uuidv7(2, random));
});

test('the offline page speaks the browser\'s language, Russian by default, and escapes its words', () => {
  const words = {
    ru: { title: 'Нет сети', text: 'Тетрадь откроется', notKept: 'не сохранён', toToday: 'Сегодня', appName: 'Тетрадь' },
    en: { title: 'No network', text: 'Tetrad will open', notKept: 'not kept', toToday: 'Today', appName: 'Tetrad <3' },
  };
  assert.equal(policy.languageOf(['en-GB', 'ru']), 'en');
  assert.equal(policy.languageOf(['de-DE', 'ru-RU']), 'ru');
  assert.equal(policy.languageOf(['de-DE']), 'ru');
  assert.match(policy.offlineHtml(words, 'offline', 'en'), /lang="en".*Tetrad &#60;3.*No network/s);
  const notKept = policy.offlineHtml(words, 'not-kept', 'ru');
  assert.match(notKept, /не сохранён/);
  assert.match(notKept, /<a href="\/">Сегодня<\/a>/);
});

test('the server\'s clock is read from its answers, to the millisecond, or from Date to the middle of its second', () => {
  const sent = Date.parse('2026-12-06T06:00:00.000Z');
  // The phone runs two hours ahead.
  const server = Date.parse('2026-12-06T04:00:00.123Z');
  assert.equal(policy.clockOffset({ clock: String(server) }, sent, sent + 200), server - (sent + 100));
  assert.equal(policy.clockOffset({ clock: String(server), date: 'Sun, 06 Dec 2026 03:00:00 GMT' }, sent, sent + 200), server - (sent + 100), 'the milliseconds win');
  const offset = policy.clockOffset({ date: 'Sun, 06 Dec 2026 04:00:00 GMT' }, sent, sent + 200);
  assert.equal(offset, -2 * 60 * 60 * 1000 + 500 - 100);
  assert.equal(policy.clockOffset({}, sent, sent + 200), null);
  assert.equal(policy.clockOffset({ clock: 'soon', date: 'not a date' }, sent, sent + 200), null);
  assert.equal(policy.clockOffset({ clock: String(server) }, sent, sent + 6000), null, 'too slow to tell');
});

test('a form posted before the page was live is dated by the server\'s clock as the phone knows it', () => {
  const phone = Date.parse('2026-12-06T06:00:00.000Z');
  const server = Date.parse('2026-12-06T04:00:00.450Z');
  const offset = policy.clockOffset({ clock: String(server) }, phone - 100, phone);
  const dated = policy.dated('id=x&quick_add=y', phone + offset, 'at');
  assert.equal(new URLSearchParams(dated).get('at'), '2026-12-06T04:00:00.500Z');
});

test('a page fetched for keeping is not kept if the phone forgot its account while it was on the wire', () => {
  assert.equal(policy.stillKeeps('a', new Set()), true);
  assert.equal(policy.stillKeeps('a', new Set(['a'])), false, 'signed out, or its session ended, meanwhile');
  assert.equal(policy.stillKeeps('b', new Set(['a'])), true, 'the next person\'s own page');
  assert.equal(policy.stillKeeps(null, new Set(['a'])), true, 'a public page');
});
