// Tetrad's service-worker policy: every decision the worker makes, as pure
// functions (no `self`, no `fetch`, no IndexedDB): an answer's status, an
// entry's age and attempts, the account, in; a decision out. `sw.js` wires
// them to the browser; `end2end/worker/policy.test.mjs` holds them to
// docs/design.md §4 with `node --test`. The server writes this file into
// `/sw.js`; Node loads it as a CommonJS module.
(function (root) {
  'use strict';

  // Deadlines (milliseconds). A mutation's body is a small form (a few KB;
  // 100 KB at most): on a 3G uplink (~400 kbit/s) even that leaves in about
  // 2 s, so 8 s without an answer means the network is not carrying it; the
  // change is kept and replayed under its key (a late duplicate is
  // answered from the server's store). A navigation waits 3 s for the
  // network before the kept page is shown (the network's answer still
  // refreshes the kept copy); with no kept page, 20 s before "no network"
  // (the HTML is a few KB: 20 s is a very bad network, not a slow one). A
  // background read gives up after 8 s, and a
  // replay after the mutation deadline, so a hung request never holds the
  // queue longer than that.
  // A static file (the WASM is the largest, about 400 KB) gets 30 s: 3G
  // carries it in about 10. A sign-in, sign-up or sign-out gets 20 s: the
  // server hashes a password, and the page says so when it fails.
  const DEADLINES = Object.freeze({
    mutation: 8000, navigation: 3000, firstNavigation: 20000, read: 8000, warm: 15000, signedIn: 8000,
    asset: 30000, auth: 20000,
  });
  // The outbox keeps a change this long (the server keeps its key as long);
  // an older one waits for the person to send or drop it.
  const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
  // A change answered with a plain server error (500, 501, 505...) this
  // many times waits for the person (retry or discard) instead of being
  // retried forever. Answers that only say "not now" never count.
  const STUCK_AFTER = 4;
  const FIRST_BACKOFF_MS = 1000;
  const MAX_BACKOFF_MS = 60000;
  // What a proxy answers while the app is away (a deploy, a restart).
  const GATEWAY = [502, 503, 504];
  // "Not now": a gateway's answers, a request that took too long (408),
  // too many requests (429), the same key still being worked on (409:
  // what a server of an earlier version says; this one waits and replays).
  // The change is kept and tried again, after `Retry-After` when given.
  const NOT_NOW = [408, 409, 429, ...GATEWAY];
  // The longest `Retry-After` obeyed: a wrong header must not hold the
  // queue for a day.
  const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

  /** `outcome`: `{ status }` for an answer, `{ error: 'network' | 'timeout' }` without one. */
  function isAnswer(outcome) {
    return typeof outcome.status === 'number';
  }

  function isSaved(outcome) {
    return isAnswer(outcome) && outcome.status >= 200 && outcome.status < 400;
  }

  /**
   * A mutation sent live: `'queue'` it (the network failed, or the answer
   * says "not now"), `'pause'` (401: queued too, and the account's queue
   * held until it signs in again, as a replay's 401 does) or pass the
   * `'answer'` on. A request that cannot be replayed (no key or no account)
   * is never queued: its failure is the page's.
   */
  function afterSend(outcome, replayable) {
    if (!replayable) return 'answer';
    if (!isAnswer(outcome)) return 'queue';
    if (outcome.status === 401) return 'pause';
    return NOT_NOW.includes(outcome.status) ? 'queue' : 'answer';
  }

  /**
   * A replayed entry's outcome: `'saved'` (drop it), `'refused'` (keep it
   * as a failure the person sees), `'wait'` (stop the queue, try later),
   * `'pause'` (401: hold the account's queue until it signs in again) or
   * `'stuck'` (waits for the person, holding the entries behind it).
   * Returns the verdict and the entry's new attempt count.
   */
  function afterReplay(outcome, attempts) {
    if (!isAnswer(outcome)) return { verdict: 'wait', attempts };
    const status = outcome.status;
    if (isSaved(outcome)) return { verdict: 'saved', attempts };
    if (status === 401) return { verdict: 'pause', attempts };
    if (NOT_NOW.includes(status)) return { verdict: 'wait', attempts };
    if (status >= 500) {
      const next = attempts + 1;
      return { verdict: next >= STUCK_AFTER ? 'stuck' : 'wait', attempts: next };
    }
    return { verdict: 'refused', attempts };
  }

  /**
   * Whether `entry` may be replayed now for `account` (the account the open
   * pages show; `pausedFor` the account whose session answered 401):
   * `'send'`, `'hold'` (not now: paused, or waiting for the person),
   * `'expired'` (older than the outbox keeps changes: the person decides;
   * once they say retry, `renewed` counts from then),
   * `'other'` (another account's: never sent here), `'done'` (refused) or
   * `'in-flight'` (being sent live right now).
   */
  function readiness(entry, { account, pausedFor, now }) {
    if (!account || entry.account !== account) return 'other';
    if (entry.state === 'failed') return 'done';
    if (!isWaiting(entry, now)) return 'in-flight';
    if (entry.state === 'stuck' || pausedFor === account) return 'hold';
    if (now - (entry.renewed || entry.time) > KEEP_MS) return 'expired';
    return 'send';
  }

  /**
   * Whether an entry waits in the queue (to be replayed, or for the
   * person). An entry being sent live (`'sending'`) does not, unless its
   * sender gave up on it without a word (the worker stopped mid-request):
   * after the deadline it waits like any other.
   */
  function isWaiting(entry, now) {
    if (entry.state === 'sending') return now > entry.until;
    return entry.state === 'pending' || entry.state === 'stuck';
  }

  /** The wait before the next try after `previous` (0 at first): doubling, capped. */
  function backoff(previous) {
    return Math.min(previous ? previous * 2 : FIRST_BACKOFF_MS, MAX_BACKOFF_MS);
  }

  /**
   * How long an answer's `Retry-After` (seconds, or an HTTP date) asks the
   * worker to wait from `now`, in milliseconds: 0 without one or when it
   * cannot be read, at most `MAX_RETRY_AFTER_MS`.
   */
  function retryAfter(header, now) {
    if (header == null) return 0;
    const text = String(header).trim();
    const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
    if (!Number.isFinite(ms) || ms <= 0) return 0;
    return Math.min(ms, MAX_RETRY_AFTER_MS);
  }

  function isMutation(method, path, names) {
    return method === 'POST' && path.startsWith(names.apiPrefix) && !path.startsWith(names.authPrefix);
  }

  function isAuth(method, path, names) {
    return method === 'POST' && path.startsWith(names.authPrefix);
  }

  /**
   * Of those, a request that changes who is signed in here (sign-up,
   * sign-in, sign-out, deleting the account), whose answer the worker follows. A password change
   * or a calendar link keeps the person signed in: the worker leaves it
   * to the network, and keeps its pages and account as they are.
   */
  function changesAccount(method, path, names) {
    return isAuth(method, path, names) && names.accountPaths.includes(path);
  }

  /** A navigation to a page of the app (not to a file under /api/, such as an export). */
  function isPage(mode, path, names) {
    return mode === 'navigate' && !path.startsWith(names.apiPrefix);
  }

  function isRead(method, path, names) {
    return method === 'GET' && path.startsWith(names.apiPrefix);
  }

  /**
   * How far the server's clock is from this device's, in milliseconds to
   * add to it, from an answer's server time (`clock`: Tetrad's own header,
   * in milliseconds; else `date`: the `Date` header, whole seconds, of
   * which the middle is taken) against the middle of the round trip
   * (`sent`, `received`, by this device's clock). `null` without either,
   * or when the round trip took too long to say anything to the second.
   */
  function clockOffset({ clock, date }, sent, received) {
    if (received - sent > 5000) return null;
    const millis = Number(clock);
    const server = clock != null && Number.isFinite(millis) && millis > 0 ? millis : Date.parse(date || '') + 500;
    if (!Number.isFinite(server)) return null;
    return Math.round(server - (sent + received) / 2);
  }

  /**
   * The form of a change made before the page was live carries no time:
   * the worker adds the moment it saw it (`at`, ISO 8601), before the first
   * send, so a later replay is the same request and the change is dated by
   * when the person made it, not by when it reached the server.
   */
  function dated(body, now, field) {
    const form = new URLSearchParams(body);
    if (form.has(field)) return body;
    form.append(field, new Date(now).toISOString());
    return form.toString();
  }

  /**
   * What follows a sign-in, sign-up or sign-out, from its answer: `null`
   * when it did not go through (nothing changes); else the account that is
   * now signed in (the one the answer names; `null` after a sign-out, or
   * when the answer is a form's redirect whose headers the worker cannot
   * read) and the pages to keep for it before the answer reaches the page.
   * Keeping Today first means the planner the person sees next opens
   * offline at once, even if the network goes before the page says hello.
   */
  function afterAuth({ status, error, account, path }, names) {
    if (!isSaved({ status, error })) return null;
    return {
      account: account || null,
      keep: account ? [names.homePage] : [],
      // A deleted account's waiting changes can never be sent: they go.
      forgetChanges: path === names.deleteAccountPath,
    };
  }

  /**
   * The account to take as current when a navigation's page is kept: the
   * one the page names, if the worker knows none yet (a page opened right
   * after a sign-in whose answer it could not read, or before the page's
   * hello); `null` leaves the current account as it is.
   */
  function accountFromPage(pageAccount, current) {
    return !current && pageAccount ? pageAccount : null;
  }

  /**
   * Whether a page's answer may be kept for offline use: `'public'` (the
   * same for everyone), `'account'` (one account's own, named by the
   * server) or `null`.
   */
  function keepable({ path, status, redirected, account }, names) {
    if (status !== 200 || redirected) return null;
    if (names.publicPages.includes(path)) return 'public';
    return account ? 'account' : null;
  }

  /**
   * Whether a page fetched in the background for keeping may still be kept
   * when its answer arrives: a public page always; an account's own unless
   * the phone forgot that account while the page was on the wire (it
   * signed out, another person signed in, or its session ended elsewhere),
   * so a shared phone keeps nothing of it. `forgotten`: those accounts, until
   * one greets the worker again.
   */
  function stillKeeps(account, forgotten) {
    return !account || !forgotten.has(account);
  }

  /** The signed-in pages to keep for `lists` (ids), each list's own included. */
  function pagesToKeep(names, lists) {
    return [...names.offlinePages, ...(lists || []).map((id) => `${names.listPagePrefix}${id}`)];
  }

  /** Whether `path` is a page of the planner (kept, or keepable once seen). */
  function isAppPage(path, names) {
    return names.offlinePages.includes(path) || path.startsWith(names.listPagePrefix);
  }

  /**
   * What answers a navigation to `path` without the network: `{ serve }` a
   * kept page (public, or the current account's own), or `{ fallback }`:
   * `'not-kept'` (a planner page this phone has not kept yet, while Today
   * is) or `'offline'`. `kept` maps a kept path to the account it was made
   * for (`null` for public pages).
   */
  function offlineChoice(path, kept, account, names) {
    if (names.publicPages.includes(path)) return kept.has(path) ? { serve: path } : { fallback: 'offline' };
    if (account && kept.get(path) === account) return { serve: path };
    if (account && isAppPage(path, names) && kept.get('/') === account) return { fallback: 'not-kept' };
    return { fallback: 'offline' };
  }

  /**
   * Whether a navigation to `path` opens at once from the kept page
   * `choice` names (offlineChoice's), before the network answers: a
   * planner page kept for the signed-in account. The page then reads the
   * server's truth itself. Public pages wait for the network first (the
   * sign-in page must say who is signed in now).
   */
  function opensKept(path, choice, names) {
    return choice.serve === path && !names.publicPages.includes(path);
  }

  /** A kept page marked as such (`names.keptMark` on `<html>`), so the page knows to read the server's truth at once. */
  function markKept(html, names) {
    return html.replace(/<html\b/i, `<html ${names.keptMark}=""`);
  }

  /**
   * A kept page with fresh ids and keys in its forms (the inputs the server
   * marked `data-minted`): the same cached page served twice must never
   * give two posts one key, or two new tasks one id. `mint(kind)` makes a
   * value for `'id'` or `'key'`.
   */
  function remint(html, mint) {
    return html.replace(/<input\b[^>]*\bdata-minted="(id|key)"[^>]*>/g, (tag, kind) =>
      tag.replace(/\bvalue="[^"]*"/, `value="${mint(kind)}"`));
  }

  /** A UUIDv7 (time-ordered, as the app's ids) from the time and 16 random bytes. */
  function uuidv7(now, random) {
    const bytes = Uint8Array.from(random);
    let time = Math.floor(now);
    for (let i = 5; i >= 0; i--) {
      bytes[i] = time % 256;
      time = Math.floor(time / 256);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x70;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The app's language for a browser that prefers `languages` (Russian unless English comes first). */
  function languageOf(languages) {
    for (const language of languages || []) {
      const code = String(language).toLowerCase().slice(0, 2);
      if (code === 'ru' || code === 'en') return code;
    }
    return 'ru';
  }

  function escape(text) {
    return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  /**
   * The worker's news for its pages, as the page reads it (`Snapshot`,
   * app/src/outbox/snapshot.rs; end2end/worker/news.json is a sample both
   * sides are tested against). `entries`: the account's queue; `recent`:
   * what it saved in the last minutes (with `answer`); `saved` and
   * `dropped`: keys, said once.
   */
  function news({ account, entries, recent, serverNow, paused, saved, dropped, now }) {
    const view = (entry) => ({
      key: entry.key, url: entry.url, body: entry.body, time: entry.time,
      stuck: entry.state === 'stuck', sending: entry.state === 'sending' && now <= entry.until,
      status: entry.status ?? null, reason: entry.reason ?? null,
    });
    return {
      account,
      // The server's time now, when the worker has heard from it: a page
      // that has not (opened offline) corrects its clock by it.
      serverNow,
      // The session ended (a password changed elsewhere, or it expired):
      // the queue waits for this account to sign in again, and says so.
      paused,
      pending: entries.filter((e) => e.state !== 'failed').map(view),
      failures: entries.filter((e) => e.state === 'failed').map(view),
      recent: recent.map((e) => ({ ...view(e), stuck: false, sending: false, answer: e.answer ?? null })),
      saved,
      dropped,
    };
  }

  /** The page shown when nothing kept can answer (`kind`: 'offline' or 'not-kept'). */
  function offlineHtml(words, kind, language) {
    const w = words[language] || words.ru;
    const body = kind === 'not-kept'
      ? `<h1>${escape(w.title)}</h1><p>${escape(w.notKept)}</p><p><a href="/">${escape(w.toToday)}</a></p>`
      : `<h1>${escape(w.title)}</h1><p>${escape(w.text)}</p>`;
    return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8">`
      + '<meta name="viewport" content="width=device-width, initial-scale=1">'
      + `<title>${escape(w.appName)}</title></head>`
      + `<body><main style="font-family:system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</main></body></html>`;
  }

  // Reminders (issue 28). A push always shows a notification: a browser
  // takes the subscription back from a worker whose pushes show nothing.
  // A push for an account that is not the one signed in on this phone (a
  // shared phone, or a message sent before a sign-out reached the server)
  // names nothing of it: no title, no task, only that there is a reminder.
  const REMINDER_TAG = 'tetrad-reminder';

  /** A push's text as the message it carries; anything else reads as none. */
  function pushMessage(text) {
    try {
      const message = JSON.parse(text);
      return message && typeof message === 'object' && !Array.isArray(message) ? message : null;
    } catch {
      return null;
    }
  }

  /**
   * What a push shows: `{ title, options }` for `showNotification`. A
   * task's reminder for the account signed in here has its buttons
   * («Готово», «Отложить на час»), each a change of that task.
   */
  function reminderNotification(message, signedIn, words, homePage, apiPrefix) {
    const text = (value) => (typeof value === 'string' ? value : '');
    // The same reminder sent again (after a crash) replaces, not adds.
    const tag = text(message?.tag) || REMINDER_TAG;
    const mine = Boolean(signedIn) && text(message?.account) === signedIn;
    if (!mine || !text(message.title)) {
      return { title: words.appName, options: { body: words.reminderElsewhere, tag, data: { url: homePage } } };
    }
    const options = { body: text(message.body).slice(0, 500), tag, data: { url: homePage } };
    const actions = message.actions;
    if (actionRequest(actions?.done, apiPrefix) && actionRequest(actions?.snooze, apiPrefix)) {
      options.actions = [
        { action: 'done', title: words.reminderDone },
        { action: 'snooze', title: words.reminderSnooze },
      ];
      options.data = { url: homePage, account: signedIn, actions };
    }
    return { title: text(message.title).slice(0, 200), options };
  }

  /** A button's request as the server wrote it: a path of this app's API and a form. */
  function actionRequest(request, apiPrefix) {
    const ok = typeof request?.path === 'string' && typeof request?.body === 'string'
      && request.path.startsWith(apiPrefix) && !request.path.includes('//');
    return ok ? request : null;
  }

  /**
   * What a tap on a reminder's button sends (`{ path, body }`), or null:
   * its form, with the field it leaves open (a snooze's moment) set to
   * `moment`. The worker keys it and dates it at the tap, like any change.
   */
  function reminderAction(data, action, moment, apiPrefix) {
    if (action !== 'done' && action !== 'snooze') return null;
    const request = actionRequest(data?.actions?.[action], apiPrefix);
    if (!request) return null;
    const form = new URLSearchParams(request.body);
    if (typeof request.field === 'string') form.set(request.field, moment);
    return { path: request.path, body: form.toString() };
  }

  /**
   * An hour after `now` on this phone's clock face (`2026-10-13T19:30`):
   * `zoneOffset` is `Date#getTimezoneOffset()`, minutes behind UTC.
   */
  function snoozeMoment(now, zoneOffset) {
    const local = new Date(now + 3600e3 - zoneOffset * 60e3);
    return local.toISOString().slice(0, 16);
  }

  /** Where a tap on a notification opens the app: a page of this site, never elsewhere. */
  function reminderTarget(data, homePage) {
    const url = typeof data?.url === 'string' ? data.url : '';
    return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : homePage;
  }

  const policy = {
    DEADLINES, KEEP_MS, STUCK_AFTER, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, GATEWAY, NOT_NOW,
    afterSend, afterReplay, readiness, isWaiting, dated, clockOffset, backoff, retryAfter, isSaved, isMutation, isAuth, changesAccount, isPage, isRead, afterAuth, accountFromPage,
    keepable, stillKeeps, pagesToKeep, isAppPage, offlineChoice, opensKept, markKept, remint, uuidv7, languageOf, offlineHtml,
    news, pushMessage, reminderNotification, reminderTarget, reminderAction, snoozeMoment,
  };
  root.tetradPolicy = policy;
  if (typeof module === 'object' && module.exports) module.exports = policy;
})(typeof self !== 'undefined' ? self : globalThis);
