import { expect, test } from '@playwright/test';
import { serverTasks, signUp, taskRow, uniqueName } from './helpers';

// A time zone far from the server's UTC, so "tomorrow" is the person's
// tomorrow, not the server's.
test.use({ timezoneId: 'Pacific/Kiritimati' });

test('quick add shows what it understood, and the server saves exactly that, in the person’s time zone', async ({ page }) => {
  await signUp(page, uniqueName('quick'));
  await page.fill('input[name="quick_add"]', 'Физика завтра в 18:00 !!');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: завтра · 18:00 · приоритет 2');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(taskRow(page, 'Физика')).toHaveAttribute('data-sync', 'saved');

  const tomorrow = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });
  const [task] = await serverTasks(page);
  expect(task.title).toBe('Физика');
  expect(task.priority).toBe(2);
  expect(task.due).toEqual({ date: tomorrow, time: '18:00:00' });
});

test('quick add understands English too, with a repetition', async ({ page }) => {
  await signUp(page, uniqueName('quick-en'));
  await page.fill('input[name="quick_add"]', 'Piano every monday');
  await expect(page.getByTestId('quick-add-preview')).toContainText('по понедельникам');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(taskRow(page, 'Piano')).toHaveAttribute('data-sync', 'saved');
  const [task] = await serverTasks(page);
  expect(task.title).toBe('Piano');
  expect(task.recurrence).toBe('weekly mon');
});
