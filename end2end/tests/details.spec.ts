import { expect, Page, test } from '@playwright/test';
import { addTask, deleteTask, postFromAnotherDevice, serverTasks, signUp, taskRow, uniqueName, waitForHydration } from './helpers';

/** The person's date `days` from today, as a date input wants it. */
async function dayFromToday(page: Page, days: number): Promise<string> {
  return page.evaluate((days) => {
    const day = new Date();
    day.setDate(day.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, days);
}

test('every field of a task is edited in its details, and the task moves to where it now belongs', async ({ page }) => {
  await signUp(page, uniqueName('details'));
  await postFromAnotherDevice(page, '/api/lists/create', { id: crypto.randomUUID(), name: 'Школа' });
  await page.reload();
  await waitForHydration(page);
  await addTask(page, 'Алгебра');
  const row = taskRow(page, 'Алгебра');
  await expect(row.locator('.when')).toHaveText('сегодня');

  await row.locator('summary').click();
  const tomorrow = await dayFromToday(page, 1);
  await row.locator('input[name="title"]').fill('Алгебра, №245');
  await row.locator('textarea[name="notes"]').fill('стр. 45, без калькулятора');
  await row.locator('input[name="due_date"]').fill(tomorrow);
  await row.locator('input[name="due_time"]').fill('08:30');
  await row.locator('select[name="priority"]').selectOption('1');
  await row.locator('select[name="list_id"]').selectOption({ label: 'Школа' });
  await row.locator('select[name="recurrence"]').selectOption('weekly mon');
  await row.locator('.details-form button[type="submit"]').click();

  // Due tomorrow now: it leaves Today (at once; the server has it a moment later).
  await expect(page.locator('[data-task-id]')).toHaveCount(0);
  await expect.poll(async () => (await serverTasks(page))[0]?.title).toBe('Алгебра, №245');
  const [task] = await serverTasks(page);
  expect(task).toMatchObject({
    title: 'Алгебра, №245',
    notes: 'стр. 45, без калькулятора',
    due: { date: tomorrow, time: '08:30:00' },
    priority: 1,
    recurrence: 'weekly mon',
  });

  await page.goto('/upcoming');
  const moved = taskRow(page, 'Алгебра, №245');
  await expect(moved.locator('.when')).toHaveText('завтра · 08:30 · каждый понедельник');
  await expect(moved).toHaveAttribute('data-priority', '1');
  await page.goto('/lists');
  await page.getByRole('link', { name: /Школа/ }).click();
  await expect(taskRow(page, 'Алгебра, №245')).toBeVisible();
});

test('a deleted task comes back with undo', async ({ page }) => {
  await signUp(page, uniqueName('undo'));
  await waitForHydration(page);
  await addTask(page, 'Химия');
  const row = taskRow(page, 'Химия');

  await deleteTask(page, 'Химия');
  const undo = page.locator('.undo');
  await expect(undo).toContainText('«Химия» удалена');
  // The page shows the deletion at once; the server has it a moment later.
  await expect.poll(async () => (await serverTasks(page)).length).toBe(0);

  await undo.getByRole('button', { name: 'Вернуть' }).click();
  await expect(row).toHaveCount(1);
  await expect(undo).toHaveCount(0);
  await expect.poll(async () => (await serverTasks(page)).map((t) => `${t.title}:${t.deleted_at}`)).toEqual(['Химия:null']);
});

test('tasks are moved up and down the Inbox, and the order stays', async ({ page }) => {
  await signUp(page, uniqueName('order'));
  await page.goto('/inbox');
  await waitForHydration(page);
  await addTask(page, 'Первая');
  await addTask(page, 'Вторая');
  await addTask(page, 'Третья');
  const titles = page.locator('[data-task-id] .title');
  await expect(titles).toHaveText(['Первая', 'Вторая', 'Третья']);

  const third = taskRow(page, 'Третья');
  await third.locator('summary').click();
  await third.getByRole('button', { name: 'Выше' }).click();
  await expect(titles).toHaveText(['Первая', 'Третья', 'Вторая']);
  await page.reload();
  await expect(titles).toHaveText(['Первая', 'Третья', 'Вторая']);
});
