import { test } from '@playwright/test';
import { median, record, signedUpState, throttleCpu } from './common';
import { postFromAnotherDevice, waitForHydration, waitForKeptPages, waitForOutbox } from '../tests/helpers';

// The installed app reopened on a bad network (issue 25, point 11): the
// request for the page itself answers 2.5 s late (school Wi-Fi, the metro),
// the processor is slowed 4 times. Measured from the start of the
// navigation: Today's rows on screen (from the worker's kept copy), and the
// task another device added meanwhile on screen, against the moment the
// server's answer to the page's fresh read arrived.
const RUNS = 5;
const PAGE_LATE_MS = 2500;

/** Records, from the first script on, when a row first shows and when the row titled `fresh` shows. */
const ROW_CLOCK = (fresh: string) => `
  window.__rowsAt = null;
  window.__freshAt = null;
  new MutationObserver((_, observer) => {
    if (window.__rowsAt === null && document.querySelector('[data-task-id]')) window.__rowsAt = performance.now();
    if ([...document.querySelectorAll('[data-task-id]')].some((row) => row.textContent.includes(${JSON.stringify(fresh)}))) {
      window.__freshAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

test('reopened with the page request 2.5 s late and CPU x4: rows on screen, and the fresh list after the server answered', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!);
  const rows: number[] = [];
  const freshAfterAnswer: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ baseURL, storageState: state });
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await waitForOutbox(page);
    await waitForKeptPages(page, ['/']);
    const fresh = `С другого устройства ${run + 1}`;
    await postFromAnotherDevice(page, '/api/tasks/create', {
      id: crypto.randomUUID(), title: fresh, due_date: new Date().toISOString().slice(0, 10),
    });
    await context.route((url) => url.pathname === '/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, PAGE_LATE_MS));
      await route.continue().catch(() => undefined);
    });
    await page.addInitScript(ROW_CLOCK(fresh));
    await throttleCpu(context, page, 4);
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __freshAt: number | null }).__freshAt !== null, null, { timeout: 60_000 });
    const times = await page.evaluate(() => {
      const reads = performance.getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/tasks/view')) as PerformanceResourceTiming[];
      const w = window as unknown as { __rowsAt: number; __freshAt: number };
      return { rows: w.__rowsAt, fresh: w.__freshAt, readAnswered: reads.length ? reads[0].responseEnd : NaN };
    });
    rows.push(times.rows);
    freshAfterAnswer.push(times.fresh - times.readAnswered);
    await context.close();
  }
  record('reopen', {
    runs: RUNS,
    pageLateMs: PAGE_LATE_MS,
    rows,
    freshAfterAnswer,
    rowsMedian: median(rows),
    freshAfterAnswerMedian: median(freshAfterAnswer),
  });
});
