import { expect, test } from '@playwright/test';
import { goOffline, quickAdd, signUp, taskRow, uniqueName, waitForHydration, waitForOutbox } from './helpers';

// Issue 26, point 5: the app runs under its Content-Security-Policy. Every
// page, the lazily loaded chunks (search, settings), the worker, and a page
// served from what the worker keeps (its scripts carry the nonce of the
// page as kept): the browser reports no violation, and the WASM runs.

const RECORD_VIOLATIONS = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline'));
  });
`;

const violations = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test('every page, its chunks, the worker and a kept page run under the policy with no violation', async ({ page }) => {
  await page.addInitScript(RECORD_VIOLATIONS);
  const response = await page.goto('/signup');
  expect(response?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
  await signUp(page, uniqueName('csp'));
  await waitForOutbox(page);
  await quickAdd(page, 'Физика: параграф 12');
  await expect(taskRow(page, 'Физика: параграф 12')).toHaveAttribute('data-sync', 'saved');
  expect(await violations(page)).toEqual([]);

  for (const path of ['/upcoming', '/inbox', '/lists', '/search?q=физика', '/settings', '/']) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await violations(page), path).toEqual([]);
  }
  // A page from the worker's copy, its policy kept with it.
  await goOffline(page);
  await page.reload();
  await waitForHydration(page);
  await expect(taskRow(page, 'Физика: параграф 12')).toBeVisible();
  expect(await violations(page), 'a kept page').toEqual([]);
});
