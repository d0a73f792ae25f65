import { expect, test } from '@playwright/test';
import {
  addTask, goOffline, quickAdd, serverTasks, signUp, tap, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// Opening the app offline, from cold: the pages the worker keeps, the ids
// and keys a kept page carries, what the page remembers.

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

test('reopened offline three times with an add each time: back online, three tasks, each once, none failed', async ({ page, context }) => {
  await signUp(page, uniqueName('reopen'));
  await waitForOutbox(page);
  await goOffline(page);
  for (const title of ['Алгебра', 'Биология', 'Химия']) {
    await page.reload();
    await waitForHydration(page);
    await quickAdd(page, title);
    await expect(taskRow(page, title)).toHaveAttribute('data-sync', 'queued');
  }
  await expect(bar(page)).toHaveText('3 изменения ждут сети');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  const tasks = await serverTasks(page);
  expect(tasks.map((t) => t.title).sort()).toEqual(['Алгебра', 'Биология', 'Химия']);
  expect(new Set(tasks.map((t) => t.id)).size).toBe(3);
  await expect(page.locator('.failure')).toHaveCount(0);
  for (const title of ['Алгебра', 'Биология', 'Химия']) {
    await expect(taskRow(page, title)).toHaveAttribute('data-sync', 'saved');
  }
});

// Every reopen offline tries the queue, and each try that fails doubles the
// worker's wait before the next. Back online, the first try may still be
// lost (the phone's radio, or the browser telling the page before its
// worker): the next must not wait out what the offline tries added up to
// (it waited 33 s here).
test('reopened offline again and again, back online with its first try lost: the change leaves within seconds', async ({ page, context }) => {
  await signUp(page, uniqueName('regrown'));
  await waitForOutbox(page);
  await goOffline(page);
  await quickAdd(page, 'Геометрия');
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await waitForHydration(page);
  }
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');

  let tries = 0;
  await context.route('**/api/tasks/**', async (route) => {
    if (route.request().method() === 'POST' && ++tries === 1) return route.abort('internetdisconnected');
    return route.continue();
  });
  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  expect(tries, 'the first try was lost, a later one saved it').toBeGreaterThanOrEqual(2);
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Геометрия']);
  await expect(taskRow(page, 'Геометрия')).toHaveAttribute('data-sync', 'saved');
});

test('a task saved a moment before the network went is still there when the app reopens offline', async ({ page }) => {
  await signUp(page, uniqueName('moment'));
  await waitForOutbox(page);
  await addTask(page, 'Сохранено только что');
  await goOffline(page);
  await page.reload();
  await waitForHydration(page);
  await expect(taskRow(page, 'Сохранено только что')).toHaveAttribute('data-sync', 'saved');
});

test('a kept page served twice offline carries fresh ids and keys in its forms', async ({ page }) => {
  await signUp(page, uniqueName('minted'));
  await goOffline(page);
  const minted = () => page.locator('form.quick-add input[data-minted]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  await page.reload();
  await waitForHydration(page);
  const first = await minted();
  await page.reload();
  await waitForHydration(page);
  const second = await minted();
  expect(first).toHaveLength(2);
  expect(second).toHaveLength(2);
  for (let i = 0; i < 2; i++) expect(second[i], 'a new id and a new key').not.toBe(first[i]);
});

test('a tap and at once a reload: the change leaves before the page does, and lands once', async ({ page }) => {
  await signUp(page, uniqueName('hasty'));
  await waitForOutbox(page);
  await addTask(page, 'Черчение');
  // The tap and the reload in one turn of the page: the tap's request,
  // which leaves after the frame that shows it
  // (app/src/outbox/after_the_frame.rs), must leave before the page does.
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => {
    const row = [...document.querySelectorAll('[data-task-id]')].find((r) => r.textContent?.includes('Черчение'));
    row?.querySelector<HTMLButtonElement>('button[aria-pressed]')?.click();
    location.reload();
  });
  await reloaded;
  await waitForHydration(page);
  await expect(taskRow(page, 'Черчение').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await expect(taskRow(page, 'Черчение')).toHaveAttribute('data-sync', 'saved');
  await expect.poll(async () => (await serverTasks(page))
    .filter((t) => t.title === 'Черчение')
    .map((t) => t.completed_at !== null)).toEqual([true]);
});

test('a page left in the very turn of a tap sends the change then, before any frame, and it lands once', async ({ page }) => {
  await signUp(page, uniqueName('leaving'));
  await waitForOutbox(page);
  await addTask(page, 'Черчение');
  // The circle's change waits for the frame that shows the tap
  // (app/src/outbox/after_the_frame.rs); a page left before that frame
  // (pagehide, sent here in the tap's own turn) must send it then.
  const seen = await page.evaluate(async () => {
    const row = [...document.querySelectorAll<HTMLElement>('[data-task-id]')].find((r) => r.textContent?.includes('Черчение'));
    let framed = false;
    requestAnimationFrame(() => { framed = true; });
    row?.querySelector<HTMLButtonElement>('button[aria-pressed]')?.click();
    const atTheTap = row?.dataset.sync;
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    // The page draws in microtasks; no frame can come between them.
    for (let i = 0; i < 50; i++) await Promise.resolve();
    return { atTheTap, afterLeaving: row?.dataset.sync, framed };
  });
  expect(seen).toEqual({ atTheTap: 'saved', afterLeaving: 'sending', framed: false });
  await expect.poll(async () => (await serverTasks(page))
    .filter((t) => t.title === 'Черчение')
    .map((t) => t.completed_at !== null)).toEqual([true]);
  await page.reload();
  await waitForHydration(page);
  await expect(taskRow(page, 'Черчение').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await expect(taskRow(page, 'Черчение')).toHaveAttribute('data-sync', 'saved');
});

test('changes the worker saves while the page reloads show as the person left them, offline right after too', async ({ page, context }) => {
  await signUp(page, uniqueName('crossed'));
  await waitForOutbox(page);
  await addTask(page, 'Физика');
  await goOffline(page);
  await tap(page, 'Физика', true);
  await quickAdd(page, 'Химия');
  await expect(bar(page)).toHaveText('2 изменения ждут сети');

  // Back online, the worker sends what waits while the page reloads: the
  // server renders the page before the changes land, and the page reaches
  // the browser after both are saved; then the network goes again.
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let replaying = false;
  let rendered = false;
  let served = false;
  await context.route('**/api/tasks/**', async (route) => {
    if (route.request().method() === 'POST') {
      replaying = true;
      await released;
    } else if (!served) {
      // The page being left learns nothing more (its reads are lost).
      return route.abort();
    }
    return route.fallback();
  });
  await context.route((url) => url.pathname === '/', async (route) => {
    const navigation = (route.request().headers().accept ?? '').startsWith('text/html');
    if (rendered || !navigation) return route.fallback();
    rendered = true;
    const before = await route.fetch();
    release();
    await expect.poll(async () => {
      const tasks = await serverTasks(page);
      return tasks.map((t) => `${t.title}:${t.completed_at !== null}`).sort().join(' ');
    }, { intervals: [50] }).toBe('Физика:true Химия:false');
    served = true;
    await route.fulfill({ response: before });
    await context.setOffline(true);
  });
  await context.setOffline(false);
  await expect.poll(() => replaying).toBe(true);
  await page.reload();
  await waitForHydration(page);
  expect(rendered, 'the page was rendered before the changes were saved').toBe(true);

  await expect(taskRow(page, 'Физика').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await expect(taskRow(page, 'Химия')).toHaveAttribute('data-sync', 'saved');
  await expect(taskRow(page, 'Физика')).toHaveAttribute('data-sync', 'saved');
  await expect(bar(page)).toBeHidden();
  // The page opened from the kept copy; the network's copy, which the
  // worker fetches beside it, is answered too before the test ends.
  await expect.poll(() => served, { timeout: 20_000 }).toBe(true);
});
