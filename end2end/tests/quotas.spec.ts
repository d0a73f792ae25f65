import { expect, test } from '@playwright/test';
import { postFromAnotherDevice, signUp, uniqueName, waitForHydration } from './helpers';

// An account's quotas (issue 26, point 4): a change past one is refused by
// the server, and the page says so in the person's words, on the change;
// nothing is dropped unseen.

test('an account holding its 200 lists: the next one made on the page is refused and says the limit', async ({ page }) => {
  await signUp(page, uniqueName('quota'));
  // The default quota's 200 lists, made from "another device", twenty at a time.
  for (let first = 0; first < 200; first += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        postFromAnotherDevice(page, '/api/lists/create', { id: crypto.randomUUID(), name: `Список ${first + n}` }),
      ),
    );
  }

  await page.goto('/lists');
  await waitForHydration(page);
  await page.fill('#new-list', 'Двести первый');
  await page.press('#new-list', 'Enter');
  await expect(page.locator('.outbox-failures [role="alert"]')).toContainText(
    'В аккаунте может быть не больше 200 списков.',
  );
  const lists = await (await page.request.get('/api/lists/list')).json();
  expect(lists).toHaveLength(200);
  expect(lists.map((list: { name: string }) => list.name)).not.toContain('Двести первый');
});
