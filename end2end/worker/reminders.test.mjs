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

// A task's reminder, as the server writes its buttons (app/src/reminders/message.rs).
const task = '0193e0a0-0000-7000-8000-00000000c0de';
const taskReminder = {
  account: masha,
  title: 'алгебра №245',
  body: 'Сегодня · 18:30',
  tag: `task:${task}:2026-10-13T18:30`,
  url: '/',
  actions: {
    done: { path: '/api/tasks/complete', body: `id=${task}&completed=true` },
    snooze: { path: '/api/tasks/edit', body: `id=${task}&reminder=&set=reminder`, field: 'reminder' },
  },
};
const buttons = { ...words, reminderDone: 'Готово', reminderSnooze: 'Отложить на час' };

test("a task's reminder for the signed-in account has its two buttons", () => {
  const shown = policy.reminderNotification(taskReminder, masha, buttons, '/', '/api/');
  assert.deepEqual(shown.options.actions, [
    { action: 'done', title: 'Готово' },
    { action: 'snooze', title: 'Отложить на час' },
  ]);
  assert.equal(shown.options.data.account, masha);
  assert.deepEqual(shown.options.data.actions, taskReminder.actions);
});

test("another account's reminder, or buttons aimed outside the app's API, get none", () => {
  const elsewhere = policy.reminderNotification(taskReminder, petya, buttons, '/', '/api/');
  assert.equal(elsewhere.options.actions, undefined);
  for (const path of ['https://evil.example/api/tasks/complete', '//evil.example/api/x', '/signout', 7]) {
    const aimed = { ...taskReminder, actions: { ...taskReminder.actions, done: { path, body: 'x=1' } } };
    const shown = policy.reminderNotification(aimed, masha, buttons, '/', '/api/');
    assert.equal(shown.options.actions, undefined, String(path));
  }
});

test("«Готово» sends the task's completion; «Отложить на час» its reminder an hour on", () => {
  const data = { account: masha, actions: taskReminder.actions };
  assert.deepEqual(policy.reminderAction(data, 'done', '2026-10-13T19:42', '/api/'), {
    path: '/api/tasks/complete',
    body: `id=${task}&completed=true`,
  });
  const snoozed = policy.reminderAction(data, 'snooze', '2026-10-13T19:42', '/api/');
  assert.equal(snoozed.path, '/api/tasks/edit');
  assert.equal(new URLSearchParams(snoozed.body).get('reminder'), '2026-10-13T19:42');
  assert.equal(new URLSearchParams(snoozed.body).get('set'), 'reminder');
  assert.equal(policy.reminderAction(data, 'delete', '2026-10-13T19:42', '/api/'), null);
  assert.equal(policy.reminderAction({}, 'done', '2026-10-13T19:42', '/api/'), null);
});

test('an hour on is read on the clock face of the phone', () => {
  const now = Date.UTC(2026, 9, 13, 15, 42);
  // Moscow is three hours ahead of UTC: getTimezoneOffset() says -180.
  assert.equal(policy.snoozeMoment(now, -180), '2026-10-13T19:42');
  assert.equal(policy.snoozeMoment(now, 0), '2026-10-13T16:42');
  assert.equal(policy.snoozeMoment(Date.UTC(2026, 9, 13, 23, 30), 0), '2026-10-14T00:30');
});
