import { expect, Page, test } from '@playwright/test';
import { addTask, goOffline, signUp, uniqueName, waitForHydration } from './helpers';

// The calendar feed: a private link made in Settings, which a calendar app
// fetches without a cookie (Playwright's `request`, apart from the page).

async function openSettings(page: Page) {
  await page.goto('/settings');
  await waitForHydration(page);
}

function calendarButton(page: Page, name: string) {
  return page.locator('section.calendar-feed').getByRole('button', { name, exact: true });
}

/** Makes a link (or a new one) and reads it from the field it is shown in once. */
async function makeLink(page: Page, button: string): Promise<string> {
  await calendarButton(page, button).click();
  const field = page.locator('input[name="calendar_url"]');
  await expect(field).toHaveValue(/^http:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ссылка показана один раз' })).toBeVisible();
  return field.inputValue();
}

test('a link made in Settings shows the tasks in a calendar; a new one replaces it; turned off it is gone', async ({ page, request }) => {
  await signUp(page, uniqueName('calendar'));
  await addTask(page, 'Контрольная по алгебре');

  await openSettings(page);
  const first = await makeLink(page, 'Создать ссылку');
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('SUMMARY:Контрольная по алгебре');

  // Shown once: after a reload Settings only says it is on.
  await openSettings(page);
  await expect(page.locator('input[name="calendar_url"]')).toHaveCount(0);
  await expect(page.locator('section.calendar-feed')).toContainText('Ссылка работает, создана сегодня');

  const second = await makeLink(page, 'Новая ссылка');
  expect(second).not.toBe(first);
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  await calendarButton(page, 'Выключить').click();
  await expect(calendarButton(page, 'Создать ссылку')).toBeVisible();
  await expect(page.locator('input[name="calendar_url"]')).toHaveCount(0);
  expect((await request.get(second)).status()).toBe(404);
});

test('offline, the calendar link says it needs the network and nothing changes', async ({ page, request }) => {
  await signUp(page, uniqueName('calendar'));
  await openSettings(page);
  const link = await makeLink(page, 'Создать ссылку');

  await goOffline(page);
  for (const button of ['Выключить', 'Новая ссылка']) {
    // Each press's own request must have failed before the network is
    // back: the alert the first press left would not say so.
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('calendar'));
    await calendarButton(page, button).click();
    await failed;
    await expect(page.getByRole('alert')).toHaveText('Для ссылки на календарь нужна сеть. Ничего не изменилось.');
  }
  await expect(page.locator('input[name="calendar_url"]')).toHaveValue(link);
  await page.context().setOffline(false);

  expect((await request.get(link)).status()).toBe(200);
});
