import { expect, test } from '@playwright/test';
import {
  goOffline, PASSWORD, quickAdd, serverTasks, signUp, taskRow, uniqueName, waitForHydration, waitForKeptPages,
  waitForOutbox,
} from './helpers';

// Signing out never hides changes that wait for the network: the person
// sees how many and decides; they are never sent as another account.

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');
const dialog = (page: import('@playwright/test').Page) => page.locator('.sign-out-waiting');

/** Every task mutation answered 503, as during a deploy: changes wait. */
async function deployInProgress(context: import('@playwright/test').BrowserContext) {
  await context.route('**/api/tasks/**', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 503 }) : route.continue());
}

test('signing out with a change waiting says so; "once they are sent" signs out after the change is saved', async ({ page, context }) => {
  await signUp(page, uniqueName('leaving'));
  await waitForOutbox(page);
  await deployInProgress(context);
  await quickAdd(page, 'Эссе');
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(dialog(page)).toContainText('1 изменение ждёт сети');
  await expect(dialog(page)).toContainText('останутся на этом телефоне');
  await page.getByRole('button', { name: 'Выйти, когда отправятся' }).click();
  await expect(dialog(page)).toContainText('как только изменения отправятся');
  await expect(page).not.toHaveURL(/\/signin$/);

  await context.unroute('**/api/tasks/**');
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
  await expect(page).toHaveURL(/\/signin$/, { timeout: 20_000 });
  const check = await page.context().request.get('/api/auth/account');
  expect(await check.json()).toBeNull();
});

test('offline, signing out says it needs the network, and the waiting change stays shown as waiting', async ({ page, context }) => {
  await signUp(page, uniqueName('metro'));
  await waitForOutbox(page);
  // The reload below is offline: the worker must have kept the planner.
  await waitForKeptPages(page, ['/']);
  await goOffline(page);
  await quickAdd(page, 'Реферат');
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'queued');

  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await page.getByRole('button', { name: 'Выйти сейчас' }).click();
  await expect(page.getByRole('alert')).toContainText('Чтобы выйти, нужна сеть');
  await expect(page).not.toHaveURL(/\/signin$/);
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'queued');
  await page.reload();
  await waitForHydration(page);
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'queued');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Реферат']);
});

test('signed out with a change waiting: never sent as the next account, sent when the same account signs in again', async ({ page, context }) => {
  const first = uniqueName('first');
  await signUp(page, first);
  await waitForOutbox(page);
  await deployInProgress(context);
  await quickAdd(page, 'Секрет первого');
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await page.getByRole('button', { name: 'Выйти сейчас' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signUp(page, uniqueName('second'));
  await waitForOutbox(page);
  const sent: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/tasks/')) sent.push(request.url());
  });
  await context.unroute('**/api/tasks/**');
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
  await page.waitForTimeout(2000); // time for a replay that must not happen
  expect(sent).toEqual([]);
  await expect(bar(page)).toBeHidden();
  expect(await serverTasks(page)).toHaveLength(0);
  await expect(page.locator('[data-task-id]')).toHaveCount(0);

  // Back as the first account, its change is saved.
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await page.goto('/signin');
  await waitForHydration(page);
  await page.fill('input[name="username"]', first);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await expect(taskRow(page, 'Секрет первого')).toBeVisible();
  await expect(bar(page)).toBeHidden();
  await expect.poll(async () => (await serverTasks(page)).map((t) => t.title)).toEqual(['Секрет первого']);
});
