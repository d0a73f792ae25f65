import { expect, Page, test } from '@playwright/test';
import { median, record, signedUpState, throttleCpu } from './common';
import { goOffline, waitForHydration, waitForOutbox } from '../tests/helpers';

// Tap → visible change on the completion circle: from the tap (the click
// event, when the finger lifts: nothing may change before that) to the
// circle's new state in the DOM, and to the first frame after it. Online
// and offline (the outbox takes the change), 20 taps each, at full speed
// and with the processor slowed 4 times.
const TAPS = 20;

/** Arms a one-shot clock on the next tap of `selector`; read it with settleTap. */
async function armTap(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => {
    const circle = () => document.querySelector(selector);
    const before = circle()?.getAttribute('aria-pressed');
    (window as unknown as { __tap: Promise<{ dom: number; frame: number }> }).__tap = new Promise((resolve) => {
      document.addEventListener('click', (tap) => {
        const started = tap.timeStamp;
        const observer = new MutationObserver(() => {
          if (circle()?.getAttribute('aria-pressed') === before) return;
          const dom = performance.now() - started;
          observer.disconnect();
          requestAnimationFrame(() => resolve({ dom, frame: performance.now() - started }));
        });
        observer.observe(document.body, { attributes: true, childList: true, subtree: true });
      }, { once: true, capture: true });
    });
  }, selector);
}

async function tapTimes(page: Page, selector: string, settled: () => Promise<void>) {
  const dom: number[] = [];
  const frame: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    await armTap(page, selector);
    await page.click(selector);
    const tap = await page.evaluate(() => (window as unknown as { __tap: Promise<{ dom: number; frame: number }> }).__tap);
    dom.push(tap.dom);
    frame.push(tap.frame);
    await settled();
  }
  return { dom: median(dom), frame: median(frame), samples: dom };
}

test('tap on the completion circle until the change shows', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!, 1);
  const figures: Record<string, unknown> = {};
  for (const cpu of [1, 4]) {
    const context = await browser.newContext({ baseURL, storageState: state });
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await waitForOutbox(page);
    await throttleCpu(context, page, cpu);
    const id = await page.locator('[data-task-id]').first().getAttribute('data-task-id');
    const selector = `[data-task-id="${id}"] button[aria-pressed]`;
    const row = page.locator(`[data-task-id="${id}"]`);

    figures[`online_cpu${cpu}`] = await tapTimes(page, selector, () => expect(row).toHaveAttribute('data-sync', 'saved'));
    await goOffline(page);
    figures[`offline_cpu${cpu}`] = await tapTimes(page, selector, () => expect(row).toHaveAttribute('data-sync', 'queued'));
    await context.setOffline(false);
    await expect(page.locator('#outbox-status')).toBeHidden({ timeout: 60_000 });
    await context.close();
  }
  record('tap', figures);
});

// The browser's own floor, measured the same way: a page whose tap does
// nothing but flip the circle's attribute. Playwright clicks once the
// button has held still for an animation frame, so the tap comes early in
// a frame and the next one is most of a frame (60 Hz: 16.7 ms) away
// whatever the page does: what the app's figures add to this is ours.
test('the same tap on a page that only flips the attribute', async ({ browser }) => {
  const figures: Record<string, unknown> = {};
  for (const cpu of [1, 4]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(`<button aria-pressed="false" onclick="this.setAttribute('aria-pressed', String(this.getAttribute('aria-pressed') !== 'true'))">○</button>`);
    await throttleCpu(context, page, cpu);
    figures[`cpu${cpu}`] = await tapTimes(page, 'button[aria-pressed]', async () => {});
    await context.close();
  }
  record('tap_floor', figures);
});
