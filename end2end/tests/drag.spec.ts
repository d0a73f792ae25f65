import { CDPSession, expect, Locator, Page, test } from '@playwright/test';
import {
  goOffline, postFromAnotherDevice, serverTasks, signUp, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// Issue 17, point 3: a task is dragged by its handle, with a mouse or a
// finger, to a new place in the Inbox, a list or its run in Today
// (docs/decisions.md, "Drag to reorder"). The new order shows at once, is
// sent as one change per drop, kept while offline, and stays after a reload.

const bar = (page: Page) => page.locator('#outbox-status');
const titles = (page: Page) => page.locator('[data-task-id] .title');
const handle = (page: Page, title: string) => taskRow(page, title).locator('.handle');

/** A student with these tasks in the Inbox (in this order), on the Inbox. */
async function inboxWith(page: Page, prefix: string, names: string[]): Promise<void> {
  await signUp(page, uniqueName(prefix));
  await waitForOutbox(page);
  for (const title of names) {
    await postFromAnotherDevice(page, '/api/tasks/create', { id: crypto.randomUUID(), title });
  }
  await page.goto('/inbox');
  await waitForHydration(page);
  await expect(titles(page)).toHaveText(names);
}

/** Counts the reorder requests the page sends from now on. */
function countReorders(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tasks/reorder') sent += 1;
  });
  return () => sent;
}

/**
 * Exactly `n` reorders were sent: the page's request event can come after
 * the service worker's, so it is waited for, then a moment more for any
 * second one.
 */
async function expectSent(page: Page, reorders: () => number, n: number): Promise<void> {
  await expect.poll(reorders).toBe(n);
  await page.waitForTimeout(500);
  expect(reorders()).toBe(n);
}

/** The middle of an element, in the viewport's pixels. */
async function middle(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Where to let go of a row picked up at `fromY` to take `onto`'s place: near
 * its top edge when moving up, its bottom edge when moving down.
 */
async function placeOf(page: Page, onto: string, fromY: number): Promise<number> {
  const box = await taskRow(page, onto).boundingBox();
  if (!box) throw new Error(`${onto} is not on the screen`);
  return box.y + box.height / 2 < fromY ? box.y + 5 : box.y + box.height - 5;
}

/** Drags `title` by its handle with the mouse into `onto`'s place. */
async function dragWithMouse(page: Page, title: string, onto: string): Promise<void> {
  const from = await middle(handle(page, title));
  const toY = await placeOf(page, onto, from.y);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, toY, { steps: 10 });
  await page.mouse.up();
}

/** A finger on the touchscreen, through Chromium's own input pipeline. */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, dy: number): Promise<void> {
  const touch = (type: string, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: from.x, y }] });
  await touch('touchStart', from.y);
  for (let step = 1; step <= 10; step++) await touch('touchMove', from.y + (dy * step) / 10);
  await touch('touchEnd', from.y + dy);
}

/** The order of the account's open tasks on the server (its list is by position). */
async function serverOrder(page: Page): Promise<string[]> {
  return (await serverTasks(page)).filter((task) => !task.completed_at).map((task) => task.title);
}

test('a task dragged with the mouse shows in its new place at once, is sent once and stays after a reload', async ({ page, context }) => {
  await inboxWith(page, 'drag-mouse', ['Первая', 'Вторая', 'Третья']);
  const reorders = countReorders(page);
  // The server's answer is held until the new order has shown: "at once"
  // means before any answer.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => { answer = resolve; });
  await context.route('**/api/tasks/reorder', async (route) => { await answered; await route.continue(); });

  await dragWithMouse(page, 'Третья', 'Первая');
  await expect(titles(page)).toHaveText(['Третья', 'Первая', 'Вторая']);
  answer();
  await expect(bar(page)).toBeHidden();
  await expect.poll(() => serverOrder(page)).toEqual(['Третья', 'Первая', 'Вторая']);
  await expectSent(page, reorders, 1);

  // Picked up and put back where it was: nothing to send.
  await dragWithMouse(page, 'Первая', 'Первая');
  await expect(titles(page)).toHaveText(['Третья', 'Первая', 'Вторая']);
  await expectSent(page, reorders, 1);

  await page.reload();
  await waitForHydration(page);
  await expect(titles(page)).toHaveText(['Третья', 'Первая', 'Вторая']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('a task dragged by a finger on its handle moves, is sent once and stays after a reload', async ({ page, context }) => {
    await inboxWith(page, 'drag-touch', ['Первая', 'Вторая', 'Третья']);
    const reorders = countReorders(page);
    await page.evaluate(() => {
      document.addEventListener('pointerdown', (ev) => { document.body.dataset.pointer = ev.pointerType; }, true);
    });
    const cdp = await context.newCDPSession(page);

    const from = await middle(handle(page, 'Первая'));
    await swipe(cdp, from, (await placeOf(page, 'Третья', from.y)) - from.y);
    await expect(page.locator('body')).toHaveAttribute('data-pointer', 'touch');
    await expect(titles(page)).toHaveText(['Вторая', 'Третья', 'Первая']);
    await expect.poll(() => serverOrder(page)).toEqual(['Вторая', 'Третья', 'Первая']);
    await expectSent(page, reorders, 1);

    await page.reload();
    await waitForHydration(page);
    await expect(titles(page)).toHaveText(['Вторая', 'Третья', 'Первая']);
  });

  test('a finger on the row outside the handle scrolls the page and moves nothing', async ({ page, context }) => {
    const names = Array.from({ length: 12 }, (_, i) => `Задача ${String(i + 1).padStart(2, '0')}`);
    await inboxWith(page, 'drag-scroll', names);
    const reorders = countReorders(page);
    const cdp = await context.newCDPSession(page);
    const scrolled = () => page.evaluate(() => window.scrollY);
    // Where the page rests once a fling has run out.
    const settled = async () => {
      let last = -1;
      await expect.poll(async () => { const now = await scrolled(); const still = now === last; last = now; return still; }, { intervals: [300] }).toBe(true);
      return last;
    };
    expect(await scrolled()).toBe(0);

    // Up the screen from a title, as a thumb scrolls a list.
    const title = await middle(taskRow(page, 'Задача 05').locator('.title'));
    await swipe(cdp, title, -200);
    await expect.poll(scrolled).toBeGreaterThan(50);
    await expect(titles(page)).toHaveText(names);

    // The same gesture from the handle drags the task instead of the page.
    const before = await settled();
    const grip = await middle(handle(page, 'Задача 08'));
    await swipe(cdp, grip, (await placeOf(page, 'Задача 06', grip.y)) - grip.y);
    await expect(titles(page).nth(5)).toHaveText('Задача 08');
    expect(await settled()).toBe(before);
    await expectSent(page, reorders, 1);
  });
});

test('dragged while offline, the new order shows at once, waits, and is saved once back online', async ({ page, context }) => {
  await inboxWith(page, 'drag-offline', ['Первая', 'Вторая', 'Третья']);
  const reorders = countReorders(page);

  await goOffline(page);
  await dragWithMouse(page, 'Первая', 'Вторая');
  await expect(titles(page)).toHaveText(['Вторая', 'Первая', 'Третья']);
  await expect(bar(page)).toHaveText('1 изменение ждёт сети');
  expect(await serverOrder(page)).toEqual(['Первая', 'Вторая', 'Третья']);

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await expect.poll(() => serverOrder(page)).toEqual(['Вторая', 'Первая', 'Третья']);
  await expectSent(page, reorders, 1);
  await page.reload();
  await waitForHydration(page);
  await expect(titles(page)).toHaveText(['Вторая', 'Первая', 'Третья']);
});

test('reopened offline twice with a drag each time: both orders shown, one kept, the last saved once back online', async ({ page, context }) => {
  await inboxWith(page, 'drag-reopen', ['Первая', 'Вторая', 'Третья']);
  const reorders = countReorders(page);
  await goOffline(page);

  await page.reload();
  await waitForHydration(page);
  await dragWithMouse(page, 'Третья', 'Первая');
  await expect(titles(page)).toHaveText(['Третья', 'Первая', 'Вторая']);

  await page.reload();
  await waitForHydration(page);
  // The waiting order is drawn again from the worker's queue, and the next
  // drag starts from it.
  await expect(titles(page)).toHaveText(['Третья', 'Первая', 'Вторая']);
  await dragWithMouse(page, 'Вторая', 'Первая');
  await expect(titles(page)).toHaveText(['Третья', 'Вторая', 'Первая']);
  await expect(bar(page)).toHaveText('2 изменения ждут сети');

  await context.setOffline(false);
  await expect(bar(page)).toBeHidden();
  await expect.poll(() => serverOrder(page)).toEqual(['Третья', 'Вторая', 'Первая']);
  await expect(page.locator('.failure')).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(titles(page)).toHaveText(['Третья', 'Вторая', 'Первая']);
  // Each drop was sent once from the page (the worker replays, the page does not resend).
  expect(reorders()).toBe(2);
});

test('in Today a task moves among those due with the same priority, and no further', async ({ page }) => {
  await signUp(page, uniqueName('drag-today'));
  await waitForOutbox(page);
  const today = await page.evaluate(() => {
    const day = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });
  const create = (title: string, priority: string) =>
    postFromAnotherDevice(page, '/api/tasks/create', { id: crypto.randomUUID(), title, due_date: today, priority });
  await create('Контрольная', '1');
  await create('Алгебра', '4');
  await create('Физика', '4');
  await page.reload();
  await waitForHydration(page);
  await expect(titles(page)).toHaveText(['Контрольная', 'Алгебра', 'Физика']);
  // Alone in its run (the only urgent one): nothing to drag it among.
  await expect(handle(page, 'Контрольная')).toHaveCount(0);

  // Dragged above the urgent task, it stops at the top of its own run.
  await dragWithMouse(page, 'Физика', 'Контрольная');
  await expect(titles(page)).toHaveText(['Контрольная', 'Физика', 'Алгебра']);
  await expect(bar(page)).toBeHidden();
  await page.reload();
  await waitForHydration(page);
  await expect(titles(page)).toHaveText(['Контрольная', 'Физика', 'Алгебра']);
});
