import { expect, test } from '@playwright/test';
import { addTask, goOffline, quickAdd, signUp, tap, taskRow, uniqueName, waitForHydration, waitForOutbox } from './helpers';

// Search, as a student uses it: words in any form and case, ё or е, each
// find with its list and date; done tasks only when asked; and with no
// network, over the tasks the phone already knows.

function results(page: import('@playwright/test').Page) {
  return page.locator('.search-results [data-task-id]');
}

async function search(page: import('@playwright/test').Page, words: string) {
  await page.fill('#search-words', words);
}

test('finds tasks by a word in any form and case, says where each is, and done ones only when asked', async ({ page }) => {
  await signUp(page, uniqueName('search'));
  await waitForOutbox(page);
  await addTask(page, 'Решить задачи по алгебре');
  await addTask(page, 'Купить ёлку');
  await addTask(page, 'Read chapter 5');

  await page.getByRole('link', { name: 'Поиск' }).click();
  await expect(page.locator('#search-words')).toBeFocused();
  await search(page, 'задача');
  await expect(results(page)).toHaveCount(1);
  await expect(taskRow(page, 'Решить задачи по алгебре')).toContainText('Входящие');

  await search(page, 'ЕЛКУ');
  await expect(results(page)).toHaveText([/Купить ёлку/]);
  await search(page, 'chapters');
  await expect(results(page)).toHaveText([/Read chapter 5/]);

  // Done from the results: it stays under the finger, and is saved.
  await search(page, 'ёлку');
  await expect(results(page)).toHaveCount(1);
  await tap(page, 'Купить ёлку', true);
  await expect(taskRow(page, 'Купить ёлку')).toHaveAttribute('data-sync', 'saved');
  // Searched again, a done task is found only when asked.
  await search(page, 'елка');
  await expect(page.getByText('Ничего не нашлось.')).toBeVisible();
  await page.getByLabel('Искать и среди выполненных').check();
  await expect(results(page)).toHaveText([/Купить ёлку/]);

  // Its details open from the results.
  await taskRow(page, 'Купить ёлку').locator('summary').click();
  await expect(taskRow(page, 'Купить ёлку').locator('input[name="title"]')).toHaveValue('Купить ёлку');
});

test('a search in the address is answered with the page, before the WASM runs', async ({ page }) => {
  await signUp(page, uniqueName('address'));
  await waitForOutbox(page);
  await addTask(page, 'Физика: параграф 12');
  await page.goto('/search?q=%D0%BF%D0%B0%D1%80%D0%B0%D0%B3%D1%80%D0%B0%D1%84%D1%8B');
  await expect(results(page)).toHaveText([/Физика: параграф 12/]);
  await expect(page.locator('#search-words')).toHaveValue('параграфы');
  await waitForHydration(page);
  await expect(results(page)).toHaveCount(1);
});

/** Signed up with two tasks saved, then offline with a third waiting. */
async function offlineWithThreeTasks(page: import('@playwright/test').Page, prefix: string) {
  await signUp(page, uniqueName(prefix));
  await waitForOutbox(page);
  await addTask(page, 'Алгебра №245');
  await addTask(page, 'История: даты');
  await goOffline(page);
  await quickAdd(page, 'Контрольная по алгебре');
  await expect(taskRow(page, 'Контрольная по алгебре')).toHaveAttribute('data-sync', 'queued');
}

test('offline, search runs over the tasks the phone knows, made offline too, and says results may be incomplete', async ({ page }) => {
  await offlineWithThreeTasks(page, 'offsearch');

  await page.getByRole('link', { name: 'Поиск' }).click();
  await search(page, 'алгебру');
  await expect(page.getByText('Нет сети: ищу среди задач, которые уже есть на этом устройстве.', { exact: false })).toBeVisible();
  await expect(results(page)).toHaveCount(2);
  await expect(taskRow(page, 'Контрольная по алгебре')).toHaveAttribute('data-sync', 'queued');
  await expect(taskRow(page, 'Алгебра №245')).toBeVisible();

  // Back online, the same search asks the server, and the offline line is saved.
  await page.context().setOffline(false);
  await expect(taskRow(page, 'Контрольная по алгебре')).toHaveAttribute('data-sync', 'saved', { timeout: 15_000 });
  await search(page, 'алгебра');
  await expect(page.getByText('Нет сети', { exact: false })).toHaveCount(0);
  await expect(results(page)).toHaveCount(2);
});

test('a search address opened offline (a bookmark, a reopened tab) searches what the phone knows', async ({ page }) => {
  await offlineWithThreeTasks(page, 'offaddress');

  await page.goto('/search?q=%D0%B0%D0%BB%D0%B3%D0%B5%D0%B1%D1%80%D0%B0');
  await waitForHydration(page);
  await expect(page.locator('#search-words')).toHaveValue('алгебра');
  await expect(page.getByText('Нет сети: ищу среди задач, которые уже есть на этом устройстве.', { exact: false })).toBeVisible();
  await expect(results(page)).toHaveCount(2);
  await expect(taskRow(page, 'Алгебра №245')).toBeVisible();
  await expect(taskRow(page, 'Контрольная по алгебре')).toHaveAttribute('data-sync', 'queued');
  await expect(taskRow(page, 'История: даты')).toHaveCount(0);
});
