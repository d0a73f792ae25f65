import { expect, test, type Page } from '@playwright/test';
import {
  goOffline, quickAdd, signUp, taskRow, uniqueName, waitForHydration, waitForKeptPages, waitForOutbox,
} from './helpers';

// Issue 14: the pages a student opens less often than the planner (lists,
// settings, sign-in, sign-up) are WASM chunks of their own. Today's first
// load does not fetch them; the first visit to one does, and the worker
// keeps them all, so a page never opened online still opens offline.

/** The WASM files the page asks for from now on (served by the worker or not). */
function wasmRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.wasm')) seen.push(path.split('/').pop()!);
  });
  return seen;
}

test('Today loads without the other pages\' code, and Settings fetches its own when first opened', async ({ page }) => {
  await signUp(page, uniqueName('split'));
  await waitForOutbox(page);
  const fetched = wasmRequests(page);
  const html = await (await page.reload())!.text();
  await waitForHydration(page);
  expect(fetched).toContain('tetrad.wasm');
  // Leptos 0.8 writes a lazy page's chunk preloads into the head after the
  // request's own scope has ended (leptos_integration_utils): under
  // concurrent requests another page's preloads can land in Today's head.
  // Those aside, Today's code asks for no page chunk.
  const preloaded = [...html.matchAll(/<link\b[^>]*\bhref="[^"]*\/(split_[^"/]+\.wasm)"[^>]*>/g)].map((m) => m[1]);
  const asked = fetched.filter((file) => file.startsWith('split_') && !preloaded.includes(file));
  expect(asked, 'no page chunk for Today').toEqual([]);

  await page.click('a.settings-link');
  await expect(page.locator('.topbar h1')).toHaveText('Настройки');
  expect(fetched.some((file) => file.startsWith('split___settings_route'))).toBe(true);
  // Its code runs: the language switch answers.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('.topbar h1')).toHaveText('Settings');
});

test('a task\'s checklist is fetched the first time its details open, not with Today', async ({ page }) => {
  await signUp(page, uniqueName('lazysteps'));
  await waitForOutbox(page);
  await quickAdd(page, 'Алгебра');
  const fetched = wasmRequests(page);
  await page.reload();
  await waitForHydration(page);
  const checklist = () => fetched.filter((file) => file.startsWith('split_checklist_chunk'));
  expect(checklist(), 'Today without a task opened').toEqual([]);

  const row = taskRow(page, 'Алгебра');
  await row.locator('summary').click();
  await expect(row.locator('.checklist h3')).toHaveText('Пункты');
  expect(checklist()).toHaveLength(1);
  // Its code runs: a step is added, and the row counts it.
  await row.locator('.add-step input').fill('№245');
  await row.locator('.add-step input').press('Enter');
  await expect(row.locator('.when')).toContainText('0/1');
});

test('offline, a page whose chunk was never fetched by the page opens and works', async ({ page }) => {
  await signUp(page, uniqueName('chunks'));
  await waitForOutbox(page);
  // The worker keeps the pages themselves once the page said hello.
  await waitForKeptPages(page, ['/lists', '/settings']);
  await goOffline(page);
  await page.click('a.settings-link');
  await expect(page.locator('.topbar h1')).toHaveText('Настройки');
  await page.goto('/lists');
  await waitForHydration(page);
  await expect(page.locator('.topbar h1')).toHaveText('Списки');
});
