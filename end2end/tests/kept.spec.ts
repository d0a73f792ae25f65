import { expect, test } from '@playwright/test';
import {
  addTask, anotherDevice, goOffline, postFromAnotherDevice, renameTask, quickAdd, serverTasks, signUp, taskRow, uniqueName,
  waitForHydration, waitForOutbox,
} from './helpers';

// docs/design.md §2: what a student typed is never lost, even into
// something another device deleted while the phone was offline. A new
// task whose list went lands in the Inbox; an edit or a step of a task
// that went brings the task back; the page says so. Two devices: the
// phone offline, the laptop (its own session) deleting meanwhile.

const kept = (page: import('@playwright/test').Page) => page.locator('.outbox-failures .kept');
const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

async function phoneAndLaptop(page: import('@playwright/test').Page, browser: import('@playwright/test').Browser, prefix: string) {
  const name = uniqueName(prefix);
  await signUp(page, name);
  await waitForOutbox(page);
  return anotherDevice(browser, name);
}

test('a task added offline into a list deleted on the laptop is saved in the Inbox, and the phone says so', async ({ page, context, browser }) => {
  const { context: laptopContext, page: laptop } = await phoneAndLaptop(page, browser, 'keptlist');
  const list = crypto.randomUUID();
  await postFromAnotherDevice(page, '/api/lists/create', { id: list, name: 'Кружки' });
  await page.goto(`/lists/${list}`);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Кружки');

  await goOffline(page);
  await quickAdd(page, 'Шахматы: задача 12');
  await expect(taskRow(page, 'Шахматы: задача 12')).toHaveAttribute('data-sync', 'queued');
  await postFromAnotherDevice(laptop, '/api/lists/delete', { id: list });

  await context.setOffline(false);
  await expect(kept(page)).toContainText('«Шахматы: задача 12» сохранена во «Входящих»');
  await expect(bar(page)).toBeHidden();
  const tasks = await serverTasks(laptop);
  expect(tasks.map((task) => [task.title, task.list_id])).toEqual([['Шахматы: задача 12', null]]);
  await kept(page).getByRole('button', { name: 'Понятно' }).click();
  await expect(kept(page)).toHaveCount(0);
  await page.goto('/inbox');
  await waitForHydration(page);
  await expect(taskRow(page, 'Шахматы: задача 12')).toHaveAttribute('data-sync', 'saved');
  await laptopContext.close();
});

test('a step added offline to a task deleted on the laptop brings the task back with the step, and the phone says so', async ({ page, context, browser }) => {
  const { context: laptopContext, page: laptop } = await phoneAndLaptop(page, browser, 'keptstep');
  await addTask(page, 'Реферат');
  const [essay] = await serverTasks(page);
  const row = taskRow(page, 'Реферат');
  await row.locator('summary').click();
  await expect(row.locator('.add-step input')).toBeVisible();

  await goOffline(page);
  await row.locator('.add-step input').fill('найти три источника');
  await row.locator('.add-step input').press('Enter');
  await expect(row).toHaveAttribute('data-sync', 'queued');
  await postFromAnotherDevice(laptop, '/api/tasks/delete', { id: essay.id, deleted: 'true' });

  await context.setOffline(false);
  await expect(kept(page)).toContainText('«Реферат» удалили на другом устройстве, но ваши изменения сохранены');
  await expect(bar(page)).toBeHidden();
  const [back] = await serverTasks(laptop);
  expect(back).toMatchObject({ id: essay.id, deleted_at: null });
  expect((back as unknown as { steps: { title: string }[] }).steps.map((step) => step.title)).toEqual(['найти три источника']);
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'saved');
  await laptopContext.close();
});

test('a task renamed offline and deleted on the laptop comes back renamed, and the phone says so', async ({ page, context, browser }) => {
  const { context: laptopContext, page: laptop } = await phoneAndLaptop(page, browser, 'keptedit');
  await addTask(page, 'Доклад');
  const [talk] = await serverTasks(page);

  await goOffline(page);
  await renameTask(page, 'Доклад', 'Доклад о Ломоносове, 5 минут');
  await expect(taskRow(page, 'Доклад о Ломоносове, 5 минут')).toHaveAttribute('data-sync', 'queued');
  await postFromAnotherDevice(laptop, '/api/tasks/delete', { id: talk.id, deleted: 'true' });

  await context.setOffline(false);
  await expect(kept(page)).toContainText('«Доклад о Ломоносове, 5 минут» удалили на другом устройстве');
  const tasks = await serverTasks(laptop);
  expect(tasks.map((task) => [task.id, task.title])).toEqual([[talk.id, 'Доклад о Ломоносове, 5 минут']]);
  await laptop.reload();
  await waitForHydration(laptop);
  await expect(taskRow(laptop, 'Доклад о Ломоносове, 5 минут')).toBeVisible();
  await laptopContext.close();
});

test('a list renamed offline and deleted on the laptop: the rename is refused and says where the list\'s tasks went', async ({ page, context, browser }) => {
  const { context: laptopContext, page: laptop } = await phoneAndLaptop(page, browser, 'keptrename');
  const list = crypto.randomUUID();
  await postFromAnotherDevice(page, '/api/lists/create', { id: list, name: 'Кружки' });
  await page.goto(`/lists/${list}`);
  await waitForHydration(page);
  await quickAdd(page, 'Шахматы');
  await expect(taskRow(page, 'Шахматы')).toHaveAttribute('data-sync', 'saved');

  await goOffline(page);
  await page.getByText('Переименовать или удалить список').click();
  await page.fill('input[name="name"]', 'Кружки и секции');
  await page.locator('.list-tools').getByRole('button', { name: 'Сохранить' }).click();
  await postFromAnotherDevice(laptop, '/api/lists/delete', { id: list });

  await context.setOffline(false);
  await expect(page.locator('.outbox-failures [role="alert"]')).toContainText('Его задачи — во «Входящих»');
  const tasks = await serverTasks(laptop);
  expect(tasks.map((task) => [task.title, task.list_id])).toEqual([['Шахматы', null]]);
  await laptopContext.close();
});
