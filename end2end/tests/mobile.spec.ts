import { expect, Page, test } from '@playwright/test';
import * as path from 'path';
import { addTask, postFromAnotherDevice, signUp, taskRow, uniqueName, waitForHydration } from './helpers';

// Screenshots for a person to look at (not compared): Today, Upcoming and
// a task's details on a phone-sized screen, light and dark. They are saved
// under end2end/screenshots/ by every run, and not committed.
const SHOTS = path.join(__dirname, '..', 'screenshots');

async function plannerWithTasks(page: Page) {
  await signUp(page, uniqueName('phone'));
  await waitForHydration(page);
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const create = (title: string, due_date: string, extra: Record<string, string> = {}) =>
    postFromAnotherDevice(page, '/api/tasks/create', { id: crypto.randomUUID(), title, due_date, ...extra });
  await create('Сочинение по «Капитанской дочке»', day(-2), { priority: '1' });
  await create('Контурные карты, стр. 12', day(1), { due_time: '08:30' });
  await create('Кружок робототехники', day(3), { recurrence: 'weekly thu' });
  await create('Подготовиться к ОГЭ по математике', day(20), { priority: '2' });
  await page.reload();
  await waitForHydration(page);
  await addTask(page, 'Алгебра, №245');
  await addTask(page, 'Физкультура: форма');
  await taskRow(page, 'Физкультура: форма').locator('button[aria-pressed]').click();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`on a phone, ${colorScheme}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, colorScheme, isMobile: true, hasTouch: true });

    test('Today, Upcoming and the details are photographed', async ({ page }) => {
      await plannerWithTasks(page);
      await page.screenshot({ path: path.join(SHOTS, `today-${colorScheme}.png`), fullPage: true });
      const row = taskRow(page, 'Алгебра, №245');
      await row.locator('summary').click();
      await expect(row.locator('.details-form')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `details-${colorScheme}.png`), fullPage: true });
      await page.goto('/upcoming');
      await waitForHydration(page);
      await expect(page.locator('section.day').first()).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `upcoming-${colorScheme}.png`), fullPage: true });

      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const dark = background === 'rgb(20, 20, 27)';
      expect(dark).toBe(colorScheme === 'dark');
    });
  });
}

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('nothing scrolls sideways and every control is at least 44 px for a thumb', async ({ page }) => {
    await plannerWithTasks(page);
    for (const url of ['/', '/upcoming']) {
      await page.goto(url);
      await waitForHydration(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, url).toBeLessThanOrEqual(360);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('main button, main summary, nav a, .task .circle')]
          .filter((element) => (element as HTMLElement).offsetParent !== null)
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(({ element, box }) => `${element.outerHTML.slice(0, 80)} ${box.width}×${box.height}`));
      expect(small, url).toEqual([]);
    }
  });

  test('a completed task keeps its place: the list does not jump', async ({ page }) => {
    await plannerWithTasks(page);
    const rows = page.locator('[data-task-id]');
    const before = await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().top));
    await taskRow(page, 'Алгебра, №245').locator('button[aria-pressed]').click();
    await expect(taskRow(page, 'Алгебра, №245')).toHaveAttribute('data-sync', 'saved');
    const after = await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().top));
    expect(after).toEqual(before);
  });
});
