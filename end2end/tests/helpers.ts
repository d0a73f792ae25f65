import { expect, Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

/** A name no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix = 'pupil'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Waits until the WASM has taken over the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-hydrated', 'true');
}

export async function signUp(page: Page, name: string, password = PASSWORD): Promise<void> {
  await page.goto('/signup');
  await waitForHydration(page);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
}
