import { expect, test } from '@playwright/test';
import {
  addTask, goOffline, quickAdd, serverTasks, signIn, signUp, taskRow, uniqueName, waitForHydration,
  waitForKeptPages, waitForOutbox,
} from './helpers';

// Issue 13: the app opens offline from the first signed-in page on — every
// view, whatever the way in — and every request has a deadline.

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

/** Offline, reloads the page: it must be the planner, hydrated, not "No network". */
async function reopenOffline(page: import('@playwright/test').Page) {
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
}

test('signed up and offline the moment Today shows: the planner reopens, and a task added then lands once', async ({ page, context }) => {
  // Every request for Today takes a second (a slow school network): the
  // page must be kept before the planner shows, not some time after.
  await context.route((url) => url.pathname === '/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fallback();
  });
  await signUp(page, uniqueName('instant'));
  await goOffline(page);
  await reopenOffline(page);
  await quickAdd(page, 'Сразу без сети');
  await expect(taskRow(page, 'Сразу без сети')).toHaveAttribute('data-sync', 'queued');
  await reopenOffline(page);
  await expect(taskRow(page, 'Сразу без сети')).toHaveAttribute('data-sync', 'queued');

  await context.setOffline(false);
  await expect(taskRow(page, 'Сразу без сети')).toHaveAttribute('data-sync', 'saved');
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Сразу без сети']);
});

test('signed up, a task saved, offline at once: the planner reopens with it', async ({ page }) => {
  await signUp(page, uniqueName('cold'));
  await quickAdd(page, 'Первая задача');
  await expect(taskRow(page, 'Первая задача')).toHaveAttribute('data-sync', 'saved');
  await goOffline(page);
  await reopenOffline(page);
  await expect(taskRow(page, 'Первая задача')).toHaveAttribute('data-sync', 'saved');
});

test('signed in with an existing account, offline at once: the planner reopens', async ({ page, browser }) => {
  const name = uniqueName('returning');
  // The account and its task, made on another device.
  const other = await browser.newContext({ locale: 'ru-RU' });
  const laptop = await other.newPage();
  await signUp(laptop, name);
  await addTask(laptop, 'С ноутбука');
  await other.close();

  await signIn(page, name);
  await goOffline(page);
  await reopenOffline(page);
  await expect(taskRow(page, 'С ноутбука')).toBeVisible();
});

test('a deep link to Upcoming as the first page opens offline as Upcoming', async ({ page }) => {
  const name = uniqueName('deeplink');
  await signUp(page, name);
  await quickAdd(page, 'Контрольная послезавтра');
  await expect.poll(async () => (await serverTasks(page)).length).toBe(1);
  // A new visit, straight to /upcoming (a link from a chat).
  await page.context().clearCookies();
  await signIn(page, name);
  await page.goto('/upcoming');
  await waitForHydration(page);
  await goOffline(page);
  await reopenOffline(page);
  await expect(page).toHaveURL(/\/upcoming$/);
  await expect(page.locator('h1')).toHaveText('Скоро');
  await expect(taskRow(page, 'Контрольная')).toBeVisible();
});

// The worker keeps every view once the page says hello. An answer it
// cannot keep (here, one naming no account; CI saw the server send such an
// /inbox twice in a run, cause not yet found) used to leave that view
// unkept until the next hello, so it did not open offline meanwhile.
test('a view first answered in a form the worker cannot keep is kept a moment later, and opens offline', async ({ page, context }) => {
  let asked = 0;
  await context.route('**/inbox', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    if (++asked === 1) delete headers['x-tetrad-account'];
    await route.fulfill({ response, headers });
  });
  await signUp(page, uniqueName('unnamed'));
  await waitForOutbox(page);
  await addTask(page, 'Во входящих');
  await waitForKeptPages(page, ['/', '/inbox']);
  expect(asked, 'the first answer could not be kept, a later one was').toBeGreaterThanOrEqual(2);
  await context.unroute('**/inbox');

  await goOffline(page);
  await page.goto('/inbox');
  await waitForHydration(page);
  await expect(taskRow(page, 'Во входящих')).toBeVisible();
});

test('offline, every view and a list open with their own content, a change queued offline drawn in the right view', async ({ page }) => {
  const name = uniqueName('views-offline');
  await signUp(page, name);
  await page.goto('/lists');
  await waitForHydration(page);
  await page.fill('input[name="name"]', 'Школа');
  await page.press('input[name="name"]', 'Enter');
  await expect(page.getByRole('link', { name: /Школа/ })).toBeVisible();
  const listPath = await page.getByRole('link', { name: /Школа/ }).getAttribute('href');
  await page.goto('/');
  await waitForHydration(page);
  await addTask(page, 'Сегодняшняя');
  await page.goto('/inbox');
  await waitForHydration(page);
  await addTask(page, 'Во входящих');
  await waitForOutbox(page);
  // Every view kept: the worker keeps them once the page said hello.
  await expect.poll(() => page.evaluate(async () => {
    const names = await caches.keys();
    const pages = names.find((n) => n.startsWith('tetrad-pages-'));
    if (!pages) return 0;
    return (await (await caches.open(pages)).keys()).length;
  })).toBeGreaterThanOrEqual(7);

  await goOffline(page);
  await quickAdd(page, 'Без сети послезавтра'); // from the Inbox, due the day after tomorrow
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  const open = async (path: string, heading: string) => {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText(heading);
    await expect(bar(page)).toHaveText('1 изменение ждёт сети');
  };
  await open('/', 'Сегодня');
  await expect(taskRow(page, 'Сегодняшняя')).toBeVisible();
  await expect(taskRow(page, 'Без сети')).toHaveCount(0);
  await open('/upcoming', 'Скоро');
  await expect(taskRow(page, 'Без сети')).toHaveAttribute('data-sync', 'queued');
  await open('/inbox', 'Входящие');
  await expect(taskRow(page, 'Во входящих')).toBeVisible();
  await open('/completed', 'Выполненные');
  await open(listPath!, 'Школа');
  await open('/lists', 'Списки');
  await expect(page.getByRole('link', { name: /Школа/ })).toBeVisible();
  await open('/settings', 'Настройки');

  // Following the bottom bar offline, inside the live page, works too.
  await page.goto('/');
  await waitForHydration(page);
  await page.locator('nav').getByRole('link', { name: /Скоро/ }).click();
  await expect(page).toHaveURL(/\/upcoming$/);
  await expect(taskRow(page, 'Без сети')).toHaveAttribute('data-sync', 'queued');

  await page.context().setOffline(false);
  await expect(bar(page)).toBeHidden();
  expect((await serverTasks(page)).map((t) => t.title).sort()).toEqual(['Без сети', 'Во входящих', 'Сегодняшняя'].sort());
});

test('a change whose answer never comes is kept after the deadline, shown as waiting, and lands once', async ({ page, context }) => {
  await signUp(page, uniqueName('deadline'));
  await waitForOutbox(page);
  // The network connects but the answer never comes.
  await context.route('**/api/tasks/add', () => { /* held forever */ });
  const started = Date.now();
  await quickAdd(page, 'Литература');
  await expect(taskRow(page, 'Литература')).toHaveAttribute('data-sync', 'sending');
  await expect(taskRow(page, 'Литература')).toHaveAttribute('data-sync', 'queued', { timeout: 15_000 });
  const waited = Date.now() - started;
  console.log(`a hung mutation was kept after ${waited} ms`);
  expect(waited).toBeGreaterThanOrEqual(7_000);
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  await context.unroute('**/api/tasks/add');
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
  await expect(bar(page)).toBeHidden({ timeout: 30_000 });
  await expect(taskRow(page, 'Литература')).toHaveAttribute('data-sync', 'saved');
  expect((await serverTasks(page)).map((t) => t.title), 'once').toEqual(['Литература']);
  await expect(page.locator('[data-task-id]')).toHaveCount(1);
});

test('a navigation to the sign-in page that hangs opens the kept one after the deadline', async ({ page, context }) => {
  // Planner pages open at once from what is kept (slow_network.spec.ts);
  // sign-in asks the network first, for a few seconds.
  await page.goto('/signin');
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.reload(); // now through the worker, which keeps it
  await waitForKeptPages(page, ['/signin']);
  await context.route((url) => url.pathname === '/signin', () => { /* the answer never comes */ });
  const started = Date.now();
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('input[name="username"]')).toBeVisible();
  const waited = Date.now() - started;
  console.log(`a hung navigation showed the kept sign-in page after ${waited} ms`);
  expect(waited).toBeGreaterThanOrEqual(2_500);
  expect(waited).toBeLessThan(15_000);
});

test('opened offline before any page was kept: "no network", in the browser\'s language', async ({ browser }) => {
  for (const [locale, words] of [['ru-RU', 'Нет сети'], ['en-GB', 'No network']] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/signin');
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.goto('/inbox');
    await expect(page.locator('h1')).toHaveText(words);
    await context.close();
  }
});
