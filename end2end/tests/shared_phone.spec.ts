import { expect, Page, test } from '@playwright/test';
import {
  addTask, goOffline, quickAdd, serverTasks, signUp, taskRow, uniqueName, waitForHydration, waitForKeptPages,
  waitForOutbox,
} from './helpers';

// Issue 26, point 6: a phone lent or shared. Once an account is signed out,
// or the worker learns its session ended elsewhere, the pages kept for it
// and what the page stored of it leave the phone: the next person to sign
// in on that phone sees nothing of the first, online or offline. Two
// accounts, one browser context.

/** The pages the worker keeps, and the accounts the page stored something of. */
async function leftOnThePhone(page: Page) {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('tetrad-pages-'));
    const pages = name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [];
    const stored = Object.keys(localStorage).filter((key) => key.startsWith('tetrad-known:'));
    return { pages: pages.filter((path) => !['/signin', '/signup'].includes(path)), stored };
  });
}

/** The next person signs up on the same phone and opens the app offline. */
async function nextPersonSeesNothingOf(page: Page, title: string) {
  await signUp(page, uniqueName('petya'));
  await waitForOutbox(page);
  await expect(taskRow(page, title)).toHaveCount(0);
  await waitForKeptPages(page, ['/', '/inbox', '/upcoming']);
  await goOffline(page);
  for (const path of ['/', '/inbox', '/upcoming']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('body')).not.toContainText(title);
  }
  await page.context().setOffline(false);
}

test('signed out on a shared phone: the next person sees nothing of the first, online or offline', async ({ page }) => {
  await signUp(page, uniqueName('masha'));
  await waitForOutbox(page);
  await addTask(page, 'Дневник Маши');
  await waitForKeptPages(page, ['/', '/inbox']);
  expect((await leftOnThePhone(page)).stored).toHaveLength(1);

  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect.poll(() => leftOnThePhone(page)).toEqual({ pages: [], stored: [] });

  await nextPersonSeesNothingOf(page, 'Дневник Маши');
});

test('a session ended elsewhere: its kept pages and what the page stored leave the phone, its waiting change stays its own', async ({ page, context }) => {
  await signUp(page, uniqueName('masha'));
  await waitForOutbox(page);
  await addTask(page, 'Дневник Маши');
  await waitForKeptPages(page, ['/', '/inbox']);

  // The sign-in expires (or the password changed on the laptop): the next
  // change is answered 401 and waits.
  await context.clearCookies();
  await quickAdd(page, 'Записка Маши');
  await expect(page.locator('.session-ended')).toBeVisible();
  await expect(taskRow(page, 'Записка Маши')).toHaveAttribute('data-sync', 'queued');
  await expect.poll(() => leftOnThePhone(page)).toEqual({ pages: [], stored: [] });

  await nextPersonSeesNothingOf(page, 'Дневник Маши');
  await expect(taskRow(page, 'Записка Маши')).toHaveCount(0);
  expect(await serverTasks(page), 'never sent as the next person').toEqual([]);
});
