import { expect, test } from '@playwright/test';
import { goOffline, quickAdd, serverTasks, signUp, uniqueName, waitForOutbox } from './helpers';

// A time zone far from the server's UTC, so "tomorrow" is the person's
// tomorrow, not the server's.
test.use({ timezoneId: 'Pacific/Kiritimati' });

test('quick add shows what it understood, and the server saves exactly that, in the person’s time zone', async ({ page }) => {
  await signUp(page, uniqueName('quick'));
  await page.fill('input[name="quick_add"]', 'Физика завтра в 18:00 !!');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: завтра · 18:00 · приоритет 2');
  await page.press('input[name="quick_add"]', 'Enter');
  // Added in Today, due tomorrow: the page says where it went.
  await expect(page.locator('.added')).toContainText('«Физика» добавлена в раздел Скоро');

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

  await page.locator('.added a').click();
  await expect(page).toHaveURL(/\/upcoming$/);
  const day = page.locator(`section.day[data-day="${tomorrow}"]`);
  await expect(day.locator('h2')).toContainText('Завтра');
  await expect(day.locator('[data-task-id]', { hasText: 'Физика' })).toContainText('завтра · 18:00');
});

test('quick add understands English too, with a repetition', async ({ page }) => {
  await signUp(page, uniqueName('quick-en'));
  await page.fill('input[name="quick_add"]', 'Piano every monday');
  await expect(page.getByTestId('quick-add-preview')).toContainText('каждый понедельник');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect.poll(async () => (await serverTasks(page)).length).toBe(1);
  const [task] = await serverTasks(page);
  expect(task.title).toBe('Piano');
  expect(task.recurrence).toBe('weekly mon');
});

test('a line added for another view leaves this one at its answer, says where it went, and no row stays "sending"', async ({ page, context }) => {
  await signUp(page, uniqueName('elsewhere'));
  await waitForOutbox(page);
  await quickAdd(page, 'Алгебра: №245, 247 завтра');
  await expect.poll(async () => (await serverTasks(page)).length).toBe(1);
  const [saved] = await serverTasks(page);
  await expect(page.locator('.added')).toContainText(`«${saved.title}» добавлена в раздел Скоро`);
  await expect(page.locator('[data-task-id]')).toHaveCount(0);
  await expect(page.locator('[data-sync="sending"]')).toHaveCount(0);
  await goOffline(page);
  await context.setOffline(false);
  await page.waitForTimeout(500);
  await expect(page.locator('[data-task-id]')).toHaveCount(0);

  // Offline: kept for later, and it says so.
  await goOffline(page);
  await quickAdd(page, 'Реферат завтра');
  await expect(page.locator('.added')).toContainText('«Реферат» добавится, когда появится сеть, в раздел Скоро');
  await expect(page.locator('[data-task-id]')).toHaveCount(0);
  await expect(page.locator('#outbox-status')).toHaveText('1 изменение ждёт сети');
  await context.setOffline(false);
  await expect(page.locator('#outbox-status')).toBeHidden();
  await expect(page.locator('[data-task-id]')).toHaveCount(0);
  expect((await serverTasks(page)).map((t) => t.title).sort()).toEqual([saved.title, 'Реферат'].sort());
});
