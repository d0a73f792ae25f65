import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { signedUpState, throttleCpu } from './common';
import { waitForHydration, waitForOutbox } from '../tests/helpers';

test('profile taps', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!, 1);
  const context = await browser.newContext({ baseURL, storageState: state });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  await waitForOutbox(page);
  await throttleCpu(context, page, 4);
  const id = await page.locator('[data-task-id]').first().getAttribute('data-task-id');
  const selector = `[data-task-id="${id}"] button[aria-pressed]`;
  const row = page.locator(`[data-task-id="${id}"]`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  // Only the click's own task: from the click until the first frame after it.
  await page.evaluate(() => {
    (window as any).__spans = [];
    document.addEventListener('click', (tap) => {
      const started = tap.timeStamp;
      requestAnimationFrame(() => (window as any).__spans.push([started, performance.now()]));
    }, { capture: true });
  });
  await cdp.send('Profiler.start');
  const marker = await page.evaluate(() => {
    const at = performance.now();
    (window as any).__marker = function __marker() { const end = performance.now() + 5; while (performance.now() < end) { /* spin */ } };
    (window as any).__marker();
    return at;
  });
  for (let i = 0; i < 20; i++) {
    await page.click(selector);
    await expect(row).toHaveAttribute('data-sync', 'saved');
    await page.waitForTimeout(300);
  }
  const { profile } = await cdp.send('Profiler.stop');
  const spans = await page.evaluate(() => (window as any).__spans);
  writeFileSync(process.env.PROFILE_OUT ?? '/tmp/prof/profile.json', JSON.stringify({ profile, spans, marker }));
  await context.close();
});
