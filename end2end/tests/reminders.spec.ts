import { test, expect, Page } from '@playwright/test';
import { signUp, uniqueName, waitForHydration, waitForWorker } from './helpers';

// A reminder reaching the phone (issue 28, point 4): Chromium delivers a
// push message to the app's worker as its push service would (DevTools'
// ServiceWorker.deliverPushMessage), and the notification the worker shows
// is read back from its registration.

type Shown = { title: string; body: string; tag: string };

async function deliverPush(page: Page, message: object): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: JSON.stringify(message),
  });
}

async function notifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

async function accountId(page: Page): Promise<string> {
  const account = await (await page.request.get('/api/auth/account')).json();
  return account.id;
}

test('a reminder for the signed-in student shows its words; one for another account on the phone names nothing', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUp(page, uniqueName('reminded'));
  await waitForWorker(page);
  const masha = await accountId(page);

  await deliverPush(page, {
    account: masha,
    title: 'Завтра: алгебра №245, реферат и ещё 2',
    body: 'Просрочено: 1',
    tag: 'summary-2026-10-13',
  });
  await expect.poll(() => notifications(page)).toContainEqual({
    title: 'Завтра: алгебра №245, реферат и ещё 2',
    body: 'Просрочено: 1',
    tag: 'summary-2026-10-13',
  });

  // Sent to a classmate who used this phone before: no title of theirs.
  await deliverPush(page, {
    account: '0193e0a0-0000-7000-8000-0000000000bb',
    title: 'Завтра: контрольная по химии',
    tag: 'summary-petya',
  });
  await expect.poll(() => notifications(page)).toContainEqual({
    title: 'Тетрадь',
    body: 'Напоминание для другого аккаунта на этом телефоне',
    tag: 'summary-petya',
  });
  const all = JSON.stringify(await notifications(page));
  expect(all).not.toContain('химии');

  // The same reminder sent again (after a crash) replaces, never adds.
  await deliverPush(page, { account: masha, title: 'Завтра: алгебра №245', tag: 'summary-2026-10-13' });
  await expect.poll(async () => (await notifications(page)).filter((n) => n.tag === 'summary-2026-10-13'))
    .toEqual([{ title: 'Завтра: алгебра №245', body: '', tag: 'summary-2026-10-13' }]);
});

test('the evening summary is set in settings, kept, and never inside the quiet hours', async ({ page }) => {
  await signUp(page, uniqueName('evening'));
  await page.click('a.settings-link');
  await waitForHydration(page);
  const form = page.locator('form.reminder-settings');
  // The school defaults, read from the server.
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('19:00');
  await expect(form.locator('input[name="quiet_from"]')).toHaveValue('22:00');
  await expect(form.locator('input[name="quiet_until"]')).toHaveValue('07:00');
  await expect(form.locator('input[name="summary_on"]')).toBeChecked();

  // A summary at 23:30 would never ring: refused, saying what to do.
  await form.locator('input[name="summary_at"]').fill('23:30');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Вечерняя сводка не может приходить в тихие часы: выберите время вне их.');

  await form.locator('input[name="summary_at"]').fill('20:30');
  await form.locator('select[name="lead"]').selectOption('1h');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено.' })).toBeVisible();

  // Kept: a reload reads it back from the server.
  await page.reload();
  await waitForHydration(page);
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('20:30');
  await expect(form.locator('select[name="lead"]')).toHaveValue('1h');

  // Offline, saving says it needs the network, and nothing changes.
  await page.context().setOffline(true);
  await form.locator('input[name="summary_at"]').fill('18:00');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Для настроек напоминаний нужна сеть. Ничего не изменилось.');
  await page.context().setOffline(false);
  await page.reload();
  await waitForHydration(page);
  await expect(form.locator('input[name="summary_at"]')).toHaveValue('20:30');
});
