import { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD, postFromAnotherDevice, signUp, uniqueName } from '../tests/helpers';

/** Where each benchmark leaves its figures for report.mjs. */
export const RESULTS = process.env.TETRAD_BENCH_RESULTS ?? join(__dirname, '..', '..', 'target', 'bench');

export function record(name: string, figures: unknown): void {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${name}.json`), JSON.stringify(figures, null, 2));
  console.log(`${name}: ${JSON.stringify(figures)}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A new account, signed in, with a school day's worth of tasks due today
 * (so Today is not an empty page); returns its cookies for fresh contexts.
 */
export async function signedUpState(browser: Browser, baseURL: string, tasks = 8) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUp(page, uniqueName('bench'), PASSWORD);
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < tasks; i++) {
    await postFromAnotherDevice(page, '/api/tasks/create', {
      id: crypto.randomUUID(), title: `Домашнее задание ${i + 1}: параграф ${10 + i}, упражнения 3–7`, due_date: today,
    });
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * The issue's "Slow 4G": 1.6 Mbps down, 750 kbps up, 150 ms round trip
 * (taken literally; DevTools' preset of the same name adds Lighthouse's
 * extra latency factor). Set on the page before it navigates.
 */
export async function slow4g(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1000 * 1000) / 8,
    uploadThroughput: (750 * 1000) / 8,
  });
  return cdp;
}

/** A phone's slower processor: every task takes `rate` times longer. */
export async function throttleCpu(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Records, from the first script onwards, when the WASM took over the page. */
export const HYDRATION_CLOCK = `
  window.__hydratedAt = null;
  new MutationObserver((_, observer) => {
    if (document.body && document.body.getAttribute('data-hydrated') === 'true') {
      window.__hydratedAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
`;
