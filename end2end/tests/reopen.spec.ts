import { expect, test } from '@playwright/test';
import {
  addTask, goOffline, quickAdd, serverTasks, signUp, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// Opening the app offline, from cold: the pages the worker keeps, the ids
// and keys a kept page carries, what the page remembers.

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

test('reopened offline three times with an add each time: back online, three tasks, each once, none failed', async ({ page, context }) => {
  await signUp(page, uniqueName('reopen'));
  await waitForOutbox(page);
  await goOffline(page);
  for (const title of ['Алгебра', 'Биология', 'Химия']) {
    await page.reload();
    await waitForHydration(page);
    await quickAdd(page, title);
    await expect(taskRow(page, title)).toHaveAttribute('data-sync', 'queued');
  }
  await expect(bar(page)).toHaveText('3 изменения ждут сети');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  const tasks = await serverTasks(page);
  expect(tasks.map((t) => t.title).sort()).toEqual(['Алгебра', 'Биология', 'Химия']);
  expect(new Set(tasks.map((t) => t.id)).size).toBe(3);
  await expect(page.locator('.failure')).toHaveCount(0);
  for (const title of ['Алгебра', 'Биология', 'Химия']) {
    await expect(taskRow(page, title)).toHaveAttribute('data-sync', 'saved');
  }
});

test('a task saved a moment before the network went is still there when the app reopens offline', async ({ page }) => {
  await signUp(page, uniqueName('moment'));
  await waitForOutbox(page);
  await addTask(page, 'Сохранено только что');
  await goOffline(page);
  await page.reload();
  await waitForHydration(page);
  await expect(taskRow(page, 'Сохранено только что')).toHaveAttribute('data-sync', 'saved');
});

test('a kept page served twice offline carries fresh ids and keys in its forms', async ({ page }) => {
  await signUp(page, uniqueName('minted'));
  await waitForOutbox(page);
  await page.waitForTimeout(500);
  await goOffline(page);
  const minted = () => page.locator('form.quick-add input[data-minted]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  await page.reload();
  await waitForHydration(page);
  const first = await minted();
  await page.reload();
  await waitForHydration(page);
  const second = await minted();
  expect(first).toHaveLength(2);
  expect(second).toHaveLength(2);
  for (let i = 0; i < 2; i++) expect(second[i], 'a new id and a new key').not.toBe(first[i]);
});
