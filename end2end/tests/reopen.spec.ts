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
