// What the worker shows for a push (public/sw-policy.js; issue 28, point 4):
// always something, never another account's titles, and a tap that opens
// only a page of this site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const policy = createRequire(import.meta.url)('../../public/sw-policy.js');

const words = { appName: 'Тетрадь', reminderElsewhere: 'Напоминание для другого аккаунта на этом телефоне' };
const masha = '0193e0a0-0000-7000-8000-0000000000aa';
const petya = '0193e0a0-0000-7000-8000-0000000000bb';
const summary = {
  account: masha,
  title: 'Завтра: алгебра №245, реферат и ещё 2',
  body: 'Просрочено: 1',
  tag: 'summary-2026-10-13',
};

test("the signed-in account's reminder shows its words, under its own tag", () => {
  const shown = policy.reminderNotification(summary, masha, words, '/');
  assert.equal(shown.title, summary.title);
  assert.equal(shown.options.body, 'Просрочено: 1');
  assert.equal(shown.options.tag, 'summary-2026-10-13');
  assert.deepEqual(shown.options.data, { url: '/' });
});

test('a reminder for another account, or with nobody signed in, names nothing of it', () => {
  for (const signedIn of [petya, null, undefined, '']) {
    const shown = policy.reminderNotification(summary, signedIn, words, '/');
    assert.equal(shown.title, 'Тетрадь');
    assert.equal(shown.options.body, words.reminderElsewhere);
    assert.ok(!JSON.stringify(shown).includes('алгебра'), JSON.stringify(shown));
    // Still under its tag: a resend replaces it.
    assert.equal(shown.options.tag, 'summary-2026-10-13');
  }
});

test('a push that says nothing readable still shows a notification', () => {
  for (const text of ['', 'not json', '[1,2]', 'null', '{"account": 7}']) {
    const shown = policy.reminderNotification(policy.pushMessage(text), masha, words, '/');
    assert.equal(shown.title, 'Тетрадь', text);
    assert.equal(shown.options.tag, 'tetrad-reminder', text);
  }
  assert.deepEqual(policy.pushMessage(JSON.stringify(summary)), summary);
});

test('very long words are cut to what a notification can hold', () => {
  const long = { ...summary, title: 'а'.repeat(1000), body: 'б'.repeat(5000) };
  const shown = policy.reminderNotification(long, masha, words, '/');
  assert.equal(shown.title.length, 200);
  assert.equal(shown.options.body.length, 500);
});

test('a tap opens a page of this site, and anything else opens Today', () => {
  assert.equal(policy.reminderTarget({ url: '/upcoming' }, '/'), '/upcoming');
  for (const data of [{ url: 'https://evil.example/' }, { url: '//evil.example/x' }, { url: '/\\evil.example' }, { url: 7 }, null, undefined]) {
    assert.equal(policy.reminderTarget(data, '/'), '/', JSON.stringify(data));
  }
});
