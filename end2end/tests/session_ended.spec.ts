import { expect, test } from '@playwright/test';
import {
  anotherDevice, goOffline, quickAdd, serverTasks, signIn, signUp, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// docs/design.md §4: the session ends elsewhere while changes wait on the
// phone (a password changed on the laptop, a sign-in that expired). The
// changes stay waiting and shown so, the page says why and where to sign
// in, and once the same account signs in again they land, once.

const NEW_PASSWORD = 'staple battery horse';
const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');
const sessionEnded = (page: import('@playwright/test').Page) => page.locator('.session-ended');

test('a password changed on the laptop while the phone\'s change waits: the phone says why, and after signing in again the change lands once', async ({ page, browser }) => {
  const name = uniqueName('pwwait');
  await signUp(page, name);
  await waitForOutbox(page);
  await goOffline(page);
  await quickAdd(page, 'Реферат по истории');
  await expect(taskRow(page, 'Реферат по истории')).toHaveAttribute('data-sync', 'queued');

  // On the laptop, meanwhile: a new password, which ends every other session.
  const { context: laptop, page: other } = await anotherDevice(browser, name);
  await other.goto('/settings');
  await waitForHydration(other);
  await other.fill('input[name="old_password"]', 'correct horse battery');
  await other.fill('input[name="new_password"]', NEW_PASSWORD);
  await other.click('form.password-change button[type="submit"]');
  await expect(other.getByRole('status').filter({ hasText: 'Пароль изменён' })).toBeVisible();

  // The phone is back online: its change is refused for want of a session,
  // and waits, said so.
  await page.context().setOffline(false);
  await expect(sessionEnded(page)).toContainText('Вход на этом устройстве закончился');
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');
  await expect(taskRow(page, 'Реферат по истории')).toHaveAttribute('data-sync', 'queued');
  expect(await serverTasks(other)).toEqual([]);

  await sessionEnded(page).getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, name, NEW_PASSWORD);
  await expect(taskRow(page, 'Реферат по истории')).toHaveAttribute('data-sync', 'saved');
  await expect(sessionEnded(page)).toHaveCount(0);
  await expect.poll(async () => (await serverTasks(other)).map((task) => task.title)).toEqual(['Реферат по истории']);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('[data-task-id]')).toHaveCount(1);
  await laptop.close();
});

test('a sign-in that expired while the phone\'s change waits: the phone says why, and after signing in the change lands once', async ({ page, context }) => {
  const name = uniqueName('expiredwait');
  await signUp(page, name);
  await waitForOutbox(page);
  await goOffline(page);
  await quickAdd(page, 'Физкультура: форма');
  // The session cookie is gone, as when the session expires.
  await context.clearCookies();
  await context.setOffline(false);
  await expect(sessionEnded(page)).toContainText('Вход на этом устройстве закончился');
  await expect(taskRow(page, 'Физкультура: форма')).toHaveAttribute('data-sync', 'queued');

  await signIn(page, name);
  await expect(taskRow(page, 'Физкультура: форма')).toHaveAttribute('data-sync', 'saved');
  await expect(sessionEnded(page)).toHaveCount(0);
  expect((await serverTasks(page)).map((task) => task.title)).toEqual(['Физкультура: форма']);
});
