import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  addTask, anotherDevice, goOffline, OPEN_OUTBOX_DATABASE, quickAdd, serverTasks, signIn, signUp, tap, taskRow, uniqueName,
  waitForHydration, waitForKeptPages, waitForOutbox,
} from './helpers';

// The account in the person's hands: changing the password, downloading
// everything in it, and deleting it, from Settings.

const NEW_PASSWORD = 'staple battery horse';

async function openSettings(page: import('@playwright/test').Page) {
  await page.goto('/settings');
  await waitForHydration(page);
}

test('a new password from Settings signs the other device out, keeps this one under a new session, and opens the account', async ({ page, browser }) => {
  const name = uniqueName('password');
  await signUp(page, name);
  const { context: laptop, page: other } = await anotherDevice(browser, name);

  await openSettings(page);
  await page.fill('input[name="old_password"]', 'not the password');
  await page.fill('input[name="new_password"]', NEW_PASSWORD);
  await page.click('form.password-change button[type="submit"]');
  await expect(page.getByRole('alert')).toHaveText('Текущий пароль введён неверно.');

  const session = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'tetrad_session')?.value;
  const before = await session();
  await page.fill('input[name="old_password"]', 'correct horse battery');
  await page.click('form.password-change button[type="submit"]');
  await expect(page.getByRole('status').filter({ hasText: 'Пароль изменён' })).toBeVisible();
  // This phone's session was renewed: a cookie seen before is worth nothing.
  const after = await session();
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);

  await page.goto('/');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
  await addTask(page, 'После смены пароля');
  await waitForOutbox(page);
  expect((await serverTasks(page)).map((task) => task.title)).toEqual(['После смены пароля']);
  await other.goto('/');
  await expect(other).toHaveURL(/\/signin/);
  await laptop.close();

  const again = await browser.newContext();
  await signIn(await again.newPage(), name, NEW_PASSWORD);
  await again.close();
});

test('offline, changing the password says it needs the network and changes nothing', async ({ page, browser }) => {
  const name = uniqueName('password');
  await signUp(page, name);
  await openSettings(page);
  await page.context().setOffline(true);
  await page.fill('input[name="old_password"]', 'correct horse battery');
  await page.fill('input[name="new_password"]', NEW_PASSWORD);
  await page.click('form.password-change button[type="submit"]');
  await expect(page.getByRole('alert')).toHaveText('Чтобы сменить пароль, нужна сеть. Пароль прежний.');
  await page.context().setOffline(false);

  const again = await browser.newContext();
  await signIn(await again.newPage(), name);
  await again.close();
});

test('after a password change, the app still opens offline on this phone, every view kept', async ({ page }) => {
  const name = uniqueName('password');
  await signUp(page, name);
  await waitForOutbox(page);
  await addTask(page, 'Алгебра №245');
  await waitForKeptPages(page, ['/', '/settings']);
  await openSettings(page);
  await page.fill('input[name="old_password"]', 'correct horse battery');
  await page.fill('input[name="new_password"]', NEW_PASSWORD);
  await page.click('form.password-change button[type="submit"]');
  await expect(page.getByRole('status').filter({ hasText: 'Пароль изменён' })).toBeVisible();

  await goOffline(page);
  await page.goto('/');
  await expect(taskRow(page, 'Алгебра №245')).toBeVisible();
  await page.goto('/settings');
  await expect(page.locator('form.password-change')).toBeVisible();
});

test('the export downloads one JSON file with every list and task, done ones too', async ({ page }) => {
  const name = uniqueName('export');
  await signUp(page, name);
  await waitForOutbox(page);
  await addTask(page, 'Алгебра №245');
  await addTask(page, 'Сочинение');
  await tap(page, 'Сочинение', true);
  await expect(taskRow(page, 'Сочинение')).toHaveAttribute('data-sync', 'saved');
  await openSettings(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Скачать все данные' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tetrad-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(file.format).toBe('tetrad-export/1');
  expect(file.username).toBe(name);
  const tasks = file.tasks.map((t: { title: string; completed_at: string | null }) => [t.title, Boolean(t.completed_at)]);
  expect(tasks).toEqual([['Алгебра №245', false], ['Сочинение', true]]);
});

test('deleting the account needs its password, signs out every device, and empties the waiting changes on this phone', async ({ page, context, browser }) => {
  const name = uniqueName('leaver');
  await signUp(page, name);
  await waitForOutbox(page);
  await addTask(page, 'Сохранённая');
  const { context: laptop, page: other } = await anotherDevice(browser, name);
  // Changes wait, as during a deploy.
  await context.route('**/api/tasks/**', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 503 }) : route.continue());
  await quickAdd(page, 'Ждёт сети');
  await expect(page.locator('#outbox-status')).toHaveText('1 изменение ждёт сети');

  await openSettings(page);
  await page.getByText('Удалить аккаунт', { exact: true }).click();
  await page.fill('#delete-password', 'not the password');
  await page.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(page.getByRole('alert')).toHaveText('Текущий пароль введён неверно.');

  await page.fill('#delete-password', 'correct horse battery');
  await page.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  expect(await waitingChanges(page)).toEqual([]);

  await other.goto('/');
  await expect(other).toHaveURL(/\/signin/);
  await laptop.close();
  await context.unroute('**/api/tasks/**');
  await page.goto('/signin');
  await waitForHydration(page);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', 'correct horse battery');
  await page.click('button[type="submit"]');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test('offline, deleting the account says it needs the network and nothing is deleted', async ({ page, browser }) => {
  const name = uniqueName('keeper');
  await signUp(page, name);
  await openSettings(page);
  await page.context().setOffline(true);
  await page.getByText('Удалить аккаунт', { exact: true }).click();
  await page.fill('#delete-password', 'correct horse battery');
  await page.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
  await expect(page.getByRole('alert')).toHaveText('Чтобы удалить аккаунт, нужна сеть. Ничего не удалено.');
  await page.getByRole('link', { name: 'Скачать все данные' }).click();
  await expect(page.getByText('Чтобы скачать данные, нужна сеть.')).toBeVisible();
  await page.context().setOffline(false);

  const again = await browser.newContext();
  await signIn(await again.newPage(), name);
  await again.close();
});

/** Every change the worker holds, of any account. */
async function waitingChanges(page: import('@playwright/test').Page): Promise<unknown[]> {
  await page.evaluate(OPEN_OUTBOX_DATABASE);
  return page.evaluate(async () => {
    const db = await (window as unknown as { openOutboxDatabase: () => Promise<IDBDatabase | null> }).openOutboxDatabase();
    if (!db) throw new Error('the outbox database is missing');
    return new Promise((resolve) => {
      const request = db.transaction('entries').objectStore('entries').getAll();
      request.onsuccess = () => resolve(request.result);
    });
  });
}
