import { expect, test, type Page } from '@playwright/test';
import { goOffline, signUp, uniqueName, waitForHydration, waitForOutbox } from './helpers';

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
  await page.reload();
  await waitForHydration(page);
  expect(fetched).toContain('tetrad.wasm');
  expect(fetched.filter((file) => file.startsWith('split_')), 'no page chunk for Today').toEqual([]);

  await page.click('a.settings-link');
  await expect(page.locator('.topbar h1')).toHaveText('Настройки');
  expect(fetched.some((file) => file.startsWith('split___settings_route'))).toBe(true);
  // Its code runs: the language switch answers.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('.topbar h1')).toHaveText('Settings');
});

test('offline, a page whose chunk was never fetched by the page opens and works', async ({ page }) => {
  await signUp(page, uniqueName('chunks'));
  await waitForOutbox(page);
  // The worker keeps the pages themselves once the page said hello.
  await expect.poll(() => page.evaluate(async () => {
    const pages = (await caches.keys()).find((name) => name.startsWith('tetrad-pages-'));
    if (!pages) return [];
    return (await (await caches.open(pages)).keys()).map((request) => new URL(request.url).pathname).sort();
  })).toEqual(expect.arrayContaining(['/lists', '/settings']));
  await goOffline(page);
  await page.click('a.settings-link');
  await expect(page.locator('.topbar h1')).toHaveText('Настройки');
  await page.goto('/lists');
  await waitForHydration(page);
  await expect(page.locator('.topbar h1')).toHaveText('Списки');
});
