import { expect, test } from '@playwright/test';
import {
  addTask, anotherDevice, goOffline, offlineTapOverruledLater, renameTask, serverTasks, signUp, taskRow, uniqueName, waitForOutbox,
} from './helpers';

// docs/design.md §2: a phone whose clock is hours off still lets the last
// action win. The page stamps each change with its clock corrected by the
// server's (`/api/clock`); these tests run the phone's page on a clock two
// hours ahead or behind (Playwright's clock, page only) and a laptop on
// the true one. Each fails when the correction is left out.

const TWO_HOURS = 2 * 60 * 60 * 1000;
const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

/** Waits until the page has learned how far its clock is from the server's. */
async function corrected(page: import('@playwright/test').Page, off: number) {
  await expect.poll(async () => {
    const kept = await page.evaluate(() => localStorage.getItem('tetrad-clock'));
    const offset = Number((kept ?? '').split(',')[0]);
    return Math.abs(offset + off) < 60_000;
  }, { message: 'the page learned the correction' }).toBe(true);
}

async function aheadAndOverruled(
  page: import('@playwright/test').Page, browser: import('@playwright/test').Browser, prefix: string,
) {
  const name = uniqueName(prefix);
  await signUp(page, name);
  await waitForOutbox(page);
  await corrected(page, TWO_HOURS);
  await addTask(page, 'Химия');
  const { context: laptopContext, page: laptop } = await anotherDevice(browser, name);
  // The phone's tap, two hours from now by its clock, is earlier in truth
  // than the laptop's two: it must lose to them.
  await offlineTapOverruledLater(page, laptop, 'Химия');
  await laptopContext.close();
}

test('a phone two hours ahead: its tap made offline, older than the laptop\'s, arrives last and alters nothing', async ({ page, context, browser }) => {
  await context.clock.install({ time: Date.now() + TWO_HOURS });
  await aheadAndOverruled(page, browser, 'ahead');
});

test('a phone two hours ahead whose page never heard the server\'s time stamps by what the worker learned from its answers', async ({ page, context, browser }) => {
  await context.clock.install({ time: Date.now() + TWO_HOURS });
  // The page's own question about the time never gets an answer.
  await context.route('**/api/clock', (route) => route.abort('failed'));
  await aheadAndOverruled(page, browser, 'aheadnoclock');
});

test('a phone two hours behind: its rename made offline after the laptop\'s arrives last and wins', async ({ page, context, browser }) => {
  await context.clock.install({ time: Date.now() - TWO_HOURS });
  const name = uniqueName('behind');
  await signUp(page, name);
  await waitForOutbox(page);
  await corrected(page, -TWO_HOURS);
  await addTask(page, 'Доклад');
  const { context: laptopContext, page: laptop } = await anotherDevice(browser, name);

  await renameTask(laptop, 'Доклад', 'Доклад (ноутбук)');
  await expect(taskRow(laptop, 'Доклад (ноутбук)')).toHaveAttribute('data-sync', 'saved');
  // Later in truth, though two hours earlier by its own clock: the phone.
  await goOffline(page);
  await renameTask(page, 'Доклад', 'Доклад (телефон)');
  await expect(taskRow(page, 'Доклад (телефон)')).toHaveAttribute('data-sync', 'queued');

  await page.context().setOffline(false);
  await expect(bar(page)).toBeHidden();
  expect((await serverTasks(laptop)).map((t) => t.title)).toEqual(['Доклад (телефон)']);
  await expect(taskRow(page, 'Доклад (телефон)')).toHaveAttribute('data-sync', 'saved');
  await laptopContext.close();
});

test.describe('in UTC, the account\'s zone', () => {
  test.use({ timezoneId: 'UTC' });

  test('a phone whose clock has already passed midnight dates a task added for today by the true day', async ({ page, context }) => {
    // Half an hour past the next midnight by the phone's clock, whatever
    // the hour: its own date is tomorrow, the true one is today.
    const DAY = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const ahead = Math.ceil(now / DAY) * DAY + 30 * 60 * 1000 - now;
    await context.clock.install({ time: now + ahead });
    await signUp(page, uniqueName('midnight'));
    await waitForOutbox(page);
    await corrected(page, ahead);
    await addTask(page, 'Геометрия');
    const [task] = await serverTasks(page);
    // The true day: this test's own clock is not the phone's.
    expect(task.due?.date).toBe(new Date().toISOString().slice(0, 10));
  });
});
