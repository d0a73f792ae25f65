import { expect, test } from '@playwright/test';
import { median, record } from './common';
import { addLinesFromPage, goOffline, signUp, uniqueName, waitForOutbox } from '../tests/helpers';

// 100 changes made offline, then the network comes back: the time until the
// outbox is empty and the server has all of them. Median of 3 accounts.
const RUNS = 3;

test('100 queued changes drain after reconnecting', async ({ browser, baseURL }) => {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signUp(page, uniqueName('drain'));
    await waitForOutbox(page);
    await goOffline(page);
    await addLinesFromPage(page, 100);
    const bar = page.locator('#outbox-status');
    await expect(bar).toHaveAttribute('data-pending', '100');
    const started = Date.now();
    await context.setOffline(false);
    await expect(bar).toBeHidden({ timeout: 60_000 });
    times.push(Date.now() - started);
    expect(await (await page.request.get('/api/tasks/list')).json()).toHaveLength(100);
    await context.close();
  }
  record('drain', { runs: RUNS, samples: times, median: median(times) });
});
