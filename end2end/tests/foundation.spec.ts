import { expect, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueName, waitForHydration } from './helpers';

test('a student signs up, adds a task, and still finds it after a reload', async ({ page }) => {
  await signUp(page, uniqueName());
  await waitForHydration(page);

  const quickAdd = page.locator('input[name="quick_add"]');
  await quickAdd.fill('Алгебра, №245');
  // Counting characters happens in the browser: it proves the page is hydrated.
  await expect(page.getByTestId('chars-left')).toHaveText('Осталось символов: 487');
  await quickAdd.press('Enter');

  const task = page.locator('[data-task-id]', { hasText: 'Алгебра, №245' });
  await expect(task).toHaveAttribute('data-sync', 'saved');
  await expect(quickAdd).toHaveValue('');

  await page.reload();
  await expect(task).toBeVisible();
  await expect(task).toHaveAttribute('data-sync', 'saved');
  await expect(page.locator('[data-task-id]')).toHaveCount(1);
});

test('a wrong password is answered with a clear error', async ({ page }) => {
  const name = uniqueName();
  await signUp(page, name);
  await page.click('button:has-text("Выйти")');
  await expect(page).toHaveURL(/\/signin$/);
  await waitForHydration(page);

  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', 'not the password');
  await page.click('button[type="submit"]');
  await expect(page.getByRole('alert')).toHaveText('Неверное имя или пароль.');

  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
});

test('a taken name and a short password are explained on sign-up', async ({ page }) => {
  const name = uniqueName();
  await signUp(page, name);
  await page.click('button:has-text("Выйти")');
  await expect(page).toHaveURL(/\/signin$/);

  await page.goto('/signup');
  await waitForHydration(page);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await expect(page.getByRole('alert')).toHaveText('Это имя уже занято. Выберите другое.');

  await page.fill('input[name="username"]', uniqueName());
  await page.fill('input[name="password"]', 'short');
  await page.click('button[type="submit"]');
  await expect(page.getByRole('alert')).toContainText('Пароль слишком короткий');
});

test('the task list is only for signed-in students', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

test('a tap on the circle completes the task, and a second tap takes it back', async ({ page }) => {
  await signUp(page, uniqueName());
  await waitForHydration(page);
  await page.fill('input[name="quick_add"]', 'Сдать реферат');
  await page.press('input[name="quick_add"]', 'Enter');
  const task = page.locator('[data-task-id]', { hasText: 'Сдать реферат' });
  const circle = task.locator('button[aria-pressed]');
  await expect(circle).toHaveAttribute('aria-pressed', 'false');

  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  await expect(task).toHaveAttribute('data-sync', 'saved');
  await page.reload();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');

  await waitForHydration(page);
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'false');
  await expect(task).toHaveAttribute('data-sync', 'saved');
  await page.reload();
  await expect(circle).toHaveAttribute('aria-pressed', 'false');
});
