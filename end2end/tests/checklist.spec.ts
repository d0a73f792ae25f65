import { expect, test, type Page } from '@playwright/test';
import {
  addTask, firstLostOnTheWire, goOffline, postFromAnotherDevice, quickAdd, serverTasks, signUp, taskRow, uniqueName, waitForHydration,
  waitForOutbox,
} from './helpers';

// A task's checklist: steps made, ticked and moved in its details, offline
// too; the row says how many are done.

test('a task with five steps, two done, says 2/5 on its row; a step deleted elsewhere leaves the count', async ({ page }) => {
  await signUp(page, uniqueName('steps'));
  await waitForOutbox(page);
  await addTask(page, 'Алгебра');
  const task = await taskRow(page, 'Алгебра').getAttribute('data-task-id');
  const steps: string[] = [];
  for (const title of ['№245', '№246', '№247', '№248', '№249']) {
    const id = crypto.randomUUID();
    steps.push(id);
    await postFromAnotherDevice(page, '/api/steps/create', { id, task_id: task!, title });
  }
  for (const id of steps.slice(0, 2)) await postFromAnotherDevice(page, '/api/steps/edit', { id, done: 'true' });

  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(taskRow(page, 'Алгебра').locator('.when')).toContainText('2/5');

  await postFromAnotherDevice(page, '/api/steps/delete', { id: steps[4], deleted: 'true' });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(taskRow(page, 'Алгебра').locator('.when')).toContainText('2/4');
});

test('steps made offline in a task made offline, ticked and moved, reach the server exactly so, once', async ({ page }) => {
  await signUp(page, uniqueName('offsteps'));
  await waitForOutbox(page);
  await goOffline(page);
  await quickAdd(page, 'Алгебра');
  const row = taskRow(page, 'Алгебра');
  await expect(row).toHaveAttribute('data-sync', 'queued');

  await row.locator('summary').click();
  const add = row.locator('.add-step input');
  for (const title of ['№245', '№246', '№247']) {
    await add.fill(title);
    await add.press('Enter');
  }
  const steps = row.locator('.step');
  await expect(steps).toHaveCount(3);
  await steps.nth(1).locator('input[type="checkbox"]').check();
  await steps.nth(2).getByRole('button', { name: 'Пункт выше' }).click();
  const titles = () => row.locator('.step .step-title').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await expect.poll(titles).toEqual(['№245', '№247', '№246']);
  await expect(row.locator('.when')).toContainText('1/3');
  await expect(page.locator('#outbox-status')).toHaveText('6 изменений ждут сети');

  await page.context().setOffline(false);
  await expect(page.locator('#outbox-status')).toBeHidden({ timeout: 20_000 });
  const saved = (await serverTasks(page)).find((t) => t.title === 'Алгебра') as unknown as
    { steps: { title: string; done: boolean }[] };
  expect(saved.steps.map((s) => [s.title, s.done])).toEqual([['№245', false], ['№247', false], ['№246', true]]);

  await page.reload();
  await expect(taskRow(page, 'Алгебра').locator('.when')).toContainText('1/3');
});

test('steps added online are saved at once, each once, and a step renamed in place keeps its tick', async ({ page }) => {
  await signUp(page, uniqueName('onsteps'));
  await waitForOutbox(page);
  await addTask(page, 'Физика');
  const row = taskRow(page, 'Физика');
  await row.locator('summary').click();
  const add = row.locator('.add-step input');
  for (const title of ['§12', 'упр. 3']) {
    await add.fill(title);
    await add.press('Enter');
  }
  await row.locator('.step').nth(0).locator('input[type="checkbox"]').check();
  const first = row.locator('.step').nth(0).locator('.step-title');
  await first.fill('§12, вопросы');
  await first.press('Enter');
  await expect(row.locator('.when')).toContainText('1/2');
  await expect(row).toHaveAttribute('data-sync', 'saved');
  await expect.poll(async () => {
    const saved = (await serverTasks(page)).find((t) => t.title === 'Физика') as unknown as
      { steps: { title: string; done: boolean }[] };
    return saved.steps.map((s) => [s.title, s.done]);
  }).toEqual([['§12, вопросы', true], ['упр. 3', false]]);
});

test('offline from sign-up, reopened three times with a step added each time: each step saved once, in order', async ({ page, context }) => {
  await signUp(page, uniqueName('reopensteps'));
  await waitForOutbox(page);
  await addTask(page, 'Физика');
  // Offline at once: the checklist's own code has never been fetched by the
  // page; the worker kept it at install.
  await goOffline(page);
  for (const title of ['§12', '§13', '§14']) {
    await page.reload();
    await waitForHydration(page);
    const row = taskRow(page, 'Физика');
    await row.locator('summary').click();
    await row.locator('.add-step input').fill(title);
    await row.locator('.add-step input').press('Enter');
    await expect(row.locator('.step')).toHaveCount(['§12', '§13', '§14'].indexOf(title) + 1);
  }
  const row = taskRow(page, 'Физика');
  await expect(row.locator('.when')).toContainText('0/3');
  await expect(page.locator('#outbox-status')).toHaveText('3 изменения ждут сети');

  await context.setOffline(false);
  await expect(page.locator('#outbox-status')).toBeHidden({ timeout: 20_000 });
  const saved = (await serverTasks(page)).find((t) => t.title === 'Физика') as unknown as { steps: { title: string }[] };
  expect(saved.steps.map((s) => s.title)).toEqual(['§12', '§13', '§14']);
  await expect(page.locator('.failure')).toHaveCount(0);
});

/** A new student with one task holding one step, saved; the task's details open. */
async function taskWithOneStep(page: Page, prefix: string, title: string, step: string) {
  await signUp(page, uniqueName(prefix));
  await waitForOutbox(page);
  await addTask(page, title);
  const row = taskRow(page, title);
  await row.locator('summary').click();
  await row.locator('.add-step input').fill(step);
  await row.locator('.add-step input').press('Enter');
  // Saved means on the server: another device can see the step.
  const steps = async () => ((await serverTasks(page)).find((t) => t.title === title) as unknown as
    { steps: { title: string }[] } | undefined)?.steps.map((s) => s.title);
  await expect.poll(steps).toEqual([step]);
  return row;
}

test('a step deleted on another device, then ticked here: the refusal marks the task\'s row and names the task', async ({ page }) => {
  const row = await taskWithOneStep(page, 'gonestep', 'Алгебра', '№245');
  const step = await row.locator('.step').getAttribute('data-step-id');

  await postFromAnotherDevice(page, '/api/steps/delete', { id: step!, deleted: 'true' });
  // A click, not `check()`: the refusal rightly takes the tick back, which
  // `check()` would report as a click that did not take.
  await row.locator('.step input[type="checkbox"]').click();
  const failure = page.locator('.failure');
  await expect(failure).toContainText('«Алгебра» не сохранено');
  await expect(row).toHaveAttribute('data-sync', 'failed');
});

test('two ticks of a step whose requests cross: the first lost on the wire and replayed last, the second wins', async ({ page, context }) => {
  const row = await taskWithOneStep(page, 'crossedstep', 'Геометрия', '№512');
  const edits = await firstLostOnTheWire(context, '**/api/steps/edit');
  const tick = row.locator('.step input[type="checkbox"]');
  await tick.check();
  await tick.uncheck(); // before the first has an answer
  await expect.poll(edits.asked, { message: 'the first was replayed' }).toBeGreaterThanOrEqual(3);
  expect(edits.crossed(), 'the untick was answered before the tick was lost').toBe(true);
  await expect(page.locator('#outbox-status')).toBeHidden();

  await expect(tick).not.toBeChecked();
  await expect(row.locator('.when')).toContainText('0/1');
  const saved = (await serverTasks(page)).find((t) => t.title === 'Геометрия') as unknown as { steps: { done: boolean }[] };
  expect(saved.steps.map((s) => s.done)).toEqual([false]);
  await page.reload();
  await expect(taskRow(page, 'Геометрия').locator('.when')).toContainText('0/1');
});
