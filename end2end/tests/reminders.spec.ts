import { test, expect, Page } from '@playwright/test';
import { PushService, type Minted } from './push_service';
import { goOffline, quickAdd, serverTasks, signUp, tap, taskRow, uniqueName, waitForHydration, waitForOutbox, waitForWorker } from './helpers';

// A reminder reaching the phone (issue 28, point 4): Chromium delivers a
// push message to the app's worker as its push service would (DevTools'
// ServiceWorker.deliverPushMessage), and the notification the worker shows
// is read back from its registration.

type Shown = { title: string; body: string; tag: string };

async function deliverPush(page: Page, message: object, { cold = false } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  // A phone's worker is usually stopped when a push comes: it wakes cold.
  if (cold) await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(message),
  });
}

async function notifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

async function accountId(page: Page): Promise<string> {
  const account = await (await page.request.get('/api/auth/account')).json();
  return account.id;
}

test('a reminder for the signed-in student shows its words; one for another account on the phone names nothing', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUp(page, uniqueName('reminded'));
  await waitForWorker(page);
  const masha = await accountId(page);

  await deliverPush(page, {
    account: masha,
    title: 'Завтра: алгебра №245, реферат и ещё 2',
    body: 'Просрочено: 1',
    tag: 'summary-2026-10-13',
  });
  await expect.poll(() => notifications(page)).toContainEqual({
    title: 'Завтра: алгебра №245, реферат и ещё 2',
    body: 'Просрочено: 1',
    tag: 'summary-2026-10-13',
  });

  // Sent to a classmate who used this phone before: no title of theirs.
  await deliverPush(page, {
    account: '0193e0a0-0000-7000-8000-0000000000bb',
    title: 'Завтра: контрольная по химии',
    tag: 'summary-petya',
  });
  await expect.poll(() => notifications(page)).toContainEqual({
    title: 'Тетрадь',
    body: 'Напоминание для другого аккаунта на этом телефоне',
    tag: 'summary-petya',
  });
  const all = JSON.stringify(await notifications(page));
  expect(all).not.toContain('химии');

  // The same reminder sent again (after a crash) replaces, never adds.
  // The worker is stopped first, as on a phone whose app is closed.
  await deliverPush(page, { account: masha, title: 'Завтра: алгебра №245', tag: 'summary-2026-10-13' }, { cold: true });
  await expect.poll(async () => (await notifications(page)).filter((n) => n.tag === 'summary-2026-10-13'))
    .toEqual([{ title: 'Завтра: алгебра №245', body: '', tag: 'summary-2026-10-13' }]);
});

test('the evening summary is set in settings, kept, and never inside the quiet hours', async ({ page }) => {
  await signUp(page, uniqueName('evening'));
  await page.click('a.settings-link');
  await waitForHydration(page);
  const form = page.locator('form.reminder-settings');
  // The school defaults, read from the server.
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('19:00');
  await expect(form.locator('input[name="quiet_from"]')).toHaveValue('22:00');
  await expect(form.locator('input[name="quiet_until"]')).toHaveValue('07:00');
  await expect(form.locator('input[name="summary_on"]')).toBeChecked();

  // A summary at 23:30 would never ring: refused, saying what to do.
  await form.locator('input[name="summary_at"]').fill('23:30');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Вечерняя сводка не может приходить в тихие часы: выберите время вне их.');

  await form.locator('input[name="summary_at"]').fill('20:30');
  await form.locator('select[name="lead"]').selectOption('1h');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено.' })).toBeVisible();

  // Kept: a reload reads it back from the server.
  await page.reload();
  await waitForHydration(page);
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('20:30');
  await expect(form.locator('select[name="lead"]')).toHaveValue('1h');

  // Kept for offline use, the page shows the account's settings, not the
  // defaults. The worker keeps the page's new copy beside the reload's
  // answer: a phone going offline that same instant still has the old one
  // (once in CI), so the test waits for the copy, as any person would.
  await expect.poll(() => page.evaluate(async () => {
    const pages = (await caches.keys()).find((name) => name.startsWith('tetrad-pages-'));
    const kept = pages && await (await caches.open(pages)).match('/settings');
    return kept ? kept.text() : '';
  }), { timeout: 20_000 }).toContain('20:30');
  await goOffline(page);
  await page.reload();
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('20:30');
  await expect(form.locator('select[name="lead"]')).toHaveValue('1h');
  await page.context().setOffline(false);
  await page.reload();
  await waitForHydration(page);

  // Offline, saving says it needs the network, and nothing changes.
  await page.context().setOffline(true);
  await form.locator('input[name="summary_at"]').fill('18:00');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Для настроек напоминаний нужна сеть. Ничего не изменилось.');
  await page.context().setOffline(false);
  await page.reload();
  await waitForHydration(page);
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('20:30');
});

// Chromium here cannot reach Google's push service, so the browser's part
// of subscribing (PushManager, the registration with FCM) is stood in for:
// a subscription shaped as a browser's, for an FCM address, kept across
// reloads. Everything of the app's own runs as it is: the permission asked
// on the tap, the server's key, the subscription handed to the server and
// read back.
const BROWSER_PUSH_REGISTRATION = `(() => {
  const keys = {
    p256dh: 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const made = (endpoint) => {
    const subscription = Object.create(PushSubscription.prototype);
    Object.defineProperty(subscription, 'endpoint', { value: endpoint });
    subscription.toJSON = () => ({ endpoint, expirationTime: null, keys });
    subscription.unsubscribe = async () => { localStorage.removeItem('e2e-push'); return true; };
    return subscription;
  };
  PushManager.prototype.subscribe = async function (options) {
    if (!options || !options.userVisibleOnly || !options.applicationServerKey) throw new DOMException('no key', 'InvalidAccessError');
    localStorage.setItem('e2e-push-key', String(options.applicationServerKey));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/e2e-' + crypto.randomUUID();
    localStorage.setItem('e2e-push', endpoint);
    return made(endpoint);
  };
  PushManager.prototype.getSubscription = async function () {
    const endpoint = localStorage.getItem('e2e-push');
    return endpoint ? made(endpoint) : null;
  };
})();`;

async function serverSays(page: Page): Promise<{ key: string; on: boolean }> {
  const endpoint = await page.evaluate(() => localStorage.getItem('e2e-push') || '');
  const answer = await page.request.get(`/api/auth/push/state?endpoint=${encodeURIComponent(endpoint)}`);
  expect(answer.status()).toBe(200);
  return answer.json();
}

test('reminders on this phone: asked only on the tap, on for the server’s key, kept across a reload, off again', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(BROWSER_PUSH_REGISTRATION);
  await signUp(page, uniqueName('phone'));
  await page.click('a.settings-link');
  await waitForHydration(page);
  const device = page.locator('.device-reminders');
  await expect(device).toHaveAttribute('data-state', 'off');
  await expect(device.getByRole('status')).toHaveText('Выключены: на этот телефон напоминания не приходят.');

  await device.getByRole('button', { name: 'Включить на этом телефоне' }).click();
  await expect(device).toHaveAttribute('data-state', 'on');
  await expect(device.getByRole('status')).toHaveText('Включены: напоминания приходят на этот телефон.');
  const kept = await serverSays(page);
  expect(kept.on).toBe(true);
  // Subscribed for the server's own key.
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-key'))).toBe(kept.key);

  await page.reload();
  await waitForHydration(page);
  await expect(device).toHaveAttribute('data-state', 'on');

  await device.getByRole('button', { name: 'Выключить на этом телефоне' }).click();
  await expect(device).toHaveAttribute('data-state', 'off');
  expect((await serverSays(page)).on).toBe(false);
});

test('reminders on this phone, refused by the browser: the page says how to allow them; offline, that it needs the network', async ({ page, context }) => {
  await page.addInitScript(BROWSER_PUSH_REGISTRATION);
  await signUp(page, uniqueName('refused'));
  await page.click('a.settings-link');
  await waitForHydration(page);
  const device = page.locator('.device-reminders');
  await expect(device).toHaveAttribute('data-state', 'off');
  // Nothing was asked before the tap.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  await goOffline(page);
  await device.getByRole('button', { name: 'Включить на этом телефоне' }).click();
  await expect(device).toHaveAttribute('data-state', 'offline');
  await expect(device.getByRole('status')).toHaveText('Для этого нужна сеть. Ничего не изменилось.');
  await page.context().setOffline(false);

  // Chromium here answers the question itself: no.
  await device.getByRole('button', { name: 'Включить на этом телефоне' }).click();
  await expect(device).toHaveAttribute('data-state', 'denied');
  await expect(device.getByRole('status')).toContainText('Браузер запретил уведомления для Tetrad');
  expect((await serverSays(page)).on).toBe(false);
});

test('«напомни за час» is understood before saving, saved once from offline, and shown in the details', async ({ page }) => {
  await signUp(page, uniqueName('remind'));
  await waitForOutbox(page);
  await page.goto('/upcoming');
  await waitForHydration(page);
  await page.fill('input[name="quick_add"]', 'Контрольная завтра 18:00 напомни за час');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: завтра · 18:00 · напомнить за час');

  await goOffline(page);
  await page.press('input[name="quick_add"]', 'Enter');
  const row = page.locator('[data-task-id]', { hasText: 'Контрольная' });
  await expect(row).toHaveAttribute('data-sync', 'queued');
  await page.context().setOffline(false);
  await expect(row).toHaveAttribute('data-sync', 'saved', { timeout: 20_000 });
  const saved = (await serverTasks(page)).filter((task) => task.title.startsWith('Контрольная'));
  expect(saved.map((task) => [task.title, (task as unknown as { reminder: string }).reminder])).toEqual([['Контрольная', '1h']]);

  // The row says when it reminds.
  await expect(row.locator('.when')).toContainText('🔔 завтра · 17:00');

  // The details show it, and change it like any part of the task.
  await row.locator('summary').click();
  const reminder = row.locator('select[name="reminder"]');
  await expect(reminder).toHaveValue('1h');
  await reminder.selectOption('off');
  await row.getByRole('button', { name: 'Сохранить' }).click();
  await expect.poll(async () => (await serverTasks(page)).map((task) => (task as unknown as { reminder: string }).reminder))
    .toEqual(['off']);
});

test("a task whose reminder's time has come today is marked in Today", async ({ page }) => {
  await signUp(page, uniqueName('due-now'));
  await quickAdd(page, 'Зарядка сегодня 00:00');
  await quickAdd(page, 'Секция сегодня 23:59');
  await expect(taskRow(page, 'Зарядка')).toHaveClass(/\breminding\b/);
  await expect(taskRow(page, 'Секция')).not.toHaveClass(/\breminding\b/);
  // Done, it no longer calls.
  await tap(page, 'Зарядка', true);
  await expect(taskRow(page, 'Зарядка')).not.toHaveClass(/\breminding\b/);
});

/**
 * A tap on a reminder's button, as the worker takes it: Chromium offers no
 * way to press a notification's button from a test, so the test calls the
 * worker's own handler (`reminderButton` in sw.js) with the data of the
 * notification it showed.
 */
async function pressButton(page: Page, tag: string, action: 'done' | 'snooze'): Promise<void> {
  const worker = page.context().serviceWorkers()[0];
  await worker.evaluate(async ({ tag, action }) => {
    const [shown] = await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications({ tag });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (self as any).reminderButton(shown.data, action);
  }, { tag, action });
}

test('«Готово» and «Отложить на час» on a reminder: offline they wait, and land once back online', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUp(page, uniqueName('buttons'));
  await waitForOutbox(page);
  const masha = await accountId(page);
  await quickAdd(page, 'Алгебра №245 сегодня 23:59');
  await quickAdd(page, 'Реферат сегодня 23:59');
  const id = async (title: string) => (await taskRow(page, title).getAttribute('data-task-id'))!;
  const [algebra, essay] = [await id('Алгебра №245'), await id('Реферат')];
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'saved');

  // As the server writes a task's reminder (app/src/reminders/message.rs).
  const reminder = (task: string, title: string) => ({
    account: masha,
    title,
    body: 'Сегодня · 23:59',
    tag: `task:${task}:2026-10-13T23:59`,
    url: `/#task-${task}`,
    actions: {
      done: { path: '/api/tasks/complete', body: `id=${task}&completed=true` },
      snooze: { path: '/api/tasks/edit', body: `id=${task}&reminder=&set=reminder`, field: 'reminder' },
    },
  });
  await deliverPush(page, reminder(algebra, 'Алгебра №245'));
  await deliverPush(page, reminder(essay, 'Реферат'));
  const actions = () => page.evaluate(async () => {
    const shown = await (await navigator.serviceWorker.ready).getNotifications();
    return shown.map((n) => (n as unknown as { actions: { title: string }[] }).actions.map((a) => a.title));
  });
  await expect.poll(actions).toEqual([['Готово', 'Отложить на час'], ['Готово', 'Отложить на час']]);

  await goOffline(page);
  await pressButton(page, `task:${algebra}:2026-10-13T23:59`, 'done');
  await pressButton(page, `task:${essay}:2026-10-13T23:59`, 'snooze');
  await expect(page.locator('#outbox-status')).toHaveAttribute('data-pending', '2');

  await page.context().setOffline(false);
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
  await expect(page.locator('#outbox-status')).toBeHidden({ timeout: 20_000 });
  const saved = await serverTasks(page);
  const algebraNow = saved.find((task) => task.id === algebra) as unknown as { completed_at: string | null };
  expect(algebraNow.completed_at).not.toBeNull();
  const essayNow = saved.find((task) => task.id === essay) as unknown as { reminder: string; completed_at: string | null };
  expect(essayNow.completed_at).toBeNull();
  // An hour after the tap, on the phone's clock face (read here as local time).
  const minutesAhead = (new Date(`${essayNow.reminder}:00`).getTime() - Date.now()) / 60e3;
  expect(minutesAhead).toBeGreaterThan(50);
  expect(minutesAhead).toBeLessThanOrEqual(60);
});

test('after signing out of the phone, a reminder still on its way shows no title', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUp(page, uniqueName('gone'));
  await waitForWorker(page);
  const masha = await accountId(page);
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await deliverPush(page, { account: masha, title: 'Завтра: алгебра №245', body: 'Просрочено: 1', tag: 'summary-late' }, { cold: true });
  await expect.poll(() => notifications(page)).toContainEqual({
    title: 'Тетрадь',
    body: 'Напоминание для другого аккаунта на этом телефоне',
    tag: 'summary-late',
  });
  expect(JSON.stringify(await notifications(page))).not.toContain('алгебра');
});

/** The browser's registration stood in for by one the local push service minted. */
function registeredWith(minted: Minted) {
  const made = (subscription: Minted) => {
    const handle = Object.create(PushSubscription.prototype);
    Object.defineProperty(handle, 'endpoint', { value: subscription.endpoint });
    handle.toJSON = () => ({ ...subscription, expirationTime: null });
    handle.unsubscribe = async () => { localStorage.removeItem('e2e-push-local'); return true; };
    return handle;
  };
  PushManager.prototype.subscribe = async function () {
    localStorage.setItem('e2e-push-local', '1');
    return made(minted);
  };
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem('e2e-push-local') ? made(minted) : null;
  };
}

/** HH:MM on the phone's clock, `hours` from now. */
function clockFace(page: Page, hours: number): Promise<string> {
  return page.evaluate((hours) => {
    const at = new Date(Date.now() + hours * 3600e3);
    return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  }, hours);
}

test('a reminder the server sends reaches the phone: through the push service, to a worker woken cold', async ({ page, context }) => {
  const service = await PushService.start();
  try {
    await context.grantPermissions(['notifications']);
    await page.addInitScript(registeredWith, service.mint('phone'));
    await signUp(page, uniqueName('reached'));
    const masha = await accountId(page);
    await page.click('a.settings-link');
    await waitForHydration(page);
    // Quiet hours away from now, whenever the test runs; no evening summary.
    const form = page.locator('form.reminder-settings');
    await form.locator('input[name="summary_on"]').uncheck();
    await form.locator('input[name="quiet_from"]').fill(await clockFace(page, 2));
    await form.locator('input[name="quiet_until"]').fill(await clockFace(page, 3));
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено.' })).toBeVisible();
    const device = page.locator('.device-reminders');
    await device.getByRole('button', { name: 'Включить на этом телефоне' }).click();
    await expect(device).toHaveAttribute('data-state', 'on');

    // Due this very minute: the scheduler sends it at its next tick.
    await page.goto('/');
    await waitForHydration(page);
    await quickAdd(page, `Алгебра №245 сегодня ${await clockFace(page, 0)}`);
    await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(1);
    expect(service.refused).toEqual([]);
    const [got] = service.received;
    expect(got.message.account).toBe(masha);
    expect(got.message.title).toBe('Алгебра №245');
    expect(got.message.tag).toMatch(/^task:/);
    expect(got.topic).toHaveLength(32);

    await deliverPush(page, got.message, { cold: true });
    await expect.poll(() => notifications(page)).toContainEqual({
      title: 'Алгебра №245',
      body: got.message.body,
      tag: got.message.tag,
    });
    // Sent once: later ticks send nothing more.
    await page.waitForTimeout(5_000);
    expect(service.received).toHaveLength(1);
  } finally {
    service.stop();
  }
});
