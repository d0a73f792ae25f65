import { expect, test } from '@playwright/test';
import { ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addTask, goOffline, quickAdd, serverTasks, signUp, tap, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// A deploy while changes wait on the phone: the test runs its own server
// (the same binary the suite runs, `TETRAD_E2E_BINARY`), then restarts it
// on the same database with a new build (a changed stylesheet: a new build
// id, a new worker), as a deploy does.

const BINARY = process.env.TETRAD_E2E_BINARY ?? path.resolve(__dirname, '../../target/debug/tetrad');
const SITE = path.resolve(__dirname, '../../target/site');
const PORT = 3027;
const ORIGIN = `http://127.0.0.1:${PORT}`;

async function startServer(site: string, database: string): Promise<ChildProcess> {
  const child = spawn(BINARY, [], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite://${database}`,
      TETRAD_ADDR: `127.0.0.1:${PORT}`,
      LEPTOS_SITE_ADDR: `127.0.0.1:${PORT}`,
      LEPTOS_OUTPUT_NAME: 'tetrad',
      LEPTOS_SITE_ROOT: site,
      LEPTOS_SITE_PKG_DIR: 'pkg',
      RUST_LOG: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    // Another server on the port would answer for it.
    if (child.exitCode !== null) throw new Error(`the server exited at start: is port ${PORT} taken?`);
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return child;
    } catch { /* not yet */ }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(late);
}

/**
 * The site as the suite's server serves it, with the compressed copies it
 * writes at start-up of every file, the WASM chunks too (so the test's
 * servers need not compress them again, at brotli's highest quality, while
 * the new worker installs and the rest of the suite runs).
 */
async function copySite(to: string): Promise<void> {
  const pkg = path.join(SITE, 'pkg');
  const sources = readdirSync(pkg).filter((name) => /\.(wasm|js|css)$/.test(name)).map((name) => path.join(pkg, name));
  const fresh = (source: string, copy: string) => existsSync(copy) && statSync(copy).mtimeMs >= statSync(source).mtimeMs;
  const compressed = () => sources.every((source) => fresh(source, `${source}.br`) && fresh(source, `${source}.gz`));
  for (let i = 0; i < 600 && !compressed(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  cpSync(SITE, to, { recursive: true, preserveTimestamps: true, filter: (file) => !file.includes('.partial') });
}

async function cacheNames(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test('a deploy while changes wait: the new worker installs completely, the app opens offline, the queue drains once', async ({ browser }) => {
  test.setTimeout(240_000);
  const work = mkdtempSync(path.join(tmpdir(), 'tetrad-deploy-'));
  const site = path.join(work, 'site');
  await copySite(site);
  const database = path.join(work, 'tetrad.db');
  let server = await startServer(site, database);
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'ru-RU' });
  const page = await context.newPage();
  const bar = page.locator('#outbox-status');
  try {
    await signUp(page, uniqueName('deploy'));
    await waitForOutbox(page);
    await addTask(page, 'До обновления');
    const before = (await cacheNames(page)).find((name) => name.startsWith('tetrad-static-'));
    expect(before).toBeTruthy();

    // In the metro: two changes wait on the phone.
    await goOffline(page);
    await quickAdd(page, 'Ждёт обновления');
    await tap(page, 'До обновления', true);
    await expect(bar).toHaveText('2 изменения ждут сети');

    // Meanwhile, a deploy: a new build on the same database.
    await stopServer(server);
    appendFileSync(path.join(site, 'pkg', 'tetrad.css'), '\n/* the next build */\n');
    server = await startServer(site, database);

    // Out of the metro while the deploy is still settling: pages and files
    // answer, changes are refused with 503, so the queue still waits while
    // the browser updates the worker.
    await context.route('**/api/tasks/**', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503 }) : route.continue());
    await context.setOffline(false);
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
    await expect.poll(async () => {
      const names = await cacheNames(page);
      return names.some((n) => n.startsWith('tetrad-static-') && n !== before) && !names.includes(before!);
    }, { message: 'the new worker took over, with complete caches', timeout: 30_000 }).toBe(true);

    // Offline again: the app still opens, with what waits drawn.
    await goOffline(page);
    await page.reload();
    await waitForHydration(page);
    await expect(bar).toHaveText('2 изменения ждут сети');
    await expect(taskRow(page, 'Ждёт обновления')).toHaveAttribute('data-sync', 'queued');
    await expect(taskRow(page, 'До обновления').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');

    // Online for good: the queue drains, each change once.
    await context.unroute('**/api/tasks/**');
    const sent: string[] = [];
    await context.route('**/api/tasks/**', (route) => {
      if (route.request().method() === 'POST') sent.push(route.request().headers()['idempotency-key']);
      return route.continue();
    });
    await context.setOffline(false);
    await expect(bar).toBeHidden({ timeout: 30_000 });
    expect(sent).toHaveLength(2);
    const tasks = await serverTasks(page);
    expect(tasks.map((t) => t.title).sort()).toEqual(['До обновления', 'Ждёт обновления']);
    expect(tasks.find((t) => t.title === 'До обновления')).toMatchObject({ completed_at: expect.any(String) });
  } finally {
    // Whatever happened above, this test's server must not outlive it: a
    // retry binds the same port (a timed-out first try once left its server
    // answering the retry's requests).
    await context.close().catch(() => undefined);
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
});
