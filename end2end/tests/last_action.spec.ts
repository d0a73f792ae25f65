import { expect, test } from '@playwright/test';
import {
  addTask, anotherDevice, deleteTask, firstLostOnTheWire, goOffline, offlineTapOverruledLater, renameTask, serverTasks, signUp, tap, taskRow, uniqueName, waitForHydration, waitForOutbox,
} from './helpers';

// docs/design.md §2: the last action wins, whatever order the network delivers
// changes in — two taps whose requests cross on the wire, two devices.

const bar = (page: import('@playwright/test').Page) => page.locator('#outbox-status');

test('two taps whose requests cross: the first lost on the wire and replayed last, the second tap wins', async ({ page, context }) => {
  await signUp(page, uniqueName('crossed'));
  await waitForOutbox(page);
  await addTask(page, 'Физика');

  const completions = await firstLostOnTheWire(context, '**/api/tasks/complete');
  await tap(page, 'Физика', true);
  await tap(page, 'Физика', false); // before the first has an answer
  await expect.poll(completions.asked, { message: 'the first was replayed' }).toBeGreaterThanOrEqual(3);
  expect(completions.crossed(), 'the second was answered before the first was lost').toBe(true);
  await expect(bar(page)).toBeHidden();

  const row = taskRow(page, 'Физика');
  await expect(row).toHaveAttribute('data-sync', 'saved');
  await expect(row.locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
  expect((await serverTasks(page))[0].completed_at).toBeNull();
  await page.reload();
  await waitForHydration(page);
  await expect(taskRow(page, 'Физика').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
});

test('two devices: a change made offline on the phone, older than the laptop\'s, arrives last and alters nothing', async ({ page, browser }) => {
  const name = uniqueName('devices');
  await signUp(page, name);
  await waitForOutbox(page);
  await addTask(page, 'Химия');

  const { context: laptopContext, page: laptop } = await anotherDevice(browser, name);

  // The phone, in the metro: done; the laptop, later: done, then not done
  // after all; out of the metro, the phone's older tap is sent, and loses.
  await offlineTapOverruledLater(page, laptop, 'Химия');
  await laptop.reload();
  await waitForHydration(laptop);
  await expect(taskRow(laptop, 'Химия').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
  await laptopContext.close();
});

test('two devices: a rename made offline earlier than the other device\'s rename does not overwrite it', async ({ page, browser }) => {
  const name = uniqueName('rename');
  await signUp(page, name);
  await waitForOutbox(page);
  await addTask(page, 'Доклад');

  const { context: laptopContext, page: laptop } = await anotherDevice(browser, name);

  await goOffline(page);
  await renameTask(page, 'Доклад', 'Доклад (телефон)');
  await renameTask(laptop, 'Доклад', 'Доклад (ноутбук)');
  await expect(taskRow(laptop, 'Доклад (ноутбук)')).toHaveAttribute('data-sync', 'saved');

  await page.context().setOffline(false);
  await expect(bar(page)).toBeHidden();
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Доклад (ноутбук)']);
  await expect(taskRow(page, 'Доклад (ноутбук)')).toHaveAttribute('data-sync', 'saved');
  await laptopContext.close();
});

test('undo then a tap at once: the tap waits for the restore, and both land', async ({ page, context }) => {
  await signUp(page, uniqueName('undo-tap'));
  await waitForOutbox(page);
  await addTask(page, 'География');
  await deleteTask(page, 'География');
  // The restore is slow on the wire; the completion tapped right after it
  // must not overtake it (it would find the task deleted).
  await context.route('**/api/tasks/delete', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    return route.continue();
  });
  await page.locator('.undo').getByRole('button', { name: 'Вернуть' }).click();
  await expect(taskRow(page, 'География')).toBeVisible();
  await taskRow(page, 'География').locator('button[aria-pressed]').click();
  await expect(taskRow(page, 'География').locator('button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  await expect(taskRow(page, 'География')).toHaveAttribute('data-sync', 'saved', { timeout: 10_000 });
  await expect(page.locator('.failure')).toHaveCount(0);
  const [task] = await serverTasks(page);
  expect(task.deleted_at).toBeNull();
  expect(task.completed_at).not.toBeNull();
});
