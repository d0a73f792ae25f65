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

async function tapTimes(page: Page, selector: string, waitForSaved: boolean) {
  const dom: number[] = [];
  const frame: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    await armTap(page, selector);
    await page.click(selector);
    const tap = await page.evaluate(() => (window as unknown as { __tap: Promise<{ dom: number; frame: number }> }).__tap);
    dom.push(tap.dom);
    frame.push(tap.frame);
    const row = page.locator(selector).locator('xpath=ancestor::*[@data-task-id][1]');
    await expect(row).toHaveAttribute('data-sync', waitForSaved ? 'saved' : 'queued');
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

    figures[`online_cpu${cpu}`] = await tapTimes(page, selector, true);
    await goOffline(page);
    figures[`offline_cpu${cpu}`] = await tapTimes(page, selector, false);
    await context.setOffline(false);
    await expect(page.locator('#outbox-status')).toBeHidden({ timeout: 60_000 });
    await context.close();
  }
  record('tap', figures);
});
