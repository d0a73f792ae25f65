import { test, expect, Page } from '@playwright/test';
import {
  anotherDevice, firstLostOnTheWire, goOffline, serverTasks, signUp, uniqueName, waitForHydration, waitForKeptPages, waitForOutbox,
} from './helpers';

// The school week (issue 29): a timetable built on the page, homework typed
// «к следующему уроку» dated by it offline, before saving, and saved once;
// holidays moving it; today's lessons above Today's tasks.

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The date `ahead` days from the browser's today, and its weekday's name on the page. */
function dayAhead(ahead: number): { date: string; day: string } {
  const when = new Date();
  when.setDate(when.getDate() + ahead);
  const date = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}`;
  return { date, day: DAYS[when.getDay()] };
}

/** The subject choice of lesson `number` on `day`. */
function slot(page: Page, day: string, number: number) {
  return page.locator(`fieldset[data-day="${day}"] li.slot`).nth(number - 1).locator('select.subject');
}

async function showSundayIfNeeded(page: Page, day: string): Promise<void> {
  if (day === 'sun' && !(await page.locator('fieldset[data-day="sun"]').count())) {
    await page.locator('label.sunday input').check();
  }
}

/** Sets lesson `number` on `day` to `subject`: a list, or a common subject made one. */
async function setLesson(page: Page, day: string, number: number, subject: string | { common: string }): Promise<void> {
  await showSundayIfNeeded(page, day);
  const choice = slot(page, day, number);
  if (typeof subject === 'string') await choice.selectOption({ label: subject });
  else await choice.selectOption(`new:${subject.common}`);
  const label = typeof subject === 'string' ? subject : subject.common;
  await expect(choice.locator('option:checked')).toHaveText(label);
}

async function timetableEntries(page: Page): Promise<{ entry: string; value: string }[]> {
  const response = await page.request.get('/api/timetable');
  expect(response.status()).toBe(200);
  return response.json();
}

test('before the page has taken over, the timetable cannot be edited, so no pick made then is lost; once it has, it can', async ({ page }) => {
  await signUp(page, uniqueName('early'));
  // Every control saves itself through the outbox, which only the
  // hydrated page has: the server's page has them disabled.
  const served = await (await page.request.get('/timetable')).text();
  expect(served).toMatch(/<fieldset(?=[^>]*\bdisabled\b)[^>]*class="editors"[^>]*>/);
  await page.goto('/timetable');
  await waitForHydration(page);
  await expect(page.locator('fieldset.editors')).toBeEnabled();
  await expect(slot(page, 'mon', 1)).toBeEnabled();
});

test('homework typed offline «к следующему уроку» is due at the next algebra lesson, shown before saving and saved once', async ({ page }) => {
  await signUp(page, uniqueName('timetable'));
  await waitForOutbox(page);
  const tomorrow = dayAhead(1);
  const later = dayAhead(2);

  // Algebra tomorrow (3rd lesson, 10:30) and the day after (5th, 12:30),
  // picked from the common subjects: the first pick makes the list.
  await page.goto('/timetable');
  await setLesson(page, tomorrow.day, 3, { common: 'Алгебра' });
  await setLesson(page, later.day, 5, 'Алгебра');
  // Two lessons, and the look Алгебра came with.
  await expect.poll(async () => (await timetableEntries(page)).length).toBe(3);
  await waitForKeptPages(page, ['/', '/timetable']);

  await page.goto('/');
  await goOffline(page);
  await page.fill('input[name="quick_add"]', '№245 #алгебра к следующему уроку');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: завтра · 10:30 · #алгебра');
  await page.press('input[name="quick_add"]', 'Enter');
  await expect(page.locator('.hint.added')).toContainText('№245');

  await page.context().setOffline(false);
  await expect.poll(async () => (await serverTasks(page)).map((t) => [t.title, t.due])).toEqual([
    ['№245', { date: tomorrow.date, time: '10:30:00' }],
  ]);

  // Holidays over tomorrow: the next algebra is the day after.
  await page.goto('/timetable');
  await page.locator('.new-holiday input[name="first"]').fill(tomorrow.date);
  await page.locator('.new-holiday input[name="last"]').fill(tomorrow.date);
  await page.locator('.new-holiday button[type="submit"]').click();
  await expect(page.locator('li.holiday')).toHaveCount(1);
  await page.goto('/');
  await page.fill('input[name="quick_add"]', '№246 к следующей алгебре');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: послезавтра · 12:30 · #Алгебра');
});

test('today shows its lessons, each with the homework due at it, and a lesson cleared offline leaves at once', async ({ page }) => {
  await signUp(page, uniqueName('lessons'));
  await waitForOutbox(page);
  const today = dayAhead(0);

  await page.goto('/timetable');
  await setLesson(page, today.day, 1, { common: 'Физика' });
  await setLesson(page, today.day, 2, { common: 'История' });
  await page.locator(`fieldset[data-day="${today.day}"] li.slot`).nth(0).locator('input.room').fill('каб. 214');
  await page.locator(`fieldset[data-day="${today.day}"] li.slot`).nth(0).locator('input.room').press('Tab');
  await expect.poll(async () => (await timetableEntries(page)).map((e) => e.value).join(' ')).toContain('каб. 214');

  await page.goto('/');
  await page.fill('input[name="quick_add"]', 'Параграф 12 #физика');
  await page.press('input[name="quick_add"]', 'Enter');
  const lessons = page.locator('section.lessons li.lesson');
  await expect(lessons).toHaveCount(2);
  await expect(lessons.nth(0)).toContainText('Физика');
  await expect(lessons.nth(0)).toContainText('08:30–09:15');
  await expect(lessons.nth(0)).toContainText('каб. 214');
  await expect(lessons.nth(0).locator('.homework')).toHaveText('Параграф 12');
  await expect(lessons.nth(1)).toContainText('История');
  // A common subject comes with its colour and emoji, on its lesson and
  // on its tasks' rows.
  await expect(lessons.nth(0)).toHaveAttribute('data-colour', 'yellow');
  const row = page.locator('li.task', { hasText: 'Параграф 12' });
  await expect(row.locator('.subject-mark')).toHaveText('⚡');

  // The details offer the subject's next lesson as the due date: today's
  // first lesson if it has not started, else the same day next week.
  await row.locator('summary').click();
  await row.getByRole('button', { name: 'К следующему уроку' }).click();
  const started = new Date().getHours() * 60 + new Date().getMinutes() >= 8 * 60 + 30;
  const next = dayAhead(started ? 7 : 0);
  await expect(row.locator('input[name="due_date"]')).toHaveValue(next.date);
  await expect(row.locator('input[name="due_time"]')).toHaveValue('08:30');

  // History cleared offline: gone from Today at once, and after a reload.
  await page.goto('/timetable');
  await goOffline(page);
  await slot(page, today.day, 2).selectOption('');
  await page.reload();
  await page.goto('/');
  await expect(lessons).toHaveCount(1);
  await page.context().setOffline(false);
  await expect.poll(async () => (await timetableEntries(page)).filter((e) => e.value === '').length).toBe(1);
});

test('a week set up offline right after sign-up, reopened offline twice, lands once, reaches the laptop, and two edits crossing on the wire end in the last', async ({ page, context, browser }) => {
  const name = uniqueName('cold');
  await signUp(page, name);
  await waitForOutbox(page);
  // What the worker keeps for a new account on its own, nothing opened first.
  await waitForKeptPages(page, ['/', '/timetable']);
  const tomorrow = dayAhead(1);

  await goOffline(page);
  await page.goto('/timetable');
  await waitForHydration(page);
  await setLesson(page, tomorrow.day, 3, { common: 'Алгебра' });
  for (let reopened = 0; reopened < 2; reopened += 1) {
    await page.reload();
    await waitForHydration(page);
    await showSundayIfNeeded(page, tomorrow.day);
    await expect(slot(page, tomorrow.day, 3).locator('option:checked')).toHaveText('Алгебра');
  }
  await page.goto('/');
  await waitForHydration(page);
  await page.fill('input[name="quick_add"]', '№245 к следующей алгебре');
  await expect(page.getByTestId('quick-add-preview')).toHaveText('Понято: завтра · 10:30 · #Алгебра');
  await page.press('input[name="quick_add"]', 'Enter');

  await page.context().setOffline(false);
  await expect.poll(async () => (await serverTasks(page)).map((t) => [t.title, t.due])).toEqual([
    ['№245', { date: tomorrow.date, time: '10:30:00' }],
  ]);
  await expect.poll(async () => (await timetableEntries(page)).length).toBe(2);
  const lists = await (await page.request.get('/api/lists/list')).json();
  expect(lists.map((l: { name: string }) => l.name)).toEqual(['Алгебра']);

  const { context: laptopContext, page: laptop } = await anotherDevice(browser, name);
  await laptop.goto('/timetable');
  await showSundayIfNeeded(laptop, tomorrow.day);
  await expect(slot(laptop, tomorrow.day, 3).locator('option:checked')).toHaveText('Алгебра');
  await laptopContext.close();

  // The phone clears the lesson, then sets physics before the first
  // request is answered; the first is lost on the wire and sent again last.
  await page.goto('/timetable');
  await waitForHydration(page);
  const sets = await firstLostOnTheWire(context, '**/api/timetable/set');
  await showSundayIfNeeded(page, tomorrow.day);
  await slot(page, tomorrow.day, 3).selectOption('');
  await slot(page, tomorrow.day, 3).selectOption('new:Физика');
  await expect.poll(sets.asked, { message: 'the first was sent again' }).toBeGreaterThanOrEqual(4);
  expect(sets.crossed(), 'the second was answered before the first was lost').toBe(true);
  await expect(page.locator('#outbox-status')).toBeHidden();
  const physics = (await (await page.request.get('/api/lists/list')).json())
    .find((l: { name: string }) => l.name === 'Физика').id;
  const lesson = (await timetableEntries(page)).find((e) => e.entry === `lesson:${tomorrow.day}:3`);
  expect(lesson?.value).toBe(physics);
  await page.reload();
  await waitForHydration(page);
  await showSundayIfNeeded(page, tomorrow.day);
  await expect(slot(page, tomorrow.day, 3).locator('option:checked')).toHaveText('Физика');
});
