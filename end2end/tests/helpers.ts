import { expect, Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

/** A name no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix = 'pupil'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Waits until the WASM has taken over the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-hydrated', 'true');
}

export async function signUp(page: Page, name: string, password = PASSWORD): Promise<void> {
  await page.goto('/signup');
  await waitForHydration(page);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
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
  await page.evaluate(OPEN_OUTBOX_DATABASE);
  await page.waitForFunction(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const openOutboxDatabase: () => Promise<IDBDatabase | null> = (window as any).openOutboxDatabase;
    if (!navigator.serviceWorker.controller) return false;
    await navigator.serviceWorker.ready;
    const db = await openOutboxDatabase();
    if (!db) return false;
    if (!db.objectStoreNames.contains('meta')) { db.close(); return false; }
    const row = await new Promise<{ value: string | null } | undefined>((resolve) => {
      const get = db.transaction('meta').objectStore('meta').get('account');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => resolve(undefined);
    });
    db.close();
    return !!row?.value;
  }, undefined, { polling: 200 });
}

export interface ServerTask {
  id: string;
  title: string;
  completed_at: string | null;
  deleted_at: string | null;
  series_id: string | null;
  created_at: string;
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

/** Adds a task through the quick-add line and waits until the server has it. */
export async function addTask(page: Page, title: string): Promise<void> {
  await page.fill('input[name="quick_add"]', title);
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(page.locator('[data-task-id]', { hasText: title })).toHaveAttribute('data-sync', 'saved');
}

export function taskRow(page: Page, title: string) {
  return page.locator('[data-task-id]', { hasText: title });
}
