import { test, expect } from '@playwright/test';
import { goOffline, postFromAnotherDevice, serverTasks, signUp, uniqueName, waitForKeptPages, waitForOutbox } from './helpers';

// Homework pasted from a diary or a class chat (issue 29, point 5), and
// shared to Tetrad from another app (point 6).

const PASTED = [
  'Алгебра: №245, 247',
  'Русский язык — упр. 112',
  'На завтра: выучить стих',
  'физ. - параграф 12, вопросы 1–3',
  'Сочинение по «Капитанской дочке»',
].join('\n');

function tomorrow(): string {
  const when = new Date();
  when.setDate(when.getDate() + 1);
  return `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}`;
}

test('five lines pasted offline become five tasks, each saved once, with their subjects and dates', async ({ page }) => {
  await signUp(page, uniqueName('paste'));
  await waitForOutbox(page);
  for (const name of ['Алгебра', 'Русский язык', 'Физика']) {
    await postFromAnotherDevice(page, '/api/lists/create', { id: crypto.randomUUID(), name });
  }
  await page.goto('/paste');
  await waitForKeptPages(page, ['/paste']);
  await goOffline(page);

  await page.locator('#pasted').fill(PASTED);
  await page.getByRole('button', { name: 'Разобрать на задания' }).click();
  const rows = page.locator('li.pasted-task');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0).locator('select.subject option:checked')).toHaveText('Алгебра');
  await expect(rows.nth(3).locator('select.subject option:checked')).toHaveText('Физика');
  await expect(rows.nth(2).locator('input.date')).toHaveValue(tomorrow());
  // The student fixes one line before adding.
  await rows.nth(4).locator('input.title').fill('Сочинение по «Капитанской дочке», 2 страницы');
  await rows.nth(4).locator('input.title').press('Tab');
  await page.getByRole('button', { name: 'Добавить 5 заданий' }).click();
  await expect(page.locator('.paste .added')).toContainText('Добавлено 5 заданий.');

  await page.context().setOffline(false);
  await expect.poll(async () => (await serverTasks(page)).map((t) => t.title).sort(), { timeout: 20_000 }).toEqual([
    'выучить стих',
    'Алгебра: №245, 247',
    'Русский язык — упр. 112',
    'Сочинение по «Капитанской дочке», 2 страницы',
    'физ. - параграф 12, вопросы 1–3',
  ].sort());
  // «На завтра:» dated the line (and those after it), and left its title.
  const poem = (await serverTasks(page)).find((t) => t.title === 'выучить стих');
  expect(poem?.due?.date).toBe(tomorrow());
});

test('text shared to Tetrad opens the paste view with it, read into tasks', async ({ page }) => {
  await signUp(page, uniqueName('shared'));
  await page.goto(`/paste?text=${encodeURIComponent('Алгебра: №300\nГеометрия: №12')}&title=${encodeURIComponent('ДЗ 7А')}`);
  await expect(page.locator('#pasted')).toHaveValue('ДЗ 7А\nАлгебра: №300\nГеометрия: №12');
  await expect(page.locator('li.pasted-task')).toHaveCount(3);
});

test('the manifest shares to the paste view and offers shortcuts, with no error Chromium reports', async ({ page }) => {
  await page.goto('/signin');
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toEqual({
    action: '/paste',
    method: 'GET',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  });
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/?add', '/', '/timetable', '/paste']);
  // The shortcut «Добавить задание» opens Today with the line ready to type.
  await signUp(page, uniqueName('shortcut'));
  await page.goto('/?add');
  await expect(page.locator('input[name="quick_add"]')).toBeFocused();
});
