import { test, expect } from '@playwright/test';
import { signUp, uniqueName, waitForHydration } from './helpers';

test.describe('in a browser set to English', () => {
  test.use({ locale: 'en-US' });

  test('the planner speaks English from the first page', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText('Create an account');

    await signUp(page, uniqueName('english'));
    await expect(page.locator('.topbar h1')).toHaveText('Today');
    await expect(page.locator('input[name="quick_add"]')).toHaveAttribute('placeholder', 'What needs doing?');
    await page.fill('input[name="quick_add"]', 'Essay tomorrow at 6pm !!');
    await expect(page.getByTestId('quick-add-preview')).toHaveText('Understood: tomorrow · 18:00 · priority 2');
  });
});

test('the language is switched in settings, at once and for good', async ({ page }) => {
  await signUp(page, uniqueName('switch'));
  await expect(page.locator('.topbar h1')).toHaveText('Сегодня');

  await page.click('a.settings-link');
  await expect(page.locator('.topbar h1')).toHaveText('Настройки');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'English' }).click();

  // The page changes without a reload...
  await expect(page.locator('.topbar h1')).toHaveText('Settings');
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.bottom-nav')).toContainText('Upcoming');

  // Today, drawn by the page itself (no reload), speaks English too: its
  // words are read when it is drawn.
  await page.locator('.bottom-nav a[href="/"]').click();
  await expect(page.locator('.topbar h1')).toHaveText('Today');
  await expect(page.locator('input[name="quick_add"]')).toHaveAttribute('placeholder', 'What needs doing?');
  await expect(page.locator('.paste-link')).toHaveText('Paste homework');
  await expect(page.locator('a.settings-link')).toHaveAttribute('title', 'Settings');

  // ...and stays switched on the next page the server renders.
  await page.goto('/upcoming');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.topbar h1')).toHaveText('Upcoming');
  await expect(page.locator('.empty')).toContainText('Nothing planned');

  // And back: the Russian button is labelled in Russian.
  await page.click('a.settings-link');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Русский' }).click();
  await expect(page.locator('.topbar h1')).toHaveText('Настройки');
});
