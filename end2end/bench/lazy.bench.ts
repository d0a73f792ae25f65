import { test } from '@playwright/test';
import { HYDRATION_CLOCK, median, record, signedUpState, slow4g, throttleCpu } from './common';

// A page in a WASM chunk of its own, opened for the first time: from the
// tap on its link in hydrated Today to the page shown, on Slow 4G with the
// processor slowed 4 times, and the chunk files fetched on the way. No
// service worker, so the chunk comes from the network (as on a first visit
// before the worker has kept it).
const RUNS = 5;

const PAGES = [
  { name: 'lists', link: '.bottom-nav a[href="/lists"]', shown: 'a.completed-link' },
  { name: 'settings', link: 'a.settings-link', shown: 'main.settings' },
];

/** In the page: when the link was tapped, and when `selector` first showed. */
const TAP_CLOCK = `
  window.__tappedAt = null;
  window.__shownAt = null;
  document.addEventListener('click', () => { window.__tappedAt ??= performance.now(); }, true);
  window.__watch = (selector) => new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.__shownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

type Clock = { __hydratedAt: number | null; __tappedAt: number | null; __shownAt: number | null; __watch: (s: string) => void };

test('a lazily loaded page on Slow 4G and CPU x4: tap to shown, and its chunk', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!);
  const figures: Record<string, unknown> = {};
  for (const target of PAGES) {
    const times: number[] = [];
    let fetched: { url: string; bytes: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ baseURL, storageState: state, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.addInitScript(HYDRATION_CLOCK + TAP_CLOCK);
      await page.goto('/');
      await page.waitForFunction(() => (window as unknown as Clock).__hydratedAt !== null, null, { timeout: 120_000 });
      await slow4g(page);
      await throttleCpu(context, page, 4);
      const chunks: Promise<{ url: string; bytes: number }>[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/pkg/')) {
          chunks.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, bytes: body.length })));
        }
      });
      await page.evaluate((selector) => (window as unknown as Clock).__watch(selector), target.shown);
      await page.locator(target.link).click();
      await page.waitForFunction(() => (window as unknown as Clock).__shownAt !== null, null, { timeout: 120_000 });
      const at = await page.evaluate(() => {
        const clock = window as unknown as Clock;
        return clock.__shownAt! - clock.__tappedAt!;
      });
      times.push(Math.round(at));
      fetched = await Promise.all(chunks);
      await context.close();
    }
    figures[target.name] = { runs: RUNS, times, median: median(times), fetched };
  }
  record('lazy', figures);
});
