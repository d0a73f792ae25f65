// The worker's news for its pages (public/sw-policy.js `news`) is the
// sample in news.json, which the page's reader is tested against too
// (app/src/outbox/snapshot.rs): a field renamed on one side fails here or
// there. Run by scripts/test.sh with `node --test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const policy = createRequire(import.meta.url)('../../public/sw-policy.js');
const sample = JSON.parse(readFileSync(new URL('./news.json', import.meta.url), 'utf8'));

const NOW = 1764748800000; // 2025-12-03T08:00:00Z
const task = '0193e0a0-0000-7000-8000-000000000001';
const request = (key, completed, state, more = {}) => ({
  seq: 1, account: sample.account, key, url: '/api/tasks/complete',
  body: `id=${task}&completed=${completed}&at=2025-12-03T07%3A59%3A00.000Z`,
  time: NOW - 60000, state, attempts: 0, ...more,
});

test('the news the worker writes is the sample the page reads', () => {
  const news = policy.news({
    account: sample.account,
    entries: [
      request('k-waiting', true, 'pending'),
      request('k-sending', false, 'sending', { until: NOW + 1000 }),
      request('k-stuck', true, 'stuck', { status: 503, reason: null }),
      request('k-refused', true, 'failed', { status: 404, reason: '{"error":"task_not_found","message":"no such task"}' }),
    ],
    recent: [{ ...request('k-saved', true, 'done'), answer: '{"id":"x"}', savedAt: NOW - 5000 }],
    serverNow: NOW + 250,
    paused: false,
    saved: ['k-saved-unseen'],
    dropped: ['k-discarded'],
    now: NOW,
  });
  assert.deepEqual(JSON.parse(JSON.stringify(news)), sample);
});

test('a request whose live send has outlasted its deadline is no longer shown as sending', () => {
  const late = request('k-late', true, 'sending', { until: NOW - 1 });
  const news = policy.news({
    account: sample.account, entries: [late], recent: [], serverNow: null,
    paused: true, saved: [], dropped: [], now: NOW,
  });
  assert.equal(news.pending[0].sending, false);
  assert.equal(news.paused, true);
});
