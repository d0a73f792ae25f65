import { test } from '@playwright/test';
import { HYDRATION_CLOCK, median, record, signedUpState, slow4g, throttleCpu } from './common';

// First contentful paint and interactive (the WASM has hydrated the page)
// for Today, cold cache, on Slow 4G with the processor slowed 4 times.
const RUNS = 5;

test('Today on Slow 4G and CPU x4: first paint and interactive', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!);
  const paints: number[] = [];
  const interactive: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ baseURL, storageState: state, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(HYDRATION_CLOCK);
    await slow4g(page);
    await throttleCpu(context, page, 4);
    await page.goto('/');
    await page.waitForFunction(() => (window as unknown as { __hydratedAt: number | null }).__hydratedAt !== null, null, { timeout: 120_000 });
    const times = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      interactive: (window as unknown as { __hydratedAt: number }).__hydratedAt,
    }));
    paints.push(times.paint);
    interactive.push(times.interactive);
    await context.close();
  }
  record('paint', { runs: RUNS, paint: paints, interactive, paintMedian: median(paints), interactiveMedian: median(interactive) });
});
