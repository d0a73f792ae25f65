import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { record, signedUpState } from './common';
import { waitForHydration } from '../tests/helpers';

// First load of the Today page by a signed-in person with an empty cache:
// every byte the page fetched, by kind, as the browser received it; then
// each HTML, CSS, JS and WASM file fetched again as raw, gzip and brotli.

type Kind = 'HTML' | 'CSS' | 'JS' | 'WASM' | 'other';

function kindOf(url: string, initiator: string): Kind {
  const path = new URL(url).pathname;
  if (initiator === 'navigation') return 'HTML';
  if (path.endsWith('.css')) return 'CSS';
  if (path.endsWith('.js')) return 'JS';
  if (path.endsWith('.wasm')) return 'WASM';
  return 'other';
}

/** The body's size on the wire and its Content-Encoding, for one Accept-Encoding. */
function fetchSize(url: string, cookie: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const request = httpRequest(url, { headers: { cookie, 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

test('first load of Today: bytes by kind', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!);
  const context = await browser.newContext({ baseURL, storageState: state });
  const page = await context.newPage();
  await page.goto('/');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');

  const entries = await page.evaluate(() => [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ].map((e) => {
    const r = e as PerformanceResourceTiming;
    return { url: r.name, initiator: r.initiatorType, served: r.encodedBodySize, raw: r.decodedBodySize };
  }));
  const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const files = [];
  for (const entry of entries) {
    const kind = kindOf(entry.url, entry.initiator);
    const file = { kind, path: new URL(entry.url).pathname, served: entry.served, raw: entry.raw, gzip: 0, brotli: 0, encoding: '' };
    if (kind !== 'other') {
      const gzip = await fetchSize(entry.url, cookie, 'gzip');
      const brotli = await fetchSize(entry.url, cookie, 'br');
      const chromium = await fetchSize(entry.url, cookie, 'gzip, deflate, br, zstd');
      file.gzip = gzip.encoding === 'gzip' ? gzip.bytes : 0;
      file.brotli = brotli.encoding === 'br' ? brotli.bytes : 0;
      file.encoding = chromium.encoding;
    }
    files.push(file);
  }
  await context.close();
  expect(files.some((f) => f.kind === 'WASM')).toBe(true);
  record('transfer', files);
});
