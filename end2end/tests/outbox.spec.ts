import { expect, test } from '@playwright/test';
import {
  addLinesFromPage, addTask, goOffline, postFromAnotherDevice, serverTasks, signUp, taskRow, uniqueName, waitForHydration,
  waitForOutbox,
} from './helpers';

// docs/design.md §4–5: a change made without a network is kept, shown as
// waiting, and saved exactly once when the network is back.

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

async function signedUpWithOutbox(page: import('@playwright/test').Page, prefix = 'outbox') {
  const name = uniqueName(prefix);
  await signUp(page, name);
  await waitForOutbox(page);
  return name;
}

test('offline, a tap fills the circle at once, waits in the outbox, and is saved once back online', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await addTask(page, 'Геометрия');
  const task = taskRow(page, 'Геометрия');
  const circle = task.locator('button[aria-pressed]');

  await goOffline(page);
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  await expect(task).toHaveAttribute('data-sync', 'queued');
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');
  await expect(bar(page)).toHaveAttribute('data-pending', '1');
  expect((await serverTasks(page))[0].completed_at).toBeNull();

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await expect(bar(page)).toHaveAttribute('data-pending', '0');
  await expect(task).toHaveAttribute('data-sync', 'saved');
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  const tasks = await serverTasks(page);
  expect(tasks).toHaveLength(1);
  expect(tasks[0].completed_at).not.toBeNull();
});

test('a 502 from a deploy keeps the change, and it lands when the server is back', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await addTask(page, 'Биология');
  const task = taskRow(page, 'Биология');
  await context.route('**/api/tasks/complete', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));

  await task.locator('button[aria-pressed]').click();
  await expect(task).toHaveAttribute('data-sync', 'queued');
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  await context.unroute('**/api/tasks/complete');
  await expect(bar(page)).toBeHidden({ timeout: 20_000 });
  await expect(task).toHaveAttribute('data-sync', 'saved');
  const tasks = await serverTasks(page);
  expect(tasks).toHaveLength(1);
  expect(tasks[0].completed_at).not.toBeNull();
});

test('offline, create then complete then rename: back online, one task, completed and renamed', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await goOffline(page);

  await page.fill('input[name="quick_add"]', 'Черновик');
  await page.press('input[name="quick_add"]', 'Enter');
  const task = taskRow(page, 'Черновик');
  await expect(task).toHaveAttribute('data-sync', 'queued');
  await task.locator('button[aria-pressed]').click();
  await expect(task.locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  const row = page.locator(`[data-task-id="${await task.getAttribute('data-task-id')}"]`);
  await row.locator('summary').click();
  await row.locator('input[name="title"]').fill('Сочинение');
  await row.locator('input[name="title"]').press('Enter');
  const renamed = taskRow(page, 'Сочинение');
  await expect(renamed).toHaveAttribute('data-sync', 'queued');
  await expect(bar(page)).toHaveText('3 изменения ждут сети');
  expect(await serverTasks(page)).toHaveLength(0);

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await expect(renamed).toHaveAttribute('data-sync', 'saved');
  const tasks = await serverTasks(page);
  expect(tasks).toHaveLength(1);
  expect(tasks[0].title).toBe('Сочинение');
  expect(tasks[0].completed_at).not.toBeNull();
});

test('a double tap on add sends the line once, and the same post delivered twice by the network adds one task', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  // The network delivers the post twice (a proxy resending it on a dropped
  // connection): the server gets the same id and key two times.
  const answers: number[] = [];
  await context.route('**/api/tasks/add', async (route) => {
    const first = await route.fetch();
    answers.push(first.status());
    const again = await route.fetch();
    answers.push(again.status());
    await route.fulfill({ response: again });
  });
  await page.fill('input[name="quick_add"]', 'Реферат');
  const add = page.locator('form.quick-add button[type="submit"]');
  await add.click();
  await add.click();
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'saved');
  expect(answers, 'one post from the page, delivered twice, each answered as saved').toEqual([200, 200]);
  expect((await serverTasks(page)).map((task) => task.title)).toEqual(['Реферат']);
  await expect(page.locator('[data-task-id]')).toHaveCount(1);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('[data-task-id]')).toHaveCount(1);
});

test('a second line added while the first is still on its way is a second task', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await context.route('**/api/tasks/add', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.fill('input[name="quick_add"]', 'Реферат');
  await page.press('input[name="quick_add"]', 'Enter');
  await page.fill('input[name="quick_add"]', 'Доклад');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(taskRow(page, 'Реферат')).toHaveAttribute('data-sync', 'saved');
  await expect(taskRow(page, 'Доклад')).toHaveAttribute('data-sync', 'saved');
  expect((await serverTasks(page)).map((task) => task.title).sort()).toEqual(['Доклад', 'Реферат']);
});

test('back online with nothing waiting, the page reads the list again: a task added meanwhile elsewhere shows', async ({ page }) => {
  await signedUpWithOutbox(page);
  await addTask(page, 'Черновик');
  await goOffline(page);
  await postFromAnotherDevice(page, '/api/tasks/add', { id: crypto.randomUUID(), quick_add: 'С телефона сегодня' });
  await expect(taskRow(page, 'С телефона')).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(taskRow(page, 'С телефона')).toHaveAttribute('data-sync', 'saved');
  await expect(page.locator('[data-task-id]')).toHaveCount(2);
});

test('a reload while changes wait keeps their marks and the bar, and they drain afterwards', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await addTask(page, 'История');
  // A page loaded under the worker is kept for opening offline.
  await page.reload();
  await waitForHydration(page);

  await goOffline(page);
  await taskRow(page, 'История').locator('button[aria-pressed]').click();
  await page.fill('input[name="quick_add"]', 'Обществознание');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(bar(page)).toHaveText('2 изменения ждут сети');

  await page.reload();
  await waitForHydration(page);
  await expect(bar(page)).toHaveText('2 изменения ждут сети');
  await expect(taskRow(page, 'История')).toHaveAttribute('data-sync', 'queued');
  await expect(taskRow(page, 'История').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await expect(taskRow(page, 'Обществознание')).toHaveAttribute('data-sync', 'queued');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await expect(taskRow(page, 'Обществознание')).toHaveAttribute('data-sync', 'saved');
  const tasks = await serverTasks(page);
  expect(tasks.map((t) => t.title).sort()).toEqual(['История', 'Обществознание']);
  expect(tasks.find((t) => t.title === 'История')).toMatchObject({ completed_at: expect.any(String) });
});

test('a waiting change to a task deleted on another device fails visibly, and the queue goes on', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await addTask(page, 'Химия');
  const [chemistry] = await serverTasks(page);

  await goOffline(page);
  await taskRow(page, 'Химия').locator('button[aria-pressed]').click();
  await page.fill('input[name="quick_add"]', 'Физика');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(bar(page)).toHaveText('2 изменения ждут сети');
  await postFromAnotherDevice(page, '/api/tasks/delete', { id: chemistry.id, deleted: 'true' });

  await context.setOffline(false);
  const failure = page.locator('.outbox-failures [role="alert"]');
  await expect(failure).toContainText('«Химия» не сохранено');
  await expect(failure).toContainText('удалили на другом устройстве');
  await expect(bar(page)).toBeHidden();
  await expect(taskRow(page, 'Физика')).toHaveAttribute('data-sync', 'saved');
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Физика']);

  await failure.getByRole('button').click();
  await expect(failure).toHaveCount(0);
});

test('a repeating task completed, taken back and completed again offline has exactly one next occurrence', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  const id = crypto.randomUUID();
  const today = new Date().toISOString().slice(0, 10);
  await postFromAnotherDevice(page, '/api/tasks/create', { id, title: 'Зарядка', due_date: today, recurrence: 'daily' });
  await page.reload();
  await waitForHydration(page);
  const circle = page.locator(`[data-task-id="${id}"] button[aria-pressed]`);

  await goOffline(page);
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'false');
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  await expect(bar(page)).toHaveText('3 изменения ждут сети');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  const tasks = await serverTasks(page);
  expect(tasks.filter((t) => t.series_id === id)).toHaveLength(2);
  expect(tasks.find((t) => t.id === id)).toMatchObject({ completed_at: expect.any(String) });
  // Done today stays in Today; the next one is tomorrow's.
  await expect(page.locator('[data-task-id]')).toHaveCount(1);
  // Through the bottom bar, as a person would: a page.goto here was once
  // aborted by Chromium ("frame was detached") while the worker was still
  // messaging the page.
  await page.click('a[href="/upcoming"]');
  await expect(page).toHaveURL(/\/upcoming$/);
  await expect(page.locator('[data-task-id]', { hasText: 'Зарядка' })).toHaveCount(1);
});

test('100 changes queued offline drain in order after reconnecting (prints the time)', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await goOffline(page);
  const queued = await addLinesFromPage(page, 100);
  expect(new Set(queued)).toEqual(new Set([202]));
  await expect(bar(page)).toHaveAttribute('data-pending', '100');
  // The order the server is sent them in, as the wire carries them.
  const sent: string[] = [];
  await context.route('**/api/tasks/add', (route) => {
    sent.push(new URLSearchParams(route.request().postData() ?? '').get('quick_add') ?? '');
    return route.continue();
  });

  const started = Date.now();
  await context.setOffline(false);
  await expect(bar(page)).toBeHidden({ timeout: 60_000 });
  const drained = Date.now() - started;
  console.log(`outbox drain: 100 changes in ${drained} ms after reconnecting`);
  const tasks = await serverTasks(page);
  expect(tasks).toHaveLength(100);
  // Replayed in the order they were made (a resend after a lost answer
  // may repeat one; the first sends keep the order).
  const made = Array.from({ length: 100 }, (_, i) => `Задача ${String(i).padStart(3, '0')}`);
  expect([...new Set(sent)]).toEqual(made);
});

test('a change the server keeps failing waits for the person, who can retry it', async ({ page, context }) => {
  await signedUpWithOutbox(page);
  await addTask(page, 'Музыка');
  const task = taskRow(page, 'Музыка');
  await goOffline(page);
  await task.locator('button[aria-pressed]').click();
  await expect(task).toHaveAttribute('data-sync', 'queued');
  let failing = true;
  await context.route('**/api/tasks/complete', (route) => (failing
    ? route.fulfill({ status: 500, contentType: 'application/json', body: '"Internal"' })
    : route.continue()));
  await context.setOffline(false);
  // Each forced replay meets the failing server once (no waiting for the back-off).
  const stuck = page.locator('.failure.stuck');
  await expect.poll(async () => {
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage(JSON.stringify({ type: 'replay', force: true })));
    return stuck.count();
  }, { intervals: [300] }).toBe(1);
  await expect(stuck).toContainText('«Музыка» не сохранено');
  await expect(task).toHaveAttribute('data-sync', 'failed');
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  failing = false;
  await stuck.getByRole('button', { name: 'Повторить' }).click();
  await expect(bar(page)).toBeHidden();
  await expect(stuck).toHaveCount(0);
  await expect(task).toHaveAttribute('data-sync', 'saved');
  expect((await serverTasks(page))[0].completed_at).not.toBeNull();
});

test('offline, a task moved up shows in its new place at once, and the order is saved once back online', async ({ page, context }) => {
  await signedUpWithOutbox(page, 'reorder');
  await page.goto('/inbox');
  await waitForHydration(page);
  await addTask(page, 'Первая');
  await addTask(page, 'Вторая');
  const titles = page.locator('[data-task-id] .title');
  await expect(titles).toHaveText(['Первая', 'Вторая']);

  await goOffline(page);
  const second = taskRow(page, 'Вторая');
  await second.locator('summary').click();
  await second.getByRole('button', { name: 'Выше' }).click();
  await expect(titles).toHaveText(['Вторая', 'Первая']);
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await page.reload();
  await expect(titles).toHaveText(['Вторая', 'Первая']);
});
