import { expect, test } from '@playwright/test';
import {
  addTask, goOffline, quickAdd, serverTasks, signIn, signUp, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// The replay paths docs/design.md §4 promises: replay without an `online` event
// (becoming visible, the timer), one replay at a time across tabs, the 401
// pause until the same account signs in again, and a failing change the
// person discards (the ones behind it are then sent).

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

/** Answers every task mutation 503 until `stop` is called; counts what was tried. */
async function gatewayDown(context: import('@playwright/test').BrowserContext) {
  const tried = { count: 0 };
  await context.route('**/api/tasks/**', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    tried.count += 1;
    return route.fulfill({ status: 503 });
  });
  return tried;
}

test('becoming visible sends what waits, without an online event and before the back-off is over', async ({ page, context }) => {
  await signUp(page, uniqueName('visible'));
  await waitForOutbox(page);
  const tried = await gatewayDown(context);
  await quickAdd(page, 'Биология');
  // Let the back-off grow past anything the test waits for.
  await expect.poll(() => tried.count, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await context.unroute('**/api/tasks/**');

  const started = Date.now();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(bar(page)).toBeHidden({ timeout: 5_000 });
  console.log(`visible → sent in ${Date.now() - started} ms`);
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Биология']);
});

test('with no event at all, the timers send what waits', async ({ page, context }) => {
  await signUp(page, uniqueName('timer'));
  await waitForOutbox(page);
  const tried = await gatewayDown(context);
  await quickAdd(page, 'Музыка');
  await expect.poll(() => tried.count).toBeGreaterThanOrEqual(2);
  await context.unroute('**/api/tasks/**');
  await expect(bar(page)).toBeHidden({ timeout: 30_000 });
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Музыка']);
});

test('two tabs coming back online send each waiting change once', async ({ page, context }) => {
  await signUp(page, uniqueName('tabs'));
  await waitForOutbox(page);
  const second = await context.newPage();
  await second.goto('/');
  await waitForHydration(second);
  await goOffline(page);
  for (const title of ['Первое', 'Второе', 'Третье', 'Четвёртое', 'Пятое']) await quickAdd(page, title);
  await expect(bar(second)).toHaveText('5 изменений ждут сети');

  // Each key the server answered. A try the network failed (the first one
  // right after reconnecting sometimes does) is no send: it is retried
  // under its key, as it must be.
  const sent: string[] = [];
  await context.route('**/api/tasks/add', async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('internetdisconnected');
    sent.push(route.request().headers()['idempotency-key']);
    return route.fulfill({ response });
  });
  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await expect(bar(second)).toBeHidden();
  expect(sent).toHaveLength(5);
  expect(new Set(sent).size).toBe(5);
  expect(await serverTasks(page)).toHaveLength(5);
});

test('a 401 pauses the queue until the same account signs in again, then it is sent', async ({ page, context }) => {
  const name = uniqueName('expired');
  await signUp(page, name);
  await waitForOutbox(page);
  await goOffline(page);
  await quickAdd(page, 'Физкультура');
  // The session ends meanwhile (expired, or signed out elsewhere).
  await context.clearCookies();
  // Each try the server answered. One the network failed (the first right
  // after reconnecting sometimes is) reached no server and is retried, as
  // it must be: it is not counted.
  let answered = 0;
  await context.route('**/api/tasks/add', async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('internetdisconnected');
    answered += 1;
    return route.fulfill({ response });
  });
  await context.setOffline(false);
  await expect.poll(() => answered).toBe(1);
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
  await page.waitForTimeout(1500);
  expect(answered, 'paused: not sent again').toBe(1);
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  await signIn(page, name);
  await expect(bar(page)).toBeHidden();
  await expect(taskRow(page, 'Физкультура')).toHaveAttribute('data-sync', 'saved');
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Физкультура']);
});

test('a change the server keeps failing, discarded by the person, lets the changes behind it go', async ({ page, context }) => {
  await signUp(page, uniqueName('discard'));
  await waitForOutbox(page);
  await addTask(page, 'Рисование');
  await goOffline(page);
  await taskRow(page, 'Рисование').locator('button[aria-pressed]').click();
  await quickAdd(page, 'Черчение');
  await expect(bar(page)).toHaveText('2 изменения ждут сети');
  // Back online, the server fails that one change every time (a bug).
  await context.route('**/api/tasks/complete', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '"Internal"' }));
  await context.setOffline(false);
  const stuck = page.locator('.failure.stuck');
  await expect.poll(async () => {
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
    return stuck.count();
  }, { intervals: [300], timeout: 20_000 }).toBe(1);
  await expect(taskRow(page, 'Черчение')).toHaveAttribute('data-sync', 'queued');

  await stuck.getByRole('button', { name: 'Отменить изменение' }).click();
  await expect(bar(page)).toBeHidden();
  await expect(taskRow(page, 'Черчение')).toHaveAttribute('data-sync', 'saved');
  const tasks = await serverTasks(page);
  expect(tasks.map((t) => t.title).sort()).toEqual(['Рисование', 'Черчение']);
  expect(tasks.find((t) => t.title === 'Рисование')).toMatchObject({ completed_at: null });
  await expect(taskRow(page, 'Рисование').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
});
