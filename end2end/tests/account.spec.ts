import { expect, test } from '@playwright/test';
import {
  addTask, anotherDevice, goOffline, signIn, signUp, taskRow, uniqueName, waitForHydration, waitForKeptPages, waitForOutbox,
} from './helpers';

// The account in the person's hands: changing the password from Settings.

const NEW_PASSWORD = 'staple battery horse';

async function openSettings(page: import('@playwright/test').Page) {
  await page.goto('/settings');
  await waitForHydration(page);
}

test('a new password from Settings signs the other device out, keeps this one, and opens the account', async ({ page, browser }) => {
  const name = uniqueName('password');
  await signUp(page, name);
  const { context: laptop, page: other } = await anotherDevice(browser, name);

  await openSettings(page);
  await page.fill('input[name="old_password"]', 'not the password');
  await page.fill('input[name="new_password"]', NEW_PASSWORD);
  await page.click('form.password-change button[type="submit"]');
  await expect(page.getByRole('alert')).toHaveText('Текущий пароль введён неверно.');

  await page.fill('input[name="old_password"]', 'correct horse battery');
  await page.click('form.password-change button[type="submit"]');
  await expect(page.getByRole('status').filter({ hasText: 'Пароль изменён' })).toBeVisible();

  await page.goto('/');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
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
