import { expect, test } from '@playwright/test';
import { addTask, goOffline, OPEN_OUTBOX_DATABASE, PASSWORD, signUp, taskRow, uniqueName, waitForHydration, waitForOutbox } from './helpers';

test('the page links a web app manifest that makes Tetrad installable', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = await response.json();
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.lang).toBe('ru');
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

  const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
  expect(icons.some((icon) => icon.sizes === '192x192' && icon.purpose === 'any')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('an Apple touch icon is there for the iPhone home screen', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const image = await request.get(href!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('the installed app opens, and hydrates, with the network off', async ({ page, context }) => {
  await signUp(page, uniqueName('offline'));
  await waitForOutbox(page);
  await addTask(page, 'Литература');
  await page.reload(); // a page loaded under the worker is kept
  await waitForHydration(page);

  await goOffline(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.locator('input[name="quick_add"]')).toBeVisible();
  await expect(taskRow(page, 'Литература')).toBeVisible();
});

test('the worker leaves other origins alone and never queues a sign-in', async ({ page, context }) => {
  await signUp(page, uniqueName('origins'));
  await waitForOutbox(page);
  await goOffline(page);
  // The same server under another name is another origin: a mutation sent
  // there fails as the network fails, instead of being kept.
  const crossOrigin = await page.evaluate(async () => {
    const other = `${location.protocol}//localhost:${location.port}/api/tasks/add`;
    try {
      const response = await fetch(other, { method: 'POST', mode: 'no-cors', body: 'id=x', headers: { 'Idempotency-Key': crypto.randomUUID() } });
      return `answered ${response.status}`;
    } catch {
      return 'network error';
    }
  });
  expect(crossOrigin).toBe('network error');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await waitForHydration(page);
  await goOffline(page);
  await page.fill('input[name="username"]', 'someone');
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await expect(page.getByRole('alert')).toContainText('Нет ответа от сервера');
  await page.evaluate(OPEN_OUTBOX_DATABASE);
  const kept = await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db: IDBDatabase | null = await (window as any).openOutboxDatabase();
    if (!db) throw new Error('the outbox database is missing');
    return new Promise<number>((resolve) => {
      const count = db.transaction('entries').objectStore('entries').count();
      count.onsuccess = () => resolve(count.result);
    });
  });
  expect(kept).toBe(0);
});

test('Chromium finds the app installable', async ({ page, context }) => {
  await signUp(page, uniqueName('install'));
  await waitForOutbox(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test browser is always incognito, where nothing installs; that is
  // the one error allowed.
  const errors = installabilityErrors.map((error) => error.errorId);
  expect(errors.filter((id) => id !== 'in-incognito')).toEqual([]);
});
