import { expect, test } from '@playwright/test';
import { postFromAnotherDevice, signUp, taskRow, uniqueName, waitForHydration } from './helpers';

test('a task added in Russian with a date and a list appears on its day and in its list, and the counts follow', async ({ page }) => {
  await signUp(page, uniqueName('views'));
  await expect(page.locator('.empty')).toContainText('На сегодня всё сделано');

  await page.locator('nav').getByRole('link', { name: /Списки/ }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await waitForHydration(page);
  await expect(page.locator('.empty')).toContainText('Списков пока нет');
  await page.fill('input[name="name"]', 'Школа');
  await page.press('input[name="name"]', 'Enter');
  await expect(page.getByRole('link', { name: /Школа/ })).toBeVisible();

  await page.locator('nav').getByRole('link', { name: /Сегодня/ }).click();
  await waitForHydration(page);
  await page.fill('input[name="quick_add"]', 'Реферат по истории послезавтра #Школа');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: послезавтра · #Школа');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(page.locator('.added')).toContainText('«Реферат по истории» добавлена в раздел Скоро');
  await expect(page.getByTestId('count-upcoming')).toHaveText('1');
  await expect(page.getByTestId('count-today')).toHaveText('');

  await page.locator('nav').getByRole('link', { name: /Скоро/ }).click();
  await expect(page).toHaveURL(/\/upcoming$/);
  const dayAfterTomorrow = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 2);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });
  const section = page.locator(`section.day[data-day="${dayAfterTomorrow}"]`);
  await expect(section.locator('h2')).toContainText('Послезавтра');
  await expect(section.locator('[data-task-id]')).toHaveText(/Реферат по истории/);

  await page.locator('nav').getByRole('link', { name: /Списки/ }).click();
  await page.getByRole('link', { name: /Школа/ }).click();
  await expect(page.locator('h1')).toHaveText('Школа');
  await expect(taskRow(page, 'Реферат по истории')).toBeVisible();
});

test('a task done today stays in Today, struck through, and is listed in Completed', async ({ page }) => {
  await signUp(page, uniqueName('done'));
  await waitForHydration(page);
  await page.fill('input[name="quick_add"]', 'Английский');
  await page.press('input[name="quick_add"]', 'Enter');
  const row = taskRow(page, 'Английский');
  await expect(row).toHaveAttribute('data-sync', 'saved');
  await expect(page.getByTestId('count-today')).toHaveText('1');

  await row.locator('button[aria-pressed]').click();
  await expect(row).toHaveAttribute('data-sync', 'saved');
  await page.reload();
  await expect(row).toHaveClass(/done/);
  await expect(page.getByTestId('count-today')).toHaveText('');

  await page.goto('/completed');
  await waitForHydration(page);
  const done = taskRow(page, 'Английский');
  await expect(done.locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await done.locator('button[aria-pressed]').click();
  await expect(done.locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
  await expect(done).toHaveAttribute('data-sync', 'saved');
});

test('an unknown list is a 404 page, not an error', async ({ page }) => {
  await signUp(page, uniqueName('lost'));
  const response = await page.goto('/lists/not-a-list');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('404');
});

test('a list is renamed, then deleted, and its tasks move to the Inbox', async ({ page }) => {
  await signUp(page, uniqueName('lists'));
  const id = crypto.randomUUID();
  await postFromAnotherDevice(page, '/api/lists/create', { id, name: 'Кружки' });
  await page.goto(`/lists/${id}`);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Кружки');
  await page.fill('input[name="quick_add"]', 'Шахматы');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(taskRow(page, 'Шахматы')).toHaveAttribute('data-sync', 'saved');

  await page.getByText('Переименовать или удалить список').click();
  await page.fill('input[name="name"]', 'Кружки и секции');
  await page.locator('.list-tools').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('h1')).toHaveText('Кружки и секции');

  await page.getByRole('button', { name: 'Удалить список' }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.locator('.empty')).toContainText('Списков пока нет');
  await page.locator('nav').getByRole('link', { name: /Входящие/ }).click();
  await expect(taskRow(page, 'Шахматы')).toBeVisible();
});
