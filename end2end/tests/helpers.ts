import { Browser, BrowserContext, expect, Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

/** A name no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix = 'pupil'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Waits until the WASM has taken over the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Waits until the service worker controls the page: installed, its files
 * kept. A person typing a name and a password takes longer than that; a
 * test typing at once must wait, or the sign-in would bypass the worker.
 */
export async function waitForWorker(page: Page): Promise<void> {
  // A new browser context's worker installs by keeping the app's files
  // (the WASM and its chunks): on a busy 2-core machine with two browsers
  // at work, once in CI that took longer than the default 10 s.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

export async function signUp(page: Page, name: string, password = PASSWORD): Promise<void> {
  await page.goto('/signup');
  await waitForHydration(page);
  await waitForWorker(page);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
}

export async function signIn(page: Page, name: string, password = PASSWORD): Promise<void> {
  await page.goto('/signin');
  await waitForHydration(page);
  await waitForWorker(page);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
}

/** Taps a task's circle and checks the circle shows the state asked for at once. */
export async function tap(page: Page, title: string, expected: boolean): Promise<void> {
  const circle = taskRow(page, title).locator('button[aria-pressed]');
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', String(expected));
}

/** Adds a line through quick add; the row shows at once (waiting or saved). */
export async function quickAdd(page: Page, line: string): Promise<void> {
  await page.fill('input[name="quick_add"]', line);
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(page.locator('input[name="quick_add"]')).toHaveValue('');
}

/**
 * Declared in the page: opens the worker's database if it exists, never
 * creating it (an empty database made here would lack the worker's stores).
 */
export const OPEN_OUTBOX_DATABASE = `window.openOutboxDatabase = () => new Promise((resolve) => {
  const open = indexedDB.open('tetrad-outbox');
  open.onupgradeneeded = () => open.transaction.abort();
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => resolve(null);
});`;

/** Waits until the service worker controls the page and knows its account. */
export async function waitForOutbox(page: Page): Promise<void> {
  await expect.poll(async () => {
    await page.evaluate(OPEN_OUTBOX_DATABASE);
    return page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return 'no worker controls the page';
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db: IDBDatabase | null = await (window as any).openOutboxDatabase();
      if (!db || !db.objectStoreNames.contains('meta')) { db?.close(); return 'no outbox database'; }
      const row = await new Promise<{ value: string | null } | undefined>((resolve) => {
        const get = db.transaction('meta').objectStore('meta').get('account');
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => resolve(undefined);
      });
      db.close();
      return row?.value ? 'ready' : 'the worker does not know the account yet';
    });
  }, { intervals: [200] }).toBe('ready');
}

export interface ServerTask {
  id: string;
  title: string;
  completed_at: string | null;
  deleted_at: string | null;
  series_id: string | null;
  created_at: string;
  priority: number;
  due: { date: string; time: string | null } | null;
  recurrence: string | null;
}

/** The tasks the server has for the page's account (never through the page's network). */
export async function serverTasks(page: Page): Promise<ServerTask[]> {
  const response = await page.request.get('/api/tasks/list');
  expect(response.status()).toBe(200);
  return response.json();
}

/** A change made on "another device": straight to the server, with its own key. */
export async function postFromAnotherDevice(page: Page, path: string, form: Record<string, string>) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, {
    form,
    headers: { origin, 'idempotency-key': crypto.randomUUID(), accept: 'application/json' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * Sends `count` quick-add lines from the page, in order, each with its own
 * id and key ("Задача 000", "Задача 001", ...); returns the answers'
 * statuses (202 when the worker kept them for later).
 */
export async function addLinesFromPage(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const body = new URLSearchParams({ id: crypto.randomUUID(), quick_add: `Задача ${String(i).padStart(3, '0')}` });
      const response = await fetch('/api/tasks/add', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': crypto.randomUUID() },
        body,
      });
      statuses.push(response.status);
    }
    return statuses;
  }, count);
}

/** Adds a task through the quick-add line and waits until the server has it. */
export async function addTask(page: Page, title: string): Promise<void> {
  await page.fill('input[name="quick_add"]', title);
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(page.locator('[data-task-id]', { hasText: title })).toHaveAttribute('data-sync', 'saved');
}

/** Renames a task through its details; the new title shows at once. */
export async function renameTask(page: Page, from: string, to: string): Promise<void> {
  const row = taskRow(page, from);
  await row.locator('summary').click();
  await row.locator('input[name="title"]').fill(to);
  await row.locator('input[name="title"]').press('Enter');
  await expect(taskRow(page, to)).toBeVisible();
}

/** Deletes a task through its details; its row leaves at once. */
export async function deleteTask(page: Page, title: string): Promise<void> {
  const row = taskRow(page, title);
  await row.locator('summary').click();
  await row.getByRole('button', { name: 'Удалить' }).click();
  await expect(row).toHaveCount(0);
}

export function taskRow(page: Page, title: string) {
  return page.locator('[data-task-id]', { hasText: title });
}

/**
 * Cuts the network, then waits for a round trip to the service worker, so
 * the next request meets a running worker under the new conditions.
 */
/**
 * Waits until the worker keeps `paths` for this account (it fetches them once
 * the page said hello, one after another, each within its 15 s deadline: on a
 * loaded machine the last, /settings, came after the default 10 s once).
 */
export async function waitForKeptPages(page: Page, paths: string[]): Promise<void> {
  await expect.poll(() => page.evaluate(async () => {
    const pages = (await caches.keys()).find((name) => name.startsWith('tetrad-pages-'));
    if (!pages) return [];
    return (await (await caches.open(pages)).keys()).map((request) => new URL(request.url).pathname).sort();
  }), { timeout: 30_000 }).toEqual(expect.arrayContaining(paths));
}

export async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  const answer = await page.evaluate(() => new Promise<string>((resolve) => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return resolve('no worker controls the page');
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve('pong');
    worker.postMessage('ping', [channel.port2]);
  }));
  expect(answer).toBe('pong');
}

/** The same account on another device (a browser context of its own),
 * signed in, its outbox ready. */
export async function anotherDevice(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await signIn(page, name);
  await waitForOutbox(page);
  return { context, page };
}

/** Two requests to the same place whose order the wire swapped. */
export interface CrossedOnTheWire {
  /** How many requests were asked for so far. */
  asked: () => number;
  /** Whether the second was answered while the first was still on the wire. */
  crossed: () => boolean;
}

/**
 * The first request to `pattern` is held on the wire until a second one
 * has passed and been answered (10 s at most), then dies; every later one
 * passes. So the two cross whatever the machine's speed, and `crossed`
 * says whether they did.
 */
export async function firstLostOnTheWire(context: BrowserContext, pattern: string): Promise<CrossedOnTheWire> {
  let asked = 0;
  let crossed = false;
  let secondAnswered: () => void = () => undefined;
  const second = new Promise<boolean>((resolve) => { secondAnswered = () => resolve(true); });
  await context.route(pattern, async (route) => {
    const nth = ++asked;
    if (nth === 1) {
      crossed = await Promise.race([second, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      return route.abort('failed');
    }
    const response = await route.fetch();
    await route.fulfill({ response });
    if (nth === 2) secondAnswered();
  });
  return { asked: () => asked, crossed: () => crossed };
}

/**
 * Two devices, one task: the phone, offline, marks `title` done; the
 * laptop, later, marks it done and then not done after all; the phone
 * comes back online and its older tap is sent last. The laptop's "not
 * done" must stand, on the server and on the phone.
 */
export async function offlineTapOverruledLater(page: Page, laptop: Page, title: string): Promise<void> {
  await goOffline(page);
  await tap(page, title, true);
  await expect(taskRow(page, title)).toHaveAttribute('data-sync', 'queued');
  await tap(laptop, title, true);
  await expect(taskRow(laptop, title)).toHaveAttribute('data-sync', 'saved');
  await tap(laptop, title, false);
  await expect(taskRow(laptop, title)).toHaveAttribute('data-sync', 'saved');

  await page.context().setOffline(false);
  await expect(page.locator('#outbox-status')).toBeHidden();
  const tasks = await serverTasks(laptop);
  expect(tasks.find((task) => task.title === title), 'the laptop\'s later "not done" stands').toMatchObject({ completed_at: null });
  await expect(taskRow(page, title).locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
  await expect(taskRow(page, title)).toHaveAttribute('data-sync', 'saved');
}
